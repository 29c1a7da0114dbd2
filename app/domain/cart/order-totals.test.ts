import { describe, expect, it } from "vitest";
import { orderTotals } from "./order-totals";

/** One line of `quantity` copies at `pricePence` each. */
const line = (pricePence: number, quantity: number) => ({ pricePence, quantity });

describe("orderTotals: VAT contained in the total (20%, i.e. total / 6 to the nearest penny)", () => {
  it("£20.00 of records + £4.00 shipping = £24.00, of which £4.00 is VAT", () => {
    expect(orderTotals([line(2000, 1)])).toEqual({
      itemCount: 1,
      itemsPence: 2000,
      shippingPence: 400,
      discountPence: 0,
      totalPence: 2400,
      vatPence: 400,
    });
  });

  it("rounds odd pennies to the nearest: 2 × £19.99 + £4 = £43.98 → 4398 / 6 = 733.0 → £7.33", () => {
    expect(orderTotals([line(1999, 2)])).toMatchObject({ itemsPence: 3998, totalPence: 4398, vatPence: 733 });
  });

  it("rounds down below the half penny: £6.03 + £4 = £10.03 → 1003 / 6 = 167.17 → £1.67", () => {
    expect(orderTotals([line(603, 1)])).toMatchObject({ totalPence: 1003, vatPence: 167 });
  });

  it("rounds up above the half penny: £6.01 + £4 = £10.01 → 1001 / 6 = 166.83 → £1.67", () => {
    expect(orderTotals([line(601, 1)])).toMatchObject({ totalPence: 1001, vatPence: 167 });
  });

  it("rounds an exact half penny up: £5.99 + £4 = £9.99 → 999 / 6 = 166.5 → £1.67", () => {
    expect(orderTotals([line(599, 1)])).toMatchObject({ totalPence: 999, vatPence: 167 });
  });

  it("counts shipping in the VAT: £1.00 + £4.00 = £5.00 → 500 / 6 = 83.33 → 83p", () => {
    expect(orderTotals([line(100, 1)])).toMatchObject({ itemsPence: 100, shippingPence: 400, totalPence: 500, vatPence: 83 });
  });
});

describe("orderTotals: the newsletter discount (10% of the items, rounded down to the penny)", () => {
  it("£29.99 → 299.9p → 299p off; total 2999 + 400 − 299 = 3100; VAT 3100 / 6 = 516.67 → 517", () => {
    expect(orderTotals([line(2999, 1)], 10)).toEqual({
      itemCount: 1,
      itemsPence: 2999,
      shippingPence: 400,
      discountPence: 299,
      totalPence: 3100,
      vatPence: 517,
    });
  });

  it("rounds 0.9p down, never up: £9.99 → 99.9p → 99p off", () => {
    expect(orderTotals([line(999, 1)], 10)).toMatchObject({ discountPence: 99, totalPence: 999 + 400 - 99 });
  });

  it("takes an exact 10% exactly: £29.00 → £2.90 off (no float drift to 289)", () => {
    expect(orderTotals([line(2900, 1)], 10)).toMatchObject({ discountPence: 290, totalPence: 2900 + 400 - 290 });
  });

  it("applies to the items only, never to shipping: 5 × £2.00 = £10.00 → £1.00 off, £7.00 shipping kept whole", () => {
    // 10% of (1000 + 700) would be 170; the rule gives 100.
    expect(orderTotals([line(200, 5)], 10)).toEqual({
      itemCount: 5,
      itemsPence: 1000,
      shippingPence: 700,
      discountPence: 100,
      totalPence: 1600,
      vatPence: 267, // 1600 / 6 = 266.67
    });
  });

  it("no discount by default and with 0%", () => {
    expect(orderTotals([line(2999, 1)]).discountPence).toBe(0);
    expect(orderTotals([line(2999, 1)], 0).discountPence).toBe(0);
  });
});

describe("orderTotals: shipping by number of records (quantities, not lines)", () => {
  it("4 records ship at £4", () => {
    expect(orderTotals([line(1000, 4)])).toMatchObject({ itemCount: 4, shippingPence: 400, totalPence: 4400 });
    expect(orderTotals([line(1000, 1), line(1000, 1), line(1000, 1), line(1000, 1)])).toMatchObject({
      itemCount: 4,
      shippingPence: 400,
    });
  });

  it("5 records ship at £7, whether one line of 5 or five lines of 1", () => {
    expect(orderTotals([line(1000, 5)])).toMatchObject({ itemCount: 5, itemsPence: 5000, shippingPence: 700, totalPence: 5700 });
    expect(orderTotals([line(1000, 1), line(1000, 1), line(1000, 1), line(1000, 1), line(1000, 1)])).toMatchObject({
      itemCount: 5,
      shippingPence: 700,
    });
  });

  it("two lines of 2 and 3 copies are 5 records → £7, although there are only 2 lines", () => {
    expect(orderTotals([line(1500, 2), line(1200, 3)])).toMatchObject({
      itemCount: 5,
      itemsPence: 3000 + 3600,
      shippingPence: 700,
      totalPence: 6600 + 700,
    });
  });

  it("many records still ship at £7", () => {
    expect(orderTotals([line(500, 10), line(500, 10)])).toMatchObject({ itemCount: 20, shippingPence: 700 });
  });
});

describe("orderTotals: sums and edge cases", () => {
  it("an empty cart is 0 everywhere (no shipping for nothing), with or without a code", () => {
    const zero = { itemCount: 0, itemsPence: 0, shippingPence: 0, discountPence: 0, totalPence: 0, vatPence: 0 };
    expect(orderTotals([])).toEqual(zero);
    expect(orderTotals([], 10)).toEqual(zero);
  });

  it("sums several lines: 2 × £19.99 + £25.00 + 3 × £8.99 with 10% off", () => {
    // items 3998 + 2500 + 2697 = 9195; 6 records → £7 shipping;
    // discount floor(919.5) = 919; total 9195 + 700 − 919 = 8976; VAT 8976 / 6 = 1496.
    expect(orderTotals([line(1999, 2), line(2500, 1), line(899, 3)], 10)).toEqual({
      itemCount: 6,
      itemsPence: 9195,
      shippingPence: 700,
      discountPence: 919,
      totalPence: 8976,
      vatPence: 1496,
    });
  });

  it("ignores lines with a quantity of 0 or below, in the count, the items and the shipping tier", () => {
    // Only the 4 copies at £10 count: items 4000, 4 records → £4.
    expect(orderTotals([line(1000, 4), line(5000, 0), line(5000, -3)])).toEqual({
      itemCount: 4,
      itemsPence: 4000,
      shippingPence: 400,
      discountPence: 0,
      totalPence: 4400,
      vatPence: 733, // 4400 / 6 = 733.33
    });
  });

  it("a cart of only empty lines is the empty cart", () => {
    expect(orderTotals([line(1000, 0), line(1000, -1)], 10)).toMatchObject({
      itemCount: 0,
      shippingPence: 0,
      totalPence: 0,
      vatPence: 0,
    });
  });

  it("a 100% code takes off every item but not the shipping: total is the £4 shipping", () => {
    // discount 2500 (all the items), total 2500 + 400 − 2500 = 400, VAT 400 / 6 = 66.67 → 67.
    expect(orderTotals([line(2500, 1)], 100)).toEqual({
      itemCount: 1,
      itemsPence: 2500,
      shippingPence: 400,
      discountPence: 2500,
      totalPence: 400,
      vatPence: 67,
    });
  });

  it("a percentage above 100 is capped: the discount never exceeds the items and the total never goes below 0", () => {
    // 2 records → £4 shipping; discount capped at the items (5000); total 5000 + 400 − 5000 = 400.
    expect(orderTotals([line(2500, 2)], 250)).toMatchObject({ discountPence: 5000, totalPence: 400, vatPence: 67 });
  });

  it("a free record (price 0) with a code: no discount, only the shipping", () => {
    expect(orderTotals([line(0, 2)], 10)).toEqual({
      itemCount: 2,
      itemsPence: 0,
      shippingPence: 400,
      discountPence: 0,
      totalPence: 400,
      vatPence: 67,
    });
  });
});

describe("a discount is never negative", () => {
  it("gives no discount on a negative item total (a bad price can never be turned into a surcharge)", () => {
    const totals = orderTotals([{ pricePence: -1000, quantity: 1 }], 10);
    expect(totals.discountPence).toBe(0);
  });
});

describe("orderTotals: a used copy sold under the margin scheme carries VAT on its margin only", () => {
  it("a new £20 record and a margin copy bought for £4 sold for £10, with £4 shipping: VAT £4.00 + £1.00", () => {
    const copy = { pricePence: 1000, quantity: 1, vatScheme: "margin" as const, purchasePricePence: 400 };
    expect(orderTotals([line(2000, 1), copy])).toMatchObject({ totalPence: 3400, vatPence: 500 });
  });

  it("a margin copy sold at a loss adds no VAT: only the new record and the shipping carry it", () => {
    const copy = { pricePence: 1000, quantity: 1, vatScheme: "margin" as const, purchasePricePence: 1200 };
    expect(orderTotals([line(2000, 1), copy])).toMatchObject({ totalPence: 3400, vatPence: 400 });
  });
});
