import { and, count, eq } from "drizzle-orm";
import { todayInLondon } from "../../app/domain/shared/dates";
import { writeTransaction, type Db } from "../client";
import {
  appMeta,
  artistBios,
  blogPosts,
  blogPostTags,
  records,
  stockMovements,
  triviaQuestions,
  vinylCareTips,
  type NewRecordRow,
} from "../schema";
import { generateBenchRecords, generateCatalogue } from "./catalogue";
import { withLimitedDemo } from "./limited";
import { ARTIST_BIOS, BLOG_POSTS, TRIVIA, VINYL_CARE_TIPS } from "./content";

export interface SeedResult {
  seeded: boolean;
  records: number;
}

const SEEDED_KEY = "seeded_at";

function isSeeded(db: Db): boolean {
  return !!db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY)).get();
}

function insertRecords(tx: Db, rows: NewRecordRow[]): void {
  // SQLite caps bound parameters per statement; 500 rows × 23 columns stays well inside it.
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = tx
      .insert(records)
      .values(rows.slice(i, i + 500))
      .returning({ id: records.id, stock: records.stockQuantity })
      .all();
    const movements = inserted
      .filter((r) => r.stock > 0)
      .map((r) => ({ recordId: r.id, change: r.stock, reason: "seed" as const, note: "Opening stock" }));
    if (movements.length) tx.insert(stockMovements).values(movements).run();
  }
}

function insertContent(tx: Db): void {
  const firstRecordOf = (artist: string) => tx.select().from(records).where(eq(records.artist, artist)).orderBy(records.id).get();
  const recordCalled = (artist: string, title: string) =>
    tx
      .select()
      .from(records)
      .where(and(eq(records.artist, artist), eq(records.title, title)))
      .orderBy(records.id)
      .get();

  for (const post of BLOG_POSTS) {
    const { id } = tx
      .insert(blogPosts)
      .values({
        slug: post.slug,
        title: post.title,
        artist: post.artist,
        excerpt: post.excerpt,
        body: post.body,
        // The lead image is the sleeve of the record the post is about, not just any record by the artist.
        coverUrl: recordCalled(post.artist, post.record)?.coverUrl ?? null,
        publishedAt: post.publishedAt,
      })
      .returning({ id: blogPosts.id })
      .get();
    tx.insert(blogPostTags)
      .values(post.tags.map((tag) => ({ postId: id, tag })))
      .run();
  }
  tx.insert(triviaQuestions)
    .values(TRIVIA.map((t, position) => ({ ...t, position })))
    .run();
  tx.insert(vinylCareTips)
    .values(VINYL_CARE_TIPS.map((t, position) => ({ ...t, position })))
    .run();
  tx.insert(artistBios)
    .values(ARTIST_BIOS.map((b) => ({ ...b, featuredRecordId: firstRecordOf(b.artist)?.id ?? null })))
    .run();
}

/**
 * Seeds an empty database once: the catalogue and the magazine content in one transaction. A database that was
 * seeded before is never touched again, so restarts keep every row. Makes no media files: the server makes the
 * generated covers and previews once it listens (server/services/media.ts), `npm run seed` straight after seeding.
 */
export function seedIfEmpty(db: Db, options: { seed: number; today?: string }): SeedResult {
  const today = options.today ?? todayInLondon();
  const seeded = writeTransaction(db, (tx) => {
    if (isSeeded(tx)) return false;
    insertRecords(tx, withLimitedDemo(generateCatalogue({ seed: options.seed, today }), today));
    insertContent(tx);
    tx.insert(appMeta)
      .values([
        { key: SEEDED_KEY, value: new Date().toISOString() },
        { key: "seed", value: String(options.seed) },
        { key: "seeded_for_date", value: today },
      ])
      .run();
    return true;
  });
  const total = db.select({ n: count() }).from(records).get()?.n ?? 0;
  return { seeded, records: total };
}

/** Appends fictional records until the catalogue holds `total` records (for benchmarks). */
export function growCatalogue(
  db: Db,
  { seed, total, today = todayInLondon() }: { seed: number; total: number; today?: string },
): number {
  let current = db.select({ n: count() }).from(records).get()?.n ?? 0;
  const start = current;
  while (current < total) {
    const batch = Math.min(5000, total - current);
    writeTransaction(db, (tx) => insertRecords(tx, generateBenchRecords({ seed, today, from: current, count: batch })));
    current += batch;
  }
  return current - start;
}
