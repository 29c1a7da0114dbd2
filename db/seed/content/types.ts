/**
 * Shapes of the hand-written content the seed loads: real records, the named catalogue records,
 * word lists for fictional records, artist bios, trivia, vinyl care tips and blog posts.
 * The genre list is the shop's own (spec §9), so content and the app can never disagree.
 */
import type { CareCategory } from "../../../app/domain/care/care-categories";
import type { StoredFormat } from "../../../app/domain/catalogue/formats";
import type { Genre } from "../../../app/domain/catalogue/genres";

export type { Genre };

/** A real, well-known record; the facts (artist, title, label, year, genre) are as originally released. */
export interface RealRecord {
  artist: string;
  title: string;
  /** The original label. */
  label: string;
  /** The original release year. */
  year: number;
  /**
   * The format the shop sells it in: the record's own shape (an LP stays an LP, a double album a
   * "Vinyl 2×LP"), never a single or an EP; the seed prices it within that format's band.
   */
  format: StoredFormat;
  genre: Genre;
  /** The original catalogue number where known with confidence, otherwise null. */
  catalogNumber: string | null;
  /** One or two sentences of shop copy, roughly 25–45 words. */
  description: string;
}

/** One of the seven records with a named local cover (spec §9: "7 named plus track-1 to track-757"). */
export interface NamedRecord extends RealRecord {
  /** Kebab-case catalogue id, e.g. "blue-train". */
  catalogueId: string;
}

/** Placeholders a description template may use. */
export type DescriptionPlaceholder = "{artist}" | "{title}" | "{genre}" | "{year}";

export interface ArtistBio {
  /** Spelled exactly as in REAL_RECORDS. */
  artist: string;
  /** 80–140 words. */
  bio: string;
}

export interface TriviaItem {
  question: string;
  /** Always four options. */
  options: string[];
  /** Index into options of the correct answer. */
  answer: number;
  explanation: string;
}

export interface VinylCareTip {
  category: CareCategory;
  title: string;
  /** 40–90 words. */
  body: string;
}

export interface BlogPost {
  /** Kebab-case, unique. */
  slug: string;
  title: string;
  /** Spelled exactly as in REAL_RECORDS. */
  artist: string;
  /** Title of the record the post is about, exactly as in REAL_RECORDS; its sleeve is the post's lead image. */
  record: string;
  /** YYYY-MM-DD. */
  publishedAt: string;
  /** Two to four lower-case tags. */
  tags: string[];
  /** One sentence. */
  excerpt: string;
  /** Markdown, 350–650 words, with ## subheadings and a list. */
  body: string;
}
