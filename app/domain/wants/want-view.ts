import type { Grade } from "~/domain/catalogue/grades";
import { formatPence } from "~/domain/shared/money";

/** A want as its owner sees it on /profile: the record, its state today and what the want waits for. */
export interface WantView {
  wantId: number;
  recordId: number;
  title: string;
  artist: string;
  path: string;
  pricePence: number;
  stock: number;
  releaseDate: string | null;
  backInStock: boolean;
  onRelease: boolean;
  priceBelowPence: number | null;
  /** A used copy of this pressing graded at least this (a new pressing's wants only). */
  minGrade: Grade | null;
  /** A new pressing: its used copies can be wanted by grade. */
  newPressing: boolean;
  status: "active" | "done" | "unsubscribed";
}

/** A record shoppers are waiting for, with how many active wants of confirmed addresses it has. */
export interface MostWantedRow {
  recordId: number;
  title: string;
  artist: string;
  stock: number;
  releaseDate: string | null;
  wants: number;
}

/** What a want waits for, in words: "back in stock, under £15.00" (the profile's list, a confirmation mail and page). */
export function wantConditionsText(w: {
  backInStock: boolean;
  onRelease: boolean;
  priceBelowPence: number | null;
  minGrade: string | null;
}): string {
  return [
    w.backInStock && "back in stock",
    w.onRelease && "released",
    w.priceBelowPence !== null && `under ${formatPence(w.priceBelowPence)}`,
    w.minGrade !== null && `a used copy graded ${w.minGrade} or better`,
  ]
    .filter(Boolean)
    .join(", ");
}
