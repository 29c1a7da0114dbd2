/**
 * The back office's records: list, read, create and edit them, publish or unpublish them, with their cover and
 * audio preview. Every change writes an audit row (entity "record", before → after) in the same transaction.
 * Stock is not edited here: a new record's opening stock is a "delivery" movement in the ledger.
 * Adapters parse their input with the domain's schemas (record-fields.ts) and hand the parsed values here.
 */
import { and, asc, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { writeTransaction, type Db } from "../../db/client";
import { records, stockMovements, type RecordRow } from "../../db/schema";
import { audioUrlFor } from "../../db/seed/media/write-media";
import type { Actor } from "../../app/domain/admin/audit";
import { ADMIN_PAGE_SIZE, type AdminRecordList } from "../../app/domain/catalogue/admin-record-list";
import { isUsedCopy, USED_COPY_STAYS_USED } from "../../app/domain/catalogue/grades";
import { DEFAULT_COVER_URL } from "../../app/domain/catalogue/hiding";
import type { NewRecord, RecordFields } from "../../app/domain/catalogue/record-fields";
import { NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { saleBlockedReason } from "../../app/domain/vat/margin-vat";
import { pageWindow } from "../../app/domain/shared/paging";
import { fieldsToColumns, newCatalogueId, rowToFields, snapshot } from "./admin-record-fields";
import { createAuditService, type AuditEntry, type AuditService } from "./audit";
import type { LimitedSale } from "../../app/domain/limited/limited-sale-schema";
import { tellWantsOfEdits, type EditListeners } from "./record-edits";
import { createRecordUploads, type RecordUploads } from "./record-uploads";

export interface AdminRecordRow {
  id: number;
  catalogueId: string;
  title: string;
  artist: string;
  genre: string | null;
  format: string | null;
  catalogNumber: string | null;
  pricePence: number;
  stockQuantity: number;
  releaseDate: string | null;
  coverUrl: string;
  published: boolean;
  publishAt: string | null;
  hiddenByContent: boolean;
  updatedAt: string;
}

export interface AdminRecord extends AdminRecordRow {
  fields: RecordFields;
  audioUrl: string;
  lowStockThreshold: number | null;
}

const nowIso = () => new Date().toISOString();

function toAdminRow(r: RecordRow): AdminRecordRow {
  return {
    id: r.id,
    catalogueId: r.catalogueId,
    title: r.title,
    artist: r.artist,
    genre: r.genre,
    format: r.format,
    catalogNumber: r.catalogNumber,
    pricePence: r.pricePence,
    stockQuantity: r.stockQuantity,
    releaseDate: r.releaseDate,
    coverUrl: r.coverUrl,
    published: r.published,
    publishAt: r.publishAt,
    hiddenByContent: r.hiddenByContent,
    updatedAt: r.updatedAt,
  };
}

export function createAdminRecordsService(
  db: Db,
  { mediaDir, wants, audit = createAuditService(db) }: { mediaDir: string; wants?: EditListeners; audit?: AuditService },
) {
  const { storeUploads } = createRecordUploads(mediaDir);
  const byId = db
    .select()
    .from(records)
    .where(eq(records.id, sql.placeholder("id")))
    .prepare();

  function load(id: number): RecordRow {
    const row = byId.get({ id });
    if (!row) throw new NotFoundError("No record with that id.");
    return row;
  }

  function insertRecord(
    tx: Db,
    actor: Actor,
    fields: RecordFields,
    opts: { openingStock: number; published: boolean; coverUrl?: string; catalogueId?: string },
  ) {
    const catalogueId = opts.catalogueId ?? newCatalogueId(fields);
    const row = tx
      .insert(records)
      .values({
        ...fieldsToColumns(fields),
        catalogueId,
        coverUrl: opts.coverUrl ?? DEFAULT_COVER_URL,
        audioUrl: audioUrlFor(catalogueId),
        stockQuantity: opts.openingStock,
        published: opts.published,
      })
      .returning()
      .get();
    // Stock on hand always equals the sum of the ledger: the opening stock is the first delivery.
    if (opts.openingStock > 0)
      tx.insert(stockMovements)
        .values({ recordId: row.id, change: opts.openingStock, reason: "delivery", note: "Opening stock", actorId: actor.id })
        .run();
    return row;
  }

  function updateRecord(
    tx: Db,
    auditTo: AuditService,
    actor: Actor,
    before: RecordRow,
    set: Partial<typeof records.$inferInsert>,
    action: string,
  ) {
    // A graded used copy stays used (the database refuses grades on a new record): say so instead of failing.
    if (isUsedCopy(before) && set.condition !== undefined && set.condition !== "used")
      throw new ValidationError(USED_COPY_STAYS_USED, { condition: [USED_COPY_STAYS_USED] });
    const after = tx
      .update(records)
      .set({ ...set, updatedAt: nowIso() })
      .where(eq(records.id, before.id))
      .returning()
      .get()!;
    tellWantsOfEdits(db, wants, [
      {
        id: before.id,
        priceBefore: before.pricePence,
        priceAfter: after.pricePence,
        releaseBefore: before.releaseDate,
        releaseAfter: after.releaseDate,
      },
    ]);
    auditTo.record(actor, {
      entityType: "record",
      entityId: before.id,
      action,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  }

  /** Every genre in the catalogue, for the form's suggestions and the list's filter. */
  function genres(): string[] {
    return db
      .selectDistinct({ genre: records.genre })
      .from(records)
      .where(sql`${records.genre} is not null`)
      .orderBy(asc(records.genre))
      .all()
      .map((g) => g.genre!);
  }

  return {
    /** A page of the back office's record list (its query read with adminRecordListSchema). */
    list(q: AdminRecordList) {
      const where: SQL[] = [];
      if (q.q) {
        const pattern = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const likeEsc = (
          col: SQL | typeof records.title | typeof records.artist | typeof records.label | typeof records.catalogNumber,
        ) => sql`${col} like ${pattern} escape '\\'`;
        where.push(or(likeEsc(records.title), likeEsc(records.artist), likeEsc(records.catalogNumber), likeEsc(records.label))!);
      }
      if (q.status === "published") where.push(eq(records.published, true));
      if (q.status === "unpublished") where.push(eq(records.published, false));
      if (q.status === "no-cover") where.push(eq(records.hiddenByContent, true));
      if (q.genre) where.push(eq(records.genre, q.genre));
      const column = {
        updated: records.updatedAt,
        title: records.title,
        artist: records.artist,
        price: records.pricePence,
        stock: records.stockQuantity,
        release: records.releaseDate,
      }[q.sort];
      const dir = q.dir ?? (q.sort === "updated" ? "desc" : "asc");
      const filter = where.length ? and(...where) : undefined;
      const total = db.select({ n: count() }).from(records).where(filter).get()?.n ?? 0;
      const { page, pageCount, offset } = pageWindow(total, q.page, ADMIN_PAGE_SIZE);
      const rows = db
        .select()
        .from(records)
        .where(filter)
        .orderBy(dir === "asc" ? asc(column) : desc(column), desc(records.id))
        .limit(ADMIN_PAGE_SIZE)
        .offset(offset)
        .all();
      return { items: rows.map(toAdminRow), total, page, pageCount, query: { ...q, dir, page }, genres: genres() };
    },

    genres,

    get(id: number): AdminRecord & { history: AuditEntry[] } {
      const r = load(id);
      return {
        ...toAdminRow(r),
        fields: rowToFields(r),
        audioUrl: r.audioUrl,
        lowStockThreshold: r.lowStockThreshold,
        history: audit.forEntity("record", id, 50),
      };
    },

    /** A new record; uploads (a cover, a preview) are stored first, then the record, its stock and audit row. */
    async create(actor: Actor, value: NewRecord, uploads: RecordUploads = {}): Promise<{ id: number }> {
      const catalogueId = newCatalogueId(value.fields);
      const media = await storeUploads(catalogueId, uploads);
      return writeTransaction(db, (tx) => {
        const row = insertRecord(tx, actor, value.fields, {
          openingStock: value.openingStock,
          published: value.published,
          coverUrl: media.coverUrl,
          catalogueId,
        });
        const final = media.audioUrl
          ? tx.update(records).set({ audioUrl: media.audioUrl }).where(eq(records.id, row.id)).returning().get()!
          : row;
        audit.record(actor, {
          entityType: "record",
          entityId: row.id,
          action: "created",
          before: null,
          after: { ...snapshot(final), openingStock: value.openingStock },
        });
        return { id: row.id };
      });
    },

    async update(actor: Actor, id: number, fields: RecordFields, uploads: RecordUploads = {}): Promise<void> {
      const current = load(id);
      const media = await storeUploads(current.catalogueId, uploads);
      writeTransaction(db, (tx) => {
        const before = load(id);
        updateRecord(
          tx,
          audit,
          actor,
          before,
          {
            ...fieldsToColumns(fields),
            ...(media.coverUrl ? { coverUrl: media.coverUrl } : {}),
            ...(media.audioUrl ? { audioUrl: media.audioUrl } : {}),
          },
          "edited",
        );
      });
    },

    setPublished(actor: Actor, id: number, published: boolean): void {
      writeTransaction(db, (tx) => {
        const before = load(id);
        if (before.published === published) return;
        // A margin-scheme copy without its purchase price has no VAT to charge yet: not on sale until it has one.
        const blocked = published ? saleBlockedReason(before) : null;
        if (blocked) throw new ValidationError(blocked);
        updateRecord(tx, audit, actor, before, { published }, published ? "published" : "unpublished");
      });
    },

    /** A record's limited sale as the back office's form shows it. */
    limitedSale(id: number): LimitedSale {
      return limitedSaleOf(load(id));
    },

    /** Sets a record's limit, on-sale time, Record Store Day and drop flags and pre-order charging (audited). */
    setLimitedSale(actor: Actor, id: number, sale: LimitedSale): void {
      writeTransaction(db, (tx) => {
        const before = load(id);
        const after = tx
          .update(records)
          .set({ ...sale, updatedAt: nowIso() })
          .where(eq(records.id, id))
          .returning()
          .get()!;
        audit.record(actor, {
          entityType: "record",
          entityId: id,
          action: "limited sale saved",
          before: limitedSaleOf(before),
          after: limitedSaleOf(after),
        });
      });
    },
  };
}

function limitedSaleOf(r: RecordRow): LimitedSale {
  return {
    limitPerCustomer: r.limitPerCustomer,
    onSaleAt: r.onSaleAt,
    recordStoreDay: r.recordStoreDay,
    isDrop: r.isDrop,
    preOrderCharge: r.preOrderCharge,
  };
}

export type AdminRecordsService = ReturnType<typeof createAdminRecordsService>;
