import type { ReactNode } from "react";
import { Link } from "react-router";
import { AdminPager } from "./admin-pager";

export type SortDirection = "asc" | "desc";

/** One column: its heading, how a row fills its cell, and (if the list sorts by it) its sort key. */
export type AdminColumn<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The list's sort key for this column; the heading becomes a link that sorts by it. */
  sortBy?: string;
  /** The directions the list offers for this column, the first being the one a first click asks for. */
  sortDirections?: readonly SortDirection[];
  align?: "right";
  /** Extra classes for the column's cells (width, wrapping, type); the heading keeps the table's own. */
  className?: string;
  /** The row's name: its cell becomes a row heading for screen readers. */
  rowHeader?: boolean;
  /** A heading for screen readers only, over a column that speaks for itself (its buttons). */
  srOnlyHeader?: boolean;
};

export type AdminTableSort = {
  by: string;
  direction: SortDirection;
  /** The list's own URL sorted this way, back on page one, its filters kept. */
  hrefFor: (by: string, direction: SortDirection) => string;
};

export type AdminTablePaging = {
  total: number;
  page: number;
  pageCount: number;
  /** What the list counts: ["record", "records"]. */
  noun: readonly [string, string];
  hrefFor: (page: number) => string;
};

/**
 * Where a click on a column's heading takes the list: the column's first direction, or the other one when the
 * list is already sorted by it. Undefined when the column does not sort.
 */
export function nextSort<Row>(
  column: AdminColumn<Row>,
  current: Pick<AdminTableSort, "by" | "direction">,
): { by: string; direction: SortDirection } | undefined {
  if (!column.sortBy) return undefined;
  const directions = column.sortDirections ?? ["asc", "desc"];
  if (current.by !== column.sortBy) return { by: column.sortBy, direction: directions[0] ?? "asc" };
  const other = directions.find((d) => d !== current.direction);
  return { by: column.sortBy, direction: other ?? current.direction };
}

const alignClass = (column: { align?: "right" }) => (column.align === "right" ? "px-3 py-2 text-right" : "px-3 py-2");
const cellClass = (column: { align?: "right"; className?: string }) =>
  column.className ? `${alignClass(column)} ${column.className}` : alignClass(column);

/**
 * The back office's list table: headings that sort by plain links, a line counting what matched, the rows, a line
 * for no rows and the pager. Sorting and paging are links to the list's own URL, so they work without JavaScript.
 */
export function AdminTable<Row>({
  caption,
  rows,
  rowKey,
  columns,
  empty = "Nothing matches.",
  sort,
  paging,
  minWidth = "min-w-[40rem]",
  className = "mt-2",
}: {
  /** The table's name for screen readers (and tests): "Orders". */
  caption: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  columns: readonly AdminColumn<Row>[];
  empty?: string;
  sort?: AdminTableSort;
  paging?: AdminTablePaging;
  minWidth?: string;
  className?: string;
}) {
  return (
    <>
      {paging && (
        <p className="mt-4 text-sm text-stone-600" aria-live="polite">
          {paging.total.toLocaleString("en-GB")} {paging.total === 1 ? paging.noun[0] : paging.noun[1]}
          {paging.pageCount > 1 ? ` · page ${paging.page} of ${paging.pageCount}` : ""}
        </p>
      )}
      {rows.length === 0 ? (
        // No table for nothing: a heading row that scrolls sideways on a phone would cut the message off.
        <p className={`${className} rounded-xl bg-white px-4 py-8 text-center text-sm text-stone-600 ring-1 ring-stone-200`}>
          {empty}
        </p>
      ) : (
        // Positioned, so what sits hidden inside (a screen-reader label) is clipped with the rest, not laid out past the page.
        <div className={`${className} relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-stone-200`}>
          <table className={`w-full ${minWidth} text-left text-sm`}>
            <caption className="sr-only">{caption}</caption>
            <thead className="border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
              <tr>
                {columns.map((column) => (
                  <SortableHeading key={column.header} column={column} sort={sort} />
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {rows.map((row) => (
                <tr key={rowKey(row)} className="align-top hover:bg-stone-50">
                  {columns.map((column) =>
                    column.rowHeader ? (
                      <th key={column.header} scope="row" className={cellClass(column)}>
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.header} className={cellClass(column)}>
                        {column.cell(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {paging && <AdminPager page={paging.page} pageCount={paging.pageCount} hrefFor={paging.hrefFor} />}
    </>
  );
}

function SortableHeading<Row>({ column, sort }: { column: AdminColumn<Row>; sort: AdminTableSort | undefined }) {
  const next = sort && nextSort(column, sort);
  const sortedHere = sort && column.sortBy === sort.by;
  const ariaSort = sortedHere ? (sort.direction === "asc" ? "ascending" : "descending") : undefined;
  const header = column.srOnlyHeader ? <span className="sr-only">{column.header}</span> : column.header;
  return (
    <th scope="col" aria-sort={ariaSort} className={alignClass(column)}>
      {sort && next ? (
        <Link to={sort.hrefFor(next.by, next.direction)} className="underline-offset-2 hover:underline">
          {header}
          {sortedHere && <span aria-hidden="true">{sort.direction === "asc" ? "\u00a0↑" : "\u00a0↓"}</span>}
        </Link>
      ) : (
        header
      )}
    </th>
  );
}
