import type { DeliveryEstimate } from "~/domain/checkout/delivery";
import { arrivalText, shippingLabel, vatLineText } from "~/domain/checkout/destination-labels";
import { formatPence } from "~/domain/shared/money";
import type { OrderTotals } from "~/domain/cart/order-totals";
import { hasMarginLines } from "~/domain/vat/invoice-vat";
import type { VatScheme } from "~/domain/vat/vat-schemes";
import { MarginSchemeMark, MarginSchemeNote } from "./margin-scheme-note";

export interface SummaryLine {
  key: string | number;
  title: string;
  artist: string;
  quantity: number;
  lineTotalPence: number;
  isPreOrder: boolean;
  vatScheme?: VatScheme;
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
            {line.vatScheme === "margin" && <MarginSchemeMark />}
          </div>
          <p className="shrink-0 font-medium tabular-nums">{formatPence(line.lineTotalPence)}</p>
        </li>
      ))}
    </ul>
  );
}

/** How an order is (or will be) paid when gift vouchers pay part or all of it. */
export interface VoucherPayment {
  voucherPence: number;
  amountDuePence: number;
  /** At checkout, each applied voucher with what it takes; a placed order shows their sum. */
  vouchers?: readonly { last4: string; takePence: number }[];
  /** "checkout": what is left "To pay"; "order": what was "Paid by card". */
  stage: "checkout" | "order";
}

/**
 * Subtotal, discount, shipping by its service, total, its VAT (included in a UK total, added under IOSS, none on an
 * export) and when it should arrive; with gift vouchers, what they pay and what is left for the card.
 */
export function SummaryTotals({
  totals,
  delivery,
  discountLabel = "Discount",
  payment,
  lines = [],
  service,
  countryCode,
}: {
  totals: OrderTotals;
  delivery: DeliveryEstimate;
  /** The delivery service's key: its name labels the shipping line. */
  service?: string | null;
  /** Where it goes: abroad, the arrival is the international service's time. */
  countryCode?: string | null;
  discountLabel?: string;
  payment?: VoucherPayment;
  /** The order's lines: with a margin-scheme copy among them, the VAT shown is the standard-rated part, so said. */
  lines?: readonly { vatScheme?: VatScheme }[];
}) {
  const withVouchers = payment && payment.voucherPence > 0;
  const margin = hasMarginLines(lines);
  const vat = vatLineText(totals, margin);
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
        <Row label={shippingLabel(service)} value={formatPence(totals.shippingPence)} />
        {vat.kind === "added" && <Row label={vat.label} value={formatPence(vat.pence)} />}
        <Row
          label="Total"
          value={formatPence(totals.totalPence)}
          className="border-t border-stone-200 pt-2 text-base font-bold"
        />
        {withVouchers && <VoucherRows payment={payment} />}
      </dl>
      {vat.kind !== "added" && (
        <p className="mt-1 text-right text-xs text-stone-600" data-testid="summary-vat">
          {vat.kind === "included" ? `${vat.label} ${formatPence(vat.pence)}` : vat.label}
        </p>
      )}
      {margin && <MarginSchemeNote className="mt-2" />}
      <p className="mt-4 rounded-lg bg-stone-100 px-3 py-2 text-stone-700">{arrivalText(delivery, service, countryCode)}</p>
    </div>
  );
}

/** "Paid by gift voucher ····PQRS −£20.00" per voucher (or their sum), then "To pay" / "Paid by card". */
function VoucherRows({ payment }: { payment: VoucherPayment }) {
  const rows = payment.vouchers?.filter((v) => v.takePence > 0) ?? [];
  return (
    <>
      {rows.length > 0 ? (
        rows.map((v) => (
          <Row
            key={v.last4}
            label={`Paid by gift voucher ····${v.last4}`}
            value={`−${formatPence(v.takePence)}`}
            className="text-emerald-800"
          />
        ))
      ) : (
        <Row label="Paid by gift voucher" value={`−${formatPence(payment.voucherPence)}`} className="text-emerald-800" />
      )}
      <Row
        label={payment.stage === "checkout" ? "To pay" : "Paid by card"}
        value={formatPence(payment.amountDuePence)}
        className={payment.stage === "checkout" ? "border-t border-stone-200 pt-2 text-base font-bold" : ""}
      />
    </>
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
