/**
 * A Discogs seller inventory export (Marketplace → Inventory → Export), read as used copies: each listing for sale
 * becomes a new used copy of the shop's pressing with its release id (else the new pressing with its catalogue
 * number), never an edit of that pressing. Pure steps for the catalogue import (record-import.ts), which keeps,
 * previews and applies the file as it does the shop's own; the service adds each copy through the used copies
 * service and notes its listing id, so a second import of the same file adds nothing. Browser-safe.
 */
import { normaliseHeader } from "../catalogue/import-headers";
import type { CsvRow, ImportPlan, PlannedRow } from "../catalogue/record-import";
import { usedCopySchema, type UsedCopyInput } from "../catalogue/used-copy-schema";
import { GRADES } from "../catalogue/grades";
import { DISCOGS_CONDITIONS, DISCOGS_SLEEVE_WORDS, SLEEVE_KINDS, fromDiscogsMedia, fromDiscogsSleeve } from "./discogs-grades";
import { readDiscogsPrice } from "./inventory-price";

/** The columns read, by Discogs's header names; the rest (label, format, weight …) are listed as not read. */
const COLUMNS = {
  listing_id: "listingId",
  release_id: "releaseId",
  catno: "catalogNumber",
  artist: "artist",
  title: "title",
  price: "price",
  status: "status",
  media_condition: "media",
  sleeve_condition: "sleeve",
  comments: "comments",
  external_id: "externalId",
  location: "location",
} as const;
type Column = (typeof COLUMNS)[keyof typeof COLUMNS];

/** Columns only a Discogs file has. */
const MARKERS = ["release_id", "media_condition", "sleeve_condition", "listing_id"];

/** A Discogs inventory file: it has release_id and media_condition columns (Discogs's export and upload both do). */
export function isDiscogsInventory(header: readonly string[]): boolean {
  const names = header.map(normaliseHeader);
  return names.includes("release_id") && names.includes("media_condition");
}

/** A file with any of Discogs's own columns, which must not be read as the shop's catalogue. */
export function looksLikeDiscogs(header: readonly string[]): boolean {
  return header.map(normaliseHeader).some((n) => MARKERS.includes(n));
}

export const NOT_QUITE_DISCOGS =
  "This looks like a Discogs file, but it has no release_id column and no media_condition column: a Discogs file is imported as used copies, which need both";

/** Catalogue numbers compared as Discogs and shops spell them: "PHS 600-187", "phs600187" and "PHS-600 187" alike. */
export const discogsCatnoKey = (catalogNumber: string): string => catalogNumber.toUpperCase().replace(/[\s\-‐-―_.]+/g, "");

/** A new pressing a row may be a copy of. */
export interface PressingRef {
  id: number;
  title: string;
  artist: string;
  catalogNumber: string | null;
}

/** What the plan asks of the shop. */
export interface DiscogsLookups {
  /** New pressings with this Discogs release id. */
  pressingsByRelease(releaseId: number): PressingRef[];
  /** New pressings whose catalogue number has this discogsCatnoKey. */
  pressingsByCatno(key: string): PressingRef[];
  /** The record already listed under this Discogs listing id, or null. */
  recordOfListing(listingId: number): number | null;
  /** The record with this catalogue id (the shop's upload file writes it as external_id), or null. */
  recordOfCatalogueId(catalogueId: string): number | null;
}

/** A row to add as a used copy of `pressing`. */
export interface CopyRow {
  line: number;
  action: "copy";
  pressing: PressingRef;
  matchedBy: "release" | "catalogue number";
  listingId: number;
  externalId: string | null;
  copy: UsedCopyInput;
}

/** A row left alone, with why: not for sale, already imported, or a pressing the shop does not have. */
export interface SkipRow {
  line: number;
  action: "skip";
  catalogNumber: string;
  title: string;
  reason: string;
}

const MEDIA_WORDS = GRADES.map((g) => DISCOGS_CONDITIONS[g]).join(", ");
const SLEEVE_WORDS = [MEDIA_WORDS, ...SLEEVE_KINDS.map((k) => DISCOGS_SLEEVE_WORDS[k])].join(", ");
const COPY_FIELD_LABELS: Record<string, string> = { price: "Price", note: "Comments", shelfLocation: "Location" };

type Checked =
  | { ok: true; row: Omit<CopyRow, "pressing" | "matchedBy">; releaseId: number; catalogNumber: string; title: string }
  | SkipRow
  | { line: number; action: "error"; catalogNumber: string; title: string; errors: string[] };

/** One row on its own: its copy, a skip (not for sale) or its errors. */
function checkRow(cell: (c: Column) => string, line: number): Checked {
  const catalogNumber = cell("catalogNumber").trim();
  const title = cell("title").trim();
  const status = cell("status").trim();
  if (status !== "" && status.toLowerCase() !== "for sale")
    return { line, action: "skip", catalogNumber, title, reason: `Status “${status}”: only listings for sale are imported` };
  const errors: string[] = [];
  const listing = cell("listingId").trim();
  if (listing === "") errors.push("Listing id: missing; import Discogs's own inventory export, which gives each listing's id");
  else if (!/^\d{1,15}$/.test(listing)) errors.push(`Listing id “${listing}” is not a Discogs listing number`);
  const release = cell("releaseId").trim();
  if (release === "") errors.push("Release id: missing; every Discogs listing is of a release");
  else if (!/^\d{1,10}$/.test(release)) errors.push(`Release id “${release}” is not a Discogs release number`);
  const price = readDiscogsPrice(cell("price"));
  if (!price.ok) errors.push(price.error);
  const mediaText = cell("media").trim();
  const media = fromDiscogsMedia(mediaText);
  if (mediaText === "") errors.push("Media condition: missing");
  else if (!media) errors.push(`Media condition “${mediaText}” is not one of Discogs's: ${MEDIA_WORDS}`);
  const sleeveText = cell("sleeve").trim();
  // Discogs leaves the sleeve blank when it was not graded.
  const sleeve = sleeveText === "" ? { grade: "P" as const, kind: "not_graded" as const } : fromDiscogsSleeve(sleeveText);
  if (!sleeve) errors.push(`Sleeve condition “${sleeveText}” is not one of Discogs's: ${SLEEVE_WORDS}`);
  if (errors.length || !price.ok || !media || !sleeve) return { line, action: "error", catalogNumber, title, errors };
  const parsed = usedCopySchema.safeParse({
    price: (price.pence / 100).toFixed(2),
    mediaGrade: media,
    sleeveGrade: sleeve.grade,
    sleeveKind: sleeve.kind ?? undefined,
    note: cell("comments"),
    discogsReleaseId: release,
    shelfLocation: cell("location"),
  });
  if (!parsed.success) {
    const messages = parsed.error.issues.map((i) => {
      const label = COPY_FIELD_LABELS[String(i.path[0])];
      return label ? `${label}: ${i.message}` : i.message;
    });
    return { line, action: "error", catalogNumber, title, errors: messages };
  }
  return {
    ok: true,
    releaseId: Number(release),
    catalogNumber,
    title,
    row: { line, action: "copy", listingId: Number(listing), externalId: cell("externalId").trim() || null, copy: parsed.data },
  };
}

const emptyCounts = () => ({ create: 0, update: 0, unchanged: 0, error: 0, copy: 0, skip: 0 });

/**
 * Plans a Discogs inventory file's rows, one step per row (yielding the rows planned so far). `lookups` may be a
 * generator that reads the shop first, so a server can pause while it does.
 */
export function* planDiscogsSteps(
  header: readonly string[],
  rows: readonly CsvRow[],
  lookups: DiscogsLookups | (() => Generator<number, DiscogsLookups>) | undefined,
): Generator<number, ImportPlan> {
  const at = new Map<Column, number>();
  const ignoredColumns: string[] = [];
  header.forEach((h, i) => {
    const column = COLUMNS[normaliseHeader(h) as keyof typeof COLUMNS];
    if (column && !at.has(column)) at.set(column, i);
    else ignoredColumns.push(h);
  });
  const failed = (fileError: string): ImportPlan => ({
    kind: "discogs",
    fileError,
    ignoredColumns,
    columnNotes: [],
    rows: [],
    counts: emptyCounts(),
  });
  if (!at.has("price")) return failed("The file has no price column");
  if (rows.length === 0) return failed("The file has a header but no rows.");
  if (!lookups) return failed("Discogs files are imported as used copies from the catalogue's import page.");
  const shop = typeof lookups === "function" ? yield* lookups() : lookups;

  const listingLines = new Map<number, number>();
  const externalLines = new Map<string, number>();
  const planned: PlannedRow[] = [];
  for (const raw of rows) {
    const cell = (c: Column) => {
      const i = at.get(c);
      return i === undefined ? "" : (raw.cells[i] ?? "");
    };
    planned.push(planRow(checkRow(cell, raw.line)));
    yield planned.length;
  }

  function planRow(checked: Checked): PlannedRow {
    if (!("ok" in checked)) return checked;
    const { row, releaseId, catalogNumber, title } = checked;
    const error = (message: string): PlannedRow => ({ line: row.line, action: "error", catalogNumber, title, errors: [message] });
    const skip = (reason: string): PlannedRow => ({ line: row.line, action: "skip", catalogNumber, title, reason });
    // A file's own repeats first: the second row of one listing (or one external id) is refused.
    const listingLine = listingLines.get(row.listingId);
    if (listingLine !== undefined) return error(`Listing ${row.listingId} is already on line ${listingLine}`);
    listingLines.set(row.listingId, row.line);
    if (row.externalId !== null) {
      const externalLine = externalLines.get(row.externalId);
      if (externalLine !== undefined) return error(`External id ${row.externalId} is already on line ${externalLine}`);
      externalLines.set(row.externalId, row.line);
    }
    const listed = shop.recordOfListing(row.listingId);
    if (listed !== null) return skip(`Already imported: listing ${row.listingId} is record #${listed}`);
    const known = row.externalId === null ? null : shop.recordOfCatalogueId(row.externalId);
    if (known !== null) return skip(`Already imported: external id ${row.externalId} is record #${known}`);
    const byRelease = shop.pressingsByRelease(releaseId);
    const byCatno = byRelease.length === 0 && catalogNumber ? shop.pressingsByCatno(discogsCatnoKey(catalogNumber)) : [];
    const matches = byRelease.length ? byRelease : byCatno;
    const by = byRelease.length ? `Discogs release ${releaseId}` : `catalogue number ${catalogNumber}`;
    if (matches.length > 1)
      return error(
        `${by} is on ${matches.length} records (${matches.map((m) => `#${m.id}`).join(", ")}); keep it on one pressing`,
      );
    const pressing = matches[0];
    if (!pressing)
      return skip(
        `The shop has no pressing of Discogs release ${releaseId}${catalogNumber ? ` or with catalogue number ${catalogNumber}` : ""}: add it to the catalogue, then import the file again`,
      );
    return { ...row, pressing, matchedBy: byRelease.length ? "release" : "catalogue number" };
  }

  const counts = emptyCounts();
  for (const r of planned) counts[r.action]++;
  return { kind: "discogs", fileError: null, ignoredColumns, columnNotes: [], rows: planned, counts };
}
