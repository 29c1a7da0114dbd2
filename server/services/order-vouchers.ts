/**
 * Paying for an order with gift vouchers and store credit: what the codes would pay (for the checkout page and for
 * placing the order, the same figures), spending them on the order, and giving an order's voucher part back. Each
 * runs inside the caller's write transaction (voucher-ledger.ts), so an order and what its vouchers paid change
 * together or not at all.
 */
import { voucherProblemMessage, splitAcrossVouchers } from "../../app/domain/vouchers/voucher-rules";
import { ValidationError } from "../../app/domain/shared/errors";
import type { Db } from "../../db/client";
import type { VoucherMail } from "./voucher-mail";
import { findVoucherByCode, restoreVoucherPart, spendVoucher } from "./voucher-ledger";

/** The payment provider an order wholly paid by vouchers is recorded with: no card was asked for. */
export const VOUCHER_PAYMENT = "voucher";

export interface VoucherPart {
  voucherId: number;
  /** The code as the shopper gave it (canonical form), so the form can carry it on; never stored. */
  code: string;
  last4: string;
  balancePence: number;
  takePence: number;
}

export interface VoucherQuote {
  /** The vouchers that can be spent, in the order given, with what each takes (0 for one not needed). */
  parts: VoucherPart[];
  /** Codes that cannot be spent, with the shopper's words for why. */
  refused: { code: string; message: string }[];
  voucherPence: number;
  /** What is left for the card. */
  amountDuePence: number;
}

/** What `codes` would pay towards `totalPence` today: each voucher up to its balance, in the order given. */
export function quoteVouchers(db: Db, codes: readonly string[], totalPence: number, today: string): VoucherQuote {
  const usable: VoucherPart[] = [];
  const refused: VoucherQuote["refused"] = [];
  for (const code of codes) {
    const found = findVoucherByCode(db, code, today);
    if (!found.ok) {
      refused.push({ code, message: voucherProblemMessage(found.problem, found.voucher ?? undefined) });
      continue;
    }
    const { voucher } = found;
    usable.push({
      voucherId: voucher.id,
      code: found.code,
      last4: voucher.codeLast4 ?? found.code.slice(-4),
      balancePence: voucher.balancePence,
      takePence: 0,
    });
  }
  const split = splitAcrossVouchers(totalPence, usable);
  const parts = usable.map((v) => ({ ...v, takePence: split.find((s) => s.voucher === v)?.takePence ?? 0 }));
  const voucherPence = parts.reduce((sum, p) => sum + p.takePence, 0);
  return { parts, refused, voucherPence, amountDuePence: totalPence - voucherPence };
}

/**
 * Whether a code typed in the checkout's code box opens a gift voucher: not found (then it may be a discount code),
 * or found, with the shopper's words when it cannot be spent today.
 */
export function checkVoucherCode(
  db: Db,
  code: string,
  today: string,
): { found: false } | { found: true; problem: string | null } {
  const lookup = findVoucherByCode(db, code, today);
  if (lookup.ok) return { found: true, problem: null };
  if (!lookup.voucher) return { found: false };
  return { found: true, problem: voucherProblemMessage(lookup.problem, lookup.voucher) };
}

/** Refuses an order whose codes include one that cannot be spent: the shopper is told which and why. */
export function refuseUnusableVouchers(quote: VoucherQuote): void {
  if (quote.refused.length === 0) return;
  const messages = quote.refused.map((r) => r.message);
  throw new ValidationError(messages[0]!, { voucherCodes: messages });
}

/**
 * Takes each voucher's part off its balance for the order. Inside the order's BEGIN IMMEDIATE transaction the
 * balances read by quoteVouchers cannot change before this runs; spendVoucher's conditional update is the guard
 * that holds even so (a part larger than the balance changes nothing and refuses the order).
 */
export function spendVouchers(db: Db, orderId: number, quote: VoucherQuote): void {
  for (const part of quote.parts) spendVoucher(db, part.voucherId, part.takePence, orderId);
}

/**
 * Gives `amountPence` of an order's voucher part back onto its vouchers; what belonged to a voucher that has expired
 * or been cancelled since comes back as new store credit, whose code is mailed to the order's address. Returns the
 * mails to dispatch once the caller's transaction has committed.
 */
export function giveBackVoucherPart(
  db: Db,
  voucherMail: VoucherMail,
  order: { id: number; orderNumber: string; userId: number | null; email: string },
  amountPence: number,
  context: { today: string; refundId?: number | null; actorId?: number | null; why: string },
): number[] {
  if (amountPence <= 0) return [];
  const made = restoreVoucherPart(db, order, amountPence, context);
  return made.map((voucher) => voucherMail.queueStoreCreditMail(voucher, order.email, context.why));
}
