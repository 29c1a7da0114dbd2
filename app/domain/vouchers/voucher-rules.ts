/**
 * The rules of a voucher's life: how long it lasts, whether it may be spent today, and how a payment is
 * split across several vouchers. Gift vouchers and store credit follow the same rules.
 */
import { formatDateGB } from "../shared/dates";

/** A voucher lasts 24 months from the day it is issued, to the end of the same day of the month. */
export const VOUCHER_VALID_MONTHS = 24;

/**
 * The last day a voucher issued on `issuedOn` (YYYY-MM-DD, London) may be spent: the day before the same date
 * 24 months on; a voucher issued on 29 February ends on 28 February.
 */
export function voucherExpiresOn(issuedOn: string): string {
  const y = Number(issuedOn.slice(0, 4));
  const m = Number(issuedOn.slice(5, 7));
  const d = Number(issuedOn.slice(8, 10));
  const end = new Date(Date.UTC(y + VOUCHER_VALID_MONTHS / 12, m - 1, d));
  // 29 February + 2 years rolls into March: step back to the month's last day.
  if (end.getUTCMonth() !== m - 1) end.setUTCDate(0);
  end.setUTCDate(end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
}

export interface VoucherState {
  status: "pending_payment" | "active" | "cancelled";
  balancePence: number;
  expiresOn: string;
}

export type VoucherProblem = "unpaid" | "cancelled" | "expired" | "spent";

/** Why a voucher cannot be spent today, or null when it can. */
export function voucherProblem(voucher: VoucherState, today: string): VoucherProblem | null {
  if (voucher.status === "cancelled") return "cancelled";
  if (voucher.status === "pending_payment") return "unpaid";
  if (voucher.expiresOn < today) return "expired";
  if (voucher.balancePence <= 0) return "spent";
  return null;
}

/** The shopper's words for each problem (and for a code that matches no voucher). */
export function voucherProblemMessage(problem: VoucherProblem | "unknown", voucher?: Pick<VoucherState, "expiresOn">): string {
  switch (problem) {
    case "unknown":
      return "That code does not match a gift voucher. Check it and try again.";
    case "unpaid":
      return "That gift voucher has not been paid for yet.";
    case "cancelled":
      return "That gift voucher has been cancelled.";
    case "expired":
      return `That gift voucher expired on ${formatDateGB(voucher?.expiresOn)}.`;
    case "spent":
      return "That gift voucher has been spent in full.";
  }
}

/**
 * How much each voucher pays towards `duePence`, in the order given: each takes up to its balance until
 * nothing is due. Vouchers that are not needed take nothing (and are left out).
 */
export function splitAcrossVouchers<T extends { balancePence: number }>(
  duePence: number,
  vouchers: readonly T[],
): { voucher: T; takePence: number }[] {
  let left = Math.max(0, duePence);
  const out: { voucher: T; takePence: number }[] = [];
  for (const voucher of vouchers) {
    if (left === 0) break;
    const takePence = Math.min(left, Math.max(0, voucher.balancePence));
    if (takePence === 0) continue;
    out.push({ voucher, takePence });
    left -= takePence;
  }
  return out;
}
