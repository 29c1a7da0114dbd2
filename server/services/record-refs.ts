/** A record an admin names in a form, by id ("123", "#123") or catalogue number ("BLP 1577"). */
import { eq, sql } from "drizzle-orm";
import { catalogNumberKey, type RecordRef } from "../../app/domain/curation/curated-lists";
import { ConflictError, NotFoundError } from "../../app/domain/shared/errors";
import type { Db } from "../../db/client";
import { records, type RecordRow } from "../../db/schema";

export const NO_SUCH_RECORD = "No record has that id or catalogue number.";

/** The record named; a catalogue number that several records share names none (say which by id). */
export function resolveRecordRef(db: Db, ref: RecordRef): RecordRow {
  const notFound = () => new NotFoundError(NO_SUCH_RECORD);
  if ("id" in ref) {
    const row = db.select().from(records).where(eq(records.id, ref.id)).get();
    if (!row) throw notFound();
    return row;
  }
  const key = catalogNumberKey(ref.catalogNumber);
  if (key === "") throw notFound();
  const rows = db
    .select()
    .from(records)
    .where(sql`upper(replace(replace(replace(${records.catalogNumber}, ' ', ''), '-', ''), '/', '')) = ${key}`)
    .limit(5)
    .all()
    .filter((r) => r.catalogNumber !== null && catalogNumberKey(r.catalogNumber) === key);
  if (rows.length === 0) throw notFound();
  if (rows.length > 1) {
    throw new ConflictError(
      `${rows.length} records share that catalogue number (${rows.map((r) => `#${r.id}`).join(", ")}): enter the id instead.`,
    );
  }
  return rows[0]!;
}
