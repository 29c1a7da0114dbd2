import { describe, expect, it } from "vitest";
import { marginOf, marginVatPence, MARGIN_COPY_NEEDS_PURCHASE_PRICE, saleBlockedReason } from "./margin-vat";

describe("margin-scheme VAT on one copy (Notice 718: VAT is the margin × the VAT fraction, 1/6 at 20%)", () => {
  it("bought for £4, sold for £10: a £6 margin carries £1.00 VAT", () => {
    expect(marginOf(1000, 400)).toBe(600);
    expect(marginVatPence(1000, 400)).toBe(100);
  });

  it("bought for £12, sold for £10: a loss carries no VAT (never negative)", () => {
    expect(marginOf(1000, 1200)).toBe(-200);
    expect(marginVatPence(1000, 1200)).toBe(0);
  });

  it("sold for what it cost: no margin, no VAT", () => {
    expect(marginVatPence(850, 850)).toBe(0);
  });

  it("rounds the VAT fraction to the nearest penny, a half penny up", () => {
    // £1,000 margin: 16,666.67p → £166.67.
    expect(marginVatPence(300_000, 200_000)).toBe(16_667);
    // 3p margin: 0.5p → 1p; 2p margin: 0.33p → 0p.
    expect(marginVatPence(403, 400)).toBe(1);
    expect(marginVatPence(402, 400)).toBe(0);
  });

  it("a copy given free with a collection (bought for £0) carries VAT on its whole price", () => {
    expect(marginVatPence(600, 0)).toBe(100);
  });
});

describe("a margin-scheme copy needs its purchase price before it can be sold", () => {
  it("refuses a margin copy without a purchase price, and says what to do", () => {
    expect(saleBlockedReason({ vatScheme: "margin", purchasePricePence: null })).toBe(MARGIN_COPY_NEEDS_PURCHASE_PRICE);
    expect(MARGIN_COPY_NEEDS_PURCHASE_PRICE).toMatch(/price paid/i);
  });

  it("lets a margin copy with a price (even £0) and any standard-rated record be sold", () => {
    expect(saleBlockedReason({ vatScheme: "margin", purchasePricePence: 400 })).toBeNull();
    expect(saleBlockedReason({ vatScheme: "margin", purchasePricePence: 0 })).toBeNull();
    expect(saleBlockedReason({ vatScheme: "standard", purchasePricePence: null })).toBeNull();
  });
});
