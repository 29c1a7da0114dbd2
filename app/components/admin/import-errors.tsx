/** One row of an import file that cannot be imported, and why. */
export type ImportErrorRow = { line: number; catalogNumber?: string | null; title?: string | null; errors: readonly string[] };

/**
 * The import preview's rows with errors. From 640 px a table of line, record and problems; below it each row
 * stacks into a card (line and record on top, each problem on its own line beneath), so a phone reads it without
 * sideways scrolling. One list either way: the same rows for screen readers and tests at every width.
 */
export function ImportErrors({ rows }: { rows: readonly ImportErrorRow[] }) {
  return (
    <div data-testid="import-errors" className="mt-2 max-h-96 overflow-y-auto rounded-lg ring-1 ring-stone-200">
      <div
        aria-hidden
        className="sticky top-0 hidden grid-cols-[4rem_minmax(0,1fr)_minmax(0,2fr)] gap-3 bg-stone-50 px-3 py-2 text-xs text-stone-600 uppercase sm:grid"
      >
        <span>Line</span>
        <span>Record</span>
        <span>Problem</span>
      </div>
      <ul aria-label="Rows with errors" className="divide-y divide-stone-100 text-sm">
        {rows.map((r) => (
          <li
            key={r.line}
            data-testid="import-error"
            className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 px-3 py-2 sm:grid-cols-[4rem_minmax(0,1fr)_minmax(0,2fr)]"
          >
            <span className="font-semibold text-stone-700 tabular-nums sm:font-normal">
              <span className="sm:sr-only">Line </span>
              {r.line}
            </span>
            <span className="break-words">{[r.catalogNumber, r.title].filter(Boolean).join(" · ") || "—"}</span>
            <ul className="col-span-2 space-y-0.5 break-words text-red-800 sm:col-span-1">
              {r.errors.map((e, i) => (
                <li key={`${i}-${e}`}>{e}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}
