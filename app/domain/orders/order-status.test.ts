import { describe, expect, it } from "vitest";
import {
  ORDER_STATUSES,
  canMoveOrder,
  fulfilmentStatus,
  isBeforeDispatch,
  orderPath,
  orderStatusWords,
  type OrderStatus,
} from "./order-status";

describe("order status in words", () => {
  it("names every status", () => {
    expect(orderStatusWords("pending_payment")).toBe("Awaiting payment");
    expect(orderStatusWords("payment_failed")).toBe("Payment not taken");
    expect(orderStatusWords("paid")).toBe("Paid");
    expect(orderStatusWords("packed")).toBe("Packed");
    expect(orderStatusWords("shipped")).toBe("Shipped");
    expect(orderStatusWords("delivered")).toBe("Delivered");
    expect(orderStatusWords("cancelled")).toBe("Cancelled");
    expect(orderStatusWords("partially_refunded")).toBe("Partly refunded");
    expect(orderStatusWords("refunded")).toBe("Refunded");
  });

  it("links an order to its confirmation page", () => {
    expect(orderPath("ND-ABCD2345")).toBe("/payment-confirmation?order=ND-ABCD2345");
  });
});

describe("order state machine", () => {
  // Every allowed move, written out independently of the table in the rule: all other pairs must be refused.
  const allowed = new Set([
    "pending_payment>paid",
    "pending_payment>payment_failed",
    "pending_payment>card_saved",
    "card_saved>paid",
    "card_saved>cancelled",
    "paid>packed",
    "paid>shipped",
    "paid>cancelled",
    "paid>partially_refunded",
    "paid>refunded",
    "packed>shipped",
    "packed>paid",
    "packed>cancelled",
    "packed>partially_refunded",
    "packed>refunded",
    "shipped>delivered",
    "shipped>partially_refunded",
    "shipped>refunded",
    "delivered>partially_refunded",
    "delivered>refunded",
    "cancelled>refunded",
    "partially_refunded>partially_refunded",
    "partially_refunded>refunded",
  ]);

  it.each(ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as [OrderStatus, OrderStatus])))(
    "%s → %s",
    (from, to) => {
      expect(canMoveOrder(from, to)).toBe(allowed.has(`${from}>${to}`));
    },
  );

  it("never leaves a final state", () => {
    for (const to of ORDER_STATUSES) {
      expect(canMoveOrder("refunded", to)).toBe(false);
      expect(canMoveOrder("payment_failed", to)).toBe(false);
    }
  });

  it("cannot ship or deliver an unpaid order", () => {
    expect(canMoveOrder("pending_payment", "shipped")).toBe(false);
    expect(canMoveOrder("pending_payment", "packed")).toBe(false);
    expect(canMoveOrder("pending_payment", "delivered")).toBe(false);
  });

  it("cancels only before dispatch", () => {
    expect(isBeforeDispatch("paid")).toBe(true);
    expect(isBeforeDispatch("packed")).toBe(true);
    for (const s of ["pending_payment", "shipped", "delivered", "refunded", "cancelled"] as const)
      expect(isBeforeDispatch(s)).toBe(false);
    expect(canMoveOrder("shipped", "cancelled")).toBe(false);
  });
});

describe("fulfilment status", () => {
  const none = { packedAt: null, shippedAt: null, deliveredAt: null };
  it("is the status itself, except for a partly refunded order, whose timestamps say where it stands", () => {
    expect(fulfilmentStatus("paid", none)).toBe("paid");
    expect(fulfilmentStatus("shipped", { ...none, packedAt: "x" })).toBe("shipped");
    expect(fulfilmentStatus("partially_refunded", none)).toBe("paid");
    expect(fulfilmentStatus("partially_refunded", { ...none, packedAt: "x" })).toBe("packed");
    expect(fulfilmentStatus("partially_refunded", { packedAt: "x", shippedAt: "y", deliveredAt: null })).toBe("shipped");
    expect(fulfilmentStatus("partially_refunded", { packedAt: "x", shippedAt: "y", deliveredAt: "z" })).toBe("delivered");
  });

  it("lets a partly refunded order that was never sent be packed and posted, and not a delivered one", () => {
    expect(canMoveOrder(fulfilmentStatus("partially_refunded", none), "packed")).toBe(true);
    const delivered = fulfilmentStatus("partially_refunded", { packedAt: "x", shippedAt: "y", deliveredAt: "z" });
    expect(canMoveOrder(delivered, "packed")).toBe(false);
    expect(canMoveOrder(delivered, "shipped")).toBe(false);
  });
});
