import { describe, expect, it } from "vitest";
import { ORDER_STATUSES, type OrderStatus } from "~/domain/orders/order-status";
import { countsAsOrder, lifetimeSpendPence, orderSpendPence, SPEND_STATUSES } from "./lifetime-spend";

const order = (status: OrderStatus, totalPence: number, refundedPence = 0) => ({ status, totalPence, refundedPence });

describe("a customer's lifetime spend", () => {
  it("adds what paid orders cost, less what was refunded of them", () => {
    expect(
      lifetimeSpendPence([order("paid", 2500), order("delivered", 4000, 1500), order("partially_refunded", 3000, 1000)]),
    ).toBe(2500 + 2500 + 2000);
  });

  it("leaves out orders not paid for and orders called off, and a wholly refunded order adds nothing", () => {
    expect(
      lifetimeSpendPence([
        order("pending_payment", 9999),
        order("payment_failed", 9999),
        order("cancelled", 9999),
        order("refunded", 3000, 3000),
        order("shipped", 1200),
      ]),
    ).toBe(1200);
  });

  it("never counts an order below nothing, and is 0 for a customer with no orders", () => {
    expect(orderSpendPence(order("paid", 1000, 1500))).toBe(0);
    expect(lifetimeSpendPence([])).toBe(0);
  });

  it("counts every status in SPEND_STATUSES and no other (the SQL reads the same list)", () => {
    for (const status of ORDER_STATUSES) {
      expect(orderSpendPence(order(status, 500)) > 0, status).toBe((SPEND_STATUSES as readonly string[]).includes(status));
    }
  });

  it("counts as an order everything the customer paid for (or saved a card to pay for at dispatch), whatever happened to it since", () => {
    expect(ORDER_STATUSES.filter(countsAsOrder)).toEqual([
      "card_saved",
      "paid",
      "packed",
      "shipped",
      "delivered",
      "cancelled",
      "partially_refunded",
      "refunded",
    ]);
  });
});
