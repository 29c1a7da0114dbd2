import { describe, it, expect } from "vitest";
import {
  cartItemCount,
  discountPence,
  grandTotalPence,
  itemsTotalPence,
  NEWSLETTER_DISCOUNT_PERCENT,
  SHIPPING_LARGE_FROM_ITEMS,
  SHIPPING_LARGE_PENCE,
  SHIPPING_SMALL_PENCE,
  shippingPence,
} from "./shipping";

describe("shippingPence (spec §9: £4 under 5 items, otherwise £7, Royal Mail)", () => {
  it("has the spec constants", () => {
    expect(SHIPPING_SMALL_PENCE).toBe(400);
    expect(SHIPPING_LARGE_PENCE).toBe(700);
    expect(SHIPPING_LARGE_FROM_ITEMS).toBe(5);
  });

  it("charges £4 for 1 to 4 items", () => {
    expect(shippingPence(1)).toBe(400);
    expect(shippingPence(4)).toBe(400);
  });

  it("charges £7 from 5 items", () => {
    expect(shippingPence(5)).toBe(700);
    expect(shippingPence(6)).toBe(700);
    expect(shippingPence(100)).toBe(700);
  });

  it("charges nothing for an empty cart or nonsense counts", () => {
    expect(shippingPence(0)).toBe(0);
    expect(shippingPence(-2)).toBe(0);
    expect(shippingPence(Number.NaN)).toBe(0);
  });
});

describe("grandTotalPence (items + shipping − discount, never below 0)", () => {
  it("adds shipping and subtracts the discount", () => {
    expect(grandTotalPence({ itemsPence: 2500, shippingPence: 400, discountPence: 250 })).toBe(2650);
  });

  it("defaults the discount to 0", () => {
    expect(grandTotalPence({ itemsPence: 1200, shippingPence: 400 })).toBe(1600);
  });

  it("never goes below 0", () => {
    expect(grandTotalPence({ itemsPence: 100, shippingPence: 0, discountPence: 5000 })).toBe(0);
    expect(grandTotalPence({ itemsPence: 0, shippingPence: 0, discountPence: 1 })).toBe(0);
  });
});

describe("cartItemCount / itemsTotalPence", () => {
  it("sums quantities", () => {
    expect(cartItemCount([{ quantity: 2 }, { quantity: 3 }])).toBe(5);
    expect(cartItemCount([])).toBe(0);
  });

  it("ignores zero, negative and non-numeric quantities", () => {
    expect(cartItemCount([{ quantity: 0 }, { quantity: -1 }, { quantity: Number.NaN }, { quantity: 1 }])).toBe(1);
  });

  it("totals unit price × quantity", () => {
    expect(
      itemsTotalPence([
        { pricePence: 1999, quantity: 2 },
        { pricePence: 1200, quantity: 1 },
      ]),
    ).toBe(5198);
    expect(itemsTotalPence([{ pricePence: 1999, quantity: 0 }])).toBe(0);
  });

  it("a cart of 5 records moves to the £7 rate", () => {
    const lines = [{ quantity: 3 }, { quantity: 2 }];
    expect(shippingPence(cartItemCount(lines))).toBe(700);
  });
});

describe("discountPence", () => {
  it("newsletter discount is 10%", () => {
    expect(NEWSLETTER_DISCOUNT_PERCENT).toBe(10);
    expect(discountPence(2900, NEWSLETTER_DISCOUNT_PERCENT)).toBe(290);
  });

  it("rounds down to whole pence", () => {
    expect(discountPence(1999, 10)).toBe(199); // 199.9
    expect(discountPence(9, 10)).toBe(0); // 0.9
    expect(discountPence(1000, 12.5)).toBe(125);
  });

  it("clamps the percentage and rejects nonsense", () => {
    expect(discountPence(1000, 150)).toBe(1000);
    expect(discountPence(1000, -10)).toBe(0);
    expect(discountPence(-1000, 10)).toBe(0);
    expect(discountPence(1000, Number.NaN)).toBe(0);
  });
});
