import { GRADE_EXPLANATIONS, GRADE_NAMES, type Grade } from "~/domain/catalogue/grades";
import { formatPence } from "~/domain/shared/money";
import type { UsedCopyCard } from "~/domain/catalogue/used-copy-view";
import { AddToCartButton, availabilityOf } from "~/components/cart/cart-controls";
import { CopyPhotoImage } from "~/components/catalogue/copy-photos";
import { Link } from "react-router";

export type { UsedCopyCard };

/** A grade with its name, and what it means on hover or long-press (and to screen readers, in the title). */
export function GradeTag({ part, grade }: { part: "Record" | "Sleeve"; grade: Grade }) {
  return (
    <span className="inline-flex items-baseline gap-1">
      <span className="text-stone-600">{part}</span>
      <abbr title={GRADE_EXPLANATIONS[grade]} className="font-bold no-underline">
        {grade}
      </abbr>
      <span className="sr-only">({GRADE_NAMES[grade]})</span>
    </span>
  );
}

/** The used copies of a pressing, beside its own buy box: each graded, priced and bought on its own. */
export function UsedCopiesList({ title, copies }: { title: string; copies: UsedCopyCard[] }) {
  return (
    <section aria-labelledby="used-copies" className="mt-8 rounded-xl bg-white p-4 ring-1 ring-stone-200 sm:p-5">
      <h2 id="used-copies" className="font-display text-xl font-bold">
        Used copies <span className="text-base font-normal text-stone-600">({copies.length})</span>
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Each is one copy, graded on the Goldmine scale (record and sleeve separately) and checked before it goes out.
      </p>
      <ul className="mt-4 divide-y divide-stone-200">
        {copies.map((c) => (
          <li key={c.id} className="py-3" data-testid="used-copy">
            <div className="flex items-start gap-3">
              {c.photos[0] && (
                <Link to={c.path} className="shrink-0" tabIndex={-1} aria-hidden="true">
                  <CopyPhotoImage
                    photo={c.photos[0]}
                    alt=""
                    sizes="4rem"
                    displayWidth={64}
                    className="aspect-square h-16 w-16 rounded-md bg-stone-100 object-cover ring-1 ring-stone-200"
                  />
                </Link>
              )}
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap gap-x-4 text-sm">
                  <GradeTag part="Record" grade={c.mediaGrade} />
                  <GradeTag part="Sleeve" grade={c.sleeveGrade} />
                </p>
                <p className="mt-1 text-xs text-stone-700">{GRADE_EXPLANATIONS[c.mediaGrade]}</p>
                {c.note && <p className="mt-1 text-sm text-stone-800">“{c.note}”</p>}
                <Link
                  to={c.path}
                  className="mt-1 inline-block text-xs font-semibold text-needle-dark underline underline-offset-2"
                >
                  {c.photos.length === 0
                    ? "See this copy"
                    : `See this copy and its ${c.photos.length === 1 ? "photo" : `${c.photos.length} photos`}`}
                  <span className="sr-only">
                    {" "}
                    of {title}, graded {c.mediaGrade}
                  </span>
                </Link>
              </div>
            </div>
            {/* Price and button on a row of their own: beside the text they squeezed it to a narrow column. */}
            <div className="mt-2 flex items-center justify-between gap-4">
              <span className="text-lg font-bold">{formatPence(c.pricePence)}</span>
              <div className="w-40">
                <AddToCartButton
                  recordId={c.id}
                  title={`${title} (used, ${c.mediaGrade}/${c.sleeveGrade})`}
                  availability={availabilityOf(c.stock, false)}
                  nameWithTitle
                />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** On a used copy's own page: its grades, note and the new pressing it is a copy of. */
export function UsedCopyFacts({
  mediaGrade,
  sleeveGrade,
  note,
  sold,
  pressing,
}: {
  mediaGrade: Grade;
  sleeveGrade: Grade;
  note: string | null;
  sold: boolean;
  pressing: { title: string; path: string } | null;
}) {
  return (
    <section aria-labelledby="copy-condition" className="mt-6 rounded-xl bg-amber-50 p-4 text-sm ring-1 ring-amber-200">
      <h2 id="copy-condition" className="font-semibold">
        Used copy{sold ? " · Sold" : ""}
      </h2>
      <dl className="mt-2 space-y-1">
        <div>
          <dt className="inline font-medium">Record: </dt>
          <dd className="inline">
            {mediaGrade} ({GRADE_NAMES[mediaGrade]}) – {GRADE_EXPLANATIONS[mediaGrade]}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">Sleeve: </dt>
          <dd className="inline">
            {sleeveGrade} ({GRADE_NAMES[sleeveGrade]})
          </dd>
        </div>
        {note && (
          <div>
            <dt className="inline font-medium">Note: </dt>
            <dd className="inline">{note}</dd>
          </div>
        )}
      </dl>
      {pressing && (
        <p className="mt-2">
          <Link to={pressing.path} className="font-semibold text-needle-dark underline underline-offset-2">
            See the new pressing of {pressing.title}
          </Link>
        </p>
      )}
    </section>
  );
}
