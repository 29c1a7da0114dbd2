import { describe, expect, it } from "vitest";
import { DEFAULT_LOW_STOCK_THRESHOLD, stockLevel } from "./low-stock";

describe("stock level", () => {
  it("is out at nothing, low at or under the threshold, fine above", () => {
    expect(stockLevel(0, 5)).toBe("out");
    expect(stockLevel(5, 5)).toBe("low");
    expect(stockLevel(6, 5)).toBe("ok");
  });

  it("takes the shop's threshold when the record has none", () => {
    expect(stockLevel(DEFAULT_LOW_STOCK_THRESHOLD, null)).toBe("low");
    expect(stockLevel(DEFAULT_LOW_STOCK_THRESHOLD + 1, undefined)).toBe("ok");
  });
});
