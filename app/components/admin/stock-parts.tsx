import type { StockLevel } from "~/domain/stock/low-stock";
import { ADJUST_REASONS, MOVEMENT_REASON_LABELS } from "~/domain/stock/stock-rules";

const BADGE: Record<StockLevel, { text: string; className: string }> = {
  out: { text: "Out", className: "bg-red-100 text-red-900 ring-red-300" },
  low: { text: "Low", className: "bg-amber-100 text-amber-900 ring-amber-300" },
  ok: { text: "In stock", className: "bg-emerald-50 text-emerald-900 ring-emerald-300" },
};

/** The stock figure with its level in words, so it does not rely on colour alone. */
export function StockBadge({ stock, level }: { stock: number; level: StockLevel }) {
  const b = BADGE[level];
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-sm ring-1 ${b.className}`}>
      <span className="font-semibold tabular-nums">{stock}</span>
      <span className="text-xs">{b.text}</span>
    </span>
  );
}

/** The reasons an admin may give, as options. */
export function ReasonOptions() {
  return (
    <>
      {ADJUST_REASONS.map((r) => (
        <option key={r} value={r}>
          {MOVEMENT_REASON_LABELS[r]}
        </option>
      ))}
    </>
  );
}

export const inputClass =
  "rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm shadow-sm focus:border-needle focus:outline-none";
export const buttonClass =
  "rounded-full bg-ink px-4 py-1.5 text-sm font-semibold text-white transition hover:bg-needle disabled:cursor-wait disabled:opacity-60";
