import type { ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";

const BACK_OFFICE = "rounded-lg bg-stone-900 px-4 py-2 text-sm font-semibold text-white hover:bg-stone-700";

/**
 * Opens the browser's print dialog once the page runs; before that (or without JavaScript) it says how to print,
 * since a button that does nothing would be worse than none.
 */
export function PrintButton({
  label = "Print",
  withoutScript = <span className="text-sm text-stone-600">Print with your browser (Ctrl+P or ⌘P).</span>,
  className = BACK_OFFICE,
}: {
  label?: string;
  withoutScript?: ReactNode;
  className?: string;
}) {
  const hydrated = useHydrated();
  if (!hydrated) return <>{withoutScript}</>;
  return (
    <button type="button" onClick={() => window.print()} className={className}>
      {label}
    </button>
  );
}
