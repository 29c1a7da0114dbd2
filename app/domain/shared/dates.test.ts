import { describe, it, expect } from "vitest";
import { addDays, formatDateGB, formatDateTimeGB, formatDayGB, isIsoDate, toIsoDate, todayInLondon } from "./dates";

describe("isIsoDate / toIsoDate", () => {
  it("accepts real calendar dates only", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2025-02-29")).toBe(false);
    expect(isIsoDate("2026-02-30")).toBe(false);
    expect(isIsoDate("2026-1-5")).toBe(false);
    expect(isIsoDate("22/11/2026")).toBe(false);
  });

  it("agrees with the calendar on every day of leap and non-leap years, centuries included", () => {
    const calendar = (value: string) => {
      const [y, m, d] = value.split("-").map(Number) as [number, number, number];
      return new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10) === value;
    };
    const pad = (n: number) => String(n).padStart(2, "0");
    for (const year of [1900, 1999, 2000, 2023, 2024, 2100, 2400]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const value = `${year}-${pad(month)}-${pad(day)}`;
          expect(isIsoDate(value), value).toBe(calendar(value));
        }
      }
    }
    expect(isIsoDate("0099-01-01")).toBe(false);
  });

  it("normalises stored values", () => {
    expect(toIsoDate(" 2026-11-22 ")).toBe("2026-11-22");
    expect(toIsoDate("2026-11-22T10:00:00.000Z")).toBe("2026-11-22");
    expect(toIsoDate(null)).toBeNull();
    expect(toIsoDate("nonsense")).toBeNull();
  });
});

describe("todayInLondon", () => {
  it("uses the UK date during British Summer Time", () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST = UTC+1).
    expect(todayInLondon(new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
  });

  it("equals the UTC date in winter (GMT)", () => {
    expect(todayInLondon(new Date("2026-12-31T23:30:00Z"))).toBe("2026-12-31");
    expect(todayInLondon(new Date("2027-01-01T00:00:00Z"))).toBe("2027-01-01");
  });

  it("gives each moment its own date, asked in any order across midnight", () => {
    // BST: London's midnight is 23:00 UTC.
    expect(todayInLondon(new Date("2026-06-30T22:59:59.999Z"))).toBe("2026-06-30");
    expect(todayInLondon(new Date("2026-06-30T23:00:00.000Z"))).toBe("2026-07-01");
    expect(todayInLondon(new Date("2026-06-30T23:00:59.999Z"))).toBe("2026-07-01");
    expect(todayInLondon(new Date("2026-06-30T22:59:00.000Z"))).toBe("2026-06-30");
  });

  it("returns YYYY-MM-DD", () => {
    expect(todayInLondon()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("addDays", () => {
  it("moves across month, year and leap-day boundaries", () => {
    expect(addDays("2026-11-22", 1)).toBe("2026-11-23");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(addDays("2026-11-22", -40)).toBe("2026-10-13");
    expect(addDays("2026-11-22", 0)).toBe("2026-11-22");
  });

  it("is unaffected by the clocks changing", () => {
    expect(addDays("2026-03-28", 2)).toBe("2026-03-30");
    expect(addDays("2026-10-24", 2)).toBe("2026-10-26");
  });

  it("throws on invalid input", () => {
    expect(() => addDays("2026-02-30", 1)).toThrow(RangeError);
    expect(() => addDays("2026-11-22", 1.5)).toThrow(RangeError);
  });
});

describe("formatDateGB", () => {
  it("formats as day, long month, year", () => {
    expect(formatDateGB("2026-11-22")).toBe("22 November 2026");
    expect(formatDateGB("2027-01-01")).toBe("1 January 2027");
    expect(formatDateGB("2026-12-31T23:30:00Z")).toBe("31 December 2026");
  });

  it("says what Intl's en-GB long date says, for every day of four years and the edges of the calendar", () => {
    const intl = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    const days = Array.from({ length: 4 * 366 }, (_, n) => addDays("2023-01-01", n));
    for (const date of [...days, "0100-01-01", "0999-12-31", "1900-02-28", "2000-02-29", "9999-12-31"]) {
      expect(formatDateGB(date), date).toBe(intl.format(new Date(`${date}T00:00:00Z`)));
    }
  });

  it("gives empty text for missing or invalid dates", () => {
    expect(formatDateGB(null)).toBe("");
    expect(formatDateGB("not a date")).toBe("");
  });
});

describe("formatDateTimeGB", () => {
  it("shows a UTC instant in London time, in winter and in summer", () => {
    expect(formatDateTimeGB("2026-11-25T14:05:00.000Z")).toBe("25 Nov 2026, 14:05");
    expect(formatDateTimeGB("2026-07-01T14:05:00.000Z")).toBe("1 Jul 2026, 15:05");
    expect(formatDateTimeGB("not a date")).toBe("");
    expect(formatDateTimeGB(null)).toBe("");
  });
});

describe("formatDayGB", () => {
  it("gives the London day of an instant, short", () => {
    expect(formatDayGB("2026-11-26T10:00:00.000Z")).toBe("26 Nov 2026");
    // 23:30 UTC in summer is already the next day in London.
    expect(formatDayGB("2026-06-30T23:30:00.000Z")).toBe("1 Jul 2026");
    expect(formatDayGB(null)).toBe("");
    expect(formatDayGB("not a date")).toBe("");
  });
});
