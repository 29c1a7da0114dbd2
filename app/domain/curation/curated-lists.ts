/**
 * Curated lists: records the shop picks by hand. "Staff picks" is an ordered list that the home page shows as a
 * shelf and the Virtual Crate Dig's "Staff picks" crate deals from; "Record of the week" holds one record with a
 * few words on why, shown on the home page. Browser-safe: the back office's page imports these names.
 */
export const CURATED_LISTS = ["staff-picks", "record-of-the-week"] as const;
export type CuratedListKey = (typeof CURATED_LISTS)[number];

export interface CuratedListInfo {
  title: string;
  /** What the list is for, as the back office explains it. */
  purpose: string;
  /** The most records it holds; adding to a full one-record list replaces its record. */
  max: number;
}

export const CURATED_LIST_INFO: Record<CuratedListKey, CuratedListInfo> = {
  "staff-picks": {
    title: "Staff picks",
    purpose:
      "A shelf on the home page (the first four on show) and the Virtual Crate Dig's Staff picks crate. When it is empty, the crate deals best sellers and records rated 4.5 or more.",
    max: 24,
  },
  "record-of-the-week": {
    title: "Record of the week",
    purpose: "One record with a few words on why, in its own band on the home page. Adding another replaces it.",
    max: 1,
  },
};

export const MAX_PICK_NOTE = 280;

/** How many staff picks the home page's shelf shows. */
export const HOME_STAFF_PICKS = 4;

export const isCuratedList = (v: unknown): v is CuratedListKey => CURATED_LISTS.includes(v as CuratedListKey);

/**
 * What an admin typed to name a record: "#123" or "123" is an id; anything else is a catalogue number
 * (compared without case, spaces or hyphens: "BLP 1577" finds "blp-1577"). Null for empty or overlong input.
 */
export type RecordRef = { id: number } | { catalogNumber: string };
export function readRecordRef(text: string): RecordRef | null {
  const t = text.trim();
  if (t === "" || t.length > 64) return null;
  const id = /^#?(\d{1,9})$/.exec(t);
  if (id) return { id: Number(id[1]) };
  return { catalogNumber: t };
}

/** A catalogue number's comparison key: upper case, letters and digits only. */
export const catalogNumberKey = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, "");

/**
 * The list after moving the item at `from` one place up (-1) or down (+1); unchanged at either end. Pure, so the
 * service only writes back the positions that changed.
 */
export function moveItem<T>(items: readonly T[], from: number, step: -1 | 1): T[] {
  const to = from + step;
  const out = [...items];
  if (from < 0 || from >= out.length || to < 0 || to >= out.length) return out;
  [out[from], out[to]] = [out[to]!, out[from]!];
  return out;
}
