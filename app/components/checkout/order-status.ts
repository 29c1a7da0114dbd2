import type { OrderStatus } from "../../../server/services/orders";

/** An order's status as customers read it. */
export const ORDER_STATUS_WORDS: Record<OrderStatus, string> = {
  pending_payment: "Awaiting payment",
  paid: "Paid",
  shipped: "Shipped",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

export function orderStatusWords(status: OrderStatus): string {
  return ORDER_STATUS_WORDS[status] ?? status;
}

/** Where an order's own page is (the confirmation page doubles as it). */
export function orderPath(orderNumber: string): string {
  return `/payment-confirmation?order=${encodeURIComponent(orderNumber)}`;
}
