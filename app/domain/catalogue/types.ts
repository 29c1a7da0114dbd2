/**
 * Shapes shared by the server and the browser. Money is always integer pence;
 * dates are ISO calendar dates (YYYY-MM-DD) in the shop's time zone (Europe/London).
 */
import type { Grade } from "./grades";

/** A record in the catalogue, as the services hand it to adapters. */
export interface RecordItem {
  id: number;
  /** Local catalogue id that names the record's cover and preview files, e.g. "track-12". */
  catalogueId: string;
  title: string;
  artist: string;
  genre: string | null;
  coverUrl: string;
  audioUrl: string;
  /** Preview length in seconds. */
  duration: number;
  isNewRelease: boolean;
  description: string | null;
  pricePence: number;
  label: string | null;
  /** One of FORMATS in ./formats (stored text), or null. */
  format: string | null;
  catalogNumber: string | null;
  releaseDate: string | null;
  physicalReleaseDate: string | null;
  stockQuantity: number;
  year: number | null;
  /** 0–5, one decimal. */
  rating: number | null;
  bestSeller: boolean;
  condition: "new" | "used";
  /** A used copy's Goldmine grades (disc, sleeve) and note, and the pressing it is a copy of; null otherwise. */
  mediaGrade: Grade | null;
  sleeveGrade: Grade | null;
  conditionNote: string | null;
  usedOfRecordId: number | null;
  updatedAt: string;
  /** A limited record's per-customer limit and on-sale time (ISO instant, UTC); null when it has none. */
  limitPerCustomer: number | null;
  onSaleAt: string | null;
}
