/**
 * Curated lists (staff picks, record of the week): the back office adds, orders and removes records; the home page
 * and the Virtual Crate Dig read the records on show, in order. Every change is audited under the list's name.
 */
import { and, asc, eq, max, sql } from "drizzle-orm";
import type { Actor } from "../../app/domain/admin/audit";
import { CURATED_LIST_INFO, moveItem, type CuratedListKey, type RecordRef } from "../../app/domain/curation/curated-lists";
import type { CuratedPickInput } from "../../app/domain/curation/curated-pick-schema";
import type { RecordItem } from "../../app/domain/catalogue/types";
import { ConflictError, NotFoundError } from "../../app/domain/shared/errors";
import { writeTransaction, type Db } from "../../db/client";
import { createReadCache } from "../../db/read-cache";
import { curatedPicks, records, type RecordRow } from "../../db/schema";
import type { AuditService } from "./audit";
import { toRecordItem } from "./record-mapper";
import { resolveRecordRef } from "./record-refs";
import { visibleSql } from "./visibility";

/** A pick as the back office lists it: the record whether or not the shop shows it today. */
export interface AdminCuratedPick {
  id: number;
  note: string | null;
  record: Pick<RecordRow, "id" | "title" | "artist" | "catalogNumber" | "coverUrl" | "pricePence" | "published">;
}

/** A pick as the shop shows it. */
export interface CuratedPick {
  note: string | null;
  record: RecordItem;
}

export function createCurationService(db: Db, deps: { audit: AuditService }) {
  const ordered = (list: CuratedListKey) =>
    db
      .select()
      .from(curatedPicks)
      .where(eq(curatedPicks.list, list))
      .orderBy(asc(curatedPicks.position), asc(curatedPicks.id))
      .all();

  const resolve = (ref: RecordRef) => resolveRecordRef(db, ref);

  // Read on every home page and crate dig: prepared once, and kept until the next write.
  const onShowRows = db
    .select({ note: curatedPicks.note, record: records })
    .from(curatedPicks)
    .innerJoin(records, eq(records.id, curatedPicks.recordId))
    .where(and(eq(curatedPicks.list, sql.placeholder("list")), visibleSql(sql.placeholder("today"))))
    .orderBy(asc(curatedPicks.position), asc(curatedPicks.id))
    .limit(sql.placeholder("limit"))
    .prepare();
  const cached = createReadCache(db, { max: 64 });

  const audit = (actor: Actor, list: CuratedListKey, action: string) =>
    deps.audit.record(actor, { entityType: "curated list", entityId: list, action });

  return {
    /** Every pick of a list, in order, for the back office. */
    adminList(list: CuratedListKey): AdminCuratedPick[] {
      return db
        .select({
          id: curatedPicks.id,
          note: curatedPicks.note,
          record: {
            id: records.id,
            title: records.title,
            artist: records.artist,
            catalogNumber: records.catalogNumber,
            coverUrl: records.coverUrl,
            pricePence: records.pricePence,
            published: records.published,
          },
        })
        .from(curatedPicks)
        .innerJoin(records, eq(records.id, curatedPicks.recordId))
        .where(eq(curatedPicks.list, list))
        .orderBy(asc(curatedPicks.position), asc(curatedPicks.id))
        .all();
    },

    /** The picks of a list the shop shows on `today` (hidden, unpublished or unreleased-and-hidden ones left out). */
    onShow(list: CuratedListKey, today: string, limit = CURATED_LIST_INFO[list].max): CuratedPick[] {
      return cached(`${list}|${today}|${limit}`, () =>
        onShowRows.all({ list, today, limit }).map((r) => ({ note: r.note, record: toRecordItem(r.record) })),
      );
    },

    /**
     * Adds a record to a list, last. A one-record list (record of the week) has its record replaced; a full list
     * or a record already on it is refused (ConflictError), an unknown record too (NotFoundError).
     */
    add(actor: Actor, input: CuratedPickInput): AdminCuratedPick[] {
      writeTransaction(db, () => {
        const record = resolve(input.record);
        const info = CURATED_LIST_INFO[input.list];
        const current = ordered(input.list);
        if (info.max === 1) {
          db.delete(curatedPicks).where(eq(curatedPicks.list, input.list)).run();
        } else {
          if (current.some((p) => p.recordId === record.id)) {
            throw new ConflictError(`${record.title} is already in ${info.title}.`);
          }
          if (current.length >= info.max) {
            throw new ConflictError(`${info.title} holds at most ${info.max} records: remove one first.`);
          }
        }
        const last = db
          .select({ p: max(curatedPicks.position) })
          .from(curatedPicks)
          .where(eq(curatedPicks.list, input.list))
          .get();
        db.insert(curatedPicks)
          .values({ list: input.list, recordId: record.id, note: input.note ?? null, position: (last?.p ?? 0) + 1 })
          .run();
        audit(
          actor,
          input.list,
          `#${record.id} ${record.title} added${info.max === 1 && current.length > 0 ? ` (replacing #${current[0]!.recordId})` : ""}`,
        );
      });
      return this.adminList(input.list);
    },

    /** Takes a pick off its list; answers the list it was on. */
    remove(actor: Actor, pickId: number): CuratedListKey {
      return writeTransaction(db, () => {
        const row = db.delete(curatedPicks).where(eq(curatedPicks.id, pickId)).returning().get();
        if (!row) throw new NotFoundError("That pick is not on the list any more.");
        audit(actor, row.list, `#${row.recordId} removed`);
        return row.list;
      });
    },

    /** Moves a pick one place up or down its list (nothing at either end); answers the list. */
    move(actor: Actor, pickId: number, direction: "up" | "down"): CuratedListKey {
      return writeTransaction(db, () => {
        const pick = db.select().from(curatedPicks).where(eq(curatedPicks.id, pickId)).get();
        if (!pick) throw new NotFoundError("That pick is not on the list any more.");
        const list = ordered(pick.list);
        const moved = moveItem(
          list,
          list.findIndex((p) => p.id === pickId),
          direction === "up" ? -1 : 1,
        );
        moved.forEach((p, i) => {
          if (p.position !== i + 1)
            db.update(curatedPicks)
              .set({ position: i + 1 })
              .where(eq(curatedPicks.id, p.id))
              .run();
        });
        audit(actor, pick.list, `#${pick.recordId} moved ${direction}`);
        return pick.list;
      });
    },
  };
}

export type CurationService = ReturnType<typeof createCurationService>;
