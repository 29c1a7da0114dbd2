import { describe, expect, it } from "vitest";
import { ValidationError } from "~/domain/shared/errors";
import { vatIncludedPence } from "~/domain/shared/money";
import { lineRefunds, lineUnitsPaidPence, planRefund, refundablePence, refundVatPence, type RefundableLine } from "./refunds";

const order = (
  totalPence: number,
  extra: Partial<{ refundedPence: number; itemsPence: number; discountPence: number }> = {},
) => ({
  totalPence,
  vatPence: vatIncludedPence(totalPence),
  itemsPence: extra.itemsPence ?? totalPence,
  discountPence: extra.discountPence ?? 0,
  refundedPence: extra.refundedPence ?? 0,
});

describe("refundablePence", () => {
  it("is what was paid less what was refunded, never below nothing", () => {
    expect(refundablePence({ totalPence: 5000, refundedPence: 0 })).toBe(5000);
    expect(refundablePence({ totalPence: 5000, refundedPence: 1234 })).toBe(3766);
    expect(refundablePence({ totalPence: 5000, refundedPence: 5000 })).toBe(0);
    expect(refundablePence({ totalPence: 5000, refundedPence: 6000 })).toBe(0);
  });
});

describe("refundVatPence", () => {
  it("is a sixth of a whole refund, exactly the order's VAT", () => {
    const o = order(3598); // VAT 599.67 → 600
    expect(o.vatPence).toBe(600);
    expect(refundVatPence(o, 3598)).toBe(600);
  });

  it("rounds half up on the running total: £10.00 of £35.98 carries 167p (1000 × 600 / 3598 = 166.76)", () => {
    expect(refundVatPence(order(3598), 1000)).toBe(167);
    // 1p of a £1.00 order: 17 × 1 / 100 = 0.17 → 0
    expect(refundVatPence(order(100), 1)).toBe(0);
  });

  it("the VAT of partial refunds adds up to the order's VAT when the order is refunded in full, however it is split", () => {
    for (const total of [1, 7, 100, 2599, 3598, 4999, 12345, 99999]) {
      const vat = vatIncludedPence(total);
      for (const parts of [2, 3, 7, 13]) {
        let refunded = 0;
        let vatSum = 0;
        let seed = total * 31 + parts;
        while (refunded < total) {
          seed = (seed * 1103515245 + 12345) % 2 ** 31;
          const left = total - refunded;
          const amount = left <= parts ? left : 1 + (seed % Math.ceil(left / 2));
          const part = refundVatPence({ totalPence: total, vatPence: vat, refundedPence: refunded }, amount);
          expect(part).toBeGreaterThanOrEqual(0);
          vatSum += part;
          refunded += amount;
        }
        expect(vatSum).toBe(vat);
      }
    }
  });

  it("never counts past the order's total", () => {
    const o = order(1000, { refundedPence: 900 });
    expect(refundVatPence(o, 500)).toBe(refundVatPence(o, 100));
  });

  it("is 0 for an order of nothing", () => {
    expect(refundVatPence({ totalPence: 0, vatPence: 0, refundedPence: 0 }, 10)).toBe(0);
  });
});

const lines: RefundableLine[] = [
  { id: 1, title: "Kind of Blue", unitPricePence: 2999, quantity: 2, refundedQuantity: 0 },
  { id: 2, title: "Blue Train", unitPricePence: 2499, quantity: 1, refundedQuantity: 1 },
  { id: 3, title: "Giant Steps", unitPricePence: 1999, quantity: 3, refundedQuantity: 1 },
];

describe("lineUnitsPaidPence", () => {
  it("is the price times the quantity without a discount", () => {
    expect(lineUnitsPaidPence({ itemsPence: 10_000, discountPence: 0 }, 2999, 2)).toBe(5998);
  });
  it("takes off the units' share of a discount, rounded down to the penny", () => {
    // 10% off 9997p of items: 5998 × 8998 / 9997 = 5398.6… → 5398
    expect(lineUnitsPaidPence({ itemsPence: 9997, discountPence: 999 }, 2999, 2)).toBe(5398);
  });
});

describe("lineRefunds", () => {
  const o = { itemsPence: 13_994, discountPence: 0 };
  it("prices each chosen line and leaves out zero quantities", () => {
    expect(
      lineRefunds(o, lines, [
        { lineId: 1, quantity: 1 },
        { lineId: 3, quantity: 2 },
        { lineId: 2, quantity: 0 },
      ]),
    ).toEqual([
      { lineId: 1, quantity: 1, amountPence: 2999 },
      { lineId: 3, quantity: 2, amountPence: 3998 },
    ]);
  });
  it("refuses more than is left of a line, a line refunded in full, a stranger line, a repeated line and nothing at all", () => {
    expect(() => lineRefunds(o, lines, [{ lineId: 3, quantity: 3 }])).toThrow('Only 2 of "Giant Steps" can still be refunded.');
    expect(() => lineRefunds(o, lines, [{ lineId: 2, quantity: 1 }])).toThrow('"Blue Train" has already been refunded in full.');
    expect(() => lineRefunds(o, lines, [{ lineId: 9, quantity: 1 }])).toThrow(ValidationError);
    expect(() =>
      lineRefunds(o, lines, [
        { lineId: 1, quantity: 1 },
        { lineId: 1, quantity: 1 },
      ]),
    ).toThrow("once");
    expect(() => lineRefunds(o, lines, [{ lineId: 1, quantity: 0 }])).toThrow("Choose at least one record");
    expect(() => lineRefunds(o, lines, [{ lineId: 1, quantity: -1 }])).toThrow(ValidationError);
  });
});

describe("planRefund", () => {
  const paid = { totalPence: 12_345, vatPence: vatIncludedPence(12_345), itemsPence: 11_996, discountPence: 0, refundedPence: 0 };

  it("with nothing chosen, refunds everything still refundable and every unit left", () => {
    const plan = planRefund({ ...paid, refundedPence: 2499 }, lines, {});
    expect(plan.amountPence).toBe(12_345 - 2499);
    expect(plan.full).toBe(true);
    expect(plan.lines.map((l) => [l.lineId, l.quantity])).toEqual([
      [1, 2],
      [3, 2],
    ]);
  });

  it("an amount to the penny, with its VAT", () => {
    const plan = planRefund(paid, lines, { amountPence: 1234 });
    expect(plan).toEqual({ amountPence: 1234, vatPence: refundVatPence(paid, 1234), lines: [], shippingPence: 0, full: false });
  });

  it("the shipping with chosen lines, or alone, once only", () => {
    const both = planRefund(paid, lines, { lines: [{ lineId: 1, quantity: 1 }], shipping: true }, 399);
    expect(both).toMatchObject({ amountPence: 2999 + 399, shippingPence: 399 });
    expect(planRefund(paid, lines, { shipping: true }, 399)).toMatchObject({ amountPence: 399, shippingPence: 399, lines: [] });
    expect(() => planRefund(paid, lines, { shipping: true }, 0)).toThrow("The shipping has already been refunded.");
  });

  it("chosen lines refund what they cost", () => {
    const plan = planRefund(paid, lines, { lines: [{ lineId: 1, quantity: 1 }] });
    expect(plan.amountPence).toBe(2999);
    expect(plan.vatPence).toBe(500); // 2999 × 2058 / 12345 = 499.95 → 500
    expect(plan.full).toBe(false);
  });

  it("never more than was paid less what was refunded", () => {
    expect(() => planRefund({ ...paid, refundedPence: 12_000 }, lines, { amountPence: 346 })).toThrow(
      "At most £3.45 can still be refunded.",
    );
    expect(planRefund({ ...paid, refundedPence: 12_000 }, lines, { amountPence: 345 }).full).toBe(true);
    expect(() => planRefund({ ...paid, refundedPence: 12_345 }, lines, {})).toThrow("already been refunded in full");
    expect(() => planRefund(paid, lines, { amountPence: 0 })).toThrow("at least 1p");
  });
});
