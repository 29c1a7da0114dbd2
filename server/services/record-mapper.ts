import type { RecordItem } from "../../app/domain/catalogue/types";
import type { RecordRow } from "../../db/schema";

export function toRecordItem(row: RecordRow): RecordItem {
  return {
    id: row.id,
    catalogueId: row.catalogueId,
    title: row.title,
    artist: row.artist,
    genre: row.genre,
    coverUrl: row.coverUrl,
    audioUrl: row.audioUrl,
    duration: row.duration,
    isNewRelease: row.isNewRelease,
    description: row.description,
    pricePence: row.pricePence,
    label: row.label,
    format: row.format,
    catalogNumber: row.catalogNumber,
    releaseDate: row.releaseDate,
    physicalReleaseDate: row.physicalReleaseDate,
    stockQuantity: row.stockQuantity,
    year: row.year,
    rating: row.rating,
    bestSeller: row.bestSeller,
    condition: row.condition,
    mediaGrade: row.mediaGrade,
    sleeveGrade: row.sleeveGrade,
    conditionNote: row.conditionNote,
    usedOfRecordId: row.usedOfRecordId,
    updatedAt: row.updatedAt,
    limitPerCustomer: row.limitPerCustomer,
    onSaleAt: row.onSaleAt,
  };
}
