import type { UsedCopyWords } from "~/domain/orders/used-copy-line";

/**
 * A used copy's number, reference and grades under its order line, alike on the packing slip, the packing queue and
 * the order page. Outlined rather than shaded, so it survives printing without background colours.
 */
export function UsedCopyLine({ copy, compact = false }: { copy: UsedCopyWords | null; compact?: boolean }) {
  if (!copy) return null;
  return (
    <span
      data-used-copy
      className={`mt-1 block w-fit rounded border border-stone-800 text-stone-900 ${compact ? "px-1 text-xs" : "px-1.5 py-0.5 text-sm"}`}
    >
      <span className="font-bold">{copy.copy}</span> · <span className="font-mono break-all">{copy.reference}</span>{" "}
      <span className="block font-semibold">{copy.grades}</span>
    </span>
  );
}
