/**
 * CSV import of the catalogue, as pure steps: read the file (csv-parse), map its header to record fields, check
 * every row with the record schema, then plan each row against the records already stored (matched by catalogue
 * number): create, update (with the changed fields), unchanged, or an error with its line number and reason. A
 * Discogs inventory export is planned as used copies instead (app/domain/discogs/inventory-import.ts): never as
 * edits of the catalogue. The service applies a plan.
 */
import type { Options } from "csv-parse";
import { restoreCell } from "~/domain/shared/csv";
import { z } from "~/domain/shared/zod";
import {
  FIELD_LABELS,
  MAX_OPENING_STOCK,
  RECORD_FIELD_NAMES,
  fieldsToText,
  flag,
  recordFieldsSchema,
  type RecordFieldName,
  type RecordFields,
} from "./record-fields";

import { IMPORT_MAX_ROWS } from "./import-limits";
import { csvRecordsInPieces } from "./csv-pieces";
import { hiddenByContentReason, DEFAULT_COVER_URL } from "./hiding";
import { readImportDate, readImportFormat } from "./import-cells";
import { normaliseHeader, shopColumn, type ImportTarget } from "./import-headers";
import {
  NOT_QUITE_DISCOGS,
  isDiscogsInventory,
  looksLikeDiscogs,
  planDiscogsSteps,
  type CopyRow,
  type DiscogsLookups,
  type SkipRow,
} from "../discogs/inventory-import";

export { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from "./import-limits";

export type { ImportTarget } from "./import-headers";
export { normaliseHeader, shopColumn } from "./import-headers";
export type ImportKind = "shop" | "discogs";

/** The order the catalogue export writes its columns in; an import of that file round-trips. */
export const EXPORT_COLUMNS = [
  "catalogue_id",
  "catalogue_number",
  "title",
  "artist",
  "genre",
  "price",
  "format",
  "label",
  "release_date",
  "physical_release_date",
  "year",
  "condition",
  "duration",
  "rating",
  "new_release",
  "best_seller",
  "description",
  "stock",
  "published",
  "discogs_release_id",
] as const;

export interface HeaderMapping {
  kind: "shop";
  /** The column index of each target the file has. */
  columns: Partial<Record<ImportTarget, number>>;
  /** Columns that are not read, by their header text. */
  ignored: string[];
  /** How headers not named as the export names them were read: "Cat No read as Catalogue number". */
  columnNotes: string[];
  /** What stops the whole file: a missing required column. */
  errors: string[];
}

export function mapHeader(header: readonly string[]): HeaderMapping {
  const names = header.map(normaliseHeader);
  const kind = "shop";
  const columns: HeaderMapping["columns"] = {};
  const ignored: string[] = [];
  const columnNotes: string[] = [];
  names.forEach((name, i) => {
    const target = shopColumn(header[i] ?? "");
    if (!target || columns[target] !== undefined) ignored.push(header[i] ?? "");
    else {
      columns[target] = i;
      if (!(EXPORT_COLUMNS as readonly string[]).includes(name))
        columnNotes.push(`${(header[i] ?? "").trim()} read as ${TARGET_LABELS[target as ImportTarget]}`);
    }
  });
  const errors: string[] = [];
  const need = ["catalogNumber", "title", "artist", "price"] as const;
  for (const field of need)
    if (columns[field] === undefined)
      errors.push(
        `The file has no ${FIELD_LABELS[field].toLowerCase()} column (${{ catalogNumber: "catalogue_number", title: "title", artist: "artist", price: "price" }[field]})`,
      );
  return { kind, columns, ignored, columnNotes, errors };
}

const TARGET_LABELS: Record<ImportTarget, string> = {
  ...FIELD_LABELS,
  catalogueId: "Catalogue id",
  openingStock: "Stock",
  published: "Published",
};

/** One data row of the file, with the line it starts on (the header is line 1). */
export interface CsvRow {
  line: number;
  cells: string[];
}

export interface ParsedCsv {
  header: string[];
  rows: CsvRow[];
  /** A problem with the file as a whole (not CSV, too many rows, no header): nothing can be imported. */
  error: string | null;
}

/** How much of a file is read per step: a few milliseconds of csv-parse's work. */
export const CSV_PIECE_BYTES = 16 * 1024;

export interface ParseCsvOptions {
  maxRows?: number;
  /** Read this many bytes per step (Infinity: all at once). */
  pieceBytes?: number;
}

export function parseCsv(text: string, options: ParseCsvOptions = {}): ParsedCsv {
  return runToEnd(parseCsvSteps(text, options));
}

/** parseCsv a piece of the file at a time: yields 0 after each piece, so a server can pause between them. */
export function* parseCsvSteps(
  text: string,
  { maxRows = IMPORT_MAX_ROWS, pieceBytes = CSV_PIECE_BYTES }: ParseCsvOptions = {},
): Generator<number, ParsedCsv> {
  let records: { record: string[]; info: { bytes: number } }[];
  const parse = (options: Options) => csvRecordsInPieces(text, options, pieceBytes);
  try {
    records = (yield* parse({
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: false,
      // Any mix of line ends: left to itself, the parser takes the first line's for the whole file.
      record_delimiter: ["\r\n", "\n", "\r"],
      delimiter: tabSeparated(text) ? "\t" : ",",
      // One record past the limit is enough to know the file is too long; no limit reads it all.
      ...(Number.isFinite(maxRows) ? { to: maxRows + 2 } : {}),
    })) as unknown as { record: string[]; info: { bytes: number } }[];
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { header: [], rows: [], error: `This is not a CSV file we can read: ${message}` };
  }
  const [first, ...rest] = records;
  if (!first) return { header: [], rows: [], error: "The file is empty." };
  if (rest.length > maxRows)
    return {
      header: first.record,
      rows: [],
      error: `The file has more than ${maxRows.toLocaleString("en-GB")} rows; split it into smaller files.`,
    };
  const ends = records.map((r) => r.info.bytes);
  const lines = yield* startLines(text, ends, pieceBytes);
  const rows = rest.map(({ record }, i) => ({ line: lines[i + 1]!, cells: record }));
  return { header: first.record, rows, error: null };
}

/** Excel's "Unicode text" separates its columns with tabs: a header with tabs and no comma is read so. */
function tabSeparated(text: string): boolean {
  const header = text.slice(0, text.search(/[\r\n]|$/));
  return header.includes("\t") && !header.includes(",");
}

const CR = 0x0d;
const LF = 0x0a;

/**
 * The line each record starts on, from where each ends (csv-parse's info.bytes: UTF-8 bytes up to past its line
 * end). Counted here because csv-parse's info.lines counts a CRLF inside a quoted cell as two lines. A CRLF, a lone
 * CR and a lone LF are one line break each; empty lines before a record are skipped, as the parser skips them.
 */
function* startLines(text: string, ends: readonly number[], pieceBytes: number): Generator<0, number[]> {
  const bytes = new TextEncoder().encode(text);
  const starts: number[] = [];
  let line = 1;
  let pos = 0;
  // Counted a piece at a time, as the file was parsed: a whole 5 MB file is tens of milliseconds of this loop.
  let pauseAt = pieceBytes;
  const step = () => {
    const byte = bytes[pos++];
    if (byte === CR || (byte === LF && bytes[pos - 2] !== CR)) line++;
  };
  for (const end of ends) {
    while (pos < end && (bytes[pos] === CR || bytes[pos] === LF)) step();
    starts.push(line);
    while (pos < end) step();
    if (pos >= pauseAt) {
      pauseAt = pos + pieceBytes;
      yield 0;
    }
  }
  return starts;
}

/** A row checked: its fields (only those the file has count for updates) or why it is refused. */
export type CheckedRow =
  | {
      line: number;
      ok: true;
      fields: RecordFields;
      /** Fields the file gave a column for: an update changes only these. */
      given: RecordFieldName[];
      openingStock: number;
      published: boolean | null;
      /** The shop's own id of the record (its export's first column), when the file gives one. */
      catalogueId: string | null;
      /** How cells were read that say something other than what is stored: "Release date: 05/04/2024 read as …". */
      notes: string[];
    }
  | { line: number; ok: false; catalogNumber: string; title: string; errors: string[] };

const stockCell = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? 0 : v),
  z.coerce
    .number({ error: "Stock must be a whole number" })
    .int("Stock must be a whole number")
    .min(0, "Stock cannot be negative")
    .max(MAX_OPENING_STOCK, `Stock must be at most ${MAX_OPENING_STOCK}`),
);

export function checkRow(mapping: HeaderMapping, row: CsvRow): CheckedRow {
  // The shop's export put an apostrophe before text a spreadsheet would run (writeCsv): it comes off again, and
  // only that one, so an exported file imports back exactly.
  const read = restoreCell;
  const cell = (target: keyof HeaderMapping["columns"]): string | undefined => {
    const i = mapping.columns[target];
    return i === undefined ? undefined : read(row.cells[i] ?? "");
  };
  const input: Record<string, unknown> = {};
  const given: RecordFieldName[] = [];
  for (const name of RECORD_FIELD_NAMES) {
    const v = cell(name);
    if (v !== undefined) {
      input[name] = v;
      given.push(name);
    }
  }
  const errors: string[] = [];
  const notes: string[] = [];
  // Dates day first (a UK shop) and formats as spreadsheets spell them, read before the schema sees them.
  for (const name of ["releaseDate", "physicalReleaseDate"] as const) {
    if (typeof input[name] !== "string") continue;
    const date = readImportDate(input[name]);
    if (date.ok) {
      input[name] = date.date ?? "";
      if (date.note) notes.push(`${FIELD_LABELS[name]}: ${date.note}`);
    } else {
      input[name] = "";
      errors.push(`${FIELD_LABELS[name]}: ${date.error}`);
    }
  }
  if (typeof input.format === "string") {
    const format = readImportFormat(input.format);
    // A format the shop does not sell is left to the schema, which names the ones it does.
    if (format.ok) {
      input.format = format.value ?? "";
      if (format.note) notes.unshift(`${FIELD_LABELS.format}: ${format.note}`);
    }
  }
  let published: boolean | null = null;
  let openingStock = 0;
  const p = cell("published");
  if (p !== undefined && p.trim() !== "") {
    const parsed = flag.safeParse(p);
    if (parsed.success) published = parsed.data;
    else errors.push("Published: answer yes or no");
  }
  const s = cell("openingStock");
  if (s !== undefined) {
    const parsed = stockCell.safeParse(s);
    if (parsed.success) openingStock = parsed.data;
    else errors.push(`Stock: ${parsed.error.issues[0]?.message ?? "not a number"}`);
  }
  const parsed = recordFieldsSchema.safeParse(input);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as RecordFieldName | undefined;
      errors.unshift(field && field in FIELD_LABELS ? `${FIELD_LABELS[field]}: ${issue.message}` : issue.message);
    }
  if (!parsed.success || errors.length)
    return {
      line: row.line,
      ok: false,
      catalogNumber: (cell("catalogNumber") ?? "").trim(),
      title: (cell("title") ?? "").trim(),
      errors,
    };
  const catalogueId = cell("catalogueId")?.trim() || null;
  return { line: row.line, ok: true, fields: parsed.data, given, openingStock, published, catalogueId, notes };
}

/** Catalogue numbers match whatever their case and spacing: "blp  4003" is "BLP 4003". */
export function catalogKey(catalogNumber: string): string {
  return catalogNumber.trim().toUpperCase().replace(/\s+/g, " ");
}

/** A stored record as the plan compares it. */
export interface ExistingRecord {
  id: number;
  fields: RecordFields;
  published: boolean;
  /** The shop's own id of the record, which its export writes first. */
  catalogueId?: string;
  /** Its cover, for the preview's warning of records the shop hides. */
  coverUrl?: string | null;
}

/** What a row of a file says beside its fields: how its cells were read, and why the shop would hide its record. */
interface RowNotes {
  notes: string[];
  /** "no cover" or "placeholder title" when the hiding rule keeps the record out of the shop; else null. */
  hidden: "no cover" | "placeholder title" | null;
}

export interface PlanOptions {
  /** A stored record by its catalogue id: a row that gives one (the shop's own export) is matched by it first. */
  byCatalogueId?: (catalogueId: string) => ExistingRecord | undefined;
  /** Today in the shop, for the hiding rule's pre-order exception; without it no row is warned of. */
  today?: string;
  /** What a Discogs inventory file is matched with (or a generator reading it); without it such a file is refused. */
  discogs?: DiscogsLookups | (() => Generator<number, DiscogsLookups>);
}

export interface FieldChange {
  field: RecordFieldName | "published";
  label: string;
  from: string;
  to: string;
}

export type PlannedRow =
  | ({
      line: number;
      action: "create";
      fields: RecordFields;
      openingStock: number;
      published: boolean;
    } & RowNotes)
  | ({
      line: number;
      action: "update";
      recordId: number;
      fields: RecordFields;
      changes: FieldChange[];
      published: boolean | null;
    } & RowNotes)
  | ({ line: number; action: "unchanged"; recordId: number; fields: RecordFields } & RowNotes)
  | { line: number; action: "error"; catalogNumber: string; title: string; errors: string[] }
  | CopyRow
  | SkipRow;

export interface ImportPlan {
  kind: ImportKind;
  fileError: string | null;
  ignoredColumns: string[];
  columnNotes: string[];
  rows: PlannedRow[];
  counts: { create: number; update: number; unchanged: number; error: number; copy: number; skip: number };
}

/**
 * Plans the whole file against the stored records. A catalogue number that appears twice in the file, or that
 * several stored records share, is an error for that row (which record would it change?).
 */
export function planImport(
  text: string,
  existingByKey: (key: string) => ExistingRecord[],
  options: PlanOptions = {},
): ImportPlan {
  return runToEnd(planImportSteps(text, existingByKey, options));
}

/** Runs a generator of steps to its end, without pausing. */
function runToEnd<T>(steps: Generator<unknown, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * planImport a step at a time: the file is read a piece at a time (yielding 0), then checked one row at a time
 * (yielding the number of rows planned so far), so a server can pause between steps and keep serving pages while a
 * big file is read and checked.
 */
export function* planImportSteps(
  text: string,
  existingByKey: (key: string) => ExistingRecord[],
  { byCatalogueId = () => undefined, today, discogs }: PlanOptions = {},
): Generator<number, ImportPlan> {
  const csv = yield* parseCsvSteps(text);
  const empty = { create: 0, update: 0, unchanged: 0, error: 0, copy: 0, skip: 0 };
  if (csv.error) return { kind: "shop", fileError: csv.error, ignoredColumns: [], columnNotes: [], rows: [], counts: empty };
  // Discogs's rows are listings of used copies: read as copies, never as the catalogue's own columns.
  if (isDiscogsInventory(csv.header)) return yield* planDiscogsSteps(csv.header, csv.rows, discogs);
  if (looksLikeDiscogs(csv.header))
    return { kind: "discogs", fileError: NOT_QUITE_DISCOGS, ignoredColumns: [], columnNotes: [], rows: [], counts: empty };
  const mapping = mapHeader(csv.header);
  if (mapping.errors.length)
    return {
      kind: mapping.kind,
      fileError: mapping.errors.join("; "),
      ignoredColumns: mapping.ignored,
      columnNotes: mapping.columnNotes,
      rows: [],
      counts: empty,
    };
  if (csv.rows.length === 0)
    return {
      kind: mapping.kind,
      fileError: "The file has a header but no rows.",
      ignoredColumns: mapping.ignored,
      columnNotes: mapping.columnNotes,
      rows: [],
      counts: empty,
    };
  const seenIds = new Map<string, number>();
  const seen = new Map<string, number>();
  const planRow = (raw: CsvRow): PlannedRow => {
    const row = checkRow(mapping, raw);
    if (!row.ok)
      return { line: row.line, action: "error", catalogNumber: row.catalogNumber, title: row.title, errors: row.errors };
    const catalogNumber = row.fields.catalogNumber ?? "";
    const error = (message: string): PlannedRow => ({
      line: row.line,
      action: "error",
      catalogNumber,
      title: row.fields.title,
      errors: [message],
    });
    const hidden = (coverUrl: string | null | undefined, fields: RecordFields) =>
      today
        ? hiddenByContentReason({ title: fields.title, coverUrl: coverUrl ?? "", releaseDate: fields.releaseDate ?? "" }, today)
        : null;
    // The shop's own export names each record by its catalogue id: matched by it, whatever its catalogue number.
    const byId = row.catalogueId ? byCatalogueId(row.catalogueId) : undefined;
    let existing: ExistingRecord | undefined;
    let given = row.given;
    if (byId) {
      const earlier = seenIds.get(byId.catalogueId ?? "");
      if (earlier !== undefined) return error(`Catalogue id ${row.catalogueId} is already on line ${earlier}`);
      seenIds.set(byId.catalogueId ?? "", row.line);
      existing = byId;
    } else {
      if (!catalogNumber) return error("Catalogue number: every row needs one, to match it with the catalogue");
      const key = catalogKey(catalogNumber);
      const earlier = seen.get(key);
      if (earlier !== undefined) return error(`Catalogue number ${catalogNumber} is already on line ${earlier}`);
      seen.set(key, row.line);
      const matches = existingByKey(key);
      if (matches.length > 1)
        return error(`Catalogue number ${catalogNumber} matches ${matches.length} records in the catalogue; edit them by hand`);
      existing = matches[0];
      // The row matched by its catalogue number: the stored spelling of it stays.
      given = given.filter((f) => f !== "catalogNumber");
    }
    if (!existing)
      return {
        line: row.line,
        action: "create",
        fields: row.fields,
        openingStock: row.openingStock,
        published: row.published ?? true,
        notes: row.notes,
        // A new record has no cover until one is uploaded.
        hidden: hidden(DEFAULT_COVER_URL, row.fields),
      };
    const changes = diffRecord(existing, row.fields, given, row.published);
    // Columns the file does not have keep the stored values.
    const merged = { ...existing.fields };
    for (const f of given) (merged as Record<string, unknown>)[f] = row.fields[f];
    const rowNotes = { notes: row.notes, hidden: hidden(existing.coverUrl, merged) };
    if (changes.length === 0) return { line: row.line, action: "unchanged", recordId: existing.id, fields: merged, ...rowNotes };
    return {
      line: row.line,
      action: "update",
      recordId: existing.id,
      fields: merged,
      changes,
      published: row.published !== null && row.published !== existing.published ? row.published : null,
      ...rowNotes,
    };
  };
  const rows: PlannedRow[] = [];
  for (const raw of csv.rows) {
    rows.push(planRow(raw));
    yield rows.length;
  }
  const counts = { ...empty };
  for (const r of rows) counts[r.action]++;
  return {
    kind: mapping.kind,
    fileError: null,
    ignoredColumns: mapping.ignored,
    columnNotes: mapping.columnNotes,
    rows,
    counts,
  };
}

/** The changes an import row makes to a stored record: only the fields the file gives, shown as text. */
export function diffRecord(
  existing: ExistingRecord,
  fields: RecordFields,
  given: readonly RecordFieldName[],
  published: boolean | null,
): FieldChange[] {
  const before = fieldsToText(existing.fields);
  const after = fieldsToText(fields);
  const changes: FieldChange[] = [];
  for (const f of RECORD_FIELD_NAMES) {
    if (!given.includes(f) || existing.fields[f] === fields[f]) continue;
    changes.push({ field: f, label: FIELD_LABELS[f], from: before[f], to: after[f] });
  }
  if (published !== null && published !== existing.published)
    changes.push({
      field: "published",
      label: "Published",
      from: existing.published ? "yes" : "no",
      to: published ? "yes" : "no",
    });
  return changes;
}

/** What may be applied: everything when no row is bad, only the good rows when the admin chose so, else nothing. */
export function applicableRows(plan: ImportPlan, onlyValid: boolean): PlannedRow[] | null {
  if (plan.fileError) return null;
  if (plan.counts.error > 0 && !onlyValid) return null;
  return plan.rows.filter((r) => r.action === "create" || r.action === "update" || r.action === "copy");
}

/** The downloadable report: one row per line of the file, with what happened (or would happen) to it. */
export function reportRows(
  plan: ImportPlan,
  applied: boolean,
  /** Rows planned as copies that were found imported meanwhile (or their pressing gone) as they were added. */
  lateSkips: readonly { line: number; reason: string }[] = [],
): string[][] {
  const header = ["line", "outcome", "catalogue_number", "title", "details"];
  const late = new Map(lateSkips.map((s) => [s.line, s.reason]));
  const verb = { create: applied ? "created" : "to create", update: applied ? "updated" : "to update", unchanged: "unchanged" };
  const rows = plan.rows.map((r) => {
    if (r.action === "error")
      return [String(r.line), applied ? "skipped" : "error", r.catalogNumber, r.title, r.errors.join("; ")];
    if (r.action === "skip") return [String(r.line), "skipped", r.catalogNumber, r.title, r.reason];
    if (r.action === "copy") {
      const { copy } = r;
      const lateReason = late.get(r.line);
      if (lateReason !== undefined)
        return [String(r.line), "skipped", r.pressing.catalogNumber ?? "", r.pressing.title, lateReason];
      const details = `Used copy ${copy.mediaGrade}/${copy.sleeveKind ? "—" : copy.sleeveGrade} at £${(copy.price / 100).toFixed(2)} (Discogs listing ${r.listingId})`;
      return [String(r.line), applied ? "added" : "to add", r.pressing.catalogNumber ?? "", r.pressing.title, details];
    }
    const details = r.action === "update" ? r.changes.map((c) => `${c.label}: ${c.from || "—"} → ${c.to || "—"}`).join("; ") : "";
    return [String(r.line), verb[r.action], r.fields.catalogNumber ?? "", r.fields.title, details];
  });
  return [header, ...rows];
}
