import type { ReactNode } from "react";
import { Link } from "react-router";
import { RoyalMailOptions } from "~/components/admin/royal-mail-options";
import { DEFAULT_ROYAL_MAIL_SERVICE } from "~/domain/shipping/royal-mail";

const button = "rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-50";
const primary = "rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-needle-dark disabled:opacity-50";

/**
 * What can be done with the ticked orders, as buttons of the list's one form: packing posts to the list; printing
 * and the export are GETs to the print page and the CSV, which read the ticked boxes from the address.
 */
export function OrderBulkBar({
  may,
  selectedCount,
  selectAllHref,
  allSelected,
  problem,
  selectAll,
}: {
  may: { pack: boolean; export: boolean };
  /** How many are ticked (known once the page runs its script), or null. */
  selectedCount: number | null;
  /** Without a script: the page again with every order on it ticked (or none, when they are). */
  selectAllHref: string | null;
  allSelected: boolean;
  problem: string | undefined;
  /** With a script: the box that ticks every order on the page. */
  selectAll: ReactNode;
}) {
  return (
    <section aria-label="With the selected orders" className="mt-6 rounded-xl bg-white p-3 shadow-sm ring-1 ring-stone-200">
      {problem && (
        <p role="alert" className="mb-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <p className="text-sm font-semibold" aria-live="polite">
          {selectedCount === null ? "Tick orders, then:" : `${selectedCount} selected`}
        </p>
        {selectAll}
        {selectAllHref && (
          <Link to={selectAllHref} className="text-sm text-needle-dark underline underline-offset-2">
            {allSelected ? "Clear the selection" : "Select all on this page"}
          </Link>
        )}
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {may.pack && (
          <>
            <label className="flex min-w-0 items-center gap-2 text-sm">
              <span className="sr-only">Royal Mail service</span>
              <select
                name="service"
                defaultValue={DEFAULT_ROYAL_MAIL_SERVICE}
                aria-label="Royal Mail service for the selected orders"
                className="max-w-[12rem] rounded-lg border border-stone-300 bg-white px-2 py-2 text-sm"
              >
                <RoyalMailOptions />
              </select>
            </label>
            <button type="submit" name="intent" value="pack" className={primary}>
              Mark packed
            </button>
            <button
              type="submit"
              formMethod="get"
              formAction="/admin/shipping-management/print"
              formNoValidate
              name="kind"
              value="slips"
              className={button}
            >
              Print packing slips
            </button>
            <button
              type="submit"
              formMethod="get"
              formAction="/admin/shipping-management/print"
              formNoValidate
              name="kind"
              value="labels"
              className={button}
            >
              Print labels
            </button>
          </>
        )}
        {may.export && (
          <button
            type="submit"
            formMethod="get"
            formAction="/admin/order-management/export.csv"
            formNoValidate
            className={button}
          >
            Export selected (CSV)
          </button>
        )}
      </div>
    </section>
  );
}
