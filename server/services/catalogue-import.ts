/**
 * The catalogue's CSV import (the shop's own columns or a Discogs inventory): a file is kept and planned against
 * the catalogue, then applied all at once or not at all, with its opening stock in the ledger and an audit row
 * (entity "record") for every record it creates or changes. A Discogs inventory's rows are added as used copies
 * instead, a copy at a time (catalogue-import-copies.ts).
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import Database from "better-sqlite3";
import { gt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { records } from "../../db/schema";
import type { Actor } from "../../app/domain/admin/audit";
import { decodeImportFile, type ImportEncoding } from "../../app/domain/catalogue/import-encoding";
import { IMPORT_MAX_BYTES } from "../../app/domain/catalogue/import-limits";
import {
  applicableRows,
  catalogKey,
  parseCsv,
  planImportSteps,
  reportRows,
  type ExistingRecord,
  type ImportPlan,
  type PlannedRow,
} from "../../app/domain/catalogue/record-import";
import { writeCsv } from "../../app/domain/shared/csv";
import { todayInLondon } from "../../app/domain/shared/dates";
import { NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { rowToFields } from "./admin-record-fields";
import { createImportFiles, sha256 } from "./catalogue-import-files";
import { createImportRuns, type ImportProgress, type ImportRun, type ImportRunOptions } from "./catalogue-import-runs";
import { importWriter } from "./catalogue-import-writer";
import { addCopyRows, discogsLookupsSteps, type LateSkip } from "./catalogue-import-copies";
import type { AuditService } from "./audit";
import type { UsedCopiesService } from "./used-copies";
import { tellWantsOfEdits, type EditListeners, type RecordEdit } from "./record-edits";
import type { Upload } from "./upload";

/**
 * A big import is checked and applied in slices of this many milliseconds of work, each followed by a pause as
 * long, in which the event loop serves pages: SQLite readers are never blocked by the import (WAL), but the one
 * Node thread is while it runs the import's JavaScript. Half the thread for the import, half for the shop.
 */
export const IMPORT_SLICE_MS = 8;

/** Stored records read per step when a file is matched against the catalogue. */
const EXISTING_BATCH = 500;

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

export interface ImportResult {
  created: number;
  updated: number;
  /** Used copies added from a Discogs inventory. */
  added: number;
  skipped: number;
  milliseconds: number;
}

export function createCatalogueImportService(
  db: Db,
  {
    importDir,
    wants,
    runs: runOptions,
    copies,
    audit,
  }: {
    importDir: string;
    wants?: EditListeners;
    runs?: ImportRunOptions;
    /** Adds a Discogs inventory's rows; without it such a file is checked but cannot be applied. */
    copies?: Pick<UsedCopiesService, "add">;
    audit?: AuditService;
  },
) {
  const { cleanImports, importFile, readImport } = createImportFiles(importDir);
  const runs = createImportRuns(db, runOptions);

  /**
   * The stored records by catalogue key, read a batch at a time (yielding after each), so that a big catalogue is
   * read between pages too. Not one snapshot: a record changed meanwhile is caught when the file is applied, which
   * plans it again and checks every record it updates is as staged.
   */
  function* existingByKey(): Generator<
    number,
    { byKey: (key: string) => ExistingRecord[]; byCatalogueId: (id: string) => ExistingRecord | undefined }
  > {
    const map = new Map<string, ExistingRecord[]>();
    const ids = new Map<string, ExistingRecord>();
    for (let after = 0; ;) {
      const batch = db.select().from(records).where(gt(records.id, after)).orderBy(records.id).limit(EXISTING_BATCH).all();
      for (const r of batch) {
        const stored = {
          id: r.id,
          fields: rowToFields(r),
          published: r.published,
          catalogueId: r.catalogueId,
          coverUrl: r.coverUrl,
        };
        ids.set(r.catalogueId, stored);
        if (r.catalogNumber === null) continue;
        const key = catalogKey(r.catalogNumber);
        if (!map.has(key)) map.set(key, []);
        map.get(key)!.push(stored);
      }
      if (batch.length < EXISTING_BATCH) return { byKey: (key) => map.get(key) ?? [], byCatalogueId: (id) => ids.get(id) };
      after = batch.at(-1)!.id;
      yield map.size;
    }
  }

  /** A file's plan against the catalogue as it is now, a step at a time. */
  function* planSteps(text: string): Generator<number, ImportPlan> {
    const { byKey, byCatalogueId } = yield* existingByKey();
    return yield* planImportSteps(text, byKey, { byCatalogueId, today: todayInLondon(), discogs: () => discogsLookupsSteps(db) });
  }

  /** The plan of a kept file, planned again against the catalogue as it is now, and how its bytes were read. */
  async function planKept(id: string, hash: string): Promise<{ plan: ImportPlan; encoding: ImportEncoding }> {
    const { text, encoding } = await readImport(id, hash);
    return { plan: await runSliced(planSteps(text)), encoding };
  }

  async function importPlan(id: string, hash: string): Promise<ImportPlan> {
    return (await planKept(id, hash)).plan;
  }

  /**
   * Applies a plan's rows all at once or not at all: staged a slice at a time on a connection of its own, pausing
   * for the event loop between slices (pages and writes go on: staging takes no lock on the shop's database),
   * then written in one short transaction (see importWriter).
   */
  async function applyRows(
    actor: Actor,
    rows: PlannedRow[],
    run: Pick<ImportRun, "assertHeld">,
    onProgress: (progress: ImportProgress) => void,
  ) {
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
      edits = client
        .transaction(() => {
          run.assertHeld(client);
          return write.commit();
        })
        .immediate();
    } finally {
      write.drop();
      if (separate) client.close();
    }
    // On the shop's connection once the import is in (the staging connection holds no wants): a crash between the
    // two commits loses alerts, never catalogue changes.
    tellWantsOfEdits(db, wants, edits);
    return { created, updated };
  }

  return {
    /**
     * Keeps an uploaded file for the apply step (under the data folder, named by a random id and its SHA-256,
     * removed after an hour) and plans it against the catalogue.
     */
    async previewImport(file: Upload): Promise<{ id: string; hash: string; plan: ImportPlan; encoding: ImportEncoding }> {
      if (!file || file.size === 0)
        throw new ValidationError("Choose a CSV file to import", { file: ["Choose a CSV file to import"] });
      if (file.size > IMPORT_MAX_BYTES) {
        const message = `The file must be at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB; split it into smaller files`;
        throw new ValidationError(message, { file: [message] });
      }
      const bytes = Buffer.from(await file.arrayBuffer());
      const { text, encoding } = decodeImportFile(bytes);
      if (text.includes("\u0000")) throw new ValidationError("That is not a CSV file", { file: ["That is not a CSV file"] });
      await mkdir(importDir, { recursive: true });
      await cleanImports();
      const id = randomBytes(16).toString("hex");
      const hash = sha256(bytes);
      await writeFile(importFile(id, hash), bytes, { mode: 0o600 });
      return { id, hash, plan: await runSliced(planSteps(text)), encoding };
    },

    importPlan,

    /**
     * Applies a kept file: nothing when any row is bad, unless the admin chose to import only the valid rows.
     * The rows are planned again first, so a record changed since the preview is compared as it is now.
     */
    async applyImport(
      actor: Actor,
      { id, hash, onlyValid }: { id: string; hash: string; onlyValid: boolean },
      onProgress?: (progress: ImportProgress) => void,
    ): Promise<{ plan: ImportPlan; result: ImportResult }> {
      // Refused while the same file is being applied, by this process or another (a second press, a second tab).
      const run = runs.claim(id, hash);
      const report = (progress: ImportProgress) => {
        run.report(progress);
        onProgress?.(progress);
      };
      try {
        onProgress?.({ phase: "checking", done: 0, total: 0 });
        const started = performance.now();
        const plan = await runSliced(planSteps((await readImport(id, hash)).text));
        const rows = applicableRows(plan, onlyValid);
        if (!rows)
          throw new ValidationError(
            plan.fileError ??
              `Nothing was imported: ${plan.counts.error} row${plan.counts.error === 1 ? " has" : "s have"} errors. Fix them, or choose to import only the valid rows.`,
          );
        let created = 0;
        let updated = 0;
        let added = 0;
        let lateSkips: LateSkip[] = [];
        if (plan.kind === "discogs") {
          if (!copies) throw new ValidationError("Used copies cannot be added here.");
          const copyRows = rows.filter((r) => r.action === "copy");
          ({ added, lateSkips } = await addCopyRows(db, { copies, audit }, actor, copyRows, run, report, {
            ms: IMPORT_SLICE_MS,
            pause,
          }));
        } else ({ created, updated } = await applyRows(actor, rows, run, report));
        const skipped = plan.counts.error + plan.counts.skip + lateSkips.length;
        const result = { created, updated, added, skipped, milliseconds: Math.round(performance.now() - started) };
        await writeFile(importFile(id, hash, ".report.csv"), writeCsv(reportRows(plan, true, lateSkips)), { mode: 0o600 });
        await rm(importFile(id, hash), { force: true });
        return { plan, result };
      } finally {
        run.release();
      }
    },

    /** How far the import of a kept file has got while it is being applied, by any process; null when it is not running. */
    importProgress(id: string, hash: string): ImportProgress | null {
      return runs.progress(id, hash);
    },

    /** Where an import stands: a kept file still to apply (planned now), or the report of one applied; null when neither. */
    async importState(
      id: string,
      hash: string,
    ): Promise<
      { state: "pending"; plan: ImportPlan; encoding: ImportEncoding } | { state: "applied"; report: string[][] } | null
    > {
      try {
        return { state: "pending", ...(await planKept(id, hash)) };
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
      return writeCsv(reportRows(await importPlan(id, hash), false));
    },
  };
}

export type CatalogueImportService = ReturnType<typeof createCatalogueImportService>;
