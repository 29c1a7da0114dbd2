import { describe, expect, it } from "vitest";
import { orderTotals } from "./order-totals";
import {
  checkoutBlockedReason,
  EMPTY_CART_SUMMARY,
  itemsText,
  lineIssueText,
  toCartSummary,
  type CartSummaryLine,
} from "./cart-summary";

const line = (over: Partial<CartSummaryLine> = {}): CartSummaryLine => ({
  recordId: 1,
  title: "Blue Train",
  artist: "John Coltrane",
  coverUrl: "/media/covers/track-1.jpg",
  path: "/vinyl/1-john-coltrane-blue-train",
  pricePence: 2500,
  lineTotalPence: 5000,
  quantity: 2,
  maxQuantity: 5,
  isPreOrder: false,
  issue: null,
  ...over,
});

describe("toCartSummary", () => {
  it("is empty for an empty cart, without pricing", () => {
    expect(toCartSummary({ lines: [], discountCode: null }, null)).toEqual(EMPTY_CART_SUMMARY);
  });

  it("counts every record the shopper put in, flagged ones too, and keeps the priced totals", () => {
    const lines = [line(), line({ recordId: 2, quantity: 3, lineTotalPence: 0, issue: "out-of-stock", maxQuantity: 0 })];
    const totals = orderTotals([{ pricePence: 2500, quantity: 2 }]);
    const summary = toCartSummary(
      {
        lines: [
          { recordId: 1, quantity: 2 },
          { recordId: 2, quantity: 3 },
        ],
        discountCode: "NOPE",
      },
      { lines, totals, discount: { ok: false, code: "NOPE", message: "That discount code isn't valid." }, needsReview: true },
    );
    expect(summary.itemCount).toBe(5);
    expect(summary.totals).toEqual(totals);
    expect(summary.totals.itemCount).toBe(2);
    expect(summary.totals.shippingPence).toBe(400);
    expect(summary.discount).toEqual({ ok: false, code: "NOPE", message: "That discount code isn't valid." });
    expect(summary.needsReview).toBe(true);
    expect(summary.lines.map((l) => l.recordId)).toEqual([1, 2]);
  });

  it("passes on only the fields the pages show (nothing server-only)", () => {
    const priced = { ...line(), releaseDate: "2020-01-01", format: "LP", codeId: 3 };
    const summary = toCartSummary(
      { lines: [{ recordId: 1, quantity: 2 }], discountCode: null },
      { lines: [priced], totals: orderTotals([priced]), discount: null, needsReview: false },
    );
    expect(Object.keys(summary.lines[0]!).sort()).toEqual(Object.keys(line()).sort());
  });
});

describe("lineIssueText", () => {
  it("marks each kind of flagged line", () => {
    expect(lineIssueText(line({ issue: "unavailable" }))).toBe("No longer available");
    expect(lineIssueText(line({ issue: "out-of-stock" }))).toBe("Out of stock");
    expect(lineIssueText(line({ issue: "insufficient-stock", maxQuantity: 2 }))).toBe("Only 2 left — lower the quantity");
    expect(lineIssueText(line())).toBeNull();
  });
});

describe("checkoutBlockedReason", () => {
  it("holds checkout back while a line needs review, or when nothing can be bought", () => {
    const totals = orderTotals([{ pricePence: 100, quantity: 1 }]);
    expect(checkoutBlockedReason({ needsReview: false, totals })).toBeNull();
    expect(checkoutBlockedReason({ needsReview: true, totals })).toMatch(/Remove them or lower the quantity/);
    expect(checkoutBlockedReason({ needsReview: false, totals: orderTotals([]) })).toMatch(/Nothing in your cart/);
  });
});

describe("itemsText", () => {
  it("says item or items", () => {
    expect(itemsText(1)).toBe("1 item");
    expect(itemsText(0)).toBe("0 items");
    expect(itemsText(4)).toBe("4 items");
  });
});
