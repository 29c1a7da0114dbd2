import type { ReturnStatus } from "~/domain/returns/return-reasons";

const LOOK: Record<ReturnStatus, string> = {
  requested: "bg-amber-100 text-amber-900",
  approved: "bg-sky-100 text-sky-900",
  received: "bg-violet-100 text-violet-900",
  refunded: "bg-emerald-100 text-emerald-900",
  refused: "bg-stone-200 text-stone-800",
};

/** A return's status as a small coloured tag (the words carry it; the colour helps the eye). */
export function ReturnStatusBadge({ status, label }: { status: ReturnStatus; label: string }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${LOOK[status]}`}>
      {label}
    </span>
  );
}
