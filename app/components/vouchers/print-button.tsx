import { useHydrated } from "~/lib/use-hydrated";

/** "Print it": the browser's print dialog once the page runs; before that (or without JavaScript), how to print. */
export function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) return <p className="mt-2">Use your browser&rsquo;s Print command: the voucher fills one A4 page.</p>;
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="mt-3 rounded-full bg-ink px-5 py-2 text-sm font-semibold text-white hover:bg-needle"
    >
      Print the voucher
    </button>
  );
}
