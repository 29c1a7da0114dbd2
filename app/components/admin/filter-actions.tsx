import { Link } from "react-router";
import { Icon } from "~/components/icons/icon";

/** A back-office list's filter buttons: "Clear" back to the unfiltered list, and the submit that applies them. */
export function FilterActions({ clearTo, submitLabel, className }: { clearTo: string; submitLabel: string; className: string }) {
  return (
    <div className={className}>
      <Link
        to={clearTo}
        className="rounded-full px-4 py-2 text-sm font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-stone-100"
      >
        Clear
      </Link>
      <button
        type="submit"
        className="inline-flex items-center gap-1.5 rounded-full bg-ink px-5 py-2 text-sm font-semibold text-white hover:bg-needle-dark"
      >
        <Icon name="search" className="size-4" />
        {submitLabel}
      </button>
    </div>
  );
}
