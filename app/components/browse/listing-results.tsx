import { Pagination } from "./pagination";

/**
 * One page of a catalogue listing: its records (or, when there are none, what to do instead) and plain
 * links to the other pages, each landing on the results (#results).
 */
export function ListingResults({
  shown,
  empty,
  page,
  pages,
  hrefFor,
  label,
  children,
}: {
  /** How many records this page shows. */
  shown: number;
  /** What an empty page says instead. */
  empty: React.ReactNode;
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <>
      <div className="mt-5">{shown > 0 ? children : empty}</div>
      <Pagination page={page} pages={pages} hrefFor={(n) => `${hrefFor(n)}#results`} label={label} />
    </>
  );
}
