import { isPreOrder } from "~/domain/catalogue/pre-order";
import type { MostWantedRow } from "~/domain/wants/want-view";
import { Link } from "react-router";

/** Records shoppers are waiting for (active wants of confirmed addresses): a buying signal for the next order. */
export function MostWanted({ items, today, headingLevel = 2 }: { items: MostWantedRow[]; today: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby="most-wanted-heading" className="mt-8">
      <Heading id="most-wanted-heading" className="font-display text-xl font-bold">
        Most wanted
      </Heading>
      <p className="mt-1 text-sm text-stone-600">Confirmed shoppers waiting for an alert (back in stock, release, price).</p>
      {items.length === 0 ? (
        <p className="mt-3 rounded-xl bg-white p-4 text-stone-600 ring-1 ring-stone-200">Nobody is waiting for a record yet.</p>
      ) : (
        <ol className="mt-3 divide-y divide-stone-100 rounded-xl bg-white shadow-sm ring-1 ring-stone-200">
          {items.map((r) => (
            <li key={r.recordId} className="grid grid-cols-[1fr_auto] items-baseline gap-x-3 gap-y-0.5 p-3 text-sm">
              <Link to={`/admin/stock-management/${r.recordId}`} className="truncate font-semibold underline">
                {r.title}
              </Link>
              <span className="text-right font-semibold tabular-nums">
                {r.wants} {r.wants === 1 ? "want" : "wants"}
              </span>
              <span className="truncate text-stone-700">{r.artist}</span>
              <span className="text-right text-xs text-stone-600">
                {isPreOrder(r.releaseDate, today) ? "pre-order" : r.stock > 0 ? `${r.stock} in stock` : "out of stock"}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
