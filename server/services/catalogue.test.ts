import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasRealCover, isPlaceholderTitle, shouldHideRecord } from "../../app/domain/catalogue/hiding";
import { records } from "../../db/schema";
import { seededTestDb, TEST_TODAY, type TestDb } from "../../tests/setup/test-db";
import { createCatalogueService } from "./catalogue";
import { toRecordItem } from "./record-mapper";
import { insertRecord } from "../../tests/setup/shop-fixtures";
import { eq } from "drizzle-orm";

let t: TestDb;
beforeAll(async () => {
  t = await seededTestDb();
});
afterAll(() => t.cleanup());

describe("catalogue service", () => {
  it("lists exactly the records the pure hiding rule keeps, across all pages", () => {
    const all = t.db.select().from(records).all().map(toRecordItem);
    const expected = all.filter((r) => !shouldHideRecord(r, { today: TEST_TODAY })).map((r) => r.id);
    const catalogue = createCatalogueService(t.db);
    const seen: number[] = [];
    for (let page = 1; ; page++) {
      const result = catalogue.list({ page, limit: 100, today: TEST_TODAY });
      seen.push(...result.items.map((r) => r.id));
      if (page >= result.pages) {
        expect(result.total).toBe(expected.length);
        break;
      }
    }
    expect(seen.sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    // The seeded data really exercises the rule: some records are hidden, pre-orders with no stock are not.
    expect(expected.length).toBeLessThan(all.length);
    expect(all.some((r) => r.stockQuantity === 0 && r.releaseDate! > TEST_TODAY && expected.includes(r.id))).toBe(true);
  });

  it("stores hidden_by_content exactly as the pure rule reads titles and covers, edge cases included", () => {
    const cases = [
      { title: "  midnight DRIVE ", coverUrl: "/media/covers/x.jpg" },
      { title: "Midnight Drive II", coverUrl: "/media/covers/x.jpg" },
      { title: "Rhythm & Blues", coverUrl: "/media/covers/x.jpg" },
      { title: "Fine", coverUrl: "   " },
      { title: "Fine", coverUrl: "/images/default-cover.jpg" },
      { title: "Fine", coverUrl: "https://cdn.example/images/default-cover.jpg?w=300" },
      { title: "Fine", coverUrl: "/images/default-cover.jpg#top" },
      { title: "Fine", coverUrl: "/images/default-cover.jpg.webp" },
      { title: "Fine", coverUrl: "/media/covers/track-1.jpg" },
    ];
    cases.forEach((c, i) => {
      const row = t.db
        .insert(records)
        .values({ ...c, catalogueId: `edge-${i}`, artist: "Edge", audioUrl: "/a.wav", duration: 8, pricePence: 999 })
        .returning()
        .get();
      expect(row.hiddenByContent, JSON.stringify(c)).toBe(isPlaceholderTitle(c.title) || !hasRealCover(c.coverUrl));
    });
  });

  it("suggests visible records by the same artist first, then the same genre, never the record itself", () => {
    const catalogue = createCatalogueService(t.db);
    const all = t.db.select().from(records).all().map(toRecordItem);
    const withSiblings = all.find((r) => all.filter((o) => o.artist === r.artist).length > 1 && r.genre)!;
    const similar = catalogue.moreLikeThis(withSiblings, { today: TEST_TODAY, limit: 4 });
    expect(similar.length).toBeGreaterThan(0);
    expect(similar.length).toBeLessThanOrEqual(4);
    expect(similar.map((r) => r.id)).not.toContain(withSiblings.id);
    expect(similar.every((r) => r.artist === withSiblings.artist || r.genre === withSiblings.genre)).toBe(true);
    expect(similar.every((r) => !shouldHideRecord(r, { today: TEST_TODAY }))).toBe(true);
    const artistFlags = similar.map((r) => r.artist === withSiblings.artist);
    expect(artistFlags).toEqual([...artistFlags].sort((a, b) => Number(b) - Number(a)));
  });

  it("keeps a page of the list between requests, and shows a change to the catalogue on the next one", () => {
    const catalogue = createCatalogueService(t.db);
    const first = catalogue.list({ page: 1, limit: 5, today: TEST_TODAY });
    expect(catalogue.list({ page: 1, limit: 5, today: TEST_TODAY }).items).toEqual(first.items);
    // Newest additions first: a new record heads the first page at once.
    const added = insertRecord(t.db, { artist: "List Page Test", title: "Just In", coverUrl: first.items[0]!.coverUrl });
    const after = catalogue.list({ page: 1, limit: 5, today: TEST_TODAY });
    expect(after.items[0]?.id).toBe(added.id);
    expect(after.total).toBe(first.total + 1);
  });

  it("keeps a record's neighbours between views, and shows a change to the catalogue on the next one", () => {
    const catalogue = createCatalogueService(t.db);
    const record = catalogue.find(
      insertRecord(t.db, { artist: "Neighbour Test Band", title: "First", genre: "Neighbour Test Genre" }).id,
    )!;
    expect(catalogue.moreLikeThis(record, { today: TEST_TODAY, limit: 4 })).toEqual([]);
    const sibling = insertRecord(t.db, { artist: "Neighbour Test Band", title: "Second", genre: "Neighbour Test Genre" });
    expect(catalogue.moreLikeThis(record, { today: TEST_TODAY, limit: 4 }).map((r) => r.id)).toEqual([sibling.id]);
    t.db.update(records).set({ artist: "Someone Else", genre: "Another Genre" }).where(eq(records.id, sibling.id)).run();
    expect(catalogue.moreLikeThis(record, { today: TEST_TODAY, limit: 4 })).toEqual([]);
  });

  it("finds a record by id, and returns null or throws NotFound for an unknown one", () => {
    const catalogue = createCatalogueService(t.db);
    expect(catalogue.find(1)?.id).toBe(1);
    expect(catalogue.find(999_999)).toBeNull();
    expect(() => catalogue.byId(999_999)).toThrow(/999999/);
  });

  it("finds records by their address slug alone (spec §2: the id prefix is optional)", () => {
    const catalogue = createCatalogueService(t.db);
    const one = insertRecord(t.db, { artist: "Slug Solo Ärtist", title: "Only Once" });
    expect(catalogue.findBySlug("slug-solo-artist-only-once").map((r) => r.id)).toEqual([one.id]);
    // Typed loosely: case, accents and punctuation are normalised as addresses are built.
    expect(catalogue.findBySlug("Slug-Solo-Ärtist-Only-Once!").map((r) => r.id)).toEqual([one.id]);

    const a = insertRecord(t.db, { artist: "Slug Twins", title: "Same Name" });
    const b = insertRecord(t.db, { artist: "Slug Twins", title: "Same Name!" });
    expect(catalogue.findBySlug("slug-twins-same-name").map((r) => r.id)).toEqual([a.id, b.id]);

    // An unpublished record is not found, as by id; a new one is found at once (the index follows writes).
    t.db.update(records).set({ published: false }).where(eq(records.id, b.id)).run();
    expect(catalogue.findBySlug("slug-twins-same-name").map((r) => r.id)).toEqual([a.id]);
    expect(catalogue.findBySlug("no-such-record-anywhere")).toEqual([]);
    expect(catalogue.findBySlug("")).toEqual([]);
  });
});
