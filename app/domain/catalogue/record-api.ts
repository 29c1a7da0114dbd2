/**
 * The REST shape of a record ("track") from spec §3/§7. Field names follow the
 * spec, including the snake_case physical_release_date and the duplicate
 * stock/stockQuantity, because existing clients read them.
 */
import { z } from "~/domain/shared/zod";
import { displayCoverUrl } from "./cover";
import { formatPence } from "~/domain/shared/money";
import { isPreOrder } from "./pre-order";
import type { Grade } from "./grades";
import type { RecordItem } from "./types";

/** A record as the API answers it; toApiTrack builds it. */
export const apiTrackSchema = z
  .strictObject({
    id: z.number().int().positive(),
    title: z.string().min(1),
    artist: z.string().min(1),
    genre: z.string().nullable(),
    coverUrl: z.string().min(1),
    audioUrl: z.string().min(1),
    duration: z.number().int().nonnegative().describe("Preview length in seconds"),
    isNewRelease: z.boolean(),
    isPreOrder: z.boolean().describe("Release date after today (computed when read)"),
    description: z.string().nullable(),
    price: z
      .string()
      .regex(/^£\d+\.\d{2}$/)
      .describe("Price text with VAT, e.g. £12.00"),
    label: z.string().nullable(),
    format: z.string().nullable(),
    catalogNumber: z.string().nullable(),
    releaseDate: z.string().describe("ISO date, YYYY-MM-DD").nullable(),
    physical_release_date: z.string().describe("ISO date, YYYY-MM-DD").nullable(),
    stockQuantity: z.number().int().nonnegative(),
    stock: z.number().int().nonnegative().describe("Same number as stockQuantity"),
    year: z.number().int().nullable(),
    rating: z.number().min(0).max(5).nullable(),
    bestSeller: z.boolean(),
    condition: z.enum(["new", "used"]),
    limitPerCustomer: z
      .number()
      .int()
      .positive()
      .nullable()
      .describe("A limited record: at most this many per customer, across orders; null when not limited"),
    onSaleAt: z.string().describe("ISO instant (UTC) before which the record cannot be bought; null when it has none").nullable(),
  })
  .describe("A record (the spec's track)");
export type ApiTrack = z.output<typeof apiTrackSchema>;

export function toApiTrack(record: RecordItem, today: string): ApiTrack {
  return {
    id: record.id,
    title: record.title,
    artist: record.artist,
    genre: record.genre,
    coverUrl: displayCoverUrl(record.coverUrl),
    audioUrl: record.audioUrl,
    duration: record.duration,
    isNewRelease: record.isNewRelease,
    // Computed, never stored: a stored flag would go stale on release day.
    isPreOrder: isPreOrder(record.releaseDate, today),
    description: record.description,
    price: formatPence(record.pricePence),
    label: record.label,
    format: record.format,
    catalogNumber: record.catalogNumber,
    releaseDate: record.releaseDate,
    physical_release_date: record.physicalReleaseDate,
    stockQuantity: record.stockQuantity,
    stock: record.stockQuantity,
    year: record.year,
    rating: record.rating,
    bestSeller: record.bestSeller,
    condition: record.condition,
    limitPerCustomer: record.limitPerCustomer,
    onSaleAt: record.onSaleAt,
  };
}

/**
 * What a record card shows (and a pre-order card's release date). Grid pages send only this in their loader
 * data, which is serialised into the HTML: the whole ApiTrack, description and all, was about 0.6 KB a card.
 */
export type CardTrack = Pick<
  ApiTrack,
  "id" | "title" | "artist" | "coverUrl" | "price" | "stockQuantity" | "isPreOrder" | "format" | "releaseDate"
> & {
  /** Second-hand: the card's "Used" badge, with the media grade of a graded copy ("Used · VG+"). */
  used?: boolean;
  usedGrade?: Grade | null;
};

export function toCardTrack(record: RecordItem, today: string): CardTrack {
  const { id, title, artist, coverUrl, price, stockQuantity, isPreOrder, format, releaseDate } = toApiTrack(record, today);
  const used = record.condition === "used";
  const usedGrade = used ? record.mediaGrade : null;
  return { id, title, artist, coverUrl, price, stockQuantity, isPreOrder, format, releaseDate, used, usedGrade };
}
