import { describe, expect, it } from "vitest";
import { analysisAsked, analysisQuerySchema, analysisSearch, bucketsOf, daysBetween, resolveRange } from "./range";

const parse = (q: Record<string, string>) => analysisQuerySchema.parse(q);

describe("analysis range", () => {
  it("reads presets as London days ending today, with the period of the same length before", () => {
    const r = resolveRange(parse({ preset: "7d" }), "2026-11-25");
    expect([r.current.from, r.current.to, r.current.days]).toEqual(["2026-11-19", "2026-11-25", 7]);
    expect([r.previous.from, r.previous.to]).toEqual(["2026-11-12", "2026-11-18"]);
    expect(r.current.buckets).toHaveLength(7);
    const year = resolveRange(parse({ preset: "year", granularity: "month" }), "2026-03-10");
    expect(year.current.buckets.map((b) => [b.key, b.from, b.to])).toEqual([
      ["2026-01-01", "2026-01-01", "2026-01-31"],
      ["2026-02-01", "2026-02-01", "2026-02-28"],
      ["2026-03-01", "2026-03-01", "2026-03-10"],
    ]);
    expect(year.previous.to).toBe("2025-12-31");
    expect(year.previous.days).toBe(69);
  });

  it("starts weeks on Monday, cuts the end buckets to the period and meets London midnight in UTC", () => {
    const weeks = bucketsOf("2026-03-25", "2026-04-01", "week");
    expect(weeks.map((b) => [b.key, b.label, b.from, b.to])).toEqual([
      ["2026-03-23", "w/c 23 Mar", "2026-03-25", "2026-03-29"],
      ["2026-03-30", "w/c 30 Mar", "2026-03-30", "2026-04-01"],
    ]);
    // British Summer Time begins on 29 March 2026: that day's London midnight is still 00:00 UTC, the next is 23:00.
    expect(weeks[0]!.endUtc).toBe("2026-03-29T23:00:00.000Z");
    expect(weeks[0]!.startUtc).toBe("2026-03-25T00:00:00.000Z");
    expect(bucketsOf("2026-07-01", "2026-07-01", "day")[0]!.startUtc).toBe("2026-06-30T23:00:00.000Z");
  });

  it("reads too many days by the week, and too many weeks by the month, saying so", () => {
    const long = resolveRange(parse({ preset: "custom", from: "2025-01-01", to: "2026-06-30" }), "2026-11-25");
    expect(long.granularity).toBe("week");
    expect(long.notice).toMatch(/by the week/);
    const longer = resolveRange(
      parse({ preset: "custom", from: "2024-01-01", to: "2026-12-31", granularity: "week" }),
      "2026-11-25",
    );
    expect(longer.granularity).toBe("month");
    expect(longer.current.buckets).toHaveLength(36);
    expect(resolveRange(parse({}), "2026-11-25").notice).toBeNull();
  });

  it("refuses custom periods that are missing, backwards, over three years or not dates", () => {
    const fails = (q: Record<string, string>) => analysisQuerySchema.safeParse(q).success === false;
    expect(fails({ preset: "custom", from: "2026-01-01" })).toBe(true);
    expect(fails({ preset: "custom", from: "2026-02-01", to: "2026-01-01" })).toBe(true);
    expect(fails({ preset: "custom", from: "2022-01-01", to: "2026-01-01" })).toBe(true);
    expect(fails({ preset: "custom", from: "2026-02-30", to: "2026-03-01" })).toBe(true);
    expect(fails({ granularity: "hour" })).toBe(true);
    expect(fails({ preset: "custom", from: "2023-01-01", to: "2025-12-31" })).toBe(false);
    expect(daysBetween("2026-01-01", "2026-01-01")).toBe(1);
  });

  it("writes a query back as URL parameters, leaving defaults out", () => {
    expect(analysisSearch(parse({}))).toBe("");
    expect(
      analysisSearch(parse({ preset: "custom", from: "2026-01-01", to: "2026-01-31", granularity: "week" }), { figure: "sales" }),
    ).toBe("?figure=sales&preset=custom&from=2026-01-01&to=2026-01-31&granularity=week");
  });
});

describe("the period form as asked", () => {
  it("is the address's values, the defaults where it names none", () => {
    expect(analysisAsked(new URLSearchParams(""))).toEqual({ preset: "30d", from: "", to: "", granularity: "day" });
    expect(analysisAsked(new URLSearchParams("preset=custom&from=2026-03-01&to=nope&figure=label"))).toEqual({
      preset: "custom",
      from: "2026-03-01",
      to: "nope",
      granularity: "day",
    });
  });
});
