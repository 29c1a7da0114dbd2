import { describe, expect, it } from "vitest";
import { cartBoughtBy, withOrderToken } from "./order-access";

const token = (n: number) => `token-${String(n).padStart(4, "0")}-abcdefghij`;

describe("adding a token", () => {
  it("puts the newest first and moves one already held to the front", () => {
    expect(withOrderToken([], token(1))).toEqual([token(1)]);
    expect(withOrderToken([token(1), token(2)], token(3))).toEqual([token(3), token(1), token(2)]);
    expect(withOrderToken([token(1), token(2)], token(2))).toEqual([token(2), token(1)]);
  });

  it("lets the oldest drop off past 5", () => {
    const five = [1, 2, 3, 4, 5].map(token);
    expect(withOrderToken(five, token(6))).toEqual([6, 1, 2, 3, 4].map(token));
  });

  it("refuses a malformed token", () => {
    expect(withOrderToken([token(1)], "bad token")).toEqual([token(1)]);
  });
});

describe("cartBoughtBy", () => {
  const now = new Date("2026-11-22T12:00:00.000Z");
  const order = {
    status: "pending_payment",
    createdAt: "2026-11-22T11:45:00.000Z",
    lines: [
      { recordId: 1, quantity: 2 },
      { recordId: 5, quantity: 1 },
    ],
  };

  it("is true for the same records and quantities, in any order, of an order just placed", () => {
    expect(
      cartBoughtBy(
        [
          { recordId: 5, quantity: 1 },
          { recordId: 1, quantity: 2 },
        ],
        order,
        now,
      ),
    ).toBe(true);
    expect(cartBoughtBy(order.lines, { ...order, status: "paid" }, now)).toBe(true);
  });

  it("is false for a cart changed since, or an empty one", () => {
    expect(cartBoughtBy([], order, now)).toBe(false);
    expect(cartBoughtBy([{ recordId: 1, quantity: 2 }], order, now)).toBe(false);
    expect(
      cartBoughtBy(
        [
          { recordId: 1, quantity: 1 },
          { recordId: 5, quantity: 1 },
        ],
        order,
        now,
      ),
    ).toBe(false);
    expect(cartBoughtBy([...order.lines, { recordId: 9, quantity: 1 }], order, now)).toBe(false);
  });

  it("is false for a cancelled order, or one placed more than an hour ago", () => {
    expect(cartBoughtBy(order.lines, { ...order, status: "cancelled" }, now)).toBe(false);
    expect(cartBoughtBy(order.lines, { ...order, createdAt: "2026-11-22T11:00:00.000Z" }, now)).toBe(true);
    expect(cartBoughtBy(order.lines, { ...order, createdAt: "2026-11-22T10:59:59.000Z" }, now)).toBe(false);
    expect(cartBoughtBy(order.lines, { ...order, createdAt: "not a date" }, now)).toBe(false);
  });
});
