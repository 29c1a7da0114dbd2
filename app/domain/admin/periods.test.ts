import { describe, expect, it } from "vitest";
import { averagePence, dashboardPeriods, londonDayStart, mondayOf } from "./periods";

describe("London days as UTC instants", () => {
  it("starts a winter day at UTC midnight and a summer day an hour before", () => {
    expect(londonDayStart("2026-11-25")).toBe("2026-11-25T00:00:00.000Z");
    expect(londonDayStart("2026-07-01")).toBe("2026-06-30T23:00:00.000Z");
  });

  it("gets the days the clocks change right", () => {
    // 29 March 2026: clocks go forward at 01:00 UTC, so the day still begins at GMT midnight.
    expect(londonDayStart("2026-03-29")).toBe("2026-03-29T00:00:00.000Z");
    expect(londonDayStart("2026-03-30")).toBe("2026-03-29T23:00:00.000Z");
    // 25 October 2026: clocks go back at 01:00 UTC, so the day begins at BST midnight.
    expect(londonDayStart("2026-10-25")).toBe("2026-10-24T23:00:00.000Z");
    expect(londonDayStart("2026-10-26")).toBe("2026-10-26T00:00:00.000Z");
  });

  it("finds the Monday of a week", () => {
    expect(mondayOf("2026-11-25")).toBe("2026-11-23"); // a Wednesday
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    expect(mondayOf("2026-11-29")).toBe("2026-11-23"); // a Sunday
  });

  it("reports on today, this week, 30 days and the next fortnight's releases", () => {
    // 00:30 on 1 July in London is 23:30 UTC on 30 June.
    const p = dashboardPeriods(new Date("2026-06-30T23:30:00Z"));
    expect(p.today).toBe("2026-07-01");
    expect(p.todayStart).toBe("2026-06-30T23:00:00.000Z");
    expect(p.weekStart).toBe("2026-06-28T23:00:00.000Z"); // Monday 29 June
    expect(p.thirtyDaysStart).toBe("2026-06-01T23:00:00.000Z");
    expect(p.releaseWindow).toEqual({ from: "2026-07-02", to: "2026-07-15" });
  });

  it("averages to the penny", () => {
    expect(averagePence(1000, 3)).toBe(333);
    expect(averagePence(0, 0)).toBe(0);
  });
});
