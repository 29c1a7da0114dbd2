/**
 * The shop's Goldmine grades in Discogs's words, both ways. Discogs's inventory upload and its Marketplace API take
 * a condition only as one of these exact strings (Discogs's "Grading" guidelines and the Marketplace listing
 * fields `condition` and `sleeve_condition`); the sleeve may also be "Generic", "Not Graded" or "No Cover".
 * Browser-safe.
 */
import { GRADES, type Grade } from "../catalogue/grades";

export const DISCOGS_CONDITIONS: Readonly<Record<Grade, string>> = {
  M: "Mint (M)",
  NM: "Near Mint (NM or M-)",
  "VG+": "Very Good Plus (VG+)",
  VG: "Very Good (VG)",
  "G+": "Good Plus (G+)",
  G: "Good (G)",
  F: "Fair (F)",
  P: "Poor (P)",
};

/** A sleeve that has no grade of its own (records.sleeve_kind). */
export const SLEEVE_KINDS = ["generic", "no_cover", "not_graded"] as const;
export type SleeveKind = (typeof SLEEVE_KINDS)[number];

export const DISCOGS_SLEEVE_WORDS: Readonly<Record<SleeveKind, string>> = {
  generic: "Generic",
  no_cover: "No Cover",
  not_graded: "Not Graded",
};

/** What the shop shows for such a sleeve in place of its grade. */
export const SLEEVE_KIND_NAMES: Readonly<Record<SleeveKind, string>> = {
  generic: "Generic sleeve",
  no_cover: "No cover",
  not_graded: "Sleeve not graded",
};

/** The grade stored beside a sleeve kind: a graded row needs both grades, and the lowest never oversells it. */
export const SLEEVE_KIND_STORED_GRADE: Grade = "P";

export const toDiscogsMedia = (grade: Grade): string => DISCOGS_CONDITIONS[grade];

export const toDiscogsSleeve = (grade: Grade, kind: SleeveKind | null = null): string =>
  kind ? DISCOGS_SLEEVE_WORDS[kind] : DISCOGS_CONDITIONS[grade];

/** Reads "Near Mint (NM or M-)" however spaced or cased; also the bare abbreviation ("NM", "M-", "vg+"). */
export function fromDiscogsMedia(text: string): Grade | null {
  const key = fold(text);
  if (key === "") return null;
  for (const g of GRADES) if (fold(DISCOGS_CONDITIONS[g]) === key || fold(g) === key) return g;
  return key === "m-" ? "NM" : null;
}

/** A sleeve condition: a grade, a sleeve kind, or null when Discogs would not know the words either. */
export function fromDiscogsSleeve(text: string): { grade: Grade; kind: SleeveKind | null } | null {
  const key = fold(text);
  for (const kind of SLEEVE_KINDS) {
    if (fold(DISCOGS_SLEEVE_WORDS[kind]) === key) return { grade: SLEEVE_KIND_STORED_GRADE, kind };
  }
  const grade = fromDiscogsMedia(text);
  return grade ? { grade, kind: null } : null;
}

const fold = (text: string) => text.trim().toLowerCase().replace(/\s+/g, " ");
