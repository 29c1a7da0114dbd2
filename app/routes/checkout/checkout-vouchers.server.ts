/**
 * The checkout page's gift vouchers. The one code box takes a discount code or a voucher code; a voucher applied is
 * listed with what it takes and carried on by the form itself, as hidden fields the action renders again with every
 * answer. A voucher code is as good as money, so it is never kept in the session, the cart cookie or the database
 * (docs/decisions/0072-vouchers-at-checkout.md): leaving the page forgets it.
 */
import type { AppLoadContext } from "react-router";
import { voucherCodesSchema, MAX_VOUCHERS_PER_ORDER, TOO_MANY_VOUCHERS } from "~/domain/vouchers/voucher-codes";
import { normaliseVoucherCode } from "~/domain/vouchers/voucher-code";
import { removeVoucherIntent } from "~/domain/checkout/checkout-schemas";
import { formatPence } from "~/domain/shared/money";

export const NOT_A_CODE = "That code does not match a gift voucher or a discount code. Check it and try again.";
export const ALREADY_APPLIED = "That gift voucher is already applied.";
export const COVERED = "Your gift vouchers already pay for the whole order.";

/** The vouchers a post carries (its hidden fields), read as typed; none when they do not read as codes. */
export function postedVoucherCodes(formData: FormData): string[] {
  const parsed = voucherCodesSchema.safeParse(formData.getAll("voucherCodes").map(String));
  return parsed.success ? parsed.data : [];
}

/** The remove buttons' intents: one per place in the list. */
export const removeVoucherIntents = Array.from({ length: MAX_VOUCHERS_PER_ORDER }, (_, i) => removeVoucherIntent(i));

/** What applying a code from the box comes to, when the code is a gift voucher's (null: not a voucher's). */
export type VoucherApply = { vouchers: string[]; error: string | null; note: string | null };

/**
 * The code in the box, if it opens a gift voucher: the list with it added (or the reason it is not). A code that reads
 * as a voucher's but opens none is not one (it may still be a discount code); the checkout's per-address limit counts
 * it, so the box cannot be used to guess voucher codes.
 */
export function applyVoucherCode(
  typed: string,
  applied: readonly string[],
  totals: { totalPence: number },
  context: AppLoadContext,
): VoucherApply | null {
  const code = normaliseVoucherCode(typed);
  if (!code) return null;
  const check = context.services.orders.checkVoucherCode(code, context.today);
  if (!check.found) {
    context.services.rateLimits.takeForAddress("checkoutPerAddress", context.clientIp);
    return null;
  }
  const refuse = (error: string) => ({ vouchers: [...applied], error, note: null });
  if (check.problem) return refuse(check.problem);
  if (applied.includes(code)) return refuse(ALREADY_APPLIED);
  if (applied.length >= MAX_VOUCHERS_PER_ORDER) return refuse(TOO_MANY_VOUCHERS);
  const before = context.services.orders.quoteVouchers(applied, totals.totalPence, context.today);
  if (before.amountDuePence === 0 && applied.length > 0) return refuse(COVERED);
  const after = context.services.orders.quoteVouchers([...applied, code], totals.totalPence, context.today);
  const part = after.parts.find((p) => p.code === code);
  const note = part
    ? `Gift voucher ending ${part.last4} applied: it pays ${formatPence(part.takePence)}${after.amountDuePence === 0 ? ", the whole order" : ""}.`
    : null;
  return { vouchers: [...applied, code], error: null, note };
}

/** The applied vouchers as the page shows them: what each pays now, and what will be left on it. */
export function voucherSummary(codes: readonly string[], totalPence: number, context: AppLoadContext) {
  const quote = context.services.orders.quoteVouchers(codes, totalPence, context.today);
  return {
    // Only vouchers that can be spent are carried on; one spent or cancelled meanwhile drops off, with its reason.
    vouchers: quote.parts.map((p) => ({
      code: p.code,
      last4: p.last4,
      takePence: p.takePence,
      leftPence: p.balancePence - p.takePence,
    })),
    refused: quote.refused.map((r) => r.message),
    voucherPence: quote.voucherPence,
    amountDuePence: quote.amountDuePence,
  };
}
