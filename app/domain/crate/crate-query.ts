/**
 * The Virtual Crate Dig's address and the crates it offers, shared by the loader, the components and
 * the crate service (which is why it imports with relative paths rather than the "~" alias).
 *
 *   /virtual-crate-dig                                  the crate chooser
 *   /virtual-crate-dig?crate=genre:Jazz&pos=3           record 3 of the Jazz crate
 *   /virtual-crate-dig?crate=new-in                     released in the last 40 days
 *   /virtual-crate-dig?crate=under-15                   priced under £15
 *   /virtual-crate-dig?crate=staff-picks                best sellers and records rated 4.5 or more
 *   /virtual-crate-dig?crate=surprise&seed=48213&pos=7  a shuffle of everything; the seed makes it shareable
 *
 * pos is 1-based; a missing or bad pos is the first record and one past the end is the last. A crate that
 * is not one of these (or a genre with no records) is a 404; a surprise crate without a good seed is
 * redirected to one with a fresh seed.
 */
import { z } from "~/domain/shared/zod";
import { displayCoverUrl } from "~/domain/catalogue/cover";
import { formatLabelText } from "~/domain/catalogue/formats";
import { NEW_RELEASE_WINDOW_DAYS } from "~/domain/home/home-filters";
import { formatPence } from "~/domain/shared/money";
import { isPreOrder } from "~/domain/catalogue/pre-order";
import { recordPath } from "~/domain/catalogue/slug";
import { stockState, type StockState } from "~/domain/catalogue/stock";
import type { RecordItem } from "~/domain/catalogue/types";

export const CRATE_PATH = "/virtual-crate-dig";
/** A crate holds at most this many records: a real crate's worth, and one bounded query at any catalogue size. */
export const CRATE_SIZE = 60;
/** "New in": released in the last 40 days (spec §9's new-release window), up to today. */
export const NEW_IN_DAYS = NEW_RELEASE_WINDOW_DAYS;
/** "Under £15": price below 1500 pence. */
export const UNDER_PRICE_PENCE = 1500;
/** "Staff picks": best sellers, or records rated at least this. */
export const STAFF_PICK_MIN_RATING = 4.5;
/** Surprise seeds are 1…999,999: short enough to read out, plenty of shuffles. */
export const MAX_SEED = 999_999;
/** Longest genre name accepted in ?crate=genre:…; anything longer cannot be a genre we stock. */
export const MAX_GENRE_LENGTH = 60;

export const SPECIAL_CRATES = ["new-in", "under-15", "staff-picks", "surprise"] as const;
export type SpecialCrate = (typeof SPECIAL_CRATES)[number];

export type CrateKey = { kind: "genre"; genre: string } | { kind: SpecialCrate };

export const SPECIAL_CRATE_COPY: Readonly<Record<SpecialCrate, { title: string; blurb: string }>> = {
  "new-in": { title: "New in", blurb: "Fresh pressings released in the last 40 days." },
  "under-15": { title: "Under £15", blurb: "The bargain bin: singles, EPs and LPs for less than £15." },
  "staff-picks": { title: "Staff picks", blurb: "Best sellers and the records our customers rate 4.5 or higher." },
  surprise: { title: "Surprise me", blurb: "A shuffle of the whole shop. Share the link and a friend digs the same crate." },
};

/** The Staff picks crate's blurb when the shop has picked its records by hand (curated lists). */
export const CURATED_STAFF_PICKS_BLURB = "Records the people behind the counter keep playing, picked by hand.";

const GENRE_PREFIX = "genre:";

/** ?crate= as a crate, or null when it names no crate this page knows. */
export function parseCrate(param: string): CrateKey | null {
  const text = param.trim();
  const special = SPECIAL_CRATES.find((c) => c === text.toLowerCase());
  if (special) return { kind: special };
  if (text.slice(0, GENRE_PREFIX.length).toLowerCase() !== GENRE_PREFIX) return null;
  const genre = text.slice(GENRE_PREFIX.length).trim();
  return genre && genre.length <= MAX_GENRE_LENGTH ? { kind: "genre", genre } : null;
}

/** The crate's ?crate= value: "genre:Jazz", "new-in"…. */
export function crateParam(key: CrateKey): string {
  return key.kind === "genre" ? `${GENRE_PREFIX}${key.genre}` : key.kind;
}

export function crateTitle(key: CrateKey): string {
  return key.kind === "genre" ? key.genre : SPECIAL_CRATE_COPY[key.kind].title;
}

// A query value keeps ":" readable (it is allowed there); everything else is percent-encoded.
const encodeValue = (value: string) => encodeURIComponent(value).replace(/%3A/gi, ":");

/** The address of a crate, optionally at a position; a surprise crate carries its seed. */
export function crateHref(key: CrateKey, { pos, seed }: { pos?: number; seed?: number } = {}): string {
  const parts = [`crate=${encodeValue(crateParam(key))}`];
  if (key.kind === "surprise" && seed !== undefined) parts.push(`seed=${seed}`);
  if (pos !== undefined) parts.push(`pos=${pos}`);
  return `${CRATE_PATH}?${parts.join("&")}`;
}

const digits = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

/** The query string as read by the loader: nothing here ever throws; bad values become undefined. */
export const crateSearchSchema = z.object({
  crate: z.string().optional().catch(undefined),
  pos: digits(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
  seed: digits(MAX_SEED).optional().catch(undefined),
});

export interface CrateSearch {
  /** undefined: no crate chosen (the chooser); null: a crate the shop does not have (404). */
  crate: CrateKey | null | undefined;
  pos: number | undefined;
  seed: number | undefined;
}

export function readCrateSearch(params: URLSearchParams): CrateSearch {
  const { crate, pos, seed } = crateSearchSchema.parse({
    crate: params.get("crate") ?? undefined,
    pos: params.get("pos") ?? undefined,
    seed: params.get("seed") ?? undefined,
  });
  const chosen = crate === undefined || crate.trim() === "" ? undefined : parseCrate(crate);
  return { crate: chosen, pos, seed };
}

/** A fresh surprise seed in 1…MAX_SEED. */
export function randomSeed(random: () => number = Math.random): number {
  const r = random();
  const unit = Number.isFinite(r) ? Math.min(Math.max(r, 0), 1 - Number.EPSILON) : 0;
  return 1 + Math.floor(unit * MAX_SEED);
}

/** What the crate page shows of a record: display-ready, so the browser needs no more rules to flip. */
export interface CrateRecord {
  id: number;
  title: string;
  artist: string;
  genre: string | null;
  year: number | null;
  label: string | null;
  coverUrl: string;
  audioUrl: string;
  /** "£12.99". */
  price: string;
  stock: StockState;
  /** "LP · 33⅓ RPM". */
  format: string;
  href: string;
}

export function toCrateRecord(record: RecordItem, today: string): CrateRecord {
  return {
    id: record.id,
    title: record.title,
    artist: record.artist,
    genre: record.genre,
    year: record.year,
    label: record.label,
    coverUrl: displayCoverUrl(record.coverUrl),
    audioUrl: record.audioUrl,
    price: formatPence(record.pricePence),
    stock: stockState(record.stockQuantity, isPreOrder(record.releaseDate, today)),
    format: formatLabelText(record.format),
    href: recordPath(record),
  };
}
