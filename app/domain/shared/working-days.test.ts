import { describe, expect, it } from "vitest";
import { addWorkingDays, bankHolidays, easterSunday, isWorkingDay, workingDayOnOrAfter } from "./working-days";

describe("bank holidays of England and Wales", () => {
  it("match the published lists, substitute days included", () => {
    // gov.uk/bank-holidays for 2026 and 2027.
    expect([...bankHolidays(2026)].sort()).toEqual([
      "2026-01-01",
      "2026-04-03",
      "2026-04-06",
      "2026-05-04",
      "2026-05-25",
      "2026-08-31",
      "2026-12-25",
      "2026-12-28", // Boxing Day is a Saturday
    ]);
    expect([...bankHolidays(2027)].sort()).toEqual([
      "2027-01-01",
      "2027-03-26",
      "2027-03-29",
      "2027-05-03",
      "2027-05-31",
      "2027-08-30",
      "2027-12-27", // Christmas Day is a Saturday
      "2027-12-28", // and Boxing Day a Sunday
    ]);
    // 2022: New Year's Day on a Saturday, Christmas on a Sunday.
    expect(bankHolidays(2022).has("2022-01-03")).toBe(true);
    expect(bankHolidays(2022).has("2022-12-26")).toBe(true);
    expect(bankHolidays(2022).has("2022-12-27")).toBe(true);
  });

  it("finds Easter Sunday", () => {
    expect(["2024", "2025", "2026", "2027", "2038"].map((y) => easterSunday(Number(y)))).toEqual([
      "2024-03-31",
      "2025-04-20",
      "2026-04-05",
      "2027-03-28",
      "2038-04-25",
    ]);
  });
});

describe("working days", () => {
  it("skip weekends and bank holidays", () => {
    expect(["2026-11-27", "2026-11-28", "2026-12-25", "2026-12-28", "2026-12-29"].map(isWorkingDay)).toEqual([
      true,
      false,
      false,
      false,
      true,
    ]);
    // Christmas Eve (a Thursday) + 1 working day: not Christmas, not the weekend, not the substitute Monday.
    expect(addWorkingDays("2026-12-24", 1)).toBe("2026-12-29");
    expect(addWorkingDays("2026-04-02", 1)).toBe("2026-04-07"); // over Easter
    expect(addWorkingDays("2026-11-27", 1)).toBe("2026-11-30");
    expect(addWorkingDays("2026-11-23", 0)).toBe("2026-11-23");
    expect(workingDayOnOrAfter("2026-12-25")).toBe("2026-12-29");
    expect(workingDayOnOrAfter("2026-12-29")).toBe("2026-12-29");
  });

  it("refuses a bad date or count", () => {
    expect(() => addWorkingDays("24/12/2026", 1)).toThrow(RangeError);
    expect(() => addWorkingDays("2026-12-24", -1)).toThrow(RangeError);
  });
});
