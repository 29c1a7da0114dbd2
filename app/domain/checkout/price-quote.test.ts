import { describe, expect, it } from "vitest";
import {
  amountDueOf,
  decodeQuote,
  encodeQuote,
  expectedTotalPenceSchema,
  PriceChangedError,
  quoteChanges,
  type NamedQuote,
} from "./price-quote";

const seen = {
  totalPence: 5600,
  shippingPence: 400,
  discountPence: 0,
  lines: [
    { recordId: 12, quantity: 1, unitPricePence: 2600 },
    { recordId: 15, quantity: 1, unitPricePence: 2600 },
  ],
};

const named = (quote: Omit<NamedQuote, "lines"> & { lines: NamedQuote["lines"] }) => quote;
const line = (recordId: number, quantity: number, unitPricePence: number) => ({
  recordId,
  quantity,
  unitPricePence,
  title: `Record ${recordId}`,
  artist: "The Band",
});

describe("the quote a checkout form carries", () => {
  it("reads back what it wrote", () => {
    expect(encodeQuote(seen)).toBe("t5600;s400;d0;12x1@2600,15x1@2600");
    expect(decodeQuote(encodeQuote(seen))).toEqual(seen);
    expect(decodeQuote(encodeQuote({ ...seen, lines: [] }))).toEqual({ ...seen, lines: [] });
  });

  it("reads anything else as no quote, never as a wrong one", () => {
    for (const text of [
      null,
      42,
      "",
      "t5600",
      "t1;s2;d3;1x1@",
      "t-1;s0;d0;",
      "t1;s2;d3;1x1@1,",
      `t1;s1;d1;${"1x1@1,".repeat(300)}1x1@1`,
    ]) {
      expect(decodeQuote(text), String(text)).toBeNull();
    }
  });
});

describe("what changed between the page and Pay", () => {
  it("names a line whose price moved, and the new total last", () => {
    const now = named({ totalPence: 20200, shippingPence: 400, discountPence: 0, lines: [line(12, 1, 9900), line(15, 1, 9900)] });
    expect(quoteChanges(seen, now, 5600)).toEqual([
      "“Record 12” by The Band is now £99.00 each (was £26.00).",
      "“Record 15” by The Band is now £99.00 each (was £26.00).",
      "The total is now £202.00 (was £56.00).",
    ]);
  });

  it("names delivery, the discount, a changed quantity, records added and gone", () => {
    const before = { ...seen, discountPence: 2600, totalPence: 3000 };
    const now = named({
      totalPence: 9952,
      shippingPence: 700,
      discountPence: 52,
      lines: [line(12, 3, 2600), line(20, 1, 1500)],
    });
    expect(quoteChanges(before, now, 3000)).toEqual([
      "“Record 12” by The Band: 3 copies now (was 1).",
      "“Record 20” by The Band is now in your order (1 × £15.00).",
      "A record is no longer in your order.",
      "Delivery is now £7.00 (was £4.00).",
      "Your discount is now £0.52 (was £26.00).",
      "The total is now £99.52 (was £30.00).",
    ]);
  });

  it("without the old quote (an API client), says the total alone", () => {
    const now = named({ totalPence: 5548, shippingPence: 400, discountPence: 52, lines: [line(12, 2, 2600)] });
    expect(quoteChanges(null, now, 3000)).toEqual(["The total is now £55.48 (was £30.00)."]);
  });
});

describe("gift vouchers in the quote", () => {
  it("carry their part with the form, and an old form without it reads as none", () => {
    const withVouchers = { ...seen, voucherPence: 2000 };
    expect(encodeQuote(withVouchers)).toBe("t5600;s400;d0;v2000;12x1@2600,15x1@2600");
    expect(decodeQuote(encodeQuote(withVouchers))).toEqual(withVouchers);
    expect(decodeQuote("t5600;s400;d0;12x1@2600")?.voucherPence).toBeUndefined();
    expect(amountDueOf(withVouchers)).toBe(3600);
  });

  it("a voucher balance that changed: what the vouchers pay now and what is left for the card, not the total", () => {
    const now = named({
      ...seen,
      voucherPence: 1500,
      lines: seen.lines.map((l) => line(l.recordId, l.quantity, l.unitPricePence)),
    });
    expect(quoteChanges({ ...seen, voucherPence: 2000 }, now, 5600, 3600)).toEqual([
      "Your gift vouchers now pay £15.00 (was £20.00).",
      "To pay by card is now £41.00 (was £36.00).",
    ]);
    // Without vouchers, what the card pays is the total: said once.
    const plain = named({
      ...seen,
      totalPence: 6000,
      lines: seen.lines.map((l) => line(l.recordId, l.quantity, l.unitPricePence)),
    });
    expect(quoteChanges(seen, plain, 5600, 5600)).toEqual(["The total is now £60.00 (was £56.00)."]);
    const error = new PriceChangedError(5600, now, 3600);
    expect(error.message).toBe(
      "Your gift voucher balance has changed since it was shown to you: the card would now pay £41.00, not £36.00. Nothing has been charged.",
    );
  });
});

describe("the expected total", () => {
  it("is a whole number of pence, zero or more", () => {
    expect(expectedTotalPenceSchema.safeParse(5600).success).toBe(true);
    expect(expectedTotalPenceSchema.safeParse(0).success).toBe(true);
    for (const bad of [-1, 1.5, "5600", Number.NaN, 1e20]) expect(expectedTotalPenceSchema.safeParse(bad).success).toBe(false);
  });
});
