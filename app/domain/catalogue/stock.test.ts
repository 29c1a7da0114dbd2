import { describe, it, expect } from "vitest";
import { isLowStock, isOutOfStock, LOW_STOCK_ABOVE, LOW_STOCK_UP_TO, stockState, stockWording } from "./stock";

describe("isLowStock (spec §4: above 5 up to 10)", () => {
  it("has the spec bounds", () => {
    expect(LOW_STOCK_ABOVE).toBe(5);
    expect(LOW_STOCK_UP_TO).toBe(10);
  });

  it("is true for 6 to 10 only", () => {
    expect(isLowStock(5)).toBe(false);
    expect(isLowStock(6)).toBe(true);
    expect(isLowStock(10)).toBe(true);
    expect(isLowStock(11)).toBe(false);
    expect(isLowStock(0)).toBe(false);
    expect(isLowStock(Number.NaN)).toBe(false);
  });
});

describe("isOutOfStock (spec §4: stock 0 and not a pre-order)", () => {
  it("is true at 0 or below", () => {
    expect(isOutOfStock(0, false)).toBe(true);
    expect(isOutOfStock(-3, false)).toBe(true);
    expect(isOutOfStock(Number.NaN, false)).toBe(true);
  });

  it("is false with stock or for a pre-order", () => {
    expect(isOutOfStock(1, false)).toBe(false);
    expect(isOutOfStock(0, true)).toBe(false);
  });
});

describe("stockState / stockWording (spec §9 wording)", () => {
  it("a pre-order wins over any stock level", () => {
    expect(stockState(0, true)).toBe("pre-order");
    expect(stockState(8, true)).toBe("pre-order");
    expect(stockWording("pre-order")).toBe("Pre-Order");
  });

  it("0 is 'Not In Stock'", () => {
    expect(stockState(0, false)).toBe("out");
    expect(stockWording(stockState(0, false))).toBe("Not In Stock");
  });

  it("1 to 5 is 'In Stock' (literal spec reading)", () => {
    expect(stockWording(stockState(1, false))).toBe("In Stock");
    expect(stockWording(stockState(5, false))).toBe("In Stock");
  });

  it("6 to 10 is 'Running Low'", () => {
    expect(stockWording(stockState(6, false))).toBe("Running Low");
    expect(stockWording(stockState(10, false))).toBe("Running Low");
  });

  it("above 10 is 'In Stock'", () => {
    expect(stockState(11, false)).toBe("in-stock");
    expect(stockWording(stockState(250, false))).toBe("In Stock");
  });
});
