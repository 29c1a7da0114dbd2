import { describe, expect, it } from "vitest";
import {
  addMonths,
  londonLocal,
  londonToUtc,
  monthGrid,
  monthRange,
  releaseStatus,
  scheduleSchema,
  moveReleaseDateSchema,
  schedulePageQuerySchema,
} from "./schedule";

describe("London wall-clock time to a UTC instant", () => {
  it("is the same hour in winter (GMT) and an hour earlier in summer (BST)", () => {
    expect(londonToUtc("2026-12-01", "09:00")).toBe("2026-12-01T09:00:00.000Z");
    expect(londonToUtc("2026-07-01", "09:00")).toBe("2026-07-01T08:00:00.000Z");
    expect(londonToUtc("2026-07-01", "00:30")).toBe("2026-06-30T23:30:00.000Z");
  });

  it("follows the clocks going forward on 29 March 2026: 01:00–01:59 does not exist", () => {
    expect(londonToUtc("2026-03-29", "00:59")).toBe("2026-03-29T00:59:00.000Z");
    expect(londonToUtc("2026-03-29", "01:30")).toBeNull();
    expect(londonToUtc("2026-03-29", "02:00")).toBe("2026-03-29T01:00:00.000Z");
  });

  it("takes the first 01:30 when the clocks go back on 25 October 2026", () => {
    expect(londonToUtc("2026-10-25", "00:30")).toBe("2026-10-24T23:30:00.000Z");
    expect(londonToUtc("2026-10-25", "01:30")).toBe("2026-10-25T00:30:00.000Z");
    expect(londonToUtc("2026-10-25", "02:00")).toBe("2026-10-25T02:00:00.000Z");
  });

  it("round-trips with londonLocal on every quarter hour across both changes", () => {
    for (const date of ["2026-03-28", "2026-03-29", "2026-03-30", "2026-10-24", "2026-10-25", "2026-10-26"]) {
      for (let m = 0; m < 24 * 60; m += 15) {
        const time = `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
        const utc = londonToUtc(date, time);
        if (utc === null) {
          expect(date === "2026-03-29" && time.startsWith("01:")).toBe(true);
          continue;
        }
        expect(londonLocal(utc)).toEqual({ date, time });
      }
    }
  });

  it("refuses what is not a date and time", () => {
    expect(londonToUtc("2026-02-30", "09:00")).toBeNull();
    expect(londonToUtc("2026-12-01", "24:00")).toBeNull();
    expect(londonToUtc("2026-12-01", "9am")).toBeNull();
  });
});

describe("release status follows the date", () => {
  const today = "2026-11-25";
  it("is a pre-order after today, a new release up to 40 days back, released before", () => {
    expect(releaseStatus("2026-11-26", today)).toBe("pre-order");
    expect(releaseStatus("2026-11-25", today)).toBe("new-release");
    expect(releaseStatus("2026-10-16", today)).toBe("new-release");
    expect(releaseStatus("2026-10-15", today)).toBe("released");
    expect(releaseStatus(null, today)).toBe("undated");
  });
});

describe("months", () => {
  it("has its first and last day, leap years included", () => {
    expect(monthRange("2028-02")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(monthRange("2026-12")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
  });
  it("lays out as Monday-first weeks", () => {
    const weeks = monthGrid("2026-12"); // 1 December 2026 is a Tuesday
    expect(weeks[0]).toEqual([null, "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06"]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });
});

describe("input schemas", () => {
  it("turn a London date and time into the stored instant, and explain a skipped hour", () => {
    expect(scheduleSchema.parse({ kind: "post", target: "a-slug", date: "2026-07-01", time: "09:00" })).toEqual({
      kind: "post",
      target: "a-slug",
      publishAt: "2026-07-01T08:00:00.000Z",
    });
    const gap = scheduleSchema.safeParse({ kind: "record", target: "1", date: "2026-03-29", time: "01:30" });
    expect(gap.success).toBe(false);
    expect(gap.error?.issues[0]?.message).toMatch(/does not exist/);
  });
  it("refuse a date that is not real and an id that is not a number", () => {
    expect(moveReleaseDateSchema.safeParse({ recordId: "3", releaseDate: "2026-02-30" }).success).toBe(false);
    expect(moveReleaseDateSchema.safeParse({ recordId: "x", releaseDate: "2026-02-03" }).success).toBe(false);
    expect(moveReleaseDateSchema.parse({ recordId: "3", releaseDate: "2026-02-03" })).toEqual({
      recordId: 3,
      releaseDate: "2026-02-03",
      keepPhysicalReleaseDate: false,
    });
    expect(
      moveReleaseDateSchema.parse({ recordId: "3", releaseDate: "2026-02-03", keepPhysicalReleaseDate: "on" }),
    ).toMatchObject({
      keepPhysicalReleaseDate: true,
    });
  });
});

describe("the schedule page's address", () => {
  it("reads month, view and page, and shows the defaults for anything malformed", () => {
    expect(schedulePageQuerySchema.parse({ month: "2026-12", view: "list", page: "3" })).toEqual({
      month: "2026-12",
      view: "list",
      page: 3,
    });
    expect(schedulePageQuerySchema.parse({ month: "2026-13", view: "grid", page: "-1" })).toEqual({
      month: undefined,
      view: "calendar",
      page: 1,
    });
    expect(schedulePageQuerySchema.parse({})).toEqual({ view: "calendar", page: 1 });
  });
});
