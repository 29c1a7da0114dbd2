/**
 * Used copies: each is its own `records` row (condition "used", stock 0 or 1, both Goldmine grades) linked to the
 * new pressing it is a copy of, so the cart, checkout, stock ledger and order lines treat it like any record,
 * and a copy sells once (checkout's conditional stock decrement cannot take a unit that is not there).
 * The back office lists copies through here; the record page reads a pressing's copies on sale.
 */
import { and, asc, eq, like, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Actor } from "../../app/domain/admin/audit";
import { SLEEVE_KIND_STORED_GRADE } from "../../app/domain/discogs/discogs-grades";
import { GRADES, isUsedCopy, usedCopyCatalogueId, type Grade } from "../../app/domain/catalogue/grades";
import { type UsedCopyInput } from "../../app/domain/catalogue/used-copy-schema";
import { recordPath } from "../../app/domain/catalogue/slug";
import { NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { saleBlockedReason } from "../../app/domain/vat/margin-vat";
import { writeTransaction, type Db } from "../../db/client";
import { createReadCache } from "../../db/read-cache";
import { records, stockMovements } from "../../db/schema";
import type { AuditService } from "./audit";
import { publishedSql } from "./visibility";
import type { WantsService } from "./wants";
import type { UsedCopyView } from "../../app/domain/catalogue/used-copy-view";
import type { CopyPhoto, CopyPhotosService, StoredPhoto } from "./copy-photos";
import type { Upload } from "./upload";

export type { UsedCopyView };

/** A grade's place on the scale in SQL (0 for Mint), for ordering. */
export const gradeRankSql = (column: SQLiteColumn) =>
  sql.join([sql`case ${column}`, ...GRADES.map((g, i) => sql`when ${g} then ${i}`), sql`else ${GRADES.length} end`], sql` `);

export const NOT_A_PRESSING = "Used copies are added to a new pressing, not to another used copy.";

const copyColumns = {
  id: records.id,
  catalogueId: records.catalogueId,
  title: records.title,
  artist: records.artist,
  pricePence: records.pricePence,
  mediaGrade: records.mediaGrade,
  sleeveGrade: records.sleeveGrade,
  note: records.conditionNote,
  discogsReleaseId: records.discogsReleaseId,
  stock: records.stockQuantity,
  published: records.published,
  createdAt: records.createdAt,
};

interface CopyRow {
  id: number;
  catalogueId: string;
  title: string;
  artist: string;
  pricePence: number;
  mediaGrade: Grade | null;
  sleeveGrade: Grade | null;
  note: string | null;
  discogsReleaseId: number | null;
  stock: number;
  published: boolean;
  createdAt: string;
}

const toView = ({ title, artist, ...r }: CopyRow, photos: CopyPhoto[] = []): UsedCopyView => ({
  ...r,
  mediaGrade: r.mediaGrade as Grade,
  sleeveGrade: r.sleeveGrade as Grade,
  path: recordPath({ id: r.id, title, artist }),
  photos,
});

export function createUsedCopiesService(
  db: Db,
  deps: {
    audit: AuditService;
    wants?: Pick<WantsService, "onUsedCopyListed">;
    photos: Pick<CopyPhotosService, "attach" | "listFor" | "prepare" | "discardUnused">;
  },
) {
  const cachedOnSale = createReadCache(db, { max: 512 });
  const recordById = (id: number) => db.select().from(records).where(eq(records.id, id)).get();
  /** Views of copy rows, with their photos read in one query. */
  const withPhotos = (rows: CopyRow[]): UsedCopyView[] => {
    const photos = deps.photos.listFor(rows.map((r) => r.id));
    return rows.map((r) => toView(r, photos.get(r.id)));
  };

  function readOnSale(pressingId: number): UsedCopyView[] {
    const rows = db
      .select(copyColumns)
      .from(records)
      .where(
        and(
          eq(records.usedOfRecordId, pressingId),
          eq(records.condition, "used"),
          sql`${records.stockQuantity} > 0`,
          publishedSql(),
        ),
      )
      .orderBy(gradeRankSql(records.mediaGrade), asc(records.pricePence), asc(records.id))
      .all();
    return withPhotos(rows);
  }

  return {
    /**
     * `add` from the back office's form, with its photos as uploaded: they are checked and stored first (a refused
     * photo refuses the copy), and deleted again if the copy itself is refused.
     */
    async addWithPhotos(actor: Actor, pressingId: number, v: UsedCopyInput, uploads: readonly Upload[]): Promise<UsedCopyView> {
      const stored = await deps.photos.prepare(uploads);
      try {
        return this.add(actor, pressingId, v, stored);
      } catch (error) {
        await deps.photos.discardUnused(stored.map((s) => s.url));
        throw error;
      }
    },

    /**
     * Lists a used copy of pressing `pressingId`: one unit on the shelf (with its "delivery" ledger row), the
     * pressing's title, artist, label, format and cover, its own price, grades and note. Audited; shoppers who
     * want the pressing with a minimum grade the copy meets are told, once. Takes input parsed with
     * `usedCopySchema` (every adapter parses it, so pounds become pence once), and photos already stored
     * (CopyPhotosService.prepare), recorded in the same transaction; throws ValidationError (not a pressing) or
     * NotFoundError. A copy that came back with a return names that in its ledger row (`from`); a copy bought in a
     * recorded purchase (a collection bought from the public) names it (`stockPurchaseId`, copy-purchases.ts). A
     * margin-scheme copy without its purchase price is refused: it cannot go on sale (app/domain/vat/margin-vat.ts).
     */
    add(
      actor: Actor,
      pressingId: number,
      v: UsedCopyInput,
      photos: readonly StoredPhoto[] = [],
      from: { reason: "return_used"; note: string; orderId: number } | null = null,
      { stockPurchaseId = null }: { stockPurchaseId?: number | null } = {},
    ): UsedCopyView {
      const vatScheme = v.vatScheme ?? "standard";
      const blocked = saleBlockedReason({ vatScheme, purchasePricePence: v.purchasePrice ?? null });
      if (blocked) throw new ValidationError(blocked, { purchasePrice: [blocked] });
      return writeTransaction(db, () => {
        const pressing = recordById(pressingId);
        if (!pressing) throw new NotFoundError("Record not found.");
        if (pressing.condition === "used") throw new ValidationError(NOT_A_PRESSING);
        // Numbered after the highest copy so far (sold copies keep their numbers).
        const taken = db
          .select({ catalogueId: records.catalogueId })
          .from(records)
          .where(like(records.catalogueId, `${pressing.catalogueId}-used-%`))
          .all()
          .map((r) => Number(r.catalogueId.slice(pressing.catalogueId.length + "-used-".length)))
          .filter(Number.isSafeInteger);
        const n = Math.max(0, ...taken) + 1;
        const { id: _id, catalogueId: _c, hiddenByContent: _h, createdAt: _ca, updatedAt: _u, ...same } = pressing;
        const row = db
          .insert(records)
          .values({
            ...same,
            catalogueId: usedCopyCatalogueId(pressing.catalogueId, n),
            condition: "used",
            usedOfRecordId: pressing.id,
            mediaGrade: v.mediaGrade,
            sleeveGrade: v.sleeveKind ? SLEEVE_KIND_STORED_GRADE : v.sleeveGrade,
            sleeveKind: v.sleeveKind ?? null,
            conditionNote: v.note ?? null,
            // The copy's own release and purchase, never the pressing's (a copy may be another pressing of it).
            discogsReleaseId: v.discogsReleaseId ?? pressing.discogsReleaseId,
            shelfLocation: v.shelfLocation ?? null,
            vatScheme,
            purchasePricePence: v.purchasePrice ?? null,
            purchasedAt: v.purchasedAt ?? null,
            purchasedFrom: v.purchasedFrom ?? null,
            stockPurchaseId,
            pricePence: v.price,
            stockQuantity: 1,
            lowStockThreshold: 0,
            bestSeller: false,
            isNewRelease: false,
            rating: null,
          })
          .returning()
          .get();
        db.insert(stockMovements)
          .values({
            recordId: row.id,
            change: 1,
            reason: from?.reason ?? "delivery",
            note: from?.note ?? "Used copy listed",
            orderId: from?.orderId ?? null,
            actorId: actor.id,
          })
          .run();
        deps.audit.record(actor, {
          entityType: "record",
          entityId: row.id,
          action: "used copy listed",
          after: {
            copyOf: `#${pressing.id}`,
            price: v.price,
            media: v.mediaGrade,
            sleeve: v.sleeveGrade,
            note: v.note ?? null,
            stock: 1,
            photos: photos.length,
            vatScheme,
            purchasePrice: v.purchasePrice ?? null,
            purchasedAt: v.purchasedAt ?? null,
            purchasedFrom: v.purchasedFrom ?? null,
            ...(stockPurchaseId !== null ? { stockPurchase: `#${stockPurchaseId}` } : {}),
          },
        });
        deps.audit.record(actor, {
          entityType: "record",
          entityId: pressing.id,
          action: `used copy #${row.id} added (${v.mediaGrade}/${v.sleeveGrade})`,
        });
        deps.photos.attach(row.id, photos);
        const [view] = withPhotos([{ ...row, note: row.conditionNote, stock: row.stockQuantity }]);
        deps.wants?.onUsedCopyListed(pressing.id, {
          id: row.id,
          title: row.title,
          artist: row.artist,
          pricePence: row.pricePence,
          mediaGrade: v.mediaGrade,
        });
        return view!;
      });
    },

    /** One used copy with its photos, or null when the record is not a used copy. */
    one(copyId: number): UsedCopyView | null {
      const row = db
        .select(copyColumns)
        .from(records)
        .where(and(eq(records.id, copyId), eq(records.condition, "used"), sql`${records.mediaGrade} is not null`))
        .get();
      return row ? withPhotos([row])[0]! : null;
    },

    /** Every copy of a pressing, sold ones too, oldest first: for the back office. */
    allOf(pressingId: number): UsedCopyView[] {
      const rows = db
        .select(copyColumns)
        .from(records)
        .where(and(eq(records.usedOfRecordId, pressingId), eq(records.condition, "used")))
        .orderBy(asc(records.id))
        .all();
      return withPhotos(rows);
    },

    /**
     * A pressing's copies a shopper can buy (published, not sold), best media grade first, then cheapest. Read
     * once per change to the shop for each pressing (at most 512 kept): every view of its record page asks.
     */
    onSaleOf(pressingId: number): UsedCopyView[] {
      return cachedOnSale(String(pressingId), () => readOnSale(pressingId));
    },

    /** For a used copy's own page: its pressing (id, title, path), or null. */
    pressingOf(copyId: number): { id: number; title: string; artist: string; path: string } | null {
      const copy = recordById(copyId);
      if (!copy || !isUsedCopy(copy) || copy.usedOfRecordId === null) return null;
      const p = db
        .select({ id: records.id, title: records.title, artist: records.artist })
        .from(records)
        .where(and(eq(records.id, copy.usedOfRecordId), publishedSql()))
        .get();
      return p ? { ...p, path: recordPath(p) } : null;
    },
  };
}

export type UsedCopiesService = ReturnType<typeof createUsedCopiesService>;
