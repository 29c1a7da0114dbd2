import { and, asc, count, desc, eq, gt, inArray, lte, not, or, sql, type SQL } from "drizzle-orm";
import { DEFAULT_COVER_URL, PLACEHOLDER_TITLES } from "../../app/domain/hiding";
import type { RecordItem } from "../../app/domain/types";
import type { Db } from "../../db/client";
import { records } from "../../db/schema";
import { NotFoundError } from "./errors";
import { toRecordItem } from "./record-mapper";

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
  pages: number;
}

/**
 * The record hiding rule (app/domain/hiding.ts) as a SQL condition, so listings can page in the
 * database. Built from the same constants; an integration test checks both agree on every record.
 */
export function visibleRecordCondition(today: string): SQL {
  const preOrder = gt(records.releaseDate, today);
  const placeholder = inArray(sql`lower(trim(${records.title}))`, PLACEHOLDER_TITLES.map((t) => t.toLowerCase()));
  const noCover = or(
    eq(sql`trim(${records.coverUrl})`, ""),
    sql`${records.coverUrl} like ${"%" + DEFAULT_COVER_URL}`,
  );
  return or(preOrder, and(not(placeholder), not(noCover!), gt(records.stockQuantity, 0)))!;
}

export function createCatalogueService(db: Db) {
  return {
    /** Visible records, newest additions first, one page at a time. */
    list({ page, limit, today }: { page: number; limit: number; today: string }): Page<RecordItem> {
      const where = visibleRecordCondition(today);
      const total = db.select({ n: count() }).from(records).where(where).get()?.n ?? 0;
      const rows = db
        .select()
        .from(records)
        .where(where)
        .orderBy(desc(records.updatedAt), asc(records.id))
        .limit(limit)
        .offset((page - 1) * limit)
        .all();
      return { items: rows.map(toRecordItem), total, page, limit, pages: Math.max(1, Math.ceil(total / limit)) };
    },

    /** One record by id, or null; loaders turn null into their 404. */
    find(id: number): RecordItem | null {
      const row = db.select().from(records).where(eq(records.id, id)).get();
      return row ? toRecordItem(row) : null;
    },

    byId(id: number): RecordItem {
      const row = db.select().from(records).where(eq(records.id, id)).get();
      if (!row) throw new NotFoundError(`No record with id ${id}.`);
      return toRecordItem(row);
    },

    /** Released records from the last `days` days, newest first (the home page's walking skeleton). */
    recentReleases({ today, since, limit }: { today: string; since: string; limit: number }): RecordItem[] {
      return db
        .select()
        .from(records)
        .where(and(lte(records.releaseDate, today), gt(records.releaseDate, since)))
        .orderBy(desc(records.releaseDate), asc(records.id))
        .limit(limit)
        .all()
        .map(toRecordItem);
    },

    count(): number {
      return db.select({ n: count() }).from(records).get()?.n ?? 0;
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
