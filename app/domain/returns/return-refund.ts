/**
 * The money of a return, to the penny, built on the order's refund rules (app/domain/orders/refunds.ts): the
 * returned units at what the customer paid for them (the order's discount shared out), the VAT of refunds worked
 * on the running total, and the original delivery given back once at most.
 *
 * - The original (standard) delivery comes back when the whole order is now coming back (every unit of every
 *   line, counting what earlier refunds gave back), as the Consumer Contracts Regulations 2013 reg. 34(2) ask on a
 *   cancellation; and whatever the part returned when the fault is the shop's (Consumer Rights Act 2015).
 * - Return postage moves no money here: a prepaid label when the fault is the shop's, the shopper's own cost on a
 *   change of mind (reg. 34(7), the trader need not pay it when the consumer was told so).
 * - The money goes back within 14 days of the shop receiving the goods: reg. 34(4)–(6) of the Consumer Contracts
 *   (Information, Cancellation and Additional Charges) Regulations 2013 (SI 2013/3134) (14 days after the day the
 *   trader receives the goods back, or evidence they were sent if earlier); a faulty item's refund has the same
 *   14 days under the Consumer Rights Act 2015 s.20(15), counted from agreeing it is due, which is no later.
 */
import { addDays } from "~/domain/shared/dates";
import { formatPence } from "~/domain/shared/money";
import { planRefund, type RefundableLine, type RefundableOrder, type RefundPlan } from "~/domain/orders/refunds";
import { isShopFault, type ReturnReason, type ReturnStatus } from "./return-reasons";

export interface ReturnRefundInput {
  order: RefundableOrder;
  /** Every line of the order, with what earlier refunds gave back of it. */
  lines: readonly RefundableLine[];
  /** The units this return sends back. */
  returned: readonly { lineId: number; quantity: number }[];
  reason: ReturnReason;
  /** The order's delivery not given back yet (its delivery less the delivery parts of its refunds). */
  shippingLeftPence: number;
}

export interface ReturnRefund {
  amountPence: number;
  vatPence: number;
  /** The part for the records. */
  itemsPence: number;
  /** The part that gives back the original delivery. */
  shippingPence: number;
  units: number;
  /** Every unit not refunded before comes back with this return. */
  wholeOrder: boolean;
  shippingBecause: "whole_order" | "shop_fault" | null;
  /** The order refund to make: everything left for a whole order, else the lines (and the delivery). */
  request: { lines?: { lineId: number; quantity: number }[]; shipping?: boolean };
  plan: RefundPlan;
}

/** Every unit of every line not refunded before is in this return. */
function isWholeOrder(lines: readonly RefundableLine[], returned: ReturnRefundInput["returned"]): boolean {
  const back = new Map<number, number>();
  for (const r of returned) back.set(r.lineId, (back.get(r.lineId) ?? 0) + r.quantity);
  return lines.every((l) => l.refundedQuantity + (back.get(l.id) ?? 0) >= l.quantity);
}

/** What a return gives back: checked against the order as it stands now (throws ValidationError when it cannot be). */
export function planReturnRefund(input: ReturnRefundInput): ReturnRefund {
  const { order, lines, returned, reason, shippingLeftPence } = input;
  const units = returned.reduce((n, r) => n + r.quantity, 0);
  // Checked line by line first, so a return of more than is left is refused even when it would cover the order.
  planRefund(order, lines, { lines: returned });
  const wholeOrder = isWholeOrder(lines, returned);
  const delivery = shippingLeftPence > 0 && (wholeOrder || isShopFault(reason));
  // The whole order: everything still refundable, so the discount's rounding leaves no penny behind.
  const request: ReturnRefund["request"] = wholeOrder
    ? {}
    : { lines: returned.map((r) => ({ lineId: r.lineId, quantity: r.quantity })), ...(delivery ? { shipping: true } : {}) };
  const plan = planRefund(order, lines, request, shippingLeftPence);
  return {
    amountPence: plan.amountPence,
    vatPence: plan.vatPence,
    itemsPence: plan.amountPence - plan.shippingPence,
    shippingPence: plan.shippingPence,
    units,
    wholeOrder,
    shippingBecause: plan.shippingPence > 0 ? (wholeOrder ? "whole_order" : "shop_fault") : null,
    request,
    plan,
  };
}

/**
 * Who pays to send the records back: the shop when the fault is its own (a prepaid label, or, when the shop has no
 * Tracked Returns account set up, the shop still owes it and settles it with the customer), the customer otherwise.
 */
export type ReturnPostage = "prepaid_label" | "shop_owes" | "shopper_pays";

export function returnPostage(reason: ReturnReason, prepaidLabels = true): ReturnPostage {
  if (!isShopFault(reason)) return "shopper_pays";
  return prepaidLabels ? "prepaid_label" : "shop_owes";
}

const POSTAGE_WORDS: Record<ReturnPostage, string> = {
  prepaid_label: "Return postage: a prepaid label from the shop (no money changes hands).",
  shop_owes:
    "Return postage: the shop's to pay (its fault), but no prepaid label is set up: the customer's proof of postage is repaid apart from this refund.",
  shopper_pays: "Return postage: paid by the customer (a change of mind).",
};

/** The refund in words, line by line, as the back office shows it before paying out. */
export function returnRefundWords(refund: ReturnRefund, reason: ReturnReason, postage = returnPostage(reason)): string[] {
  const them = refund.units === 1 ? "it" : "them";
  const records = `${refund.units} ${refund.units === 1 ? "record" : "records"}`;
  const delivery =
    refund.shippingBecause === "whole_order"
      ? `Original delivery: ${formatPence(refund.shippingPence)} (the whole order is coming back).`
      : refund.shippingBecause === "shop_fault"
        ? `Original delivery: ${formatPence(refund.shippingPence)} (the fault was the shop's).`
        : isShopFault(reason) || refund.wholeOrder
          ? "Original delivery: not refunded (it was given back before)."
          : "Original delivery: not refunded (only part of the order is coming back, by a change of mind).";
  return [
    `${records}: ${formatPence(refund.itemsPence)} (what the customer paid for ${them}, after any discount).`,
    delivery,
    POSTAGE_WORDS[postage],
    `Total: ${formatPence(refund.amountPence)}, including VAT of ${formatPence(refund.vatPence)}.`,
  ];
}

/** Days the shop has to pay a return back once the goods arrive (reg. 34(4)–(6), see above). */
export const REFUND_DAYS_AFTER_RECEIPT = 14;

/** The last day (London) the money may go back: 14 days after the day the goods were received. */
export const refundByDate = (receivedOn: string): string => addDays(receivedOn, REFUND_DAYS_AFTER_RECEIPT);

/** A received return not paid back by its day. */
export function isRefundLate(r: { refundBy: string | null; status: ReturnStatus }, today: string): boolean {
  return r.refundBy !== null && r.status !== "refunded" && today > r.refundBy;
}
