import { describe, expect, it } from "vitest";
import { GRADES } from "~/domain/catalogue/grades";
import { newPressingPrice, suggestUsedPrice, USED_PRICE_SHARE } from "./suggested-price";

const sale = (pricePence: number, mediaGrade: (typeof GRADES)[number], soldAt: string) => ({ pricePence, mediaGrade, soldAt });

describe("a used copy's suggested price", () => {
  it("is the median of the shop's last five sales of that pressing at that media grade", () => {
    const sales = [
      sale(900, "VG+", "2026-01-01T10:00:00Z"), // the oldest of six: left out
      sale(1500, "VG+", "2026-02-01T10:00:00Z"),
      sale(1200, "VG+", "2026-03-01T10:00:00Z"),
      sale(3000, "NM", "2026-03-02T10:00:00Z"), // another grade: left out
      sale(1800, "VG+", "2026-04-01T10:00:00Z"),
      sale(1400, "VG+", "2026-05-01T10:00:00Z"),
      sale(2500, "VG+", "2026-06-01T10:00:00Z"),
    ];
    expect(suggestUsedPrice({ mediaGrade: "VG+", sales, newPricePence: 2500 })).toEqual({
      pricePence: 1500,
      source: "sales",
      text: "the median of the last 5 sales at VG+",
    });
  });

  it("takes the mean of the middle two of an even number of sales, and says one sale plainly", () => {
    const two = [sale(1000, "VG", "2026-01-01T00:00:00Z"), sale(1301, "VG", "2026-01-02T00:00:00Z")];
    expect(suggestUsedPrice({ mediaGrade: "VG", sales: two, newPricePence: 2500 })).toMatchObject({ pricePence: 1151 });
    expect(suggestUsedPrice({ mediaGrade: "VG", sales: two.slice(0, 1), newPricePence: 2500 })).toEqual({
      pricePence: 1000,
      source: "sales",
      text: "the last sale at VG",
    });
  });

  it("falls back to a share of the new price by grade, to the nearest 50p, when no copy at that grade has sold", () => {
    const sales = [sale(3000, "NM", "2026-03-02T10:00:00Z")];
    expect(suggestUsedPrice({ mediaGrade: "VG+", sales, newPricePence: 2299 })).toEqual({
      pricePence: 1500,
      source: "new-price",
      text: "65% of the new price £22.99 at VG+",
    });
    expect(suggestUsedPrice({ mediaGrade: "P", sales: [], newPricePence: 2299 })).toMatchObject({ pricePence: 100 });
  });

  it("never suggests less than £1 nor more than the new price", () => {
    for (const g of GRADES) {
      const { pricePence } = suggestUsedPrice({ mediaGrade: g, sales: [], newPricePence: 100 });
      expect(pricePence).toBe(100);
      expect(USED_PRICE_SHARE[g]).toBeLessThanOrEqual(1);
    }
  });

  it("falls further with the grade", () => {
    const prices = GRADES.map((g) => suggestUsedPrice({ mediaGrade: g, sales: [], newPricePence: 5000 }).pricePence);
    expect([...prices].sort((a, b) => b - a)).toEqual(prices);
    expect(prices[0]).toBeGreaterThan(prices.at(-1)!);
  });
});

describe("a pressing made from a Discogs release", () => {
  it("gets a new price by its format", () => {
    expect(newPressingPrice("Vinyl LP")).toBe(2299);
    expect(newPressingPrice("Vinyl 2×LP")).toBe(3299);
    expect(newPressingPrice("Vinyl 7-inch")).toBe(799);
    expect(newPressingPrice(null)).toBe(2299);
  });
});
