/**
 * The REST shape of a record ("track") from spec §3/§7. Field names follow the
 * spec, including the snake_case physical_release_date and the duplicate
 * stock/stockQuantity, because existing clients read them.
 */
import { displayCoverUrl } from "./cover";
import { formatPence } from "~/domain/shared/money";
import { isPreOrder } from "./pre-order";
import type { RecordItem } from "./types";

export interface ApiTrack {
  id: number;
  title: string;
  artist: string;
  genre: string | null;
  coverUrl: string;
  audioUrl: string;
  duration: number;
  isNewRelease: boolean;
  isPreOrder: boolean;
  description: string | null;
  /** Text such as "£12.00". */
  price: string;
  label: string | null;
  format: string | null;
  catalogNumber: string | null;
  releaseDate: string | null;
  physical_release_date: string | null;
  stockQuantity: number;
  /** Same number as stockQuantity (spec: "also read as stock"). */
  stock: number;
  year: number | null;
  rating: number | null;
  bestSeller: boolean;
  condition: "new" | "used";
}

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
  };
}
