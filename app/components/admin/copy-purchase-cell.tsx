import { Form, Link } from "react-router";
import { formatDateGB } from "~/domain/shared/dates";
import { formatPence, penceToDecimalString } from "~/domain/shared/money";
import { saleBlockedReason } from "~/domain/vat/margin-vat";
import type { VatScheme } from "~/domain/vat/vat-schemes";

/** How one copy was bought, as the back office's list of a pressing's copies shows it. */
export interface CopyPurchase {
  vatScheme: VatScheme;
  purchasePricePence: number | null;
  purchasedAt: string | null;
  purchasedFrom: string | null;
  purchaseReference: string | null;
}

/**
 * A copy's scheme, price paid, date and seller, and a small form to set or correct the price paid (audited) while
 * the copy is unsold. Works without JavaScript.
 */
export function CopyPurchaseCell({ copyId, sold, purchase }: { copyId: number; sold: boolean; purchase?: CopyPurchase }) {
  if (!purchase) return null;
  const blocked = saleBlockedReason(purchase);
  return (
    <div className="text-xs">
      <p className="font-semibold">{purchase.vatScheme === "margin" ? "Margin scheme" : "Standard VAT"}</p>
      <p>
        Paid {purchase.purchasePricePence === null ? "—" : formatPence(purchase.purchasePricePence)}
        {purchase.purchasedAt && ` on ${formatDateGB(purchase.purchasedAt)}`}
      </p>
      {purchase.purchasedFrom && <p className="text-stone-600">from {purchase.purchasedFrom}</p>}
      {purchase.purchaseReference && (
        <Link to={`/admin/purchases/${purchase.purchaseReference}`} className="font-mono underline">
          {purchase.purchaseReference}
        </Link>
      )}
      {blocked && <p className="mt-1 font-semibold text-red-800">Not on sale until its price paid is set.</p>}
      {!sold && (
        <Form method="post" className="mt-1 flex items-end gap-1">
          <input type="hidden" name="intent" value="set-purchase-price" />
          <input type="hidden" name="copyId" value={copyId} />
          <label className="sr-only" htmlFor={`paid-${copyId}`}>
            Price paid for copy #{copyId} (£)
          </label>
          <input
            id={`paid-${copyId}`}
            name="purchasePrice"
            inputMode="decimal"
            required
            defaultValue={purchase.purchasePricePence === null ? "" : penceToDecimalString(purchase.purchasePricePence)}
            className="w-20 rounded border border-stone-300 px-1.5 py-1"
          />
          <button type="submit" className="rounded-full border border-stone-400 px-2 py-1 font-semibold hover:bg-stone-100">
            Save paid
          </button>
        </Form>
      )}
    </div>
  );
}
