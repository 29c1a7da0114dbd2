import type { StoredFormat } from "../../app/domain/catalogue/formats";
import { GENRES } from "../../app/domain/catalogue/genres";
import { PLACEHOLDER_TITLES, DEFAULT_COVER_URL } from "../../app/domain/catalogue/hiding";
import type { NewRecordRow } from "../schema";
import {
  ARTIST_FIRST,
  ARTIST_SECOND,
  DESCRIPTION_TEMPLATES,
  LABEL_PREFIXES,
  LABELS,
  NAMED_RECORDS,
  REAL_RECORDS,
  TITLE_WORDS_A,
  TITLE_WORDS_B,
} from "./content";
import { audioUrlFor, coverUrlFor } from "./media/write-media";
import { seededRandom, type SeededRandom } from "./random";
import { pickFormat, priceFor, releaseFor, stockFor } from "./record-traits";

/** spec §9: local covers exist for 7 named catalogue ids plus track-1 … track-757. */
export const TRACK_COUNT = 757;
export const PREVIEW_SECONDS = 8;

/**
 * A handful of legacy rows the hiding rule (spec §5) must keep out of listings: placeholder titles and
 * records whose only image is the default stock photo. They stay in the database like real shop data would.
 */
const PLACEHOLDER_SLOTS = new Map<number, string>([
  [741, PLACEHOLDER_TITLES[0]!],
  [747, PLACEHOLDER_TITLES[4]!],
  [753, PLACEHOLDER_TITLES[9]!],
]);
const DEFAULT_COVER_SLOTS = new Set([744, 750]);

interface BaseFacts {
  catalogueId: string;
  artist: string;
  title: string;
  label: string | null;
  year: number | null;
  genre: string;
  catalogNumber: string | null;
  description: string | null;
  /** A real record's own format; fictional records draw one. */
  format?: StoredFormat;
}

/** "The Harbours'" rather than "The Harbours's". */
const possessive = (name: string) => (name.endsWith("s") ? `${name}'` : `${name}'s`);

const key = (artist: string, title: string) => `${artist}\u0000${title}`.toLowerCase();

function fictionalFacts(rng: SeededRandom, catalogueId: string, taken: Set<string>, today: string): BaseFacts {
  for (;;) {
    const artist = rng.chance(0.35) ? `The ${rng.pick(ARTIST_SECOND)}` : `${rng.pick(ARTIST_FIRST)} ${rng.pick(ARTIST_SECOND)}`;
    const title = rng.chance(0.5) ? `${rng.pick(TITLE_WORDS_A)} ${rng.pick(TITLE_WORDS_B)}` : rng.pick(TITLE_WORDS_B);
    if (taken.has(key(artist, title))) continue;
    if (PLACEHOLDER_TITLES.some((p) => p.toLowerCase() === title.toLowerCase())) continue;
    taken.add(key(artist, title));
    const genre = rng.pick(GENRES);
    const label = rng.pick(LABELS);
    const year = rng.int(1965, Number(today.slice(0, 4)));
    const prefix = LABEL_PREFIXES[label] ?? label.slice(0, 3).toUpperCase();
    const description = rng.chance(0.88)
      ? rng
          .pick(DESCRIPTION_TEMPLATES)
          .replaceAll("{artist}'s", possessive(artist))
          .replaceAll("{artist}", artist)
          .replaceAll("{title}", title)
          .replaceAll("{genre}", genre.toLowerCase())
          .replaceAll("{year}", String(year))
      : null;
    return { catalogueId, artist, title, label, year, genre, catalogNumber: `${prefix} ${rng.int(100, 9999)}`, description };
  }
}

function toRow(rng: SeededRandom, facts: BaseFacts, today: string, coverFrom = facts.catalogueId): NewRecordRow {
  // The draw happens for every record so that a real record's fixed format leaves the rest of the shop as it was.
  const drawn = pickFormat(rng);
  const format = facts.format ?? drawn;
  const release = releaseFor(rng, today, facts.year);
  const used = release.kind === "catalogue" && rng.chance(0.06);
  return {
    catalogueId: facts.catalogueId,
    title: facts.title,
    artist: facts.artist,
    genre: facts.genre,
    coverUrl: coverUrlFor(coverFrom),
    audioUrl: audioUrlFor(coverFrom),
    duration: PREVIEW_SECONDS,
    isNewRelease: release.kind === "new" || (release.kind === "catalogue" && rng.chance(0.02)),
    description: facts.description,
    pricePence: priceFor(rng, format),
    label: facts.label,
    format,
    catalogNumber: facts.catalogNumber,
    releaseDate: release.date,
    physicalReleaseDate: release.kind === "pre-order" ? release.date : null,
    stockQuantity: stockFor(rng),
    year: facts.year ?? Number(release.date.slice(0, 4)),
    rating: rng.chance(0.9) ? rng.int(32, 50) / 10 : null,
    bestSeller: release.kind !== "pre-order" && rng.chance(0.1),
    condition: used ? "used" : "new",
  };
}

/** The shop's catalogue: the 7 named records, then track-1 … track-757; deterministic from `seed`. */
export function generateCatalogue({ seed, today }: { seed: number; today: string }): NewRecordRow[] {
  const rng = seededRandom(seed);
  const taken = new Set<string>();
  const rows: NewRecordRow[] = [];

  for (const named of NAMED_RECORDS) {
    taken.add(key(named.artist, named.title));
    rows.push(toRow(rng, { ...named, genre: named.genre }, today));
  }
  const real = rng.shuffle(REAL_RECORDS.filter((r) => !taken.has(key(r.artist, r.title))));
  for (let n = 1; n <= TRACK_COUNT; n++) {
    const catalogueId = `track-${n}`;
    const known = real[n - 1];
    let facts: BaseFacts;
    if (known) {
      taken.add(key(known.artist, known.title));
      facts = { ...known, catalogueId };
    } else {
      facts = fictionalFacts(rng, catalogueId, taken, today);
    }
    const placeholder = PLACEHOLDER_SLOTS.get(n);
    if (placeholder) facts = { ...facts, title: placeholder };
    const row = toRow(rng, facts, today);
    if (DEFAULT_COVER_SLOTS.has(n)) row.coverUrl = DEFAULT_COVER_URL;
    rows.push(row);
  }
  return rows;
}

/** Extra fictional records for benchmarks; they borrow the covers and previews of track-1 … track-757. */
export function generateBenchRecords({
  seed,
  today,
  from,
  count,
}: {
  seed: number;
  today: string;
  from: number;
  count: number;
}): NewRecordRow[] {
  const rng = seededRandom(seed ^ (from * 2654435761));
  const taken = new Set<string>();
  const rows: NewRecordRow[] = [];
  for (let i = 0; i < count; i++) {
    const n = from + i;
    const facts = fictionalFacts(rng, `bench-${n}`, taken, today);
    // Distinct titles at scale: fictional names repeat, so the bench number keeps artist+title unique.
    facts.title = `${facts.title} (${n})`;
    rows.push(toRow(rng, facts, today, `track-${(n % TRACK_COUNT) + 1}`));
  }
  return rows;
}
