import { deliveryWindowText, type DeliveryEstimate } from "~/domain/checkout/delivery";
import { formatPence } from "~/domain/shared/money";
import type { OrderTotals } from "~/domain/cart/order-totals";

export interface SummaryLine {
  key: string | number;
  title: string;
  artist: string;
  quantity: number;
  lineTotalPence: number;
  isPreOrder: boolean;
}

/** "2 × Artist – Title" lines with their totals; pre-orders marked. Shared by checkout and confirmation. */
export function SummaryLines({ lines }: { lines: readonly SummaryLine[] }) {
  return (
    <ul className="divide-y divide-stone-200" aria-label="Records in this order">
      {lines.map((line) => (
        <li key={line.key} className="flex items-start justify-between gap-4 py-3 text-sm">
          <div className="min-w-0">
            <p className="font-medium text-ink">
              <span className="tabular-nums">{line.quantity} ×</span> {line.artist} – {line.title}
            </p>
            {line.isPreOrder && (
              <p className="mt-1 inline-block rounded-full bg-label/40 px-2 py-0.5 text-xs font-semibold text-ink">Pre-order</p>
            )}
          </div>
          <p className="shrink-0 font-medium tabular-nums">{formatPence(line.lineTotalPence)}</p>
        </li>
      ))}
    </ul>
  );
}

/** Subtotal, discount, Royal Mail shipping, total, the VAT it includes and when it should arrive. */
export function SummaryTotals({
  totals,
  delivery,
  discountLabel = "Discount",
}: {
  totals: OrderTotals;
  delivery: DeliveryEstimate;
  discountLabel?: string;
}) {
  return (
    <div className="border-t border-stone-200 pt-3 text-sm">
      <dl className="space-y-2">
        <Row
          label={`Subtotal (${totals.itemCount} ${totals.itemCount === 1 ? "record" : "records"})`}
          value={formatPence(totals.itemsPence)}
        />
        {totals.discountPence > 0 && (
          <Row label={discountLabel} value={`−${formatPence(totals.discountPence)}`} className="text-emerald-800" />
        )}
        <Row label="Shipping (Royal Mail)" value={formatPence(totals.shippingPence)} />
        <Row
          label="Total"
          value={formatPence(totals.totalPence)}
          className="border-t border-stone-200 pt-2 text-base font-bold"
        />
      </dl>
      <p className="mt-1 text-right text-xs text-stone-600">Includes VAT (20%) {formatPence(totals.vatPence)}</p>
      <p className="mt-4 rounded-lg bg-stone-100 px-3 py-2 text-stone-700">{deliveryWindowText(delivery)}</p>
    </div>
  );
}

function Row({ label, value, className = "" }: { label: string; value: string; className?: string }) {
  return (
    <div className={`flex justify-between gap-4 ${className}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
