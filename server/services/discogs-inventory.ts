/**
 * Discogs's inventory upload file of the shop's used copies on sale (published, on the shelf), and the copies it
 * leaves out for want of a release id, for the catalogue page to name. The rows are written by the pure
 * discogsUploadCsv; every download is audited.
 */
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Actor } from "../../app/domain/admin/audit";
import type { Grade } from "../../app/domain/catalogue/grades";
import { discogsUploadCsv, type UploadCopy } from "../../app/domain/discogs/inventory-export";
import type { Db } from "../../db/client";
import { records } from "../../db/schema";
import type { AuditService } from "./audit";
import { publishedSql } from "./visibility";

const onSale = () =>
  and(
    eq(records.condition, "used"),
    isNotNull(records.usedOfRecordId),
    isNotNull(records.mediaGrade),
    sql`${records.stockQuantity} > 0`,
    publishedSql(),
  );

const uploadColumns = {
  id: records.id,
  catalogueId: records.catalogueId,
  title: records.title,
  artist: records.artist,
  discogsReleaseId: records.discogsReleaseId,
  pricePence: records.pricePence,
  mediaGrade: records.mediaGrade,
  sleeveGrade: records.sleeveGrade,
  sleeveKind: records.sleeveKind,
  note: records.conditionNote,
  shelfLocation: records.shelfLocation,
  format: records.format,
};

/** A copy on sale that the upload leaves out, as the catalogue page names it. */
export type LeftOutCopy = Pick<UploadCopy, "id" | "catalogueId" | "title" | "artist">;

export function createDiscogsInventoryService(db: Db, { audit }: { audit: AuditService }) {
  const copiesOnSale = (): UploadCopy[] =>
    db
      .select(uploadColumns)
      .from(records)
      .where(onSale())
      .orderBy(asc(records.id))
      .all()
      .map((r) => ({ ...r, mediaGrade: r.mediaGrade as Grade, sleeveGrade: (r.sleeveGrade ?? r.mediaGrade) as Grade }));
  const named = (c: LeftOutCopy): LeftOutCopy => ({ id: c.id, catalogueId: c.catalogueId, title: c.title, artist: c.artist });

  return {
    /** The upload file of every copy on sale with a release id (audited as an export), and those left out. */
    uploadFile(actor: Actor): { csv: string; count: number; leftOut: LeftOutCopy[] } {
      const { csv, count, leftOut } = discogsUploadCsv(copiesOnSale());
      audit.recordExport(actor, "discogs inventory", "catalogue", { copies: count, leftOut: leftOut.length });
      return { csv, count, leftOut: leftOut.map(named) };
    },

    /** How many copies on sale the upload would leave out (no release id), and the first `limit` of them. */
    leftOut(limit = 100): { count: number; copies: LeftOutCopy[] } {
      const where = and(onSale(), isNull(records.discogsReleaseId));
      const count =
        db
          .select({ n: sql<number>`count(*)` })
          .from(records)
          .where(where)
          .get()?.n ?? 0;
      const copies = db
        .select({ id: records.id, catalogueId: records.catalogueId, title: records.title, artist: records.artist })
        .from(records)
        .where(where)
        .orderBy(asc(records.id))
        .limit(limit)
        .all();
      return { count, copies };
    },
  };
}

export type DiscogsInventoryService = ReturnType<typeof createDiscogsInventoryService>;
