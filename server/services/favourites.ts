/**
 * Favourites of signed-in customers (visitors keep theirs in a browser cookie until they sign in, when
 * `merge` moves them onto the account). Adding skips duplicates; remove and clear exist (spec §4).
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { RecordItem } from "../../app/domain/catalogue/types";
import type { Db } from "../../db/client";
import { createReadCache } from "../../db/read-cache";
import { favourites, records } from "../../db/schema";
import { NotFoundError } from "../../app/domain/shared/errors";
import { toRecordItem } from "./record-mapper";
import { publishedSql } from "./visibility";

export const MAX_FAVOURITES = 500;

export function createFavouritesService(db: Db) {
  // Only records the public may see can be added or listed (an unpublished or scheduled record is hidden).
  const exists = (recordId: number) =>
    !!db
      .select({ id: records.id })
      .from(records)
      .where(and(eq(records.id, recordId), publishedSql()))
      .get();

  // Prepared once: every page a signed-in shopper views reads their hearts.
  const idsQuery = db
    .select({ id: favourites.recordId })
    .from(favourites)
    .where(eq(favourites.userId, sql.placeholder("userId")))
    .orderBy(desc(favourites.createdAt), desc(favourites.recordId))
    .prepare();

  // Read once per change to the shop (db/read-cache.ts), sharing the page's one question whether anything changed.
  const cachedIds = createReadCache(db, { max: 1024 });
  /** The customer's hearts, newest first; the same list for every caller until the shop changes: never changed. */
  function ids(userId: number): readonly number[] {
    return cachedIds(String(userId), () => idsQuery.all({ userId }).map((r) => r.id));
  }

  return {
    ids,

    count(userId: number): number {
      return (
        db
          .select({ n: sql<number>`count(*)` })
          .from(favourites)
          .where(eq(favourites.userId, userId))
          .get()?.n ?? 0
      );
    },

    add(userId: number, recordId: number): void {
      if (!exists(recordId)) throw new NotFoundError("That record is not in the shop.");
      db.insert(favourites).values({ userId, recordId }).onConflictDoNothing().run();
    },

    remove(userId: number, recordId: number): void {
      db.delete(favourites)
        .where(and(eq(favourites.userId, userId), eq(favourites.recordId, recordId)))
        .run();
    },

    clear(userId: number): void {
      db.delete(favourites).where(eq(favourites.userId, userId)).run();
    },

    /** Moves a visitor's favourites onto the account at sign-in; unknown ids are skipped, duplicates kept once. */
    merge(userId: number, recordIds: readonly number[]): number {
      const known = recordIds.length
        ? new Set(
            db
              .select({ id: records.id })
              .from(records)
              .where(inArray(records.id, [...recordIds]))
              .all()
              .map((r) => r.id),
          )
        : new Set<number>();
      let added = 0;
      for (const id of recordIds) {
        if (!known.has(id)) continue;
        added += db.insert(favourites).values({ userId, recordId: id }).onConflictDoNothing().run().changes;
      }
      return added;
    },

    /** The records for ids, in the order given (missing ones dropped), for the favourites page. */
    records(recordIds: readonly number[]): RecordItem[] {
      if (recordIds.length === 0) return [];
      const rows = db
        .select()
        .from(records)
        .where(and(inArray(records.id, recordIds.slice(0, MAX_FAVOURITES)), publishedSql()))
        .all();
      const byId = new Map(rows.map((r) => [r.id, toRecordItem(r)]));
      return recordIds.flatMap((id) => byId.get(id) ?? []);
    },
  };
}

export type FavouritesService = ReturnType<typeof createFavouritesService>;
