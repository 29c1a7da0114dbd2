/**
 * Spec §5 record hiding: keeps demo/placeholder data and records that would
 * look broken (no cover, nothing to sell) out of the shop's lists.
 */
import { isPreOrder } from "./pre-order";
import type { RecordItem } from "./types";

/** Titles of the seed/demo records that must never reach shoppers. */
export const PLACEHOLDER_TITLES = [
  "Midnight Drive",
  "Electric Dreams",
  "Summer Nights",
  "Rhythm & Blues",
  "Digital Horizon",
  "Neon City",
  "Lunar Phase",
  "Cosmic Journey",
  "Urban Echoes",
  "Electronic Vibes",
] as const;

/** The stock photo used when a record has no real cover. */
export const DEFAULT_COVER_URL = "/images/default-cover.jpg";

const PLACEHOLDER_KEYS = new Set(PLACEHOLDER_TITLES.map((t) => t.toLowerCase()));

export function isPlaceholderTitle(title: string): boolean {
  return PLACEHOLDER_KEYS.has(title.trim().toLowerCase());
}

/**
 * False for an empty cover or the default stock photo, however it is
 * addressed ("/images/default-cover.jpg", "https://cdn/…/images/default-cover.jpg?w=300").
 */
export function hasRealCover(coverUrl: string | null | undefined): boolean {
  if (typeof coverUrl !== "string") return false;
  const trimmed = coverUrl.trim();
  if (trimmed === "") return false;
  const path = trimmed.split(/[?#]/, 1)[0] ?? "";
  return !path.endsWith(DEFAULT_COVER_URL);
}

export type RecordView = "new-releases" | "default";

export interface HidingOptions {
  today: string;
  view?: RecordView;
  /** Lists that show sold-out records on purpose (e.g. admin, all vinyl) set this. */
  ignoreStock?: boolean;
}

export type HideableRecord = Pick<RecordItem, "title" | "coverUrl" | "stockQuantity" | "releaseDate">;

/**
 * Why the hiding rule hides a record whatever its stock and the list: a placeholder title or no real cover; null
 * when it does not (a pre-order is never hidden). The import's preview warns of it before a record is written.
 */
export function hiddenByContentReason(
  record: Pick<HideableRecord, "title" | "coverUrl" | "releaseDate">,
  today: string,
): "placeholder title" | "no cover" | null {
  if (isPreOrder(record.releaseDate, today)) return null;
  if (isPlaceholderTitle(record.title)) return "placeholder title";
  if (!hasRealCover(record.coverUrl)) return "no cover";
  return null;
}

/**
 * Precedence: a pre-order is never hidden; otherwise hide a placeholder title or a missing/default cover;
 * then hide zero stock, except on the new-releases view or when stock is ignored.
 */
export function shouldHideRecord(record: HideableRecord, options: HidingOptions): boolean {
  const { today, view = "default", ignoreStock = false } = options;
  if (hiddenByContentReason(record, today)) return true;
  if (isPreOrder(record.releaseDate, today)) return false;
  // The new-releases view lifts only the stock test: a sold-out new release is still news, but a placeholder
  // title or a missing cover is demo data wherever it would show (search would never find it either).
  if (view === "new-releases") return false;
  if (!ignoreStock && !(record.stockQuantity > 0)) return true;
  return false;
}
