import { describe, expect, it } from "vitest";
import { makeRecord } from "~/domain/catalogue/test-records";
import {
  CRATE_SIZE,
  MAX_SEED,
  NEW_IN_DAYS,
  STAFF_PICK_MIN_RATING,
  UNDER_PRICE_PENCE,
  crateHref,
  crateParam,
  crateTitle,
  parseCrate,
  randomSeed,
  readCrateSearch,
  toCrateRecord,
} from "./crate-query";

const read = (query: string) => readCrateSearch(new URLSearchParams(query));

describe("crate constants", () => {
  it("match the issue: 60 a crate, new in = 40 days, under £15 = below 1500 pence, staff picks from 4.5", () => {
    expect(CRATE_SIZE).toBe(60);
    expect(NEW_IN_DAYS).toBe(40);
    expect(UNDER_PRICE_PENCE).toBe(1500);
    expect(STAFF_PICK_MIN_RATING).toBe(4.5);
  });
});

describe("parseCrate", () => {
  it("reads the special crates, ignoring case", () => {
    for (const kind of ["new-in", "under-15", "staff-picks", "surprise"] as const) {
      expect(parseCrate(kind)).toEqual({ kind });
      expect(parseCrate(` ${kind.toUpperCase()} `)).toEqual({ kind });
    }
  });

  it("reads genre crates, keeping the name as given", () => {
    expect(parseCrate("genre:Jazz")).toEqual({ kind: "genre", genre: "Jazz" });
    expect(parseCrate("Genre: Hip-Hop ")).toEqual({ kind: "genre", genre: "Hip-Hop" });
    expect(parseCrate("genre:R&B")).toEqual({ kind: "genre", genre: "R&B" });
  });

  it("refuses anything else", () => {
    for (const bad of ["", "bogus", "genre:", "genre:   ", "genres:Jazz", "Jazz", `genre:${"x".repeat(61)}`, "new in"]) {
      expect(parseCrate(bad), bad).toBeNull();
    }
  });
});

describe("crate addresses", () => {
  it("write ?crate= readably, with the seed for a surprise and the position when given", () => {
    expect(crateHref({ kind: "genre", genre: "Jazz" })).toBe("/virtual-crate-dig?crate=genre:Jazz");
    expect(crateHref({ kind: "genre", genre: "Jazz" }, { pos: 3 })).toBe("/virtual-crate-dig?crate=genre:Jazz&pos=3");
    expect(crateHref({ kind: "genre", genre: "R&B" }, { pos: 2 })).toBe("/virtual-crate-dig?crate=genre:R%26B&pos=2");
    expect(crateHref({ kind: "genre", genre: "Drum & Bass" })).toBe("/virtual-crate-dig?crate=genre:Drum%20%26%20Bass");
    expect(crateHref({ kind: "under-15" }, { pos: 1, seed: 5 })).toBe("/virtual-crate-dig?crate=under-15&pos=1");
    expect(crateHref({ kind: "surprise" }, { seed: 48213, pos: 7 })).toBe("/virtual-crate-dig?crate=surprise&seed=48213&pos=7");
  });

  it("read back what they write", () => {
    for (const key of [
      { kind: "genre", genre: "R&B" },
      { kind: "genre", genre: "Drum & Bass" },
      { kind: "new-in" },
      { kind: "surprise" },
    ] as const) {
      const url = new URL(crateHref(key, { pos: 4, seed: 9 }), "http://x");
      const search = readCrateSearch(url.searchParams);
      expect(search.crate).toEqual(key);
      expect(search.pos).toBe(4);
      expect(crateParam(key)).toBe(url.searchParams.get("crate"));
    }
  });

  it("names crates", () => {
    expect(crateTitle({ kind: "genre", genre: "Soul" })).toBe("Soul");
    expect(crateTitle({ kind: "new-in" })).toBe("New in");
    expect(crateTitle({ kind: "under-15" })).toBe("Under £15");
    expect(crateTitle({ kind: "staff-picks" })).toBe("Staff picks");
    expect(crateTitle({ kind: "surprise" })).toBe("Surprise me");
  });
});

describe("readCrateSearch", () => {
  it("is the chooser without a crate (or with an empty one)", () => {
    expect(read("").crate).toBeUndefined();
    expect(read("crate=").crate).toBeUndefined();
    expect(read("crate=%20").crate).toBeUndefined();
  });

  it("is null (a 404) for a crate the shop does not have", () => {
    expect(read("crate=bogus").crate).toBeNull();
    expect(read("crate=genre:").crate).toBeNull();
  });

  it("lets bad positions and seeds fall away instead of failing", () => {
    expect(read("crate=new-in&pos=3")).toEqual({ crate: { kind: "new-in" }, pos: 3, seed: undefined });
    for (const pos of ["abc", "0", "-1", "2.5", "1e2", ""]) expect(read(`crate=new-in&pos=${pos}`).pos, pos).toBeUndefined();
    expect(read("crate=surprise&seed=48213").seed).toBe(48213);
    for (const seed of ["0", "abc", String(MAX_SEED + 1), "-4", "1.5"])
      expect(read(`crate=surprise&seed=${seed}`).seed, seed).toBeUndefined();
  });

  it("takes the first of repeated parameters", () => {
    expect(read("crate=new-in&crate=bogus&pos=2&pos=9")).toMatchObject({ crate: { kind: "new-in" }, pos: 2 });
  });
});

describe("randomSeed", () => {
  it("is a whole number in 1…999,999, whatever the generator returns", () => {
    expect(randomSeed(() => 0)).toBe(1);
    expect(randomSeed(() => 0.9999999999)).toBe(MAX_SEED);
    expect(randomSeed(() => 1)).toBe(MAX_SEED);
    expect(randomSeed(() => Number.NaN)).toBe(1);
    for (let i = 0; i < 100; i++) {
      const seed = randomSeed();
      expect(Number.isInteger(seed) && seed >= 1 && seed <= MAX_SEED).toBe(true);
    }
  });
});

describe("toCrateRecord", () => {
  const today = "2026-11-22";
  it("shapes a record for the crate: price text, stock state, format label, record address", () => {
    const view = toCrateRecord(
      makeRecord({ id: 42, pricePence: 1299, stockQuantity: 8, format: "Vinyl 7-inch", coverUrl: "/media/covers/x.ki" }),
      today,
    );
    expect(view).toEqual({
      id: 42,
      title: "Kind of Blue",
      artist: "Miles Davis",
      genre: "Jazz",
      year: 1959,
      label: "Columbia",
      coverUrl: "/media/covers/x.jpg",
      audioUrl: "/audio/track-1.mp3",
      price: "£12.99",
      stock: "low",
      format: '7" Vinyl · 45 RPM',
      href: "/vinyl/42-miles-davis-kind-of-blue",
    });
  });

  it("counts a future release as a pre-order whatever its stock, and no stock as out", () => {
    expect(toCrateRecord(makeRecord({ releaseDate: "2027-01-01", stockQuantity: 0 }), today).stock).toBe("pre-order");
    expect(toCrateRecord(makeRecord({ stockQuantity: 0 }), today).stock).toBe("out");
    expect(toCrateRecord(makeRecord({ stockQuantity: 40 }), today).stock).toBe("in-stock");
  });
});
