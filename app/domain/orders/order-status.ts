// Free of zod: the status words and order paths are on many pages, shop and back office, and a module that ten
// or more pages share joins the first load (vite.config.ts). The schemas are in order-status-schema.ts.

/**
 * Every state an order can be in (stored as text in orders.status). The happy path runs
 * pending_payment → paid → packed → shipped → delivered; payment_failed is a card that was declined or a
 * payment page left unpaid (never shown to the customer as "Cancelled": nothing was ordered), cancelled is a
 * paid order the shop called off before dispatch, and refunds may follow payment at any later step.
 */
export const ORDER_STATUSES = [
  "pending_payment",
  "payment_failed",
  "card_saved",
  "paid",
  "packed",
  "shipped",
  "delivered",
  "cancelled",
  "partially_refunded",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An order's status as customers read it. */
export const ORDER_STATUS_WORDS: Record<OrderStatus, string> = {
  pending_payment: "Awaiting payment",
  payment_failed: "Payment not taken",
  card_saved: "Card saved: charged when it ships",
  paid: "Paid",
  packed: "Packed",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  partially_refunded: "Partly refunded",
  refunded: "Refunded",
};

export function orderStatusWords(status: OrderStatus): string {
  return ORDER_STATUS_WORDS[status] ?? status;
}

/**
 * The only moves an order can make; anything else is refused. Refunds are reached through a refund (which
 * decides between partial and full by the amount), never set by hand, but they are listed so the rule is whole.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ["paid", "payment_failed", "card_saved"],
  payment_failed: [],
  // A pre-order charged at dispatch: charged (paid) when it ships, or called off (its copy held 72 hours after a
  // declined charge, then released).
  card_saved: ["paid", "cancelled"],
  paid: ["packed", "shipped", "cancelled", "partially_refunded", "refunded"],
  packed: ["shipped", "paid", "cancelled", "partially_refunded", "refunded"],
  shipped: ["delivered", "partially_refunded", "refunded"],
  delivered: ["partially_refunded", "refunded"],
  cancelled: ["refunded"],
  partially_refunded: ["partially_refunded", "refunded"],
  refunded: [],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** The fulfilment timestamps an order keeps whatever its status says. */
export interface OrderProgress {
  packedAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
}

/**
 * Where an order stands for packing and posting. A partial refund names the order "partially_refunded", which
 * no longer says whether it was packed or posted; its timestamps do, so one refunded line does not stop the
 * rest of the order being sent.
 */
export function fulfilmentStatus(status: OrderStatus, progress: OrderProgress): OrderStatus {
  if (status !== "partially_refunded") return status;
  return progress.deliveredAt ? "delivered" : progress.shippedAt ? "shipped" : progress.packedAt ? "packed" : "paid";
}

/** Statuses in which money was taken and not (wholly) given back: what revenue figures count. */
export const REVENUE_STATUSES = [
  "paid",
  "packed",
  "shipped",
  "delivered",
  "partially_refunded",
] as const satisfies readonly OrderStatus[];

/** Before dispatch: the goods are still on the shelf, so cancelling returns them to stock. */
export function isBeforeDispatch(status: OrderStatus): boolean {
  return status === "paid" || status === "packed";
}

/** Where an order's own page is (the confirmation page doubles as it). */
export function orderPath(orderNumber: string): string {
  return `/payment-confirmation?order=${encodeURIComponent(orderNumber)}`;
}
