/**
 * Why a shopper sends a record back, and where a return stands. The shop's fault (damaged, faulty, wrong
 * record, not as described) and the shopper's change of mind are treated differently by the rules in this
 * folder: who pays the postage, whether the delivery charge comes back, and how long the shopper has.
 */
export const RETURN_REASONS = ["damaged", "faulty", "wrong_record", "not_as_described", "changed_mind"] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: "Arrived damaged",
  faulty: "Warped or faulty",
  wrong_record: "Wrong record sent",
  not_as_described: "Not as described (used grading)",
  changed_mind: "Changed my mind",
};

/** Every reason but a change of mind is the shop's fault: it pays the return postage and the delivery back. */
export const isShopFault = (reason: ReturnReason) => reason !== "changed_mind";

/**
 * requested → approved | refused; approved → received; received → refunded (money or store credit).
 * A refused return is closed; the shopper may start another for the same lines.
 */
export const RETURN_STATUSES = ["requested", "approved", "refused", "received", "refunded"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: "Requested",
  approved: "Approved",
  refused: "Refused",
  received: "Received",
  refunded: "Refunded",
};

/** How the money comes back: to the card (or other payment) the order was paid with, or as store credit. */
export const REFUND_METHODS = ["original_payment", "store_credit"] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** What the back office does with each returned unit once it is inspected. */
export const RETURN_LINE_OUTCOMES = ["restock", "used", "write_off"] as const;
export type ReturnLineOutcome = (typeof RETURN_LINE_OUTCOMES)[number];
