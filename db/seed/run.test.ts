import { count, eq } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { afterEach, describe, expect, it } from "vitest";
import { migratedTestDb, seededTestDb, TEST_SEED, TEST_TODAY, type TestDb } from "../../tests/setup/test-db";
import { appMeta, artistBios, blogPosts, records, stockMovements, triviaQuestions, vinylCareTips } from "../schema";
import { BLOG_POSTS } from "./content";
import { growCatalogue, seedIfEmpty } from "./run";
import { DROP_DEMO_RECORD, LIMITED_DEMO_RECORD } from "./limited";

let t: TestDb | undefined;
afterEach(() => t?.cleanup());

const opts = { seed: TEST_SEED, today: TEST_TODAY } as const;
const countOf = (db: TestDb["db"], table: SQLiteTable) => db.select({ n: count() }).from(table).get()?.n ?? 0;

describe("seedIfEmpty", () => {
  it("seeds an empty database once, with the catalogue and the magazine content", async () => {
    t = migratedTestDb();
    const first = seedIfEmpty(t.db, opts);
    expect(first).toEqual({ seeded: true, records: 764 });
    expect(countOf(t.db, blogPosts)).toBeGreaterThanOrEqual(12);
    expect(countOf(t.db, triviaQuestions)).toBeGreaterThanOrEqual(20);
    expect(countOf(t.db, vinylCareTips)).toBeGreaterThanOrEqual(25);
    expect(countOf(t.db, artistBios)).toBeGreaterThanOrEqual(24);
    expect(countOf(t.db, stockMovements)).toBeGreaterThan(600);
    expect(t.db.select().from(appMeta).where(eq(appMeta.key, "seed")).get()?.value).toBe(String(TEST_SEED));
  });

  it("never reseeds: a second run keeps every row, including changed ones", async () => {
    // Seeded by seedIfEmpty with `opts`, once per test run.
    t = await seededTestDb();
    t.db.update(records).set({ stockQuantity: 4242 }).where(eq(records.id, 1)).run();
    t.db.delete(records).where(eq(records.id, 2)).run();
    const again = seedIfEmpty(t.db, { ...opts, seed: 999 });
    expect(again).toEqual({ seeded: false, records: 763 });
    expect(t.db.select().from(records).where(eq(records.id, 1)).get()?.stockQuantity).toBe(4242);
  });

  it("leads every post with the sleeve of the record the post is about", async () => {
    t = await seededTestDb();
    const posts = t.db.select().from(blogPosts).all();
    expect(posts.length).toBe(BLOG_POSTS.length);
    for (const post of posts) {
      const subject = BLOG_POSTS.find((p) => p.slug === post.slug)!;
      // The record the post names: its title is in the post's title, and it is by the post's artist.
      const named = t.db
        .select()
        .from(records)
        .where(eq(records.artist, post.artist))
        .all()
        .filter((r) => post.title.includes(r.title));
      expect(
        named.map((r) => r.title),
        post.slug,
      ).toEqual([subject.record]);
      expect(post.coverUrl, post.slug).toBe(named[0]!.coverUrl);
    }
  });

  it("grows the catalogue to a target size for benchmarks", async () => {
    t = await seededTestDb();
    expect(growCatalogue(t.db, { seed: TEST_SEED, total: 3000, today: TEST_TODAY })).toBe(2236);
    expect(countOf(t.db, records)).toBe(3000);
    expect(growCatalogue(t.db, { seed: TEST_SEED, total: 3000, today: TEST_TODAY })).toBe(0);
  });
});

describe("the demo shop's limited records", () => {
  it("has one record limited to 1 per customer on sale now, and a drop of 30 on sale at 08:00 London time tomorrow", async () => {
    t = await seededTestDb();
    const limited = t.db.select().from(records).where(eq(records.catalogueId, LIMITED_DEMO_RECORD)).get()!;
    expect(limited).toMatchObject({ limitPerCustomer: 1, onSaleAt: null, isDrop: false });
    expect(limited.stockQuantity).toBeGreaterThan(0);
    const drop = t.db.select().from(records).where(eq(records.catalogueId, DROP_DEMO_RECORD)).get()!;
    // TEST_TODAY is 2026-11-22 (GMT): tomorrow's 08:00 in London is 08:00 UTC.
    expect(drop).toMatchObject({ limitPerCustomer: 1, isDrop: true, stockQuantity: 30, onSaleAt: "2026-11-23T08:00:00.000Z" });
  });
});
