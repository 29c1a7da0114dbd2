import { and, asc, count, desc, eq, gt, lte, ne, or, sql } from "drizzle-orm";
import type { RecordItem } from "../../app/domain/catalogue/types";
import type { Db } from "../../db/client";
import { createReadCache } from "../../db/read-cache";
import { records } from "../../db/schema";
import { NotFoundError } from "../../app/domain/shared/errors";
import { recordSlug, slugify } from "../../app/domain/catalogue/slug";
import { toRecordItem } from "./record-mapper";
import { publishedSql, visibleCounter, visibleSql } from "./visibility";

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
  pages: number;
}

export function createCatalogueService(db: Db) {
  // Hot queries are prepared once: building the SQL costs more than running it on SQLite.
  const todayParam = sql.placeholder("today");
  const visible = visibleSql(todayParam);
  const countVisible = visibleCounter(db);
  const cached = createReadCache(db);
  const cachedNeighbours = createReadCache(db, { max: 512 });
  // The API's pages (at most 100 records each): the first few are asked for over and over.
  const cachedPages = createReadCache(db, { max: 64 });
  const visiblePage = db
    .select()
    .from(records)
    .where(visible)
    .orderBy(desc(records.updatedAt), desc(records.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare();
  // The public record page and API: an unpublished or scheduled record is not found (404).
  const byIdQuery = db
    .select()
    .from(records)
    .where(and(eq(records.id, sql.placeholder("id")), publishedSql()))
    .prepare();

  const slugRows = db
    .select({ id: records.id, artist: records.artist, title: records.title })
    .from(records)
    .where(publishedSql())
    .orderBy(asc(records.id))
    .prepare();

  function readMoreLikeThis(record: RecordItem, today: string, limit: number): RecordItem[] {
    const sameArtist = eq(records.artist, record.artist);
    const related = record.genre ? or(sameArtist, eq(records.genre, record.genre)) : sameArtist;
    return db
      .select()
      .from(records)
      .where(and(visibleSql(today), ne(records.id, record.id), related))
      .orderBy(desc(sameArtist), sql`abs(coalesce(${records.year}, 0) - ${record.year ?? 0})`, asc(records.id))
      .limit(limit)
      .all()
      .map(toRecordItem);
  }

  return {
    /** Visible records, newest additions first, one page at a time. */
    list({ page, limit, today }: { page: number; limit: number; today: string }): Page<RecordItem> {
      const total = cached(`visible:${today}`, () => countVisible(today));
      const items = cachedPages(`${today}:${limit}:${page}`, () =>
        visiblePage.all({ today, limit, offset: (page - 1) * limit }).map(toRecordItem),
      );
      return { items, total, page, limit, pages: Math.max(1, Math.ceil(total / limit)) };
    },

    /** One record the public may see by id, or null; loaders turn null into their 404. */
    find(id: number): RecordItem | null {
      const row = byIdQuery.get({ id });
      return row ? toRecordItem(row) : null;
    },

    /**
     * Published records whose address slug (artist and title, spec §2) is `slug`, by id: a slug-only address
     * such as /vinyl/iron-canals-hours. The slug is normalised as addresses are built, so case, accents and
     * stray punctuation do not matter. The slug index is read once per change to the database.
     */
    findBySlug(slug: string): RecordItem[] {
      const wanted = slugify(slug);
      if (!wanted) return [];
      const index = cached("slug-index", () => {
        const map = new Map<string, number[]>();
        for (const r of slugRows.all()) {
          const key = recordSlug(r.artist, r.title);
          const ids = map.get(key);
          if (ids) ids.push(r.id);
          else map.set(key, [r.id]);
        }
        return map;
      });
      return (index.get(wanted) ?? []).flatMap((id) => {
        const row = byIdQuery.get({ id });
        return row ? [toRecordItem(row)] : [];
      });
    },

    byId(id: number): RecordItem {
      const row = byIdQuery.get({ id });
      if (!row) throw new NotFoundError(`No record with id ${id}.`);
      return toRecordItem(row);
    },

    /** Released records from the last `days` days, newest first (the home page's walking skeleton). */
    recentReleases({ today, since, limit }: { today: string; since: string; limit: number }): RecordItem[] {
      return db
        .select()
        .from(records)
        .where(and(lte(records.releaseDate, today), gt(records.releaseDate, since), publishedSql()))
        .orderBy(desc(records.releaseDate), asc(records.id))
        .limit(limit)
        .all()
        .map(toRecordItem);
    },

    /**
     * Visible records like this one: the same artist first, then the same genre nearest in year. Read once per
     * change to the catalogue for each record (at most 512 kept): every view of a record page asks.
     */
    moreLikeThis(record: RecordItem, { today, limit }: { today: string; limit: number }): RecordItem[] {
      return cachedNeighbours(`${record.id}:${today}:${limit}`, () => readMoreLikeThis(record, today, limit));
    },

    /** Every visible record's address facts, for the sitemap (capped at the sitemap limit of 50,000). */
    sitemapEntries(today: string): { id: number; artist: string; title: string; updatedAt: string }[] {
      return db
        .select({ id: records.id, artist: records.artist, title: records.title, updatedAt: records.updatedAt })
        .from(records)
        .where(visibleSql(today))
        .orderBy(asc(records.id))
        .limit(50_000)
        .all();
    },

    count(): number {
      return db.select({ n: count() }).from(records).get()?.n ?? 0;
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
