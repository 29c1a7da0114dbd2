import { z } from "~/domain/shared/zod";

/** Every state an order can be in (stored as text in orders.status). */
export const ORDER_STATUSES = ["pending_payment", "paid", "shipped", "cancelled", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

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

/** "ND-" and 8 base32 characters (see newOrderNumber in the orders service). */
export const orderNumberSchema = z.string().regex(/^ND-[A-Z2-7]{8}$/, "not an order number");
