import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { records } from "../../db/schema";
import { usedCopyWords, type UsedCopyWords } from "../../app/domain/orders/used-copy-line";

/**
 * For the order lines that are used copies, by record id: the words the packing slip, the packing queue and the
 * order page show (copy number, reference, grades), read from the copy's own row in one query. A copy is one
 * object and its grades are its own, so they are read as they are now rather than snapshotted on the line.
 */
export function usedCopiesOfLines(db: Db, recordIds: readonly number[]): Map<number, UsedCopyWords> {
  const ids = [...new Set(recordIds)];
  if (ids.length === 0) return new Map();
  const rows = db
    .select({
      id: records.id,
      catalogueId: records.catalogueId,
      condition: records.condition,
      mediaGrade: records.mediaGrade,
      sleeveGrade: records.sleeveGrade,
    })
    .from(records)
    .where(inArray(records.id, ids))
    .all();
  return new Map(
    rows.flatMap((r) => {
      const words = usedCopyWords(r);
      return words ? [[r.id, words] as const] : [];
    }),
  );
}
