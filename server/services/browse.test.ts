import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { NO_FILTERS, type BrowseFilters, type BrowseQuery } from "../../app/domain/browse/browse-query";
import { FORMATS } from "../../app/domain/catalogue/formats";
import { genresWithAtLeast } from "../../app/domain/catalogue/genres";
import { shouldHideRecord } from "../../app/domain/catalogue/hiding";
import { newReleases } from "../../app/domain/home/home-filters";
import { isPreOrder } from "../../app/domain/catalogue/pre-order";
import { addDays } from "../../app/domain/shared/dates";
import type { RecordItem } from "../../app/domain/catalogue/types";
import { records } from "../../db/schema";
import { migratedTestDb, seededTestDb, TEST_TODAY, type TestDb } from "../../tests/setup/test-db";
import { createBrowseService, type BrowseService, type Facets } from "./browse";
import { toRecordItem } from "./record-mapper";

const today = TEST_TODAY;
let t: TestDb;
let browse: BrowseService;
let all: RecordItem[];
let visible: RecordItem[];

beforeAll(async () => {
  t = await seededTestDb();
  browse = createBrowseService(t.db);
  all = t.db.select().from(records).all().map(toRecordItem);
  visible = all.filter((r) => !shouldHideRecord(r, { today }));
});
afterAll(() => t.cleanup());

const query = (change: Partial<BrowseQuery> = {}): BrowseQuery => ({ ...NO_FILTERS, sort: "newest", page: 1, ...change });

// ----- brute force: the pure rules over every row, as a shopper would read the filters -----
type Facet = "genre" | "format" | "label" | "decade" | "stock";
const decadeOf = (r: RecordItem) => (r.year === null ? null : Math.floor(r.year / 10) * 10);
const inStock = (r: RecordItem) => r.stockQuantity > 0 && !isPreOrder(r.releaseDate, today);

function matches(r: RecordItem, f: BrowseFilters, except?: Facet): boolean {
  const words = f.q.toLowerCase().split(/\s+/).filter(Boolean);
  const text = [r.title, r.artist, r.label, r.catalogNumber, r.genre].map((v) => (v ?? "").toLowerCase());
  if (!words.every((w) => text.some((v) => v.includes(w)))) return false;
  if (except !== "genre" && f.genres.length && !f.genres.includes(r.genre ?? "")) return false;
  if (except !== "format" && f.formats.length && !(f.formats as string[]).includes(r.format ?? "")) return false;
  if (except !== "label" && f.labels.length && !f.labels.includes(r.label ?? "")) return false;
  if (except !== "decade" && f.decades.length && !f.decades.includes(decadeOf(r) ?? -1)) return false;
  if (f.minPence !== null && r.pricePence < f.minPence) return false;
  if (f.maxPence !== null && r.pricePence > f.maxPence) return false;
  if (except !== "stock" && f.inStock && !inStock(r)) return false;
  return true;
}

const expectedIds = (f: BrowseFilters) =>
  visible
    .filter((r) => matches(r, f))
    .map((r) => r.id)
    .sort((a, b) => a - b);

/** Every page of a browse, in order. */
function collect(q: BrowseQuery, limit = 24): RecordItem[] {
  const out: RecordItem[] = [];
  for (let page = 1; ; page++) {
    const result = browse.browse({ ...q, page }, { today, limit });
    out.push(...result.items);
    if (page >= result.pages) return out;
  }
}
const sortedIds = (items: RecordItem[]) => items.map((r) => r.id).sort((a, b) => a - b);

function bruteFacets(f: BrowseFilters) {
  const countBy = (facet: Facet, key: (r: RecordItem) => string | number | null) => {
    const counts = new Map<string | number, number>();
    for (const r of visible) {
      const k = key(r);
      if (k !== null && matches(r, f, facet)) counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    return counts;
  };
  return {
    genre: countBy("genre", (r) => r.genre),
    format: countBy("format", (r) => r.format),
    label: countBy("label", (r) => r.label),
    decade: countBy("decade", decadeOf),
    inStock: visible.filter((r) => matches(r, f, "stock") && inStock(r)).length,
  };
}

function expectFacetsMatch(facets: Facets, f: BrowseFilters) {
  const brute = bruteFacets(f);
  const asMap = (values: { value: string | number; count: number }[]) =>
    new Map(values.filter((v) => v.count > 0).map((v) => [v.value, v.count]));
  expect(asMap(facets.genre)).toEqual(brute.genre);
  expect(asMap(facets.label)).toEqual(brute.label);
  expect(asMap(facets.format)).toEqual(
    new Map([...brute.format].filter(([k]) => (FORMATS as readonly string[]).includes(String(k)))),
  );
  expect(asMap(facets.decade)).toEqual(new Map([...brute.decade].filter(([k]) => Number(k) >= 1950 && Number(k) <= 2020)));
  expect(facets.inStock).toBe(brute.inStock);
  for (const g of f.genres) expect(facets.genre.find((v) => v.value === g)?.selected).toBe(true);
  for (const l of f.labels) expect(facets.label.find((v) => v.value === l)?.selected).toBe(true);
  for (const v of facets.format) expect(v.selected).toBe((f.formats as string[]).includes(v.value));
  for (const v of facets.decade) expect(v.selected).toBe(f.decades.includes(v.value));
}

describe("browse: filters", () => {
  it("without filters lists exactly the records the hiding rule keeps", () => {
    const result = browse.browse(query(), { today });
    expect(result.total).toBe(visible.length);
    expect(result.items).toHaveLength(24);
    expect(sortedIds(collect(query(), 100))).toEqual(expectedIds(NO_FILTERS));
    // The seed really exercises the rule.
    expect(visible.length).toBeLessThan(all.length);
  });

  it("counts what it would list, with or without filters, without reading a page", () => {
    expect(browse.count(query(), { today })).toBe(visible.length);
    const jazz = query({ genres: ["Jazz"] });
    expect(browse.count(jazz, { today })).toBe(browse.list(jazz, { today }).total);
    expect(browse.count(jazz, { today })).toBe(visible.filter((r) => r.genre === "Jazz").length);
  });

  it("never shows a hidden record, whatever the search", () => {
    for (const q of ["Midnight Drive", "Digital Horizon", "Electronic Vibes"]) {
      const found = collect(query({ q, sort: "relevance" }));
      for (const r of found) expect(shouldHideRecord(r, { today })).toBe(false);
      expect(sortedIds(found)).toEqual(expectedIds({ ...NO_FILTERS, q }));
    }
    const placeholders = all.filter((r) => r.title === "Midnight Drive");
    expect(placeholders.length).toBeGreaterThan(0);
    const shown = new Set(collect(query(), 100).map((r) => r.id));
    for (const r of all) if (shouldHideRecord(r, { today })) expect(shown.has(r.id)).toBe(false);
  });

  const cases: [string, Partial<BrowseFilters>][] = [
    ["one genre", { genres: ["Jazz"] }],
    ["two genres", { genres: ["Jazz", "Soul"] }],
    ["a format", { formats: ["Vinyl 7-inch"] }],
    ["two formats", { formats: ["Vinyl LP", "Vinyl Box Set"] }],
    ["a label", { labels: ["Blue Note"] }],
    ["a decade", { decades: [1970] }],
    ["two decades", { decades: [1950, 2020] }],
    ["a minimum price", { minPence: 3000 }],
    ["a maximum price", { maxPence: 999 }],
    ["a price range", { minPence: 1500, maxPence: 2500 }],
    ["in stock only", { inStock: true }],
    ["a search word", { q: "blue" }],
    ["two search words", { q: "miles blue" }],
    ["search in catalogue numbers", { q: "BLP" }],
    ["search in genres and labels", { q: "jazz" }],
    ["everything at once", { q: "the", genres: ["Rock", "Jazz"], decades: [1970, 1980], inStock: true, maxPence: 4000 }],
  ];
  for (const [name, filters] of cases) {
    it(`filters by ${name}`, () => {
      const f = { ...NO_FILTERS, ...filters };
      const expected = expectedIds(f);
      expect(expected.length, "the seed should have matches").toBeGreaterThan(0);
      const result = browse.browse(query(f), { today });
      expect(result.total).toBe(expected.length);
      expect(sortedIds(collect(query(f)))).toEqual(expected);
      expect(browse.list(query(f), { today }).total).toBe(expected.length);
    });
  }

  it("the label filter matches the label exactly", () => {
    const label = visible.find((r) => r.label)!.label!;
    const found = collect(query({ labels: [label] }));
    expect(found.length).toBeGreaterThan(0);
    for (const r of found) expect(r.label).toBe(label);
  });

  it("treats LIKE wildcards in the search text literally", () => {
    expect(browse.browse(query({ q: "%" }), { today }).total).toBe(0);
    expect(browse.browse(query({ q: "_" }), { today }).total).toBe(0);
    expect(browse.browse(query({ q: "\\" }), { today }).total).toBe(0);
  });

  it("finds nothing for nonsense and says so with a zero total", () => {
    const result = browse.browse(query({ q: "zzqxv" }), { today });
    expect(result).toMatchObject({ total: 0, items: [], page: 1, pages: 1 });
    expect(result.facets.genre).toEqual([]);
  });
});

describe("browse: facet counts", () => {
  const facetCases: [string, Partial<BrowseFilters>][] = [
    ["no filters", {}],
    ["a genre", { genres: ["Jazz"] }],
    ["a search", { q: "blue" }],
    ["a label and a price", { labels: ["Blue Note", "Columbia"], minPence: 1000 }],
    ["every facet", { genres: ["Rock", "Pop"], formats: ["Vinyl LP", "Coloured Vinyl"], decades: [1970, 1990], inStock: true }],
    [
      "every facet and a search",
      { q: "the", genres: ["Rock"], formats: ["Vinyl LP"], labels: ["Harvest"], decades: [1970], inStock: true },
    ],
  ];
  for (const [name, filters] of facetCases) {
    it(`match a brute-force count over all rows with ${name}`, () => {
      const f = { ...NO_FILTERS, ...filters };
      expectFacetsMatch(browse.browse(query(f), { today }).facets, f);
    });
  }

  it("keep a chosen value listed even when nothing matches it", () => {
    const facets = browse.browse(query({ genres: ["Polka"], labels: ["No Such Label"] }), { today }).facets;
    expect(facets.genre.find((g) => g.value === "Polka")).toEqual({ value: "Polka", count: 0, selected: true });
    expect(facets.label.find((l) => l.value === "No Such Label")).toEqual({ value: "No Such Label", count: 0, selected: true });
  });

  it("list genres alphabetically, labels by count, formats and decades in their fixed order", () => {
    const facets = browse.browse(query(), { today }).facets;
    const names = facets.genre.map((g) => g.value);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en-GB")));
    const counts = facets.label.map((l) => l.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(facets.format.map((f) => f.value)).toEqual([...FORMATS]);
    expect(facets.decade.map((d) => d.value)).toEqual([1950, 1960, 1970, 1980, 1990, 2000, 2010, 2020]);
  });

  it("see a new record at once (the cache ends at the next write)", () => {
    const before = browse.browse(query({ genres: ["Ska"] }), { today });
    expect(before.total).toBe(0);
    const row = t.db
      .insert(records)
      .values({
        catalogueId: "browse-ska-1",
        title: "Skanking Test",
        artist: "Cache Breakers",
        genre: "Ska",
        coverUrl: "/media/covers/track-1.jpg",
        audioUrl: "/a.wav",
        duration: 8,
        pricePence: 1999,
        stockQuantity: 4,
        releaseDate: "2001-01-01",
        year: 2001,
      })
      .returning()
      .get();
    try {
      const after = browse.browse(query({ genres: ["Ska"] }), { today });
      expect(after.total).toBe(1);
      expect(after.items[0]?.id).toBe(row.id);
      expect(after.facets.genre.find((g) => g.value === "Ska")?.count).toBe(1);
    } finally {
      t.db.$client.prepare("delete from records where id = ?").run(row.id);
      all = t.db.select().from(records).all().map(toRecordItem);
      visible = all.filter((r) => !shouldHideRecord(r, { today }));
    }
  });
});

describe("browse: sorting and paging", () => {
  const byNewest = (a: RecordItem, b: RecordItem) =>
    a.releaseDate === b.releaseDate
      ? b.id - a.id
      : a.releaseDate === null
        ? 1
        : b.releaseDate === null
          ? -1
          : a.releaseDate < b.releaseDate
            ? 1
            : -1;
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const orders: [BrowseQuery["sort"], (a: RecordItem, b: RecordItem) => number][] = [
    ["newest", byNewest],
    ["price-asc", (a, b) => a.pricePence - b.pricePence || a.id - b.id],
    ["price-desc", (a, b) => b.pricePence - a.pricePence || b.id - a.id],
    ["artist", (a, b) => cmp(a.artist, b.artist) || cmp(a.title, b.title) || a.id - b.id],
  ];
  for (const [sort, compare] of orders) {
    it(`sorts by ${sort}, with and without filters`, () => {
      for (const f of [
        NO_FILTERS,
        { ...NO_FILTERS, genres: ["Rock"] },
        { ...NO_FILTERS, q: "the" },
        { ...NO_FILTERS, labels: ["Blue Note", "Harvest"] },
      ]) {
        const got = collect(query({ ...f, sort }), 50).map((r) => r.id);
        const expected = visible
          .filter((r) => matches(r, f))
          .sort(compare)
          .map((r) => r.id);
        expect(got).toEqual(expected);
      }
    });
  }

  it("sorts by relevance: an exact title first, then title words above other fields", () => {
    const result = browse.browse(query({ q: "kind of blue", sort: "relevance" }), { today });
    expect(result.items[0]?.title).toBe("Kind of Blue");
    const blue = collect(query({ q: "blue", sort: "relevance" }));
    expect(sortedIds(blue)).toEqual(expectedIds({ ...NO_FILTERS, q: "blue" }));
    const firstWithoutTitleMatch = blue.findIndex((r) => !r.title.toLowerCase().includes("blue"));
    const lastWithTitleMatch = blue.findLastIndex((r) => r.title.toLowerCase().includes("blue"));
    expect(firstWithoutTitleMatch === -1 || lastWithTitleMatch < firstWithoutTitleMatch).toBe(true);
  });

  it("relevance without search text sorts as newest", () => {
    const a = browse.browse(query({ sort: "relevance" }), { today }).items.map((r) => r.id);
    const b = browse.browse(query({ sort: "newest" }), { today }).items.map((r) => r.id);
    expect(a).toEqual(b);
  });

  it("pages 24 at a time without overlap or gaps", () => {
    const first = browse.browse(query(), { today });
    expect(first.pages).toBe(Math.ceil(visible.length / 24));
    const seen = new Set<number>();
    for (let page = 1; page <= first.pages; page++) {
      const result = browse.browse(query({ page }), { today });
      expect(result.page).toBe(page);
      expect(result.items.length).toBe(page < first.pages ? 24 : visible.length - 24 * (first.pages - 1));
      for (const r of result.items) {
        expect(seen.has(r.id)).toBe(false);
        seen.add(r.id);
      }
    }
    expect(seen.size).toBe(visible.length);
  });

  it("a page past the end shows the last page", () => {
    const result = browse.browse(query({ genres: ["Jazz"], page: 9999 }), { today });
    expect(result.page).toBe(result.pages);
    expect(result.items.length).toBeGreaterThan(0);
  });

  it("list() pages /allvinyl the same way browse() does", () => {
    for (const sort of ["newest", "price-asc", "artist"] as const) {
      const a = browse.list(query({ sort, page: 3 }), { today });
      const b = browse.browse(query({ sort, page: 3 }), { today });
      expect(a.items.map((r) => r.id)).toEqual(b.items.map((r) => r.id));
      expect(a.total).toBe(visible.length);
      expect(a.pages).toBe(b.pages);
    }
  });
});

describe("new releases", () => {
  it("are exactly the spec's window, newest first, with only the stock test of the hiding rule lifted", () => {
    const expected = newReleases(all, today, { exclude: (r) => shouldHideRecord(r, { today, view: "new-releases" }) });
    expect(expected.length).toBeGreaterThanOrEqual(3);
    const got: RecordItem[] = [];
    for (let page = 1; ; page++) {
      const result = browse.newReleases({ today, page, limit: 10 });
      expect(result.total).toBe(expected.length);
      got.push(...result.items);
      if (page >= result.pages) break;
    }
    expect(sortedIds(got)).toEqual(sortedIds(expected));
    const since = addDays(today, -40);
    for (const r of got) {
      expect(r.format?.toLowerCase()).toContain("vinyl");
      expect(r.releaseDate! >= since && r.releaseDate! <= today).toBe(true);
    }
    const dates = got.map((r) => r.releaseDate!);
    expect(dates).toEqual([...dates].sort().reverse());
    // Sold-out new releases stay on this view, though the hiding rule would drop them elsewhere.
    expect(got.some((r) => shouldHideRecord(r, { today }))).toBe(true);
  });

  it("below 3 in the window, flagged records top the list up to 5", () => {
    const small = migratedTestDb();
    try {
      const base = {
        artist: "Fallback",
        audioUrl: "/a.wav",
        duration: 8,
        pricePence: 1500,
        stockQuantity: 0,
        format: "Vinyl LP",
      };
      const rows = [
        { title: "In Window", releaseDate: addDays(today, -3) },
        { title: "Too Old", releaseDate: addDays(today, -41) },
        { title: "Flagged 1", releaseDate: "2020-01-01", isNewRelease: true },
        { title: "Flagged 2", releaseDate: "2021-01-01", isNewRelease: true },
        { title: "Flagged 3", releaseDate: "2022-01-01", isNewRelease: true },
        { title: "Flagged 4", releaseDate: "2023-01-01", isNewRelease: true },
        { title: "Flagged 5", releaseDate: "2019-01-01", isNewRelease: true },
        { title: "Flagged CD", releaseDate: "2024-01-01", isNewRelease: true, format: "CD" },
        { title: "Flagged Pre-order", releaseDate: addDays(today, 10), isNewRelease: true },
      ];
      small.db
        .insert(records)
        .values(rows.map((r, i) => ({ ...base, ...r, catalogueId: `fb-${i}`, coverUrl: `/media/covers/fb-${i}.jpg` })))
        .run();
      const result = createBrowseService(small.db).newReleases({ today });
      const smallAll = small.db.select().from(records).all().map(toRecordItem);
      expect(result.items.map((r) => r.title)).toEqual(newReleases(smallAll, today).map((r) => r.title));
      expect(result.items.map((r) => r.title)).toEqual(["In Window", "Flagged 4", "Flagged 3", "Flagged 2", "Flagged 1"]);
      expect(result).toMatchObject({ total: 5, pages: 1, page: 1 });
    } finally {
      small.cleanup();
    }
  });
});

describe("pre-orders", () => {
  it("are every future release, soonest first, never hidden", () => {
    const expected = all.filter((r) => isPreOrder(r.releaseDate, today));
    expect(expected.some((r) => r.stockQuantity === 0)).toBe(true);
    const got: RecordItem[] = [];
    for (let page = 1; ; page++) {
      const result = browse.preOrders({ today, page, limit: 10 });
      expect(result.total).toBe(expected.length);
      got.push(...result.items);
      if (page >= result.pages) break;
    }
    expect(sortedIds(got)).toEqual(sortedIds(expected));
    for (const r of got) expect(r.releaseDate! > today).toBe(true);
    const order = got.map((r) => `${r.releaseDate}:${String(r.id).padStart(8, "0")}`);
    expect(order).toEqual([...order].sort());
  });
});

describe("genre counts", () => {
  it("count the visible records of each genre", () => {
    const expected: Record<string, number> = {};
    for (const r of visible) if (r.genre) expected[r.genre] = (expected[r.genre] ?? 0) + 1;
    const counts = browse.genreCounts({ today });
    expect(counts).toEqual(expected);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(visible.filter((r) => r.genre).length);
    expect(genresWithAtLeast(counts).length).toBeGreaterThan(0);
  });
});

describe("browse: pages between writes", () => {
  it("reads a page once, and shows a write on the next request", () => {
    const small = migratedTestDb();
    try {
      const add = (title: string, releaseDate: string) =>
        small.db
          .insert(records)
          .values({
            title,
            artist: "Page Cache",
            audioUrl: "/a.wav",
            duration: 8,
            pricePence: 1500,
            stockQuantity: 3,
            format: "Vinyl LP",
            genre: "Jazz",
            releaseDate,
            catalogueId: `pc-${title}`,
            coverUrl: `/media/covers/pc-${title}.jpg`,
          })
          .run();
      add("Older", "2020-01-01");
      const service = createBrowseService(small.db);
      const titles = () => service.browse(query({ sort: "newest" }), { today }).items.map((r) => r.title);
      expect(titles()).toEqual(["Older"]);
      expect(titles()).toEqual(["Older"]);
      add("Newer", "2021-01-01");
      expect(titles()).toEqual(["Newer", "Older"]);
      small.db.update(records).set({ title: "Renamed" }).where(eq(records.title, "Older")).run();
      expect(titles()).toEqual(["Newer", "Renamed"]);
    } finally {
      small.cleanup();
    }
  });
});
