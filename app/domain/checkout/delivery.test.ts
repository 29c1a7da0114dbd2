import { describe, expect, it } from "vitest";
import { addWorkingDays, deliveryEstimate, deliveryLeadText, deliveryWindowText, isWorkingDay } from "./delivery";

describe("working days", () => {
  it("are Monday to Friday", () => {
    // 23 November 2026 is a Monday.
    expect(["2026-11-23", "2026-11-27", "2026-11-28", "2026-11-29"].map(isWorkingDay)).toEqual([true, true, false, false]);
  });

  it("skip the weekend and never count the start day", () => {
    expect(addWorkingDays("2026-11-27", 1)).toBe("2026-11-30"); // Friday → Monday
    expect(addWorkingDays("2026-11-28", 1)).toBe("2026-11-30"); // Saturday → Monday
    expect(addWorkingDays("2026-11-23", 5)).toBe("2026-11-30"); // Monday → next Monday
    expect(addWorkingDays("2026-11-23", 0)).toBe("2026-11-23");
  });

  it("throw on a bad date or count", () => {
    expect(() => addWorkingDays("22/11/2026", 1)).toThrow(RangeError);
    expect(() => addWorkingDays("2026-11-22", -1)).toThrow(RangeError);
  });
});

describe("deliveryEstimate (spec §9: 1–5 days, 1–14 for pre-orders, in working days)", () => {
  it("is 1–5 working days from the order date", () => {
    // Wednesday 25 November 2026: Thursday 26th to Wednesday 2 December, the weekend not counted.
    expect(deliveryEstimate("2026-11-25", ["2020-01-01"])).toEqual({
      minDays: 1,
      maxDays: 5,
      preOrder: false,
      countsFrom: "2026-11-25",
      earliest: "2026-11-26",
      latest: "2026-12-02",
    });
  });

  it("an order placed at the weekend counts from the Monday", () => {
    expect(deliveryEstimate("2026-11-28")).toMatchObject({ earliest: "2026-11-30", latest: "2026-12-04" });
  });

  it("with a pre-order, counts 1–14 working days from the release, never before the record exists", () => {
    // Ordered 25 November, out Monday 30 November.
    const estimate = deliveryEstimate("2026-11-25", ["2026-11-30", null]);
    expect(estimate).toEqual({
      minDays: 1,
      maxDays: 14,
      preOrder: true,
      countsFrom: "2026-11-30",
      earliest: "2026-12-01",
      latest: "2026-12-18",
    });
    expect(estimate.earliest > "2026-11-30").toBe(true);
  });

  it("takes the latest release date in the order", () => {
    expect(deliveryEstimate("2026-11-25", ["2027-01-15", "2026-12-04", "2026-01-01"]).countsFrom).toBe("2027-01-15");
  });

  it("a record released on the order day is not a pre-order", () => {
    expect(deliveryEstimate("2026-11-25", ["2026-11-25"]).preOrder).toBe(false);
  });

  it("crosses months, years and leap days, skipping bank holidays", () => {
    // New Year's Day is a bank holiday: the first working day after 31 December 2026 is Monday 4 January.
    expect(deliveryEstimate("2026-12-30", ["2026-12-31"])).toMatchObject({ earliest: "2027-01-04", latest: "2027-01-21" });
    // Ordered on Christmas Eve: Christmas, the weekend and the Boxing Day substitute (28th) do not count.
    expect(deliveryEstimate("2026-12-24")).toMatchObject({ earliest: "2026-12-29", latest: "2027-01-05" });
    expect(deliveryEstimate("2028-02-28").earliest).toBe("2028-02-29");
  });

  it("does not shift across the clocks changing (British Summer Time ends 25 October 2026)", () => {
    expect(deliveryEstimate("2026-10-23")).toMatchObject({ earliest: "2026-10-26", latest: "2026-10-30" });
  });

  it("throws on a date that is not a date, ignores release dates that are not", () => {
    expect(() => deliveryEstimate("22/11/2026")).toThrow(RangeError);
    expect(deliveryEstimate("2026-11-25", ["soon", ""]).preOrder).toBe(false);
  });
});

describe("wording", () => {
  it("states the lead one way everywhere", () => {
    expect(deliveryLeadText(false)).toBe("1–5 working days");
    expect(deliveryLeadText(true)).toBe("1–14 working days after release");
  });

  it("states the window in en-GB dates", () => {
    expect(deliveryWindowText(deliveryEstimate("2026-11-25"))).toBe(
      "Estimated delivery: 1–5 working days (between 26 November 2026 and 2 December 2026).",
    );
  });

  it("for a pre-order, names the release day", () => {
    expect(deliveryWindowText(deliveryEstimate("2026-11-25", ["2026-11-30"]))).toBe(
      "Estimated delivery: 1–14 working days after release on 30 November 2026 (between 1 December 2026 and 18 December 2026).",
    );
  });
});
