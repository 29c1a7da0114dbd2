import { formatPence } from "~/domain/shared/money";
import { removeVoucherIntent } from "~/domain/checkout/checkout-schemas";

export interface AppliedVoucher {
  code: string;
  last4: string;
  takePence: number;
  leftPence: number;
}

/**
 * The gift vouchers applied at checkout: each by its last four characters, with what it pays and what will be left on
 * it, and a button that takes it off (a submit button of the checkout form, so it works without JavaScript). Vouchers
 * that could not be kept (spent or cancelled since) are said below.
 */
export function AppliedVouchers({ vouchers, refused }: { vouchers: readonly AppliedVoucher[]; refused: readonly string[] }) {
  if (vouchers.length === 0 && refused.length === 0) return null;
  return (
    <div className="mt-2">
      {vouchers.length > 0 && (
        <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200" aria-label="Gift vouchers applied">
          {vouchers.map((v, i) => (
            <li key={v.code} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-ink">
                  Gift voucher <span className="font-mono">····{v.last4}</span>
                </p>
                <p className="text-stone-600">
                  {v.takePence > 0 ? `Pays ${formatPence(v.takePence)}` : "Not needed for this order"}
                  {` · ${formatPence(v.leftPence)} left on it after`}
                </p>
              </div>
              <button
                type="submit"
                name="intent"
                value={removeVoucherIntent(i)}
                formNoValidate
                aria-label={`Remove gift voucher ending ${v.last4}`}
                className="shrink-0 rounded-full border border-stone-300 px-3 py-1 text-sm font-semibold text-stone-800 hover:border-ink hover:bg-ink hover:text-white"
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {refused.map((message) => (
        <p key={message} className="mt-2 text-sm text-amber-800" role="status">
          {message}
        </p>
      ))}
    </div>
  );
}
