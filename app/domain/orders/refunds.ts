/**
 * The money of a refund, to the penny. Prices include 20% UK VAT, so a refund gives back VAT too; the VAT of
 * each refund is worked out on the running total refunded, so however an order is refunded in parts, the VAT
 * of its refunds adds up to exactly the VAT the order was charged once it is refunded in full.
 */
import { ValidationError } from "~/domain/shared/errors";
import { formatPence } from "~/domain/shared/money";

/** The money an order has, as far as refunding it goes. */
export interface RefundableOrder {
  totalPence: number;
  vatPence: number;
  itemsPence: number;
  discountPence: number;
  refundedPence: number;
}

/** What may still be given back: what was paid less what was already refunded (never below nothing). */
export function refundablePence(order: Pick<RefundableOrder, "totalPence" | "refundedPence">): number {
  return Math.max(0, order.totalPence - order.refundedPence);
}

/**
 * `vat × refunded ÷ total`, rounded half up to a whole penny, in integer arithmetic: the VAT given back once
 * `refundedPence` of the order's `totalPence` has been refunded.
 */
function vatOfRunningTotal(order: Pick<RefundableOrder, "totalPence" | "vatPence">, refundedPence: number): number {
  if (order.totalPence <= 0) return 0;
  return Math.floor((2 * order.vatPence * refundedPence + order.totalPence) / (2 * order.totalPence));
}

/**
 * The VAT contained in a refund of `amountPence`: the VAT of the running total after it less the VAT of the
 * running total before it, each rounded half up to the penny. The rounding of one part is made good by the
 * next, so the refunds' VAT telescopes to the order's VAT when the whole total has been refunded.
 */
export function refundVatPence(
  order: Pick<RefundableOrder, "totalPence" | "vatPence" | "refundedPence">,
  amountPence: number,
): number {
  const before = order.refundedPence;
  const after = Math.min(order.totalPence, before + amountPence);
  return vatOfRunningTotal(order, after) - vatOfRunningTotal(order, before);
}

/** A line as refunding it needs it. */
export interface RefundableLine {
  id: number;
  title: string;
  unitPricePence: number;
  quantity: number;
  refundedQuantity: number;
}

export interface LineRefund {
  lineId: number;
  quantity: number;
  amountPence: number;
}

/**
 * What the customer paid for `quantity` units of a line: their price less their share of the order's
 * discount (a percentage off the items, never off shipping), rounded down to the penny so a line refund never
 * gives back more than was paid for the goods.
 */
export function lineUnitsPaidPence(
  order: Pick<RefundableOrder, "itemsPence" | "discountPence">,
  unitPricePence: number,
  quantity: number,
): number {
  const gross = unitPricePence * quantity;
  if (order.itemsPence <= 0 || order.discountPence <= 0) return gross;
  return Math.floor((gross * (order.itemsPence - order.discountPence)) / order.itemsPence);
}

/**
 * The lines and units chosen for a refund, each checked against what is left of its line, with what they
 * cost the customer. Zero quantities are left out; a refund of no unit at all is refused.
 */
export function lineRefunds(
  order: Pick<RefundableOrder, "itemsPence" | "discountPence">,
  lines: readonly RefundableLine[],
  chosen: readonly { lineId: number; quantity: number }[],
): LineRefund[] {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const seen = new Set<number>();
  const out: LineRefund[] = [];
  for (const pick of chosen) {
    if (pick.quantity === 0) continue;
    const line = byId.get(pick.lineId);
    if (!line) throw new ValidationError("That line is not part of this order.");
    if (seen.has(line.id)) throw new ValidationError("Each line may appear once in a refund.");
    seen.add(line.id);
    const left = line.quantity - line.refundedQuantity;
    if (!Number.isSafeInteger(pick.quantity) || pick.quantity < 0) throw new ValidationError("Quantities must be whole numbers.");
    if (pick.quantity > left) {
      throw new ValidationError(
        left === 0
          ? `"${line.title}" has already been refunded in full.`
          : `Only ${left} of "${line.title}" can still be refunded.`,
      );
    }
    out.push({
      lineId: line.id,
      quantity: pick.quantity,
      amountPence: lineUnitsPaidPence(order, line.unitPricePence, pick.quantity),
    });
  }
  if (out.length === 0) throw new ValidationError("Choose at least one record to refund.");
  return out;
}

export type RefundPlan = {
  amountPence: number;
  vatPence: number;
  lines: LineRefund[];
  /** The part of the amount that gives back shipping. */
  shippingPence: number;
  /** Whether the order is refunded in full once this refund is made. */
  full: boolean;
};

export interface RefundRequest {
  lines?: readonly { lineId: number; quantity: number }[];
  /** Give back the shipping too (once only: `shippingLeftPence` is what is left of it). */
  shipping?: boolean;
  amountPence?: number;
}

/**
 * What a refund request comes to: chosen lines (their paid value) and the shipping if asked, an amount to the
 * penny instead, or, with none of these, everything still refundable (every unit left on every line and the
 * shipping). Never more than was paid less what was already refunded.
 */
export function planRefund(
  order: RefundableOrder,
  lines: readonly RefundableLine[],
  request: RefundRequest,
  shippingLeftPence = 0,
): RefundPlan {
  const left = refundablePence(order);
  if (left === 0) throw new ValidationError("This order has already been refunded in full.");
  if (request.shipping && shippingLeftPence <= 0) throw new ValidationError("The shipping has already been refunded.");
  const shipping = request.shipping ? shippingLeftPence : 0;
  let amountPence: number;
  let chosen: LineRefund[] = [];
  let shippingPence = shipping;
  if (request.lines && request.lines.some((l) => l.quantity > 0)) {
    chosen = lineRefunds(order, lines, request.lines);
    amountPence = request.amountPence ?? chosen.reduce((sum, l) => sum + l.amountPence, 0) + shipping;
  } else if (request.amountPence !== undefined) {
    amountPence = request.amountPence;
  } else if (request.shipping) {
    amountPence = shipping;
  } else {
    chosen = lines
      .filter((l) => l.quantity > l.refundedQuantity)
      .map((l) => {
        const quantity = l.quantity - l.refundedQuantity;
        return { lineId: l.id, quantity, amountPence: lineUnitsPaidPence(order, l.unitPricePence, quantity) };
      });
    amountPence = left;
    shippingPence = Math.max(0, shippingLeftPence);
  }
  if (!Number.isSafeInteger(amountPence) || amountPence <= 0) throw new ValidationError("A refund must be at least 1p.");
  if (amountPence > left) {
    throw new ValidationError(`At most ${formatPence(left)} can still be refunded.`);
  }
  return {
    amountPence,
    vatPence: refundVatPence(order, amountPence),
    lines: chosen,
    shippingPence: Math.min(shippingPence, amountPence),
    full: amountPence === left,
  };
}

/** What a refund will do, shown to the admin before it is made (nothing is written to work it out). */
export interface RefundReview {
  amountPence: number;
  vatPence: number;
  shippingPence: number;
  reason: string;
  /** Each line refunded, and whether its units go back in stock. */
  lines: { lineId: number; title: string; artist: string; quantity: number; amountPence: number; restock: boolean }[];
  /** Whether the order is refunded in full by it. */
  full: boolean;
}
