/**
 * The back office's catalogue: list, read, create and edit records, publish or unpublish them, upload covers
 * and audio previews, export the catalogue as CSV and import one (the shop's own columns or a Discogs
 * inventory). Every change writes an audit row (entity "record", before → after) in the same transaction.
 * Stock is not edited here: a new record's opening stock is a "delivery" movement in the ledger.
 * Adapters parse their input with the domain's schemas (record-fields.ts) and hand the parsed values here.
 */
import { isUsedCopy, USED_COPY_STAYS_USED } from "../../app/domain/catalogue/grades";
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import Database from "better-sqlite3";
import { stringify } from "csv-stringify/sync";
import { and, asc, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import sharp from "sharp";
import { writeTransaction, type Db } from "../../db/client";
import { todayInLondon } from "../../app/domain/shared/dates";
import type { WantsService } from "./wants";
import { records, stockMovements, type RecordRow } from "../../db/schema";
import { writeFileAtomic } from "../../db/seed/media/cover-image";
import { audioUrlFor } from "../../db/seed/media/write-media";
import { changedFields, type Actor } from "../../app/domain/admin/audit";
import { DEFAULT_COVER_URL } from "../../app/domain/catalogue/hiding";
import { fieldsToText, type NewRecord, type RecordFields } from "../../app/domain/catalogue/record-fields";
import {
  EXPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  applicableRows,
  catalogKey,
  parseCsv,
  planImportSteps,
  reportRows,
  type ExistingRecord,
  type ImportPlan,
  type PlannedRow,
} from "../../app/domain/catalogue/record-import";
import {
  AUDIO_CONTENT_TYPES,
  COVER_SIZE,
  checkUpload,
  sniffAudio,
  uploadSizeProblem,
} from "../../app/domain/catalogue/record-media";
import { slugify } from "../../app/domain/catalogue/slug";
import { ConflictError, NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { z } from "../../app/domain/shared/zod";
import { createAuditService, type AuditEntry } from "./audit";
import { pageWindow } from "../../app/domain/shared/paging";

export const ADMIN_RECORD_SORTS = ["updated", "title", "artist", "price", "stock", "release"] as const;
export const ADMIN_RECORD_STATUSES = ["all", "published", "unpublished", "no-cover"] as const;
export const ADMIN_PAGE_SIZE = 25;

export const adminRecordListSchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  status: z.enum(ADMIN_RECORD_STATUSES).catch("all").default("all"),
  genre: z.string().trim().max(60).optional().catch(undefined),
  sort: z.enum(ADMIN_RECORD_SORTS).catch("updated").default("updated"),
  dir: z.enum(["asc", "desc"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type AdminRecordListQuery = z.input<typeof adminRecordListSchema>;

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

/** A file a form sent: its bytes are read only after the size is known to be within bounds. */
export type Upload = Pick<File, "size" | "arrayBuffer"> | null | undefined;
export interface RecordUploads {
  cover?: Upload;
  audio?: Upload;
}

const IMPORT_ID = /^[a-f0-9]{32}$/;
const SHA256 = /^[a-f0-9]{64}$/;
/** An uploaded file waits this long between preview and apply. */
export const IMPORT_TTL_MS = 60 * 60 * 1000;
/**
 * A big import is checked and applied in slices of this many milliseconds of work, each followed by a pause as
 * long, in which the event loop serves pages: SQLite readers are never blocked by the import (WAL), but the one
 * Node thread is while it runs the import's JavaScript. Half the thread for the import, half for the shop.
 */
export const IMPORT_SLICE_MS = 8;

const pause = () => new Promise((resolve) => setTimeout(resolve, IMPORT_SLICE_MS));

/** Runs a generator of steps to its end, pausing after every IMPORT_SLICE_MS of work. */
async function runSliced<T>(steps: Generator<unknown, T>): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= IMPORT_SLICE_MS) {
      await pause();
      sliceStart = performance.now();
    }
  }
}

/** Names a kept import file: the id from its upload and the SHA-256 of its bytes. */
export const importRefSchema = z.object({ id: z.string().regex(IMPORT_ID), hash: z.string().regex(SHA256) });

/** How far an import being applied has got: checking the file again, staging its rows, or writing them. */
export interface ImportProgress {
  phase: "checking" | "staging" | "writing";
  done: number;
  total: number;
}

export interface ImportResult {
  created: number;
  updated: number;
  skipped: number;
  milliseconds: number;
}

function rowToFields(r: RecordRow): RecordFields {
  return {
    title: r.title,
    artist: r.artist,
    genre: r.genre,
    price: r.pricePence,
    description: r.description,
    label: r.label,
    format: r.format as RecordFields["format"],
    catalogNumber: r.catalogNumber,
    releaseDate: r.releaseDate,
    physicalReleaseDate: r.physicalReleaseDate,
    year: r.year,
    condition: r.condition,
    duration: r.duration,
    rating: r.rating,
    isNewRelease: r.isNewRelease,
    bestSeller: r.bestSeller,
  };
}

function fieldsToColumns(f: RecordFields) {
  return {
    title: f.title,
    artist: f.artist,
    genre: f.genre,
    pricePence: f.price,
    description: f.description,
    label: f.label,
    format: f.format,
    catalogNumber: f.catalogNumber,
    releaseDate: f.releaseDate,
    physicalReleaseDate: f.physicalReleaseDate,
    year: f.year,
    condition: f.condition,
    duration: f.duration,
    rating: f.rating,
    isNewRelease: f.isNewRelease,
    bestSeller: f.bestSeller,
  };
}

/** What the audit log keeps of a record: its fields as text, plus publishing and media. */
function snapshot(r: RecordRow): Record<string, unknown> {
  return { ...fieldsToText(rowToFields(r)), published: r.published, coverUrl: r.coverUrl, audioUrl: r.audioUrl };
}

const nowIso = () => new Date().toISOString();
const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

/** A new record's catalogue id (it names its media files): from its artist and title, made unique. */
function newCatalogueId(f: RecordFields): string {
  const base = slugify(`${f.artist} ${f.title}`).toLowerCase().slice(0, 60).replace(/-+$/, "") || "record";
  return `${base}-${randomBytes(3).toString("hex")}`;
}

const RECORD_COLUMNS = {
  title: "title",
  artist: "artist",
  genre: "genre",
  price: "price_pence",
  description: "description",
  label: "label",
  format: "format",
  catalogNumber: "catalog_number",
  releaseDate: "release_date",
  physicalReleaseDate: "physical_release_date",
  year: "year",
  condition: "condition",
  duration: "duration",
  rating: "rating",
  isNewRelease: "is_new_release",
  bestSeller: "best_seller",
} as const satisfies Record<keyof RecordFields, string>;

/** SQLite binds no booleans: flags become 1 and 0. */
function bindFields(f: RecordFields): Record<string, string | number | null> {
  return { ...f, isNewRelease: f.isNewRelease ? 1 : 0, bestSeller: f.bestSeller ? 1 : 0 };
}

/** A record's price and release date before and after an edit: what shoppers' wants listen for. */
interface RecordEdit {
  id: number;
  priceBefore: number;
  priceAfter: number;
  releaseBefore: string | null;
  releaseAfter: string | null;
}

/**
 * The writes of an import, in two steps. `stage` runs on the import's own connection, a row at a time and a slice
 * at a time: it works out each row's new values and its audit row (before → after, from the record as it is now)
 * into a TEMP table, which lives apart from the shop's database file and so takes no lock on it. `commit` then
 * writes every staged row with a handful of set-based statements in one short transaction: the shop's write lock
 * is held for the few hundred milliseconds SQLite needs, not for the seconds the JavaScript took (a write on the
 * shop's connection waits for a lock synchronously, so a lock held across a pause would stall it, and the pause
 * with it, until busy_timeout gave up). The same rows as create/update/setPublished write: the record, its opening
 * stock as a delivery in the ledger, and an audit row with the changed fields.
 */
function importWriter(client: Database.Database, actor: Actor) {
  const names = Object.keys(RECORD_COLUMNS) as (keyof RecordFields)[];
  const columns = names.map((n) => RECORD_COLUMNS[n]);
  const stage = `temp.import_stage_${randomBytes(6).toString("hex")}`;
  client.exec(
    `create table ${stage} (seq integer primary key, line integer not null, action text not null,
       record_id integer, catalogue_id text, updated_at text, opening_stock integer, published integer, audio_url text,
       audit_action text not null, audit_before text, audit_after text, ${columns.join(", ")})`,
  );
  const stageRow = client.prepare(
    `insert into ${stage} (line, action, record_id, catalogue_id, updated_at, opening_stock, published, audio_url,
       audit_action, audit_before, audit_after, ${columns.join(", ")})
     values (@line, @action, @recordId, @catalogueId, @updatedAt, @openingStock, @published, @audioUrl,
       @auditAction, @auditBefore, @auditAfter, ${names.map((n) => `@${n}`).join(", ")})`,
  );
  const select = client.prepare<[number], Record<string, unknown>>(
    `select published, updated_at as updatedAt, cover_url as coverUrl, audio_url as audioUrl,
       ${names.map((n) => `${RECORD_COLUMNS[n]} as ${n}`).join(", ")} from records where id = ?`,
  );
  const fromStored = (r: Record<string, unknown>): RecordFields =>
    Object.fromEntries(names.map((n) => [n, n === "isNewRelease" || n === "bestSeller" ? r[n] === 1 : r[n]])) as RecordFields;
  const auditOf = (before: Record<string, unknown> | null, after: Record<string, unknown>) => {
    const diff = changedFields(before, after);
    return { auditBefore: diff.before && JSON.stringify(diff.before), auditAfter: JSON.stringify(diff.after) };
  };
  const none = { recordId: null, catalogueId: null, updatedAt: null, openingStock: null, audioUrl: null };

  return {
    create(line: number, fields: RecordFields, openingStock: number, published: boolean): void {
      const catalogueId = newCatalogueId(fields);
      const audioUrl = audioUrlFor(catalogueId);
      const after = { ...fieldsToText(fields), published, coverUrl: DEFAULT_COVER_URL, audioUrl, openingStock };
      stageRow.run({
        ...none,
        ...bindFields(fields),
        ...auditOf(null, after),
        line,
        action: "create",
        catalogueId,
        audioUrl,
        openingStock,
        published: published ? 1 : 0,
        auditAction: "imported (created)",
      });
    },
    /** False when the record is gone. */
    update(line: number, id: number, fields: RecordFields, published: boolean | null): boolean {
      const stored = select.get(id);
      if (!stored) return false;
      const was = stored.published === 1;
      const media = { coverUrl: stored.coverUrl, audioUrl: stored.audioUrl };
      stageRow.run({
        ...none,
        ...bindFields(fields),
        ...auditOf(
          { ...fieldsToText(fromStored(stored)), published: was, ...media },
          { ...fieldsToText(fields), published: published ?? was, ...media },
        ),
        line,
        action: "update",
        recordId: id,
        updatedAt: stored.updatedAt,
        published: published === null ? null : published ? 1 : 0,
        auditAction: "imported (updated)",
      });
      return true;
    },
    /**
     * Writes every staged row at once; call inside a write transaction. Returns each updated record's price and
     * release date before and after, for the hooks an edit by hand calls (see tellWantsOfEdits).
     */
    commit(): RecordEdit[] {
      // A record edited or deleted since it was staged would be overwritten with stale "before" values.
      const stale = client
        .prepare<[], { line: number }>(
          `select s.line from ${stage} s left join records r on r.id = s.record_id
           where s.action = 'update' and (r.id is null or r.updated_at is not s.updated_at) order by s.seq limit 1`,
        )
        .get();
      if (stale)
        throw new ConflictError(`Line ${stale.line}: its record was changed or deleted meanwhile; preview the file again.`);
      client
        .prepare(
          `insert into records (catalogue_id, cover_url, audio_url, stock_quantity, published, ${columns.join(", ")})
           select catalogue_id, ?, audio_url, opening_stock, published, ${columns.join(", ")}
           from ${stage} where action = 'create' order by seq`,
        )
        .run(DEFAULT_COVER_URL);
      client
        .prepare(
          `insert into stock_movements (record_id, change, reason, note, actor_id)
           select r.id, s.opening_stock, 'delivery', 'Opening stock', ? from ${stage} s join records r using (catalogue_id)
           where s.action = 'create' and s.opening_stock > 0 order by s.seq`,
        )
        .run(actor.id);
      // Read before the update below, inside the same transaction: the values the shop had until now.
      const edits = client
        .prepare<[], RecordEdit>(
          `select r.id, r.price_pence as priceBefore, s.price_pence as priceAfter,
             r.release_date as releaseBefore, s.release_date as releaseAfter
           from ${stage} s join records r on r.id = s.record_id
           where s.action = 'update' and (s.price_pence is not r.price_pence or s.release_date is not r.release_date)
           order by s.seq`,
        )
        .all();
      client
        .prepare(
          `update records set ${columns.map((c) => `${c} = s.${c}`).join(", ")},
             published = coalesce(s.published, records.published), updated_at = ?
           from ${stage} s where s.action = 'update' and records.id = s.record_id`,
        )
        .run(nowIso());
      client
        .prepare(
          `insert into audit_log (actor_id, actor_name, entity_type, entity_id, action, before, after)
           select ?, ?, 'record', cast(coalesce(s.record_id, r.id) as text), s.audit_action, s.audit_before, s.audit_after
           from ${stage} s left join records r on s.action = 'create' and r.catalogue_id = s.catalogue_id order by s.seq`,
        )
        .run(actor.id, actor.username);
      return edits;
    },
    /** The staging table goes with the import, whatever happened. */
    drop(): void {
      client.exec(`drop table if exists ${stage}`);
    },
  };
}

export function createAdminCatalogueService(
  db: Db,
  {
    mediaDir,
    importDir = path.join(path.dirname(mediaDir), "imports"),
    wants,
  }: {
    mediaDir: string;
    importDir?: string;
    wants?: Pick<WantsService, "onPriceChanged" | "onReleaseDateChanged" | "wantedAmong">;
  },
) {
  const audit = createAuditService(db);
  /** Imports being applied, by id and hash: one entry each, removed when it ends however it ends. */
  const running = new Map<string, ImportProgress>();
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

  async function uploadBytes(kind: "cover" | "audio", upload: Upload): Promise<Uint8Array | null> {
    if (!upload || upload.size === 0) return null;
    // An oversized file is refused before it is read into memory.
    const tooBig = uploadSizeProblem(kind, upload.size);
    if (tooBig) throw new ValidationError(tooBig, { [kind]: [tooBig] });
    const bytes = new Uint8Array(await upload.arrayBuffer());
    const problem = checkUpload(kind, bytes);
    if (problem) throw new ValidationError(problem, { [kind]: [problem] });
    return bytes;
  }

  /** Resizes a cover to a square JPEG under media/covers; its name carries a hash, so caches never go stale. */
  async function storeCover(catalogueId: string, bytes: Uint8Array): Promise<string> {
    let jpeg: Buffer;
    try {
      jpeg = await sharp(bytes, { limitInputPixels: 40_000_000, failOn: "error" })
        .rotate()
        .resize(COVER_SIZE, COVER_SIZE, { fit: "cover", position: "attention" })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer();
    } catch {
      const message = "The cover could not be read as an image";
      throw new ValidationError(message, { cover: [message] });
    }
    const name = `${catalogueId}-${sha256(jpeg).slice(0, 10)}.jpg`;
    await mkdir(path.join(mediaDir, "covers"), { recursive: true });
    await writeFileAtomic(path.join(mediaDir, "covers", name), jpeg);
    return `/media/covers/${name}`;
  }

  async function storeAudio(catalogueId: string, bytes: Uint8Array): Promise<string> {
    const type = sniffAudio(bytes)!;
    const name = `${catalogueId}-${sha256(bytes).slice(0, 10)}.${type}`;
    await mkdir(path.join(mediaDir, "audio"), { recursive: true });
    await writeFileAtomic(path.join(mediaDir, "audio", name), Buffer.from(bytes));
    return `/media/audio/${name}`;
  }

  async function storeUploads(catalogueId: string, uploads: RecordUploads) {
    const [cover, audio] = [await uploadBytes("cover", uploads.cover), await uploadBytes("audio", uploads.audio)];
    return {
      coverUrl: cover ? await storeCover(catalogueId, cover) : undefined,
      audioUrl: audio ? await storeAudio(catalogueId, audio) : undefined,
    };
  }

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

  function existingByKey(): (key: string) => ExistingRecord[] {
    const map = new Map<string, ExistingRecord[]>();
    for (const r of db
      .select()
      .from(records)
      .where(sql`${records.catalogNumber} is not null`)
      .all()) {
      const key = catalogKey(r.catalogNumber!);
      if (!map.has(key)) map.set(key, []);
      map.get(key)!.push({ id: r.id, fields: rowToFields(r), published: r.published });
    }
    return (key) => map.get(key) ?? [];
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

  /**
   * The one place catalogue edits, by hand or by import, reach shoppers' wants: a lower price, a pre-order now out.
   * Each want is told of an event once (decision 28), so telling it again never mails twice. The alerts are queued
   * in one transaction (a savepoint inside an edit's own).
   */
  function tellWantsOfEdits(edits: readonly RecordEdit[]): void {
    if (!wants) return;
    const changed = edits.filter((e) => e.priceAfter !== e.priceBefore || e.releaseAfter !== e.releaseBefore);
    if (changed.length === 0) return;
    // Only records someone wants can alert: an import of thousands of prices asks once, not once a record.
    const wanted = wants.wantedAmong(changed.map((e) => e.id));
    const told = changed.filter((e) => wanted.has(e.id));
    if (told.length === 0) return;
    const today = todayInLondon();
    writeTransaction(db, () => {
      for (const e of told) {
        if (e.priceAfter !== e.priceBefore) wants.onPriceChanged(e.id, e.priceBefore, e.priceAfter);
        if (e.releaseAfter !== e.releaseBefore) wants.onReleaseDateChanged(e.id, e.releaseBefore, e.releaseAfter, today);
      }
    });
  }

  function updateRecord(
    tx: Db,
    auditTo: ReturnType<typeof createAuditService>,
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
    tellWantsOfEdits([
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

  async function cleanImports(): Promise<void> {
    const names = await readdir(importDir).catch(() => [] as string[]);
    const now = Date.now();
    await Promise.all(
      names.map(async (name) => {
        const file = path.join(importDir, name);
        const info = await stat(file).catch(() => null);
        if (info && now - info.mtimeMs > IMPORT_TTL_MS) await rm(file, { force: true });
      }),
    );
  }

  function importFile(id: string, hash: string, suffix = ".csv"): string {
    if (!IMPORT_ID.test(id) || !SHA256.test(hash)) throw new NotFoundError("That import has expired; upload the file again.");
    return path.join(importDir, `${id}-${hash}${suffix}`);
  }

  async function readImport(id: string, hash: string): Promise<string> {
    const bytes = await readFile(importFile(id, hash)).catch(() => null);
    // The hash in the name is checked against the bytes: a file changed on disk is not imported.
    if (!bytes || sha256(bytes) !== hash) throw new NotFoundError("That import has expired; upload the file again.");
    return bytes.toString("utf8");
  }

  /**
   * Applies a plan's rows all at once or not at all: staged a slice at a time on a connection of its own, pausing
   * for the event loop between slices (pages and writes go on: staging takes no lock on the shop's database),
   * then written in one short transaction (see importWriter).
   */
  async function applyRows(actor: Actor, rows: PlannedRow[], onProgress: (progress: ImportProgress) => void) {
    const file = db.$client.name;
    const separate = !!file && file !== ":memory:" && !db.$client.memory;
    const client = separate ? new Database(file) : db.$client;
    if (separate) {
      client.pragma("busy_timeout = 5000");
      client.pragma("foreign_keys = ON");
      client.pragma("synchronous = FULL");
      client.pragma("temp_store = MEMORY");
    }
    const write = importWriter(client, actor);
    let edits: RecordEdit[] = [];
    let created = 0;
    let updated = 0;
    try {
      let sliceStart = performance.now();
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i]!;
        if (row.action === "create") {
          write.create(row.line, row.fields, row.openingStock, row.published);
          created++;
        } else if (row.action === "update") {
          if (!write.update(row.line, row.recordId, row.fields, row.published))
            throw new NotFoundError(`Line ${row.line}: its record was deleted meanwhile; preview the file again.`);
          updated++;
        }
        if (performance.now() - sliceStart >= IMPORT_SLICE_MS) {
          onProgress({ phase: "staging", done: i + 1, total: rows.length });
          await pause();
          sliceStart = performance.now();
        }
      }
      onProgress({ phase: "writing", done: rows.length, total: rows.length });
      // Committed on a connection of its own: the shop's connection sees it through SQLite's data_version.
      edits = client.transaction(() => write.commit()).immediate();
    } finally {
      write.drop();
      if (separate) client.close();
    }
    // On the shop's connection once the import is in (the staging connection holds no wants): a crash between the
    // two commits loses alerts, never catalogue changes.
    tellWantsOfEdits(edits);
    return { created, updated };
  }

  return {
    list(query: AdminRecordListQuery = {}) {
      const q = adminRecordListSchema.parse(query);
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
      return { items: rows.map(toAdminRow), total, page, pageCount, query: { ...q, dir, page }, genres: this.genres() };
    },

    /** Every genre in the catalogue, for the form's suggestions and the list's filter. */
    genres(): string[] {
      return db
        .selectDistinct({ genre: records.genre })
        .from(records)
        .where(sql`${records.genre} is not null`)
        .orderBy(asc(records.genre))
        .all()
        .map((g) => g.genre!);
    },

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
        updateRecord(tx, audit, actor, before, { published }, published ? "published" : "unpublished");
      });
    },

    /** The whole catalogue in the import's own columns, so an exported file imports back unchanged. */
    exportCsv(): string {
      const rows = db.select().from(records).orderBy(asc(records.id)).all();
      return stringify(
        rows.map((r) => {
          const t = fieldsToText(rowToFields(r));
          return [
            t.catalogNumber,
            t.title,
            t.artist,
            t.genre,
            t.price,
            t.format,
            t.label,
            t.releaseDate,
            t.physicalReleaseDate,
            t.year,
            t.condition,
            t.duration,
            t.rating,
            t.isNewRelease,
            t.bestSeller,
            t.description,
            String(r.stockQuantity),
            r.published ? "yes" : "no",
          ];
        }),
        { header: true, columns: [...EXPORT_COLUMNS] },
      );
    },

    /**
     * Keeps an uploaded file for the apply step (under the data folder, named by a random id and its SHA-256,
     * removed after an hour) and plans it against the catalogue.
     */
    async previewImport(file: Upload): Promise<{ id: string; hash: string; plan: ImportPlan }> {
      if (!file || file.size === 0)
        throw new ValidationError("Choose a CSV file to import", { file: ["Choose a CSV file to import"] });
      if (file.size > IMPORT_MAX_BYTES) {
        const message = `The file must be at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB; split it into smaller files`;
        throw new ValidationError(message, { file: [message] });
      }
      const bytes = Buffer.from(await file.arrayBuffer());
      const text = bytes.toString("utf8");
      if (text.includes("\u0000")) throw new ValidationError("That is not a CSV file", { file: ["That is not a CSV file"] });
      await mkdir(importDir, { recursive: true });
      await cleanImports();
      const id = randomBytes(16).toString("hex");
      const hash = sha256(bytes);
      await writeFile(importFile(id, hash), bytes, { mode: 0o600 });
      return { id, hash, plan: await runSliced(planImportSteps(text, existingByKey())) };
    },

    /** The plan of a kept file, planned again against the catalogue as it is now. */
    async importPlan(id: string, hash: string): Promise<ImportPlan> {
      return runSliced(planImportSteps(await readImport(id, hash), existingByKey()));
    },

    /**
     * Applies a kept file: nothing when any row is bad, unless the admin chose to import only the valid rows.
     * The rows are planned again first, so a record changed since the preview is compared as it is now.
     */
    async applyImport(
      actor: Actor,
      { id, hash, onlyValid }: { id: string; hash: string; onlyValid: boolean },
      onProgress?: (progress: ImportProgress) => void,
    ): Promise<{ plan: ImportPlan; result: ImportResult }> {
      const key = `${id}:${hash}`;
      // A second press of Import (or a second tab) would create every new record twice.
      if (running.has(key)) throw new ConflictError("This import is already running; wait for it to finish.");
      const report = (progress: ImportProgress) => {
        running.set(key, progress);
        onProgress?.(progress);
      };
      report({ phase: "checking", done: 0, total: 0 });
      try {
        const started = performance.now();
        const plan = await runSliced(planImportSteps(await readImport(id, hash), existingByKey()));
        const rows = applicableRows(plan, onlyValid);
        if (!rows)
          throw new ValidationError(
            plan.fileError ??
              `Nothing was imported: ${plan.counts.error} row${plan.counts.error === 1 ? " has" : "s have"} errors. Fix them, or choose to import only the valid rows.`,
          );
        const { created, updated } = await applyRows(actor, rows, report);
        const result = { created, updated, skipped: plan.counts.error, milliseconds: Math.round(performance.now() - started) };
        await writeFile(importFile(id, hash, ".report.csv"), stringify(reportRows(plan, true)), { mode: 0o600 });
        await rm(importFile(id, hash), { force: true });
        return { plan, result };
      } finally {
        running.delete(key);
      }
    },

    /** How far the import of a kept file has got while it is being applied; null when it is not running. */
    importProgress(id: string, hash: string): ImportProgress | null {
      return running.get(`${id}:${hash}`) ?? null;
    },

    /** Where an import stands: a kept file still to apply (planned now), or the report of one applied; null when neither. */
    async importState(
      id: string,
      hash: string,
    ): Promise<{ state: "pending"; plan: ImportPlan } | { state: "applied"; report: string[][] } | null> {
      try {
        return { state: "pending", plan: await this.importPlan(id, hash) };
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
      }
      const applied = await readFile(importFile(id, hash, ".report.csv"), "utf8").catch(() => null);
      if (applied === null) return null;
      const csv = parseCsv(applied, { maxRows: Infinity });
      return { state: "applied", report: [csv.header, ...csv.rows.map((r) => r.cells)] };
    },

    /** The report of a kept file: what was done once applied, else what the preview found. */
    async importReport(id: string, hash: string): Promise<string> {
      const applied = await readFile(importFile(id, hash, ".report.csv"), "utf8").catch(() => null);
      if (applied !== null) return applied;
      return stringify(reportRows(await this.importPlan(id, hash), false));
    },
  };
}

export type AdminCatalogueService = ReturnType<typeof createAdminCatalogueService>;
export { AUDIO_CONTENT_TYPES };
