/**
 * What the packing slip, the packing queue and the back office's order page say of an order line that is a used
 * copy, so a packer can tell the copy from the new pressing (and from another copy of it): the copy's number as
 * the back office lists it, its shelf reference (catalogue id) and both Goldmine grades. Browser-safe.
 */
import { isUsedCopy } from "~/domain/catalogue/grades";

/** The record an order line points at, as far as these words need it. */
export interface LineRecord {
  id: number;
  catalogueId: string;
  condition: string;
  mediaGrade: string | null;
  sleeveGrade: string | null;
}

export interface UsedCopyWords {
  /** "Used copy #42": the number the back office's list of copies shows. */
  copy: string;
  /** The copy's catalogue id, e.g. "blue-train-used-2". */
  reference: string;
  /** "Media: VG+ · Sleeve: VG". */
  grades: string;
}

/** The words for a used copy's line; null for a new pressing, an ungraded second-hand line or a record not found. */
export function usedCopyWords(record: LineRecord | null | undefined): UsedCopyWords | null {
  if (!record || !isUsedCopy(record)) return null;
  const grade = (g: string | null) => g ?? "not graded";
  return {
    copy: `Used copy #${record.id}`,
    reference: record.catalogueId,
    grades: `Media: ${grade(record.mediaGrade)} · Sleeve: ${grade(record.sleeveGrade)}`,
  };
}
