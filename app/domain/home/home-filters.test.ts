import { describe, it, expect } from "vitest";
import {
  bestSellers,
  dailySeed,
  hasVinylFormat,
  HOME_LIST_SIZES,
  mulberry32,
  NEW_RELEASE_FALLBACK_MAX,
  NEW_RELEASE_MIN_BEFORE_FALLBACK,
  NEW_RELEASE_WINDOW_DAYS,
  newReleases,
  pickOfTheDay,
  pickRandom,
  preOrders,
  uniqueByTitleArtist,
} from "./home-filters";
import { makeRecord } from "~/domain/catalogue/test-records";

const today = "2026-11-22";
const ids = (records: readonly { id: number }[]) => records.map((r) => r.id);

describe("home constants (spec §9)", () => {
  it("has the home list sizes and the 40-day window", () => {
    expect(HOME_LIST_SIZES).toEqual({ preOrders: 4, newReleases: 4, bestSellers: 4, recentlyUpdated: 2, trivia: 3 });
    expect(NEW_RELEASE_WINDOW_DAYS).toBe(40);
    expect(NEW_RELEASE_MIN_BEFORE_FALLBACK).toBe(3);
    expect(NEW_RELEASE_FALLBACK_MAX).toBe(5);
  });
});

describe("hasVinylFormat", () => {
  it("looks for 'vinyl' case-insensitively", () => {
    expect(hasVinylFormat("Vinyl LP")).toBe(true);
    expect(hasVinylFormat("coloured VINYL")).toBe(true);
    expect(hasVinylFormat("CD")).toBe(false);
    expect(hasVinylFormat("")).toBe(false);
    expect(hasVinylFormat(null)).toBe(false);
  });
});

describe("uniqueByTitleArtist", () => {
  it("keeps the first of each title + artist, case- and space-insensitive", () => {
    const records = [
      makeRecord({ id: 1, title: "Blue", artist: "Joni Mitchell" }),
      makeRecord({ id: 2, title: "BLUE ", artist: "joni  mitchell" }),
      makeRecord({ id: 3, title: "Blue", artist: "Other" }),
    ];
    expect(ids(uniqueByTitleArtist(records))).toEqual([1, 3]);
  });

  it("does not confuse where the title ends and the artist begins", () => {
    const records = [makeRecord({ id: 1, title: "A B", artist: "C" }), makeRecord({ id: 2, title: "A", artist: "B C" })];
    expect(ids(uniqueByTitleArtist(records))).toEqual([1, 2]);
  });
});

describe("bestSellers (spec §5)", () => {
  const seller = (overrides: Parameters<typeof makeRecord>[0]) =>
    makeRecord({ bestSeller: true, releaseDate: "2020-01-01", ...overrides });

  it("keeps best sellers with vinyl format, a price and a past release date", () => {
    expect(ids(bestSellers([seller({ id: 1 })], today))).toEqual([1]);
  });

  it("requires the bestSeller flag", () => {
    expect(bestSellers([seller({ bestSeller: false })], today)).toEqual([]);
  });

  it("requires 'vinyl' in the format", () => {
    expect(bestSellers([seller({ format: "CD" }), seller({ format: null })], today)).toEqual([]);
    expect(ids(bestSellers([seller({ id: 7, format: "picture disc vinyl" })], today))).toEqual([7]);
  });

  it("requires a price above 0", () => {
    expect(bestSellers([seller({ pricePence: 0 })], today)).toEqual([]);
    expect(ids(bestSellers([seller({ id: 2, pricePence: 1 })], today))).toEqual([2]);
  });

  it("requires a release date not after today (today itself counts)", () => {
    expect(ids(bestSellers([seller({ id: 3, releaseDate: today })], today))).toEqual([3]);
    expect(bestSellers([seller({ releaseDate: "2026-11-23" })], today)).toEqual([]);
    expect(bestSellers([seller({ releaseDate: null })], today)).toEqual([]);
  });

  it("deduplicates by title plus artist", () => {
    const records = [
      seller({ id: 1, title: "Rumours", artist: "Fleetwood Mac" }),
      seller({ id: 2, title: "rumours", artist: "FLEETWOOD MAC" }),
    ];
    expect(ids(bestSellers(records, today))).toEqual([1]);
  });

  it("skips records rejected by the exclusion check", () => {
    const records = [seller({ id: 1 }), seller({ id: 2, title: "Other" })];
    expect(ids(bestSellers(records, today, { exclude: (r) => r.id === 1 }))).toEqual([2]);
  });
});

describe("newReleases (spec §5: last 40 days, fallback to flagged, up to 5)", () => {
  it("keeps vinyl released from today-40 to today, inclusive", () => {
    const records = [
      makeRecord({ id: 1, releaseDate: "2026-10-13" }), // exactly 40 days ago
      makeRecord({ id: 2, releaseDate: "2026-10-12" }), // 41 days ago
      makeRecord({ id: 3, releaseDate: today }),
      makeRecord({ id: 4, releaseDate: "2026-11-23" }), // future: a pre-order
      makeRecord({ id: 5, releaseDate: "2026-11-01" }),
      makeRecord({ id: 6, releaseDate: "2026-11-02", format: "CD" }),
    ];
    expect(ids(newReleases(records, today))).toEqual([1, 3, 5]);
  });

  it("does not add flagged records when 3 or more are recent, and does not cap them", () => {
    const recent = [1, 2, 3, 4, 5, 6].map((id) => makeRecord({ id, releaseDate: "2026-11-10" }));
    const flagged = makeRecord({ id: 99, isNewRelease: true, releaseDate: "2020-01-01" });
    expect(ids(newReleases([...recent, flagged], today))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("tops up with flagged records when fewer than 3, up to 5 in total, newest first", () => {
    const records = [
      makeRecord({ id: 1, releaseDate: "2026-11-10" }),
      makeRecord({ id: 2, releaseDate: "2026-11-11" }),
      makeRecord({ id: 10, isNewRelease: true, releaseDate: "2025-01-01" }),
      makeRecord({ id: 11, isNewRelease: true, releaseDate: "2026-06-01" }),
      makeRecord({ id: 12, isNewRelease: true, releaseDate: null }),
      makeRecord({ id: 13, isNewRelease: true, releaseDate: "2026-09-01" }),
      makeRecord({ id: 14, isNewRelease: false, releaseDate: "2026-09-02" }),
    ];
    expect(ids(newReleases(records, today))).toEqual([1, 2, 13, 11, 10]);
  });

  it("fallback skips duplicates, non-vinyl and future releases", () => {
    const records = [
      makeRecord({ id: 1, releaseDate: "2026-11-10", isNewRelease: true }),
      makeRecord({ id: 1, releaseDate: "2026-11-10", isNewRelease: true }),
      makeRecord({ id: 2, isNewRelease: true, releaseDate: "2026-01-01", format: "Cassette" }),
      makeRecord({ id: 3, isNewRelease: true, releaseDate: "2027-01-01" }),
      makeRecord({ id: 4, isNewRelease: true, releaseDate: "2026-01-01" }),
      makeRecord({ id: 4, isNewRelease: true, releaseDate: "2026-01-01" }),
    ];
    expect(ids(newReleases(records, today))).toEqual([1, 1, 4]);
  });

  it("is empty when nothing qualifies", () => {
    expect(newReleases([], today)).toEqual([]);
    expect(newReleases([makeRecord({ releaseDate: "2000-01-01" })], today)).toEqual([]);
  });

  it("applies the exclusion check to both the window and the fallback", () => {
    const records = [
      makeRecord({ id: 1, releaseDate: "2026-11-10" }),
      makeRecord({ id: 2, isNewRelease: true, releaseDate: "2026-01-01" }),
    ];
    expect(ids(newReleases(records, today, { exclude: () => true }))).toEqual([]);
  });
});

describe("preOrders", () => {
  it("keeps future releases, unique by title plus artist", () => {
    const records = [
      makeRecord({ id: 1, releaseDate: "2026-12-01" }),
      makeRecord({ id: 2, releaseDate: "2026-12-02" }), // same title + artist as 1
      makeRecord({ id: 3, releaseDate: today }),
      makeRecord({ id: 4, title: "Other", releaseDate: "2027-02-01" }),
    ];
    expect(ids(preOrders(records, today))).toEqual([1, 4]);
  });
});

describe("pickRandom", () => {
  const items = ["a", "b", "c", "d", "e", "f", "g", "h"];

  it("returns n distinct items", () => {
    const picked = pickRandom(items, 4, mulberry32(1));
    expect(picked).toHaveLength(4);
    expect(new Set(picked).size).toBe(4);
    for (const item of picked) expect(items).toContain(item);
  });

  it("is deterministic for the same seed and differs between seeds", () => {
    expect(pickRandom(items, 4, mulberry32(42))).toEqual(pickRandom(items, 4, mulberry32(42)));
    const bySeed = new Set([1, 2, 3, 4, 5].map((s) => pickRandom(items, 4, mulberry32(s)).join("")));
    expect(bySeed.size).toBeGreaterThan(1);
  });

  it("caps n at the list length and floors nonsense to 0", () => {
    expect(pickRandom(["x", "y"], 5, mulberry32(1)).sort()).toEqual(["x", "y"]);
    expect(pickRandom(items, 0, mulberry32(1))).toEqual([]);
    expect(pickRandom(items, -3, mulberry32(1))).toEqual([]);
    expect(pickRandom(items, Number.NaN, mulberry32(1))).toEqual([]);
    expect(pickRandom([], 4, mulberry32(1))).toEqual([]);
  });

  it("does not modify the input", () => {
    const copy = [...items];
    pickRandom(items, 8, mulberry32(9));
    expect(items).toEqual(copy);
  });

  it("survives generators returning the extremes 0 and 1", () => {
    expect(pickRandom(["a", "b", "c"], 3, () => 0)).toEqual(["a", "b", "c"]);
    expect(pickRandom(["a", "b", "c"], 3, () => 1)).toEqual(["c", "a", "b"]); // always swaps with the last slot
  });
});

describe("mulberry32 / dailySeed", () => {
  it("produces repeatable numbers in [0, 1)", () => {
    const a = mulberry32(123);
    const b = mulberry32(123);
    for (let i = 0; i < 1000; i++) {
      const x = a();
      expect(x).toBe(b());
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });

  it("gives different streams for different seeds", () => {
    expect(mulberry32(1)()).not.toBe(mulberry32(2)());
  });

  it("gives a stable unsigned 32-bit seed per date", () => {
    expect(dailySeed(today)).toBe(dailySeed("2026-11-22"));
    expect(dailySeed(today)).not.toBe(dailySeed("2026-11-23"));
    expect(Number.isInteger(dailySeed(today))).toBe(true);
    expect(dailySeed(today)).toBeGreaterThanOrEqual(0);
    expect(dailySeed(today)).toBeLessThan(2 ** 32);
  });
});

describe("pickOfTheDay (Vinyl of the Day)", () => {
  const records = Array.from({ length: 30 }, (_, i) => makeRecord({ id: i + 1 }));

  it("is stable for a day regardless of input order", () => {
    const first = pickOfTheDay(records, today);
    expect(first).not.toBeNull();
    expect(pickOfTheDay([...records].reverse(), today)?.id).toBe(first?.id);
  });

  it("changes across days", () => {
    const days = Array.from({ length: 10 }, (_, i) => `2026-11-${String(10 + i).padStart(2, "0")}`);
    const picks = new Set(days.map((d) => pickOfTheDay(records, d)?.id));
    expect(picks.size).toBeGreaterThan(1);
  });

  it("is null with no records", () => {
    expect(pickOfTheDay([], today)).toBeNull();
  });
});
