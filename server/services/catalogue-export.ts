/**
 * The whole catalogue as CSV, in the import's own columns, so an exported file imports back unchanged: each row
 * starts with the record's catalogue id, which the import matches it by (a catalogue number may be missing or shared).
 */
import { asc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { records } from "../../db/schema";
import { fieldsToText } from "../../app/domain/catalogue/record-fields";
import { writeCsv } from "../../app/domain/shared/csv";
import { EXPORT_COLUMNS } from "../../app/domain/catalogue/record-import";
import { rowToFields } from "./admin-record-fields";

export function exportCatalogueCsv(db: Db): string {
  const rows = db.select().from(records).orderBy(asc(records.id)).all();
  return writeCsv([
    EXPORT_COLUMNS,
    ...rows.map((r) => {
      const t = fieldsToText(rowToFields(r));
      return [
        r.catalogueId,
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
        r.stockQuantity,
        r.published ? "yes" : "no",
        t.discogsReleaseId,
      ];
    }),
  ]);
}
