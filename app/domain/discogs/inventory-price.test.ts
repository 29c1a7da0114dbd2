import { describe, expect, it } from "vitest";
import { readDiscogsPrice } from "./inventory-price";

describe("a price in a Discogs file", () => {
  it.each([
    ["12.50", 1250],
    ["£12.50", 1250],
    [" £ 12.5 ", 1250],
    ["1,200.00", 120000],
    ["1,200", 120000],
    ["12", 1200],
    ["12.50 GBP", 1250],
  ])("reads %s as %i pence", (text, pence) => {
    expect(readDiscogsPrice(text)).toEqual({ ok: true, pence });
  });

  it("refuses a decimal comma as ambiguous", () => {
    expect(readDiscogsPrice("12,50")).toEqual({
      ok: false,
      error: "Price “12,50”: is that £12.50 or £1,250? Write it with a point, such as 12.50",
    });
    expect(readDiscogsPrice("1,5").ok).toBe(false);
  });

  it.each(["$12.50", "€12,50", "12.50 EUR", "US$ 9.00", "12.50 USD"])("refuses %s: the shop sells in pounds", (text) => {
    expect(readDiscogsPrice(text)).toEqual({
      ok: false,
      error: `Price “${text}”: the shop sells in pounds; convert it to pounds first`,
    });
  });

  it("refuses what is not a price, and a missing one", () => {
    expect(readDiscogsPrice("ten")).toEqual({ ok: false, error: "Price “ten” is not a price in pounds, such as 12.50" });
    expect(readDiscogsPrice("12.505").ok).toBe(false);
    expect(readDiscogsPrice(" ")).toEqual({ ok: false, error: "Price: missing" });
  });
});
