import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  CRATE_SIZE,
  NEW_IN_DAYS,
  STAFF_PICK_MIN_RATING,
  UNDER_PRICE_PENCE,
  type CrateKey,
} from "../../app/domain/crate/crate-query";
import { shouldHideRecord } from "../../app/domain/catalogue/hiding";
import { addDays } from "../../app/domain/shared/dates";
import type { RecordItem } from "../../app/domain/catalogue/types";
import { growCatalogue } from "../../db/seed/run";
import { eq } from "drizzle-orm";
import { records } from "../../db/schema";
import { insertRecord } from "../../tests/setup/shop-fixtures";
import { migratedTestDb, seededTestDb, TEST_SEED, TEST_TODAY, type TestDb } from "../../tests/setup/test-db";
import { createCrateService } from "./crate";
import { createBrowseService } from "./browse";
import { createHomeService } from "./home";
import { hasVinylFormat } from "../../app/domain/home/home-filters";
import { toRecordItem } from "./record-mapper";

const today = TEST_TODAY;
const ids = (list: readonly { id: number }[]) => list.map((r) => r.id);
const byIdDesc = (a: RecordItem, b: RecordItem) => b.id - a.id;

let t: TestDb;
let all: RecordItem[];
let onShow: RecordItem[];
beforeAll(async () => {
  t = await seededTestDb();
  all = t.db.select().from(records).all().map(toRecordItem);
  onShow = all.filter((r) => !shouldHideRecord(r, { today }));
});
afterAll(() => t.cleanup());

const open = (key: CrateKey, seed?: number) => createCrateService(t.db).open(key, { today, seed });

describe("genre crates", () => {
  it("hold the genre's records on show, newest additions first, at most 60", () => {
    const genres = [...new Set(onShow.map((r) => r.genre).filter((g): g is string => !!g))];
    expect(genres.length).toBeGreaterThan(5);
    for (const genre of genres) {
      const crate = open({ kind: "genre", genre })!;
      const expected = onShow
        .filter((r) => r.genre === genre)
        .sort(byIdDesc)
        .slice(0, CRATE_SIZE);
      expect(ids(crate.records), genre).toEqual(ids(expected));
      expect(crate.title).toBe(genre);
    }
  });

  it("find the genre whatever its case, and name it as stored", () => {
    const genre = onShow.find((r) => r.genre)!.genre!;
    const crate = open({ kind: "genre", genre: genre.toUpperCase() })!;
    expect(crate.key).toEqual({ kind: "genre", genre });
    expect(crate.records.length).toBeGreaterThan(0);
  });

  it("do not exist for an unknown genre or one with nothing on show", () => {
    expect(open({ kind: "genre", genre: "Yodelling" })).toBeNull();
    const [hiddenOnly] = t.db
      .insert(records)
      .values({
        catalogueId: "crate-test-hidden",
        title: "Midnight Drive", // a placeholder title: hidden by spec §5
        artist: "Nobody",
        genre: "Hidden Genre",
        coverUrl: "/media/covers/track-1.jpg",
        audioUrl: "/media/audio/track-1.wav",
        duration: 30,
        pricePence: 1000,
        stockQuantity: 5,
        releaseDate: "2020-01-01",
      })
      .returning()
      .all();
    try {
      expect(open({ kind: "genre", genre: "Hidden Genre" })).toBeNull();
    } finally {
      t.db.$client.prepare("delete from records where id = ?").run(hiddenOnly!.id);
    }
  });

  it("stop at 60 records", () => {
    const big = t.db
      .insert(records)
      .values(
        Array.from({ length: CRATE_SIZE + 5 }, (_, i) => ({
          catalogueId: `crate-test-big-${i}`,
          title: `Big Crate ${i}`,
          artist: "Crate Filler",
          genre: "Crate Test Genre",
          coverUrl: `/media/covers/track-${i + 1}.jpg`,
          audioUrl: `/media/audio/track-${i + 1}.wav`,
          duration: 30,
          pricePence: 2000,
          stockQuantity: 3,
          releaseDate: "2021-06-01",
        })),
      )
      .returning({ id: records.id })
      .all();
    try {
      const crate = open({ kind: "genre", genre: "Crate Test Genre" })!;
      expect(crate.records).toHaveLength(CRATE_SIZE);
      expect(crate.records[0]!.id).toBe(Math.max(...ids(big)));
    } finally {
      t.db.$client.prepare("delete from records where artist = 'Crate Filler'").run();
    }
  });
});

describe("special crates", () => {
  it("New in: the shop's new releases (vinyl of the last 40 days up to today, no demo data), newest first", () => {
    const crate = open({ kind: "new-in" })!;
    const since = addDays(today, -NEW_IN_DAYS);
    const expected = all
      .filter((r) => !shouldHideRecord(r, { today, view: "new-releases" }) && hasVinylFormat(r.format))
      .filter((r) => r.releaseDate !== null && r.releaseDate >= since && r.releaseDate <= today)
      .sort((a, b) => (a.releaseDate === b.releaseDate ? b.id - a.id : a.releaseDate! < b.releaseDate! ? 1 : -1))
      .slice(0, CRATE_SIZE);
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(crate.records)).toEqual(ids(expected));
    expect(crate.title).toBe("New in");
  });

  it("New in counts exactly what /new-releases and the home page's New Releases count", () => {
    const crate = open({ kind: "new-in" })!;
    const listing = createBrowseService(t.db).newReleases({ today, limit: 100 });
    const home = createHomeService(t.db).eligible.newReleases(today);
    expect(listing.total).toBeGreaterThanOrEqual(3); // the window itself, not the flagged top-up
    expect(crate.records.length).toBe(Math.min(listing.total, CRATE_SIZE));
    expect(ids(crate.records)).toEqual(ids(listing.items).slice(0, CRATE_SIZE));
    expect(new Set(ids(home))).toEqual(new Set(ids(listing.items)));
  });

  it("a placeholder-titled release in the window is a new release nowhere (search would not find it either)", () => {
    const demo = insertRecord(t.db, {
      title: "Neon City",
      format: "Vinyl LP",
      releaseDate: addDays(today, -2),
      stockQuantity: 4,
    });
    const soldOut = insertRecord(t.db, { format: "Vinyl LP", releaseDate: addDays(today, -2), stockQuantity: 0 });
    const listing = ids(createBrowseService(t.db).newReleases({ today, limit: 100 }).items);
    for (const list of [
      listing,
      ids(open({ kind: "new-in" })!.records),
      ids(createHomeService(t.db).eligible.newReleases(today)),
    ]) {
      expect(list).not.toContain(demo.id);
      expect(list).toContain(soldOut.id); // a sold-out new release is still news
    }
    t.db.delete(records).where(eq(records.id, demo.id)).run();
    t.db.delete(records).where(eq(records.id, soldOut.id)).run();
  });

  it("Under £15: priced below 1500 pence, pre-orders included", () => {
    const crate = open({ kind: "under-15" })!;
    const expected = onShow
      .filter((r) => r.pricePence > 0 && r.pricePence < UNDER_PRICE_PENCE)
      .sort(byIdDesc)
      .slice(0, CRATE_SIZE);
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(crate.records)).toEqual(ids(expected));
    expect(crate.records.every((r) => r.pricePence < 1500)).toBe(true);
    expect(crate.title).toBe("Under £15");
  });

  it("Staff picks: best sellers or rated 4.5 and up, best rated first", () => {
    const crate = open({ kind: "staff-picks" })!;
    const expected = onShow
      .filter((r) => r.bestSeller || (r.rating ?? 0) >= STAFF_PICK_MIN_RATING)
      .sort(byIdDesc)
      .slice(0, CRATE_SIZE);
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(crate.records).sort()).toEqual(ids(expected).sort());
    const ratings = crate.records.map((r) => r.rating ?? 0);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it("hide what the hiding rule hides, in every crate (New in as the new-releases view does)", () => {
    const visible = new Set(ids(onShow));
    const onNewReleases = new Set(ids(all.filter((r) => !shouldHideRecord(r, { today, view: "new-releases" }))));
    for (const kind of ["new-in", "under-15", "staff-picks", "surprise"] as const) {
      const shown = kind === "new-in" ? onNewReleases : visible;
      for (const r of open({ kind }, 7)!.records) expect(shown.has(r.id), `${kind} ${r.id}`).toBe(true);
    }
  });

  it("may be empty on a shop with no records, without failing", () => {
    const empty = migratedTestDb();
    try {
      const service = createCrateService(empty.db);
      for (const kind of ["new-in", "under-15", "staff-picks", "surprise"] as const) {
        expect(service.open({ kind }, { today, seed: 1 })!.records).toEqual([]);
      }
      const chooser = service.chooser({ today });
      expect(chooser.genres).toEqual([]);
      expect(chooser.special.map((s) => s.count)).toEqual([0, 0, 0, null]);
    } finally {
      empty.cleanup();
    }
  });
});

describe("Surprise me", () => {
  it("deals the same 60 records for the same seed, another crate for another seed", () => {
    const a = open({ kind: "surprise" }, 4242)!;
    expect(a.records).toHaveLength(CRATE_SIZE);
    expect(new Set(ids(a.records)).size).toBe(CRATE_SIZE);
    expect(ids(open({ kind: "surprise" }, 4242)!.records)).toEqual(ids(a.records));
    expect(ids(open({ kind: "surprise" }, 4243)!.records)).not.toEqual(ids(a.records));
    expect(a.title).toBe("Surprise me");
  });

  it("is a shuffle, not the catalogue in order", () => {
    const list = ids(open({ kind: "surprise" }, 99)!.records);
    expect(list).not.toEqual([...list].sort((x, y) => x - y));
    expect(list).not.toEqual([...list].sort((x, y) => y - x));
  });

  it("a shared crate survives new stock: a record added later shows up in it only by scoring among its 60", () => {
    const before = ids(open({ kind: "surprise" }, 2026)!.records);
    const added = insertRecord(t.db, { stockQuantity: 3 }).id;
    try {
      const after = ids(open({ kind: "surprise" }, 2026)!.records);
      const dealt = after.includes(added);
      expect(after.filter((id) => id !== added)).toEqual(before.slice(0, dealt ? CRATE_SIZE - 1 : CRATE_SIZE));
    } finally {
      t.db.delete(records).where(eq(records.id, added)).run();
    }
  });

  it("draws random ids on a big shop: 60 distinct records on show, repeatable", () => {
    const sampling = createCrateService(t.db, { fullShuffleUpTo: 0 });
    const visible = new Set(ids(onShow));
    const a = sampling.open({ kind: "surprise" }, { today, seed: 31337 })!;
    expect(a.records).toHaveLength(CRATE_SIZE);
    expect(new Set(ids(a.records)).size).toBe(CRATE_SIZE);
    expect(a.records.every((r) => visible.has(r.id))).toBe(true);
    expect(ids(sampling.open({ kind: "surprise" }, { today, seed: 31337 })!.records)).toEqual(ids(a.records));
  });
});

describe("crate chooser", () => {
  it("offers New in, Under £15, Staff picks and Surprise me, with counts and front covers", () => {
    const { special } = createCrateService(t.db).chooser({ today });
    expect(special.map((s) => s.title)).toEqual(["New in", "Under £15", "Staff picks", "Surprise me"]);
    for (const s of special.slice(0, 3)) {
      const crate = open(s.key)!;
      expect(s.count).toBe(crate.records.length);
      expect(s.covers).toEqual(crate.records.slice(0, 3).map((r) => r.coverUrl));
      expect(s.blurb).toBeTruthy();
    }
    expect(special[3]!.count).toBeNull();
    expect(special[3]!.covers).toEqual([]);
  });

  it("offers every genre with records on show, alphabetically", () => {
    const { genres } = createCrateService(t.db).chooser({ today });
    const expected = [...new Set(onShow.map((r) => r.genre).filter((g): g is string => !!g))].sort((a, b) =>
      a.localeCompare(b, "en-GB"),
    );
    expect(genres.map((g) => g.title)).toEqual(expected);
    for (const g of genres) {
      expect(g.key).toEqual({ kind: "genre", genre: g.title });
      expect(g.count).toBe(Math.min(CRATE_SIZE, onShow.filter((r) => r.genre === g.title).length));
      expect(g.covers.length).toBeGreaterThan(0);
    }
  });
});

describe("query plans", () => {
  // Each crate must walk an index (or the primary key) in the crate's order and stop at the LIMIT:
  // a temporary B-tree for ORDER BY would mean reading and sorting every match. The statements are
  // the service's own, caught as it prepares them.
  let statements: string[] = [];
  beforeAll(() => {
    const spy = vi.spyOn(t.db.$client, "prepare");
    createCrateService(t.db);
    statements = spy.mock.calls.map((c) => String(c[0]));
    spy.mockRestore();
  });
  const planOf = (match: RegExp) => {
    const text = statements.find((s) => match.test(s));
    expect(text, String(match)).toBeTruthy();
    const params = Array.from({ length: (text!.match(/\?/g) ?? []).length }, () => "2026-01-01");
    const rows = t.db.$client.prepare(`explain query plan ${text}`).all(...params) as { detail: string }[];
    return rows.map((r) => r.detail).join(" | ");
  };

  it("reads a genre crate through the genre index, newest first, without sorting", () => {
    const p = planOf(/"genre" = \?/);
    expect(p).toContain("records_genre_idx");
    expect(p).not.toContain("TEMP B-TREE");
  });

  it("reads New in through the release-date index without sorting", () => {
    const p = planOf(/"release_date" >= \?/);
    expect(p).toContain("records_release_date_idx");
    expect(p).not.toContain("TEMP B-TREE");
  });

  it("walks the primary key, newest first, for Under £15 and Staff picks", () => {
    for (const match of [/\+"records"."price_pence" > 0/, /\+"records"."best_seller" = 1/]) {
      expect(planOf(match), String(match)).toMatch(/^SCAN records$/);
    }
  });
});

// Opt-in (CRATE_BENCH=1): grows the catalogue to 100,000 records and times every crate.
describe.skipIf(!process.env.CRATE_BENCH)("crates at 100,000 records", () => {
  it("opens any crate in a few milliseconds", () => {
    growCatalogue(t.db, { seed: TEST_SEED, total: 100_000, today });
    const service = createCrateService(t.db);
    const keys: CrateKey[] = [
      { kind: "genre", genre: "Jazz" },
      { kind: "new-in" },
      { kind: "under-15" },
      { kind: "staff-picks" },
      { kind: "surprise" },
    ];
    const runs = 20;
    for (const key of keys) {
      const started = performance.now();
      // A different day (or seed) each time: nothing comes from the read cache.
      for (let i = 1; i <= runs; i++)
        expect(service.open(key, { today: addDays(today, i), seed: i })!.records).toHaveLength(CRATE_SIZE);
      const ms = (performance.now() - started) / runs;
      console.log(`${JSON.stringify(key)} at 100,000 records: ${ms.toFixed(2)} ms`);
      expect(ms).toBeLessThan(15);
    }
    const started = performance.now();
    service.chooser({ today: addDays(today, 100) });
    console.log(`chooser at 100,000 records: ${(performance.now() - started).toFixed(2)} ms uncached`);
  }, 300_000);
});
