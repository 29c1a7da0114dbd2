import { Link } from "react-router";
import { GradeOptions } from "~/components/catalogue/grade-options";
import { MAX_PURCHASE_ROWS, PURCHASE_ROWS } from "~/domain/vat/stock-purchase-schema";

const cell = "block w-full rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm";

/** The form as Conform keeps it: what was typed (sent back with a refusal) and the messages by field name. */
interface RowsForm {
  initialValue?: unknown;
  allErrors: Record<string, string[] | undefined>;
}

const typed = (form: RowsForm, i: number, key: string): string | undefined => {
  const rows = (form.initialValue as { rows?: Record<string, unknown>[] } | undefined)?.rows;
  const v = rows?.[i]?.[key];
  return typeof v === "string" ? v : undefined;
};

const COLUMNS = [
  ["pressing", "Pressing (catalogue id or title and artist)"],
  ["mediaGrade", "Record grade"],
  ["sleeveGrade", "Sleeve grade"],
  ["purchasePrice", "Price paid (£)"],
  ["price", "Selling price (£)"],
] as const;

/**
 * A fixed number of copy rows (no JavaScript needed): blank rows are left out, a message shows under its row.
 * "More rows" reloads the form with more of them, before anything is typed.
 */
export function PurchaseRows({ count, form }: { count: number; form: RowsForm }) {
  const echoed = ((form.initialValue as { rows?: unknown[] } | undefined)?.rows ?? []).length;
  const rows = Math.max(count, echoed);
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6" aria-labelledby="copies-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="copies-heading" className="font-semibold">
          Copies bought
        </h2>
        {rows < MAX_PURCHASE_ROWS && (
          <Link to={`?rows=${rows + PURCHASE_ROWS}`} className="text-sm underline">
            More rows (before typing)
          </Link>
        )}
      </div>
      <p className="text-sm text-stone-600">One copy a row; leave the rest blank. Prices in pounds, such as 4.00.</p>
      <ol className="mt-3 grid gap-3">
        {Array.from({ length: rows }, (_, i) => {
          const errors = COLUMNS.flatMap(([key]) => form.allErrors[`rows[${i}].${key}`] ?? []);
          return (
            <li key={i} className="grid gap-2 border-t border-stone-200 pt-3 sm:grid-cols-[2fr_1fr_1fr_1fr_1fr]">
              {COLUMNS.map(([key, label]) => {
                const name = `rows[${i}].${key}`;
                const id = `purchase-row-${i}-${key}`;
                const invalid = (form.allErrors[name]?.length ?? 0) > 0;
                return (
                  <label key={key} htmlFor={id} className="text-xs text-stone-700">
                    <span className={i === 0 ? "block" : "block sm:sr-only"}>
                      {label} <span className="sr-only">(row {i + 1})</span>
                    </span>
                    {key === "mediaGrade" || key === "sleeveGrade" ? (
                      <select
                        id={id}
                        name={name}
                        defaultValue={typed(form, i, key) ?? ""}
                        aria-invalid={invalid || undefined}
                        className={cell}
                      >
                        <GradeOptions none="Grade" />
                      </select>
                    ) : (
                      <input
                        id={id}
                        name={name}
                        defaultValue={typed(form, i, key)}
                        inputMode={key === "pressing" ? undefined : "decimal"}
                        autoComplete="off"
                        aria-invalid={invalid || undefined}
                        className={cell}
                      />
                    )}
                  </label>
                );
              })}
              {errors.length > 0 && (
                <p className="text-sm text-red-800 sm:col-span-5" role="alert">
                  Row {i + 1}: {errors.join(" ")}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
