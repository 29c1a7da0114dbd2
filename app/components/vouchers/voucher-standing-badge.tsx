import { VOUCHER_STANDING_WORDS, type VoucherStanding } from "~/domain/vouchers/voucher-admin";

const TONES: Record<VoucherStanding, string> = {
  active: "bg-emerald-100 text-emerald-900",
  spent: "bg-stone-200 text-stone-800",
  expired: "bg-amber-100 text-amber-900",
  cancelled: "bg-rose-100 text-rose-900",
  awaiting_payment: "bg-sky-100 text-sky-900",
};

/** Where a voucher stands today, as a coloured pill (the back office and the customer's profile). */
export function VoucherStandingBadge({ standing }: { standing: VoucherStanding }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[standing]}`}
      data-testid="voucher-standing"
    >
      {VOUCHER_STANDING_WORDS[standing]}
    </span>
  );
}
