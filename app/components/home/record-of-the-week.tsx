import { Link } from "react-router";
import { CoverImage } from "~/components/cover-image";
import { AddToCartButton, availabilityOf } from "~/components/cart/cart-controls";
import type { CardTrack } from "~/domain/catalogue/record-api";
import { recordPath } from "~/domain/catalogue/slug";
import { HomeSection } from "./home-section";

/** The shop's record of the week (a curated list, set in the back office), with its few words on why. */
export function RecordOfTheWeek({ pick }: { pick: { record: CardTrack; note: string | null } }) {
  const { record, note } = pick;
  const path = recordPath(record);
  return (
    <HomeSection id="record-of-the-week" title="Record of the week" eyebrow="Picked by the shop">
      <article
        aria-labelledby="record-of-the-week-title"
        className="grid items-center gap-6 rounded-3xl bg-label/40 p-5 ring-1 ring-stone-200 sm:grid-cols-[14rem_minmax(0,1fr)] sm:p-8"
      >
        <Link to={path} className="mx-auto block w-48 sm:w-56" tabIndex={-1} aria-hidden="true">
          <CoverImage
            src={record.coverUrl}
            alt=""
            width={224}
            height={224}
            sizes="14rem"
            className="aspect-square w-full rounded-md object-cover shadow-xl"
          />
        </Link>
        <div className="min-w-0">
          <h3 id="record-of-the-week-title" className="font-display text-3xl leading-tight font-bold">
            <Link to={path} className="hover:underline">
              {record.title}
            </Link>
          </h3>
          <p className="mt-1 text-lg text-stone-700">{record.artist}</p>
          {note && (
            <blockquote className="mt-4 max-w-prose border-l-4 border-needle pl-4 text-lg text-stone-800 italic">
              {note}
            </blockquote>
          )}
          <div className="mt-5 flex flex-wrap items-center gap-4">
            <span className="text-2xl font-bold">{record.price}</span>
            <div className="w-44">
              <AddToCartButton
                recordId={record.id}
                title={record.title}
                availability={availabilityOf(record.stockQuantity, record.isPreOrder)}
                nameWithTitle
              />
            </div>
          </div>
        </div>
      </article>
    </HomeSection>
  );
}
