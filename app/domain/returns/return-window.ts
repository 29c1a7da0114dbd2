/**
 * How long a shopper has to send records back, counted from the day they were delivered. The shop promises 30
 * days for every reason, and the law's own periods are a floor the shop's promise can never go under:
 *
 * - Changing one's mind: the right to cancel a distance contract without giving a reason (Consumer Contracts
 *   (Information, Cancellation and Additional Charges) Regulations 2013, reg. 29), whose period for goods ends 14
 *   days after the day they come into the consumer's physical possession (reg. 30(3)).
 * - A fault (damaged, warped, wrong record, not as described): the short-term right to reject, which lasts to the
 *   end of 30 days beginning with the first day after the goods were delivered (Consumer Rights Act 2015, s. 22(3)).
 *   Both rights may be used before delivery too (CRA s. 22(5); CCR reg. 29 runs from the contract), so the window
 *   is open from dispatch.
 *
 * Nothing can be returned before it has left the shop: a paid order that has not shipped is cancelled instead
 * (the back office's cancel, which refunds everything).
 *
 * The delivery day is `orders.delivered_at` when the shop recorded it. Without it, the last day of the delivery
 * window after dispatch (DELIVERY_LEAD.standard.maxDays working days after the day it shipped) stands in: the
 * latest the parcel should arrive, so the estimate gives the shopper at least the time the law gives.
 */
import { DELIVERY_LEAD } from "~/domain/checkout/delivery";
import { addDays, formatDateGB, todayInLondon } from "~/domain/shared/dates";
import { addWorkingDays } from "~/domain/shared/working-days";
import { isShopFault, type ReturnReason } from "./return-reasons";

/** The shop's own promise: 30 days from delivery, whatever the reason. */
export const SHOP_RETURN_DAYS = 30;
/** CCR 2013 reg. 30(3): the cancellation period ends 14 days after the day of delivery. */
export const CANCELLATION_DAYS = 14;
/** CRA 2015 s. 22(3): the short-term right to reject lasts 30 days, beginning with the day after delivery. */
export const REJECTION_DAYS = 30;

/** What the window needs of an order: when it shipped and, if recorded, when it was delivered (ISO instants). */
export interface ShippedOrder {
  shippedAt: string | null;
  deliveredAt: string | null;
}

export interface ReturnWindow {
  /** The London date the records were (or are taken to have been) delivered. */
  deliveredOn: string;
  /** False when `deliveredOn` is the estimate (the last day of the delivery window after dispatch). */
  deliveryKnown: boolean;
  /** The last day a return may be started (inclusive). */
  closesOn: string;
}

const londonDate = (instant: string) => todayInLondon(new Date(instant));

/** The delivery day, known or estimated; null before the order has shipped. */
export function deliveryDayOf(order: ShippedOrder): { day: string; known: boolean } | null {
  if (order.deliveredAt) return { day: londonDate(order.deliveredAt), known: true };
  if (!order.shippedAt) return null;
  return { day: addWorkingDays(londonDate(order.shippedAt), DELIVERY_LEAD.standard.maxDays), known: false };
}

/** The law's days for a reason: a fault may be rejected for 30 days, a change of mind cancelled for 14. */
export const legalDays = (reason: ReturnReason) => (isShopFault(reason) ? REJECTION_DAYS : CANCELLATION_DAYS);

/**
 * The window for a return of `order` for `reason`: the longer of the shop's promise and the law's period, from
 * the delivery day. Null before dispatch (nothing to return yet). `shopDays` is there to show the floor holds.
 */
export function returnWindow(
  order: ShippedOrder,
  reason: ReturnReason,
  { shopDays = SHOP_RETURN_DAYS }: { shopDays?: number } = {},
): ReturnWindow | null {
  const delivery = deliveryDayOf(order);
  if (!delivery) return null;
  const days = Math.max(shopDays, legalDays(reason));
  return { deliveredOn: delivery.day, deliveryKnown: delivery.known, closesOn: addDays(delivery.day, days) };
}

/** Why a return cannot be started on `today` (London date), or null while the window is open. */
export function windowProblem(window: ReturnWindow, today: string): string | null {
  return today > window.closesOn ? `The time to return this order ended on ${formatDateGB(window.closesOn)}.` : null;
}
