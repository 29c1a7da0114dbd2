/** The import page's state, shaped for the page: a kept file's preview, or an applied file's counts. */
import { encodingNotice, type ImportEncoding } from "~/domain/catalogue/import-encoding";
import type { ImportPlan } from "~/domain/catalogue/record-import";
import { SLEEVE_KIND_NAMES } from "~/domain/discogs/discogs-grades";

/** Rows of each kind sent to the page; the downloadable report has every row. */
const SHOWN = 200;

function previewOf(plan: ImportPlan, encoding: ImportEncoding) {
  const take = <A extends ImportPlan["rows"][number]["action"]>(action: A) =>
    plan.rows
      .filter((r): r is Extract<ImportPlan["rows"][number], { action: A }> => r.action === action)
      .slice(0, action === "error" ? 1000 : SHOWN);
  return {
    kind: plan.kind,
    /** How the file's bytes were read, when not as UTF-8: "Read as Windows-1252 (Latin-1): …". */
    encodingNotice: encodingNotice(encoding),
    fileError: plan.fileError,
    ignoredColumns: plan.ignoredColumns,
    counts: plan.counts,
    errors: take("error"),
    updates: take("update").map((r) => ({
      line: r.line,
      catalogNumber: r.fields.catalogNumber,
      title: r.fields.title,
      changes: r.changes,
    })),
    /** Headers read as another column's name: "Cat No read as Catalogue number". */
    columnNotes: plan.columnNotes,
    /** Rows with a cell read as something other than it says, and how. */
    readNotes: readable(plan)
      .filter((r) => r.notes.length > 0)
      .slice(0, SHOWN)
      .map((r) => ({ line: r.line, catalogNumber: r.fields.catalogNumber, title: r.fields.title, notes: r.notes })),
    readNoteCount: readable(plan).filter((r) => r.notes.length > 0).length,
    /** Rows whose record the shop will hide (no cover, placeholder title), and how many in all. */
    hidden: readable(plan)
      .filter((r) => r.hidden)
      .slice(0, SHOWN)
      .map((r) => ({ line: r.line, catalogNumber: r.fields.catalogNumber, title: r.fields.title, reason: r.hidden! })),
    hiddenCount: readable(plan).filter((r) => r.hidden).length,
    creates: take("create").map((r) => ({
      line: r.line,
      catalogNumber: r.fields.catalogNumber,
      title: r.fields.title,
      artist: r.fields.artist,
    })),
    /** A Discogs inventory's rows to add as used copies, and those left alone with why. */
    copies: take("copy").map((r) => ({
      line: r.line,
      catalogNumber: r.pressing.catalogNumber,
      title: r.pressing.title,
      artist: r.pressing.artist,
      grades: `${r.copy.mediaGrade}/${r.copy.sleeveKind ? SLEEVE_KIND_NAMES[r.copy.sleeveKind].toLowerCase() : r.copy.sleeveGrade}`,
      pricePence: r.copy.price,
      matchedBy: r.matchedBy,
      listingId: r.listingId,
    })),
    skips: take("skip").map((r) => ({ line: r.line, catalogNumber: r.catalogNumber, title: r.title, reason: r.reason })),
  };
}
/** The rows of the catalogue's own kind that will be written or left as they are (not refused, not copies). */
function readable(plan: ImportPlan) {
  return plan.rows.filter(
    (r): r is Extract<ImportPlan["rows"][number], { action: "create" | "update" | "unchanged" }> =>
      r.action === "create" || r.action === "update" || r.action === "unchanged",
  );
}

export type ImportPreview = ReturnType<typeof previewOf>;

type Found = { state: "pending"; plan: ImportPlan; encoding: ImportEncoding } | { state: "applied"; report: string[][] } | null;

/** What the page shows for a kept file: gone (expired), its preview to confirm, or what its import did. */
export function importPage(ref: { id: string; hash: string }, found: Found) {
  if (!found) return { state: "expired" as const };
  if (found.state === "pending") return { state: "pending" as const, ...ref, preview: previewOf(found.plan, found.encoding) };
  const rows = found.report.slice(1);
  const count = (outcome: string) => rows.filter((r) => r[1] === outcome).length;
  return {
    state: "applied" as const,
    ...ref,
    created: count("created"),
    updated: count("updated"),
    added: count("added"),
    skipped: count("skipped"),
  };
}
