import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shouldHideRecord } from "../../app/domain/catalogue/hiding";
import {
  bestSellers,
  hasVinylFormat,
  HOME_LIST_SIZES,
  newReleases,
  preOrders,
  uniqueByTitleArtist,
} from "../../app/domain/home/home-filters";
import { isPreOrder } from "../../app/domain/catalogue/pre-order";
import { addDays } from "../../app/domain/shared/dates";
import type { RecordItem } from "../../app/domain/catalogue/types";
import type { Db } from "../../db/client";
import { growCatalogue } from "../../db/seed/run";
import { artistBios, records, triviaQuestions, type NewRecordRow } from "../../db/schema";
import { TRIVIA, VINYL_CARE_TIPS } from "../../db/seed/content";
import { migratedTestDb, seededTestDb, TEST_SEED, TEST_TODAY, type TestDb } from "../../tests/setup/test-db";
import { createHomeService, dailyRandom, pickFresh, ShownRecords } from "./home";
import { toRecordItem } from "./record-mapper";

const today = TEST_TODAY;
const hidden = (r: RecordItem) => shouldHideRecord(r, { today });
const ids = (list: readonly { id: number }[]) => list.map((r) => r.id);

let t: TestDb;
let all: RecordItem[];
beforeAll(async () => {
  t = await seededTestDb();
  all = t.db.select().from(records).all().map(toRecordItem);
});
afterAll(() => t.cleanup());

describe("home service on the seeded shop", () => {
  it("picks 4 pre-orders: future release dates, unique by title + artist", () => {
    const { preOrders: list } = createHomeService(t.db).sections({ today });
    expect(list).toHaveLength(HOME_LIST_SIZES.preOrders);
    const eligible = ids(preOrders(all, today, { exclude: hidden }));
    for (const r of list) {
      expect(isPreOrder(r.releaseDate, today)).toBe(true);
      expect(eligible).toContain(r.id);
    }
    expect(uniqueByTitleArtist(list)).toHaveLength(list.length);
  });

  it("picks 4 new releases: vinyl released in the last 40 days", () => {
    const { newReleases: list } = createHomeService(t.db).sections({ today });
    expect(list).toHaveLength(HOME_LIST_SIZES.newReleases);
    const eligible = ids(newReleases(all, today));
    for (const r of list) {
      expect(eligible).toContain(r.id);
      expect(hasVinylFormat(r.format)).toBe(true);
      expect(r.releaseDate! >= addDays(today, -40) && r.releaseDate! <= today).toBe(true);
    }
  });

  it("reads the same new-release list from SQL as the pure filter gives over the whole table", () => {
    const service = createHomeService(t.db);
    const demo = (r: RecordItem) => shouldHideRecord(r, { today, view: "new-releases" });
    expect(ids(service.eligible.newReleases(today)).sort()).toEqual(ids(newReleases(all, today, { exclude: demo })).sort());
  });

  it("picks 4 best sellers: flagged, vinyl, priced, released, visible, unique by title + artist", () => {
    const { bestSellers: list } = createHomeService(t.db).sections({ today });
    expect(list).toHaveLength(HOME_LIST_SIZES.bestSellers);
    const eligible = ids(bestSellers(all, today, { exclude: hidden }));
    for (const r of list) {
      expect(eligible).toContain(r.id);
      expect(r.bestSeller && hasVinylFormat(r.format) && r.pricePence > 0).toBe(true);
      expect(r.releaseDate! <= today).toBe(true);
      expect(hidden(r)).toBe(false);
    }
    expect(uniqueByTitleArtist(list)).toHaveLength(list.length);
  });

  it("picks 2 recently updated records, none hidden", () => {
    const { recentlyUpdated: list } = createHomeService(t.db).sections({ today });
    expect(list).toHaveLength(HOME_LIST_SIZES.recentlyUpdated);
    for (const r of list) expect(hidden(r)).toBe(false);
  });

  it("shows a record at most once across pre-orders, new releases, best sellers and recently updated", () => {
    const s = createHomeService(t.db).sections({ today });
    const shown = [...s.preOrders, ...s.newReleases, ...s.bestSellers, ...s.recentlyUpdated];
    expect(shown).toHaveLength(4 + 4 + 4 + 2);
    expect(new Set(ids(shown)).size).toBe(shown.length);
    expect(uniqueByTitleArtist(shown)).toHaveLength(shown.length);
  });

  it("keeps records another list on the page already shows out of the random lists", () => {
    const service = createHomeService(t.db);
    const pool = ids(service.eligible.recentlyUpdated(today));
    const avoid = pool.slice(0, 8);
    const s = service.sections({ today, alreadyShown: avoid });
    for (const r of [...s.preOrders, ...s.newReleases, ...s.bestSellers, ...s.recentlyUpdated]) {
      expect(avoid).not.toContain(r.id);
    }
  });

  it("gives the same page all day, and other picks on another day", () => {
    const a = createHomeService(t.db).sections({ today });
    const b = createHomeService(t.db).sections({ today });
    expect(b).toEqual(a);
    const days = Array.from({ length: 5 }, (_, i) => createHomeService(t.db).sections({ today: addDays(today, i + 1) }));
    expect(days.some((d) => d.vinylOfTheDay?.id !== a.vinylOfTheDay?.id)).toBe(true);
    expect(days.some((d) => d.artistSpotlight?.artist !== a.artistSpotlight?.artist)).toBe(true);
    expect(days.some((d) => ids(d.bestSellers).join() !== ids(a.bestSellers).join())).toBe(true);
  });

  it("features a listed, released, priced vinyl record as Vinyl of the Day", () => {
    const service = createHomeService(t.db);
    for (let i = 0; i < 30; i++) {
      const day = addDays(today, i);
      const pick = service.vinylOfTheDay(day);
      expect(pick).not.toBeNull();
      expect(shouldHideRecord(pick!, { today: day })).toBe(false);
      expect(hasVinylFormat(pick!.format)).toBe(true);
      expect(pick!.pricePence).toBeGreaterThan(0);
      expect(pick!.releaseDate! <= day).toBe(true);
    }
  });

  it("spotlights an artist with a bio and one of their records on sale", () => {
    const service = createHomeService(t.db);
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const day = addDays(today, i);
      const spotlight = service.artistSpotlight(day);
      expect(spotlight).not.toBeNull();
      seen.add(spotlight!.artist);
      expect(spotlight!.bio.length).toBeGreaterThan(100);
      expect(spotlight!.tracks).toHaveLength(1);
      expect(spotlight!.tracks[0]!.artist).toBe(spotlight!.artist);
      expect(shouldHideRecord(spotlight!.tracks[0]!, { today: day })).toBe(false);
    }
    expect(seen.size).toBeGreaterThan(5);
  });

  it("reads the first 3 trivia questions in order", () => {
    const trivia = createHomeService(t.db).trivia();
    expect(trivia).toEqual(TRIVIA.slice(0, 3));
    for (const q of trivia) expect(q.options[q.answer]).toBeDefined();
  });

  it("shows 3 care tips from different categories", () => {
    const tips = createHomeService(t.db).careTips(today);
    expect(tips).toHaveLength(3);
    expect(new Set(tips.map((tip) => tip.category)).size).toBe(3);
    for (const tip of tips) expect(VINYL_CARE_TIPS.map((x) => x.title)).toContain(tip.title);
  });
});

describe("home service fallbacks", () => {
  let empty: TestDb;
  beforeAll(() => {
    empty = migratedTestDb();
  });
  afterAll(() => empty.cleanup());

  it("returns empty lists and no featured record, spotlight, trivia or tips on an empty shop", () => {
    const service = createHomeService(empty.db);
    expect(service.sections({ today })).toEqual({
      preOrders: [],
      vinylOfTheDay: null,
      newReleases: [],
      artistSpotlight: null,
      bestSellers: [],
      careTips: [],
      recentlyUpdated: [],
    });
    expect(service.trivia()).toEqual([]);
  });
});

let counter = 0;
function insert(db: Db, row: Partial<NewRecordRow>): RecordItem {
  counter += 1;
  const values: NewRecordRow = {
    catalogueId: `test-${counter}`,
    title: `Title ${counter}`,
    artist: `Artist ${counter}`,
    coverUrl: `/media/covers/test-${counter}.jpg`,
    audioUrl: `/media/audio/test-${counter}.wav`,
    duration: 8,
    pricePence: 1999,
    format: "Vinyl LP",
    stockQuantity: 5,
    releaseDate: addDays(today, -400),
    ...row,
  };
  return toRecordItem(db.insert(records).values(values).returning().get());
}

describe("home service rules on hand-made records", () => {
  let h: TestDb;
  beforeAll(() => {
    h = migratedTestDb();
  });
  afterAll(() => h.cleanup());

  it("applies the hiding rule to best sellers, and only its demo-data half to new releases", () => {
    const placeholder = insert(h.db, { title: "Neon City", bestSeller: true, releaseDate: addDays(today, -3) });
    const soldOut = insert(h.db, { stockQuantity: 0, bestSeller: true, releaseDate: addDays(today, -2) });
    const fine = insert(h.db, { bestSeller: true, releaseDate: addDays(today, -1) });
    const service = createHomeService(h.db);
    expect(ids(service.eligible.bestSellers(today))).toEqual([fine.id]);
    expect(ids(service.eligible.newReleases(today)).sort()).toEqual([soldOut.id, fine.id].sort());
    expect(ids(service.eligible.newReleases(today))).not.toContain(placeholder.id);
  });

  it("tops new releases up with flagged records when the 40-day window holds fewer than 3", () => {
    const d = migratedTestDb();
    try {
      const recent = insert(d.db, { releaseDate: addDays(today, -10) });
      const flagged = Array.from({ length: 6 }, (_, i) =>
        insert(d.db, { isNewRelease: true, releaseDate: addDays(today, -100 - i) }),
      );
      insert(d.db, { isNewRelease: true, releaseDate: addDays(today, 10) }); // a pre-order: never a top-up
      insert(d.db, { isNewRelease: true, format: "CD", releaseDate: addDays(today, -50) }); // not vinyl
      const list = createHomeService(d.db).eligible.newReleases(today);
      expect(ids(list)).toEqual([recent.id, ...ids(flagged.slice(0, 4))]);
    } finally {
      d.cleanup();
    }
  });

  it("features the bio's own record, or the artist's best-rated visible one when that is hidden", () => {
    const d = migratedTestDb();
    try {
      const own = insert(d.db, { artist: "Solo Artist", stockQuantity: 0 });
      const other = insert(d.db, { artist: "Solo Artist", rating: 4.8 });
      insert(d.db, { artist: "Solo Artist", rating: 3.1 });
      d.db.insert(artistBios).values({ artist: "Solo Artist", bio: "A bio.", featuredRecordId: own.id }).run();
      expect(createHomeService(d.db).artistSpotlight(today)).toEqual({ artist: "Solo Artist", bio: "A bio.", tracks: [other] });
      d.db.update(records).set({ stockQuantity: 3 }).run();
      expect(createHomeService(d.db).artistSpotlight(today)?.tracks).toEqual([
        { ...own, stockQuantity: 3, updatedAt: expect.any(String) },
      ]);
    } finally {
      d.cleanup();
    }
  });

  it("shows the spotlight without a release when the artist has nothing on sale", () => {
    const d = migratedTestDb();
    try {
      d.db.insert(artistBios).values({ artist: "Nobody Yet", bio: "Coming soon." }).run();
      expect(createHomeService(d.db).artistSpotlight(today)).toEqual({ artist: "Nobody Yet", bio: "Coming soon.", tracks: [] });
      d.db
        .insert(triviaQuestions)
        .values({ question: "Q?", options: ["a", "b"], answer: 0, explanation: "E.", position: 0 })
        .run();
      expect(createHomeService(d.db).trivia()).toEqual([{ question: "Q?", options: ["a", "b"], answer: 0, explanation: "E." }]);
    } finally {
      d.cleanup();
    }
  });
});

describe("pickFresh", () => {
  const rec = (id: number, title = `T${id}`, artist = "A") => ({ id, title, artist });

  it("prefers records not shown yet and marks what it picks", () => {
    const shown = new ShownRecords([1, 2]);
    const picked = pickFresh([rec(1), rec(2), rec(3), rec(4)], 2, dailyRandom(today, "x"), shown);
    expect(ids(picked).sort()).toEqual([3, 4]);
    expect(shown.has(rec(3)) && shown.has(rec(4))).toBe(true);
  });

  it("treats another pressing of the same title and artist as shown", () => {
    const shown = new ShownRecords();
    shown.add(rec(1, "Blue Train", "John Coltrane"));
    const picked = pickFresh([rec(2, " blue train", "JOHN COLTRANE"), rec(3)], 1, dailyRandom(today, "x"), shown);
    expect(ids(picked)).toEqual([3]);
  });

  it("tops up with records shown elsewhere rather than leave gaps, never repeating one in a list", () => {
    const shown = new ShownRecords([1, 2, 3]);
    const picked = pickFresh([rec(1), rec(2), rec(3), rec(4)], 3, dailyRandom(today, "x"), shown);
    expect(picked).toHaveLength(3);
    expect(picked[0]!.id).toBe(4);
    expect(new Set(ids(picked)).size).toBe(3);
  });

  it("is repeatable for the same seed", () => {
    const list = Array.from({ length: 50 }, (_, i) => rec(i + 1));
    const a = pickFresh(list, 4, dailyRandom(today, "x"), new ShownRecords());
    const b = pickFresh(list, 4, dailyRandom(today, "x"), new ShownRecords());
    expect(b).toEqual(a);
  });
});

// Opt-in (HOME_BENCH=1): grows the catalogue to 100,000 records and times a whole home page.
describe.skipIf(!process.env.HOME_BENCH)("home service at 100,000 records", () => {
  it("builds every section in a few milliseconds", () => {
    growCatalogue(t.db, { seed: TEST_SEED, total: 100_000, today });
    const service = createHomeService(t.db);
    service.sections({ today });
    const runs = 50;
    // A different day each time: nothing comes from the read cache.
    let started = performance.now();
    for (let i = 1; i <= runs; i++) service.sections({ today: addDays(today, i) });
    const cold = (performance.now() - started) / runs;
    started = performance.now();
    for (let i = 1; i <= runs; i++) service.sections({ today });
    const warm = (performance.now() - started) / runs;
    console.log(`home sections at 100,000 records: ${cold.toFixed(2)} ms per page read, ${warm.toFixed(2)} ms cached`);
    expect(cold).toBeLessThan(30);
    expect(warm).toBeLessThan(2);
  }, 300_000);
});
