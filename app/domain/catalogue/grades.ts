/**
 * Used copies and their Goldmine grades: the scale in order (best first), what each grade means, the rule
 * "at or above a grade", and the schemas of the back office's "Add a used copy" form (one for the form, the
 * route action, the service and tRPC). Browser-safe.
 */

/** Best first. Media (the disc) and sleeve are graded separately. */
export const GRADES = ["M", "NM", "VG+", "VG", "G+", "G", "F", "P"] as const;
export type Grade = (typeof GRADES)[number];

export const GRADE_NAMES: Readonly<Record<Grade, string>> = {
  M: "Mint",
  NM: "Near Mint",
  "VG+": "Very Good Plus",
  VG: "Very Good",
  "G+": "Good Plus",
  G: "Good",
  F: "Fair",
  P: "Poor",
};

/** One line a shopper can read beside the grade (the chat's grading answer names the same scale). */
export const GRADE_EXPLANATIONS: Readonly<Record<Grade, string>> = {
  M: "Mint: unplayed and flawless, as it left the pressing plant.",
  NM: "Near Mint: played a few times at most, no visible marks; plays perfectly.",
  "VG+": "Very Good Plus: light signs of play, faint marks that do not affect the sound.",
  VG: "Very Good: light scuffs and some surface noise in quiet passages, but no skips.",
  "G+": "Good Plus: clearly played, with surface noise throughout; plays through without skipping.",
  G: "Good: heavy wear and noise; plays through, a filler copy until a better one turns up.",
  F: "Fair: worn, noisy, may skip; for the rare record you cannot find otherwise.",
  P: "Poor: cracked, warped or badly worn; sold as an artefact rather than to play.",
};

export const isGrade = (v: unknown): v is Grade => typeof v === "string" && (GRADES as readonly string[]).includes(v);

/** 0 for Mint, 7 for Poor. */
export const gradeRank = (g: Grade): number => GRADES.indexOf(g);

/** Whether `grade` is `min` or better. */
export function gradeAtLeast(grade: Grade, min: Grade): boolean {
  return gradeRank(grade) <= gradeRank(min);
}

/** The grades at or above `min`, best first: what a "minimum grade" filter lets through. */
export function gradesAtLeast(min: Grade): Grade[] {
  return GRADES.filter((g) => gradeAtLeast(g, min));
}

/** "VG+" → "VG+ (Very Good Plus)". */
export const gradeLabel = (g: Grade) => `${g} (${GRADE_NAMES[g]})`;

/** Case-insensitive read of a grade as typed or sent ("vg+", " NM "); anything else is null. */
export function readGrade(v: unknown): Grade | null {
  if (typeof v !== "string") return null;
  const up = v.trim().toUpperCase();
  return isGrade(up) ? up : null;
}

/** A graded row is a used copy (a used record without grades is a bulk second-hand line). */
export const isUsedCopy = (r: { condition: string; mediaGrade: string | null }) =>
  r.condition === "used" && r.mediaGrade !== null;

/** A used copy's stock: it is one object, on the shelf (1) or sold (0). */
export const USED_COPY_MAX_STOCK = 1;
export const USED_COPY_STOCK_CAP =
  "A used copy is a single record: it can have at most 1 in stock. Add another used copy instead.";

export const MAX_CONDITION_NOTE = 500;

export const USED_COPY_STAYS_USED = "A graded used copy stays used: add the new pressing as its own record instead.";
/** The catalogue id of a pressing's n-th used copy. */
export const usedCopyCatalogueId = (parentCatalogueId: string, n: number) => `${parentCatalogueId}-used-${n}`;
