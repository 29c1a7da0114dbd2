import type { Grade } from "~/domain/catalogue/grades";

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
