import { describe, it, expect } from "vitest";
import {
  formatPence,
  formatPrice,
  parsePrice,
  parsePriceToPence,
  penceToDecimalString,
  poundsToPence,
  vatIncludedPence,
  VAT_RATE_PERCENT,
} from "./money";

describe("parsePrice (spec §5: strip £, invalid counts as 0)", () => {
  it("strips the £ sign and parses pounds", () => {
    expect(parsePrice("£12.00")).toBe(12);
    expect(parsePrice("£19.99")).toBe(19.99);
    expect(parsePrice("12.5")).toBe(12.5);
  });

  it("tolerates surrounding whitespace and thousands commas", () => {
    expect(parsePrice("  £ 1,234.50 ")).toBe(1234.5);
    expect(parsePrice("\t£7\n")).toBe(7);
  });

  it("passes finite numbers through", () => {
    expect(parsePrice(12)).toBe(12);
    expect(parsePrice(0.5)).toBe(0.5);
  });

  it("turns NaN and Infinity into 0", () => {
    expect(parsePrice(Number.NaN)).toBe(0);
    expect(parsePrice(Number.POSITIVE_INFINITY)).toBe(0);
    expect(parsePrice(Number.NEGATIVE_INFINITY)).toBe(0);
  });

  it("treats invalid text and non-strings as 0", () => {
    expect(parsePrice("")).toBe(0);
    expect(parsePrice("£")).toBe(0);
    expect(parsePrice("free")).toBe(0);
    expect(parsePrice("12abc")).toBe(0);
    expect(parsePrice("1.2.3")).toBe(0);
    expect(parsePrice("$12.00")).toBe(0); // only £ is stripped; formatPrice maps $ first
    expect(parsePrice(null)).toBe(0);
    expect(parsePrice(undefined)).toBe(0);
    expect(parsePrice({})).toBe(0);
    expect(parsePrice(true)).toBe(0);
  });
});

describe("poundsToPence", () => {
  it("rounds to whole pence without float error", () => {
    expect(poundsToPence(19.99)).toBe(1999);
    expect(poundsToPence(0.1 + 0.2)).toBe(30);
    expect(poundsToPence(1.005)).toBe(101); // 1.005 * 100 would give 100.4999…
    expect(poundsToPence(4.35)).toBe(435);
    expect(poundsToPence(12)).toBe(1200);
  });

  it("rounds half away from zero for negatives and never returns -0", () => {
    expect(poundsToPence(-1.005)).toBe(-101);
    expect(Object.is(poundsToPence(-0), 0)).toBe(true);
    expect(Object.is(poundsToPence(-0.001), 0)).toBe(true);
  });

  it("handles exponent notation and non-finite input", () => {
    expect(poundsToPence(1e21)).toBe(1e21 * 100);
    expect(poundsToPence(1e-7)).toBe(0);
    expect(poundsToPence(Number.NaN)).toBe(0);
    expect(poundsToPence(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it("parses price text straight to pence", () => {
    expect(parsePriceToPence("£12.00")).toBe(1200);
    expect(parsePriceToPence("£19.99")).toBe(1999);
    expect(parsePriceToPence("rubbish")).toBe(0);
  });
});

describe("formatPence / formatPrice (spec §5: $ shown as £, 2 decimals, multiplier)", () => {
  it("always shows two decimals with the £ sign", () => {
    expect(formatPence(1200)).toBe("£12.00");
    expect(formatPence(5)).toBe("£0.05");
    expect(formatPence(0)).toBe("£0.00");
    expect(formatPence(-500)).toBe("-£5.00");
  });

  it("uses en-GB thousands grouping", () => {
    expect(formatPence(123450)).toBe("£1,234.50");
    expect(formatPence(123456789)).toBe("£1,234,567.89");
    expect(formatPence(99999)).toBe("£999.99");
  });

  it("shows a $ symbol as £", () => {
    expect(formatPrice("$12")).toBe("£12.00");
    expect(formatPrice("$ 19.99")).toBe("£19.99");
    expect(formatPrice("£12.00")).toBe("£12.00");
  });

  it("formats numbers in pounds and applies the multiplier", () => {
    expect(formatPrice(12)).toBe("£12.00");
    expect(formatPrice("£19.99", 3)).toBe("£59.97");
    expect(formatPrice(1234.5)).toBe("£1,234.50");
    expect(formatPrice("£10.00", 0.9)).toBe("£9.00");
    expect(formatPrice("£10.00", Number.NaN)).toBe("£0.00");
  });

  it("shows invalid prices as £0.00", () => {
    expect(formatPrice("n/a")).toBe("£0.00");
    expect(formatPrice(Number.NaN)).toBe("£0.00");
  });

  it("penceToDecimalString is plain by default (no grouping, no sign)", () => {
    expect(penceToDecimalString(400)).toBe("4.00");
    expect(penceToDecimalString(123450)).toBe("1234.50");
    expect(penceToDecimalString(123450, true)).toBe("1,234.50");
  });
});

describe("vatIncludedPence (prices include 20% VAT)", () => {
  it("defaults to the 20% rate", () => {
    expect(VAT_RATE_PERCENT).toBe(20);
  });

  it("is gross / 6 at 20%", () => {
    expect(vatIncludedPence(1200)).toBe(200);
    expect(vatIncludedPence(600)).toBe(100);
  });

  it("rounds to the nearest penny", () => {
    expect(vatIncludedPence(1999)).toBe(333); // 333.17
    expect(vatIncludedPence(1000)).toBe(167); // 166.67
    expect(vatIncludedPence(3)).toBe(1); // 0.5 rounds up
    expect(vatIncludedPence(2)).toBe(0); // 0.33
  });

  it("supports other rates and rejects nonsense", () => {
    expect(vatIncludedPence(1050, 5)).toBe(50);
    expect(vatIncludedPence(1000, 0)).toBe(0);
    expect(vatIncludedPence(Number.NaN)).toBe(0);
  });
});
