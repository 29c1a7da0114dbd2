import { Link } from "react-router";
import { formatPence } from "~/domain/shared/money";
import type { IntakeCopyView } from "../../../../server/services/intake";

export const labelHref = (ids: number[], paper: "label" | "a4" = "label") =>
  `/admin/intake/labels?copies=${ids.join(",")}&paper=${paper}`;

const grades = (c: IntakeCopyView) => `${c.mediaGrade}/${c.sleeveKind ? c.sleeveKind.replace("_", " ") : c.sleeveGrade}`;

/** "Listed …": the copy just published, with its label; said again when shoppers cannot see it yet. */
export function ListedNotice({ copy }: { copy: IntakeCopyView }) {
  return (
    <div role="status" className="mb-4 rounded-xl bg-emerald-50 p-4 text-emerald-950 ring-1 ring-emerald-300">
      <p className="font-semibold">
        Listed #{copy.id}: {copy.title} — {copy.artist}, {grades(copy)}, {formatPence(copy.pricePence)}
        {copy.shelfLocation && <> at {copy.shelfLocation}</>}.
      </p>
      {!copy.hasCover && (
        <p className="mt-1 text-sm">
          It has no cover, so shoppers won&apos;t see it until one is added on{" "}
          <Link to={`/admin/catalog-update/${copy.id}`} className="underline">
            its page
          </Link>
          .
        </p>
      )}
      <p className="mt-2 flex flex-wrap gap-x-4 text-sm">
        <Link to={labelHref([copy.id])} className="font-semibold underline">
          Print its shelf label
        </Link>
        <Link to={`/admin/catalog-update/${copy.id}`} className="underline">
          Open the copy
        </Link>
      </p>
    </div>
  );
}

/** The last few copies listed today by whoever is scanning, with today's labels on A4. */
export function ListedToday({ copies, total }: { copies: IntakeCopyView[]; total: number }) {
  if (copies.length === 0) return null;
  return (
    <section aria-labelledby="listed-today" className="mt-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="listed-today" className="font-display text-xl font-bold">
          Listed today ({total})
        </h2>
        <Link to="/admin/intake/labels?today=1&paper=a4" className="text-sm font-semibold underline">
          Print today&apos;s labels on A4
        </Link>
      </div>
      <ul className="mt-2 divide-y divide-stone-200 rounded-xl bg-white ring-1 ring-stone-200">
        {copies.map((c) => (
          <li key={c.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2 text-sm">
            <span className="min-w-0">
              <Link to={`/admin/catalog-update/${c.id}`} className="font-semibold underline">
                #{c.id}
              </Link>{" "}
              {c.title} — {c.artist}
            </span>
            <span className="flex gap-3 tabular-nums">
              <span>{grades(c)}</span>
              <span>{formatPence(c.pricePence)}</span>
              <span className="text-stone-600">{c.shelfLocation ?? "no shelf"}</span>
              <Link to={labelHref([c.id])} className="underline" aria-label={`Label for #${c.id}`}>
                Label
              </Link>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
