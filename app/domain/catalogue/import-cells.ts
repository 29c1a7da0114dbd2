/**
 * How an import reads the cells a spreadsheet writes its own way, with a short note for the preview whenever a
 * cell was read as something other than what it says ("05/04/2024 read as 5 April 2024"). A UK shop: a date with
 * slashes is always day first, never month first.
 */
import { formatDateGB, isIsoDate } from "~/domain/shared/dates";
import { readStoredFormat, type StoredFormat } from "./formats";

export type CellReading<T> = { ok: true; value: T; note: string | null } | { ok: false; error: string };

// dd/mm/yyyy, d/m/yyyy, dd-mm-yyyy, dd.mm.yyyy: one separator throughout, a four-digit year.
const DAY_FIRST = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/;

export type DateReading = { ok: true; date: string | null; note: string | null } | { ok: false; error: string };

/** A date cell: YYYY-MM-DD as it is, or a day-first date as YYYY-MM-DD with a note; empty is no date. */
export function readImportDate(cell: string): DateReading {
  const text = cell.trim();
  if (!text) return { ok: true, date: null, note: null };
  if (isIsoDate(text)) return { ok: true, date: text, note: null };
  const m = DAY_FIRST.exec(text);
  if (m) {
    const [day, month, year] = [Number(m[1]), Number(m[3]), m[4]!];
    const iso = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
    if (isIsoDate(iso)) return { ok: true, date: iso, note: `${text} read as ${formatDateGB(iso)}` };
  }
  return { ok: false, error: `${text} is not a date: write it day first, as 05/04/2024, or as 2024-04-05` };
}

/** A format cell: the stored format it stands for, with a note when it was spelt otherwise ("2LP read as 2×LP"). */
export function readImportFormat(cell: string): CellReading<StoredFormat | null> {
  const text = cell.trim();
  if (!text) return { ok: true, value: null, note: null };
  const stored = readStoredFormat(text);
  if (!stored) return { ok: false, error: `${text} is not a format the shop sells` };
  return { ok: true, value: stored, note: stored === text ? null : `${text} read as ${stored}` };
}
