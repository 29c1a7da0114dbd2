import { describe, expect, it } from "vitest";
import { deliveryEstimate, deliveryWindowText } from "./delivery";

describe("deliveryEstimate (spec §9: 1–5 days, 1–14 with a pre-order)", () => {
  it("is 1–5 days from the order date", () => {
    expect(deliveryEstimate("2026-11-22", false)).toEqual({
      minDays: 1,
      maxDays: 5,
      earliest: "2026-11-23",
      latest: "2026-11-27",
    });
  });

  it("is 1–14 days when the order holds a pre-order", () => {
    expect(deliveryEstimate("2026-11-22", true)).toEqual({
      minDays: 1,
      maxDays: 14,
      earliest: "2026-11-23",
      latest: "2026-12-06",
    });
  });

  it("crosses months, years and leap days", () => {
    expect(deliveryEstimate("2026-12-30", true)).toMatchObject({ earliest: "2026-12-31", latest: "2027-01-13" });
    expect(deliveryEstimate("2028-02-27", false)).toMatchObject({ earliest: "2028-02-28", latest: "2028-03-03" });
    expect(deliveryEstimate("2028-02-28", false).earliest).toBe("2028-02-29");
  });

  it("does not shift across the clocks changing (British Summer Time ends 25 October 2026)", () => {
    expect(deliveryEstimate("2026-10-24", false)).toMatchObject({ earliest: "2026-10-25", latest: "2026-10-29" });
  });

  it("throws on a date that is not a date", () => {
    expect(() => deliveryEstimate("22/11/2026", false)).toThrow(RangeError);
  });
});

describe("deliveryWindowText", () => {
  it("states the days and the window in en-GB dates", () => {
    expect(deliveryWindowText(deliveryEstimate("2026-11-22", false))).toBe(
      "Estimated delivery: 1–5 days (between 23 November 2026 and 27 November 2026).",
    );
  });

  it("for a pre-order", () => {
    expect(deliveryWindowText(deliveryEstimate("2026-11-22", true))).toBe(
      "Estimated delivery: 1–14 days (between 23 November 2026 and 6 December 2026).",
    );
  });
});
