import type { ReactNode } from "react";

export interface TableColumn {
  header: string;
  /** Numbers sit right so their digits line up. */
  numeric?: boolean;
}

/**
 * One figure of the business analysis page: its heading and summary, the chart, the same numbers as a table
 * behind a disclosure, and its CSV download.
 */
export function FigureBlock({
  id,
  title,
  summary,
  csvHref,
  chart,
  columns,
  rows,
  empty = "Nothing in this period.",
}: {
  id: string;
  title: string;
  summary?: ReactNode;
  csvHref: string;
  chart: ReactNode;
  columns: readonly TableColumn[];
  rows: readonly (readonly ReactNode[])[];
  empty?: string;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="mt-6 min-w-0 scroll-mt-24 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-heading`} className="font-display text-xl font-bold">
          {title}
        </h2>
        <a href={csvHref} download className="text-sm font-semibold underline" aria-label={`Download CSV: ${title}`}>
          Download CSV
        </a>
      </div>
      {summary && <div className="mt-1 text-sm text-stone-600">{summary}</div>}
      {rows.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">{empty}</p>
      ) : (
        <>
          <div className="mt-4">{chart}</div>
          <details className="mt-3">
            <summary className="cursor-pointer text-sm font-semibold">Show as a table</summary>
            <div className="mt-2 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
                  <tr>
                    {columns.map((c) => (
                      <th key={c.header} scope="col" className={`px-3 py-2 ${c.numeric ? "text-right" : ""}`}>
                        {c.header}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-100">
                  {rows.map((row, i) => (
                    <tr key={i}>
                      {row.map((cell, j) => (
                        <td key={j} className={`px-3 py-1.5 ${columns[j]?.numeric ? "text-right tabular-nums" : ""}`}>
                          {cell}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}
