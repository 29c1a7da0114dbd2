/**
 * What a customer has spent with the shop, for the back office's customer list and page (docs/decisions/0070).
 * Pure, so the page, the CSV and the SQL that sorts by it read one rule; the service's test holds its SQL to this.
 */
import { REVENUE_STATUSES, type OrderStatus } from "~/domain/orders/order-status";

/**
 * Orders whose money counts: paid and not called off. A wholly refunded order is listed too, though what it adds
 * is nothing (its total less its refunds); one awaiting payment, whose payment failed, or cancelled adds nothing.
 */
export const SPEND_STATUSES = [...REVENUE_STATUSES, "refunded"] as const satisfies readonly OrderStatus[];

/**
 * An order the customer placed and paid for (or saved a card to pay for when its pre-order ships), whatever happened
 * to it since: what "orders" counts. A saved card adds nothing to the spend until it is charged.
 */
export function countsAsOrder(status: OrderStatus): boolean {
  return status !== "pending_payment" && status !== "payment_failed";
}

export interface SpendOrder {
  status: OrderStatus;
  totalPence: number;
  refundedPence: number;
}

/** One order's part of the spend: its total less what was refunded, never below nothing; 0 when it does not count. */
export function orderSpendPence(order: SpendOrder): number {
  if (!(SPEND_STATUSES as readonly string[]).includes(order.status)) return 0;
  return Math.max(0, order.totalPence - order.refundedPence);
}

/** Lifetime spend in whole pence: the sum over the customer's orders. */
export function lifetimeSpendPence(orders: readonly SpendOrder[]): number {
  return orders.reduce((sum, o) => sum + orderSpendPence(o), 0);
}
