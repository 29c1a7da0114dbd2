/**
 * How money given back for an order paid partly by gift vouchers is split between the card and the vouchers.
 *
 * The card part goes back first. It is the shopper's own money, given back the way it was paid (what the law expects
 * of a refund: Consumer Rights Act 2015 s.20(15), Consumer Contracts Regulations 2013 reg. 34(7)), and it never
 * expires, while a voucher part goes back as shop credit with an end date. Only what is left over after the card part
 * has been given back in full goes back on the vouchers. Because every refund follows this rule, what an order has
 * already refunded splits the same way, so the split of the next refund needs nothing but the running total.
 */

export interface SplittableOrder {
  totalPence: number;
  /** The part of the total paid with vouchers (the rest was charged to the card). */
  voucherPence: number;
  /** Refunded so far, card and vouchers together. */
  refundedPence: number;
}

export interface RefundSplit {
  cardPence: number;
  voucherPence: number;
}

/** The card's share of a running refunded total: all of it until the card part is given back in full. */
function cardShare(order: SplittableOrder, refundedPence: number): number {
  const cardPaid = Math.max(0, order.totalPence - order.voucherPence);
  return Math.min(Math.max(0, refundedPence), cardPaid);
}

/**
 * The split of a refund of `amountPence` on top of what was refunded already: never more to the card than was
 * charged to it, never more to the vouchers than they paid (an amount beyond what is left is cut to it).
 */
export function splitRefund(order: SplittableOrder, amountPence: number): RefundSplit {
  const before = Math.max(0, order.refundedPence);
  const after = Math.min(order.totalPence, before + Math.max(0, amountPence));
  const cardPence = cardShare(order, after) - cardShare(order, before);
  return { cardPence, voucherPence: Math.max(0, after - before - cardPence) };
}
