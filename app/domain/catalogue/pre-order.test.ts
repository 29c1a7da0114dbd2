import { describe, it, expect } from "vitest";
import { isPreOrder } from "./pre-order";

describe("isPreOrder (spec §4: release date in the future)", () => {
  const today = "2026-11-22";

  it("is true only when the release date is strictly after today", () => {
    expect(isPreOrder("2026-11-23", today)).toBe(true);
    expect(isPreOrder("2027-01-01", today)).toBe(true);
    expect(isPreOrder("2026-11-22", today)).toBe(false);
    expect(isPreOrder("2026-11-21", today)).toBe(false);
  });

  it("is false without a usable release date", () => {
    expect(isPreOrder(null, today)).toBe(false);
    expect(isPreOrder(undefined, today)).toBe(false);
    expect(isPreOrder("", today)).toBe(false);
    expect(isPreOrder("soon", today)).toBe(false);
    expect(isPreOrder("2026-13-01", today)).toBe(false);
  });

  it("reads the date part of a timestamp", () => {
    expect(isPreOrder("2026-11-23T00:30:00Z", today)).toBe(true);
    expect(isPreOrder("2026-11-22T23:59:59Z", today)).toBe(false);
  });
});
