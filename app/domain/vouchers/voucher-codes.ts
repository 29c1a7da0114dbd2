/**
 * The gift voucher codes an order is paid with, as the checkout form and API clients send them: one rule for the
 * page, POST /api/orders, tRPC and the OpenAPI document. Each code is read as shoppers type it (spaces, hyphens,
 * lower case forgiven); the same voucher twice is counted once. Whether a code opens a voucher with money on it is
 * the order service's business, not the input's.
 */
import { z } from "~/domain/shared/zod";
import { normaliseVoucherCode } from "./voucher-code";
import { voucherProblemMessage } from "./voucher-rules";

/** Enough for a stack of presents; few enough that one order never looks up many codes. */
export const MAX_VOUCHERS_PER_ORDER = 5;

/** Room for a code typed in groups with spaces or hyphens between them, and no more. */
const MAX_TYPED_LENGTH = 40;

export const TOO_MANY_VOUCHERS = `At most ${MAX_VOUCHERS_PER_ORDER} gift vouchers can be used on one order.`;

/**
 * The codes as typed → their canonical forms, in the order given, each voucher once. Null with the offending code
 * when one cannot be a voucher code at all.
 */
export function foldVoucherCodes(typed: readonly string[]): { ok: true; codes: string[] } | { ok: false; typed: string } {
  const codes: string[] = [];
  for (const raw of typed) {
    const code = normaliseVoucherCode(raw);
    if (!code) return { ok: false, typed: raw };
    if (!codes.includes(code)) codes.push(code);
  }
  return { ok: true, codes };
}

export const voucherCodesSchema = z
  .array(z.string().max(MAX_TYPED_LENGTH, voucherProblemMessage("unknown")))
  .max(MAX_VOUCHERS_PER_ORDER, TOO_MANY_VOUCHERS)
  .optional()
  .transform((typed, ctx) => {
    const folded = foldVoucherCodes(typed ?? []);
    if (folded.ok) return folded.codes;
    ctx.addIssue({ code: "custom", message: voucherProblemMessage("unknown") });
    return z.NEVER;
  })
  .describe(
    `Gift voucher or store credit codes to pay with (at most ${MAX_VOUCHERS_PER_ORDER}; spaces, hyphens and lower case are fine): each takes up to its balance, in the order given, and the card pays the rest`,
  );
