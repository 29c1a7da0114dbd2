import { describe, expect, it } from "vitest";
import { vatIncludedPence } from "~/domain/shared/money";
import { orderVat, shareByWeight } from "./order-vat";

const newRecord = { pricePence: 2000, quantity: 1, vatScheme: "standard" as const, purchasePricePence: null };
const marginCopy = { pricePence: 1000, quantity: 1, vatScheme: "margin" as const, purchasePricePence: 400 };

describe("shareByWeight", () => {
  it("shares a sum in proportion, the pennies left over going to the largest remainders", () => {
    expect(shareByWeight(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareByWeight(500, [2000, 1000])).toEqual([333, 167]);
    expect(shareByWeight(0, [5, 5])).toEqual([0, 0]);
    expect(shareByWeight(7, [0, 0])).toEqual([0, 0]);
  });
});

describe("an order's VAT, line by line", () => {
  it("a mixed order: the new record carries 20% (1/6 of its price), the margin copy 1/6 of its margin, shipping 1/6", () => {
    const vat = orderVat([newRecord, marginCopy], { discountPence: 0, shippingPence: 400 });
    // Standard part: £20 + £4 shipping = £24 → £4.00, shared £3.33 / £0.67.
    expect(vat.lines).toEqual([
      { vatScheme: "standard", sellingPence: 2000, vatPence: 333 },
      { vatScheme: "margin", sellingPence: 1000, vatPence: 100 },
    ]);
    expect(vat.shippingVatPence).toBe(67);
    expect(vat.standardVatPence).toBe(400);
    expect(vat.marginVatPence).toBe(100);
    expect(vat.vatPence).toBe(500);
    // Not the old "one-sixth of everything" (£34 → £5.67).
    expect(vat.vatPence).not.toBe(vatIncludedPence(3400));
  });

  it("a standard-only order keeps the VAT it always had: one-sixth of the whole total", () => {
    const lines = [
      { ...newRecord, pricePence: 1999 },
      { ...newRecord, pricePence: 1501, quantity: 2 },
    ];
    const vat = orderVat(lines, { discountPence: 250, shippingPence: 400 });
    const total = 1999 + 3002 - 250 + 400;
    expect(vat.vatPence).toBe(vatIncludedPence(total));
    expect(vat.lines.reduce((s, l) => s + l.vatPence, 0) + vat.shippingVatPence).toBe(vat.vatPence);
  });

  it("a discount lowers each line's selling price in proportion, so it lowers a margin copy's margin too", () => {
    // £30 of goods, £3 off: the new record sells for £18, the copy for £9 (margin £5 → 83p).
    const vat = orderVat([newRecord, marginCopy], { discountPence: 300, shippingPence: 400 });
    expect(vat.lines.map((l) => l.sellingPence)).toEqual([1800, 900]);
    expect(vat.lines[1]!.vatPence).toBe(83);
    expect(vat.standardVatPence).toBe(vatIncludedPence(1800 + 400));
  });

  it("margin copies are never netted: a loss on one does not lower the VAT on another", () => {
    const loss = { ...marginCopy, purchasePricePence: 1200 };
    const vat = orderVat([marginCopy, loss], { discountPence: 0, shippingPence: 0 });
    expect(vat.lines.map((l) => l.vatPence)).toEqual([100, 0]);
    expect(vat.marginVatPence).toBe(100);
  });

  it("a margin line of several units works the margin unit by unit", () => {
    const two = { ...marginCopy, quantity: 2, purchasePricePence: 400 };
    expect(orderVat([two], { discountPence: 0, shippingPence: 0 }).lines[0]!.vatPence).toBe(200);
  });
});
