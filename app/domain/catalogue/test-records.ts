/**
 * Test-only factory (imported by *.test.ts, not re-exported from index):
 * a complete, visible, in-stock record that each test tweaks.
 */
import type { RecordItem } from "./types";

export function makeRecord(overrides: Partial<RecordItem> = {}): RecordItem {
  return {
    id: 1,
    catalogueId: "track-1",
    title: "Kind of Blue",
    artist: "Miles Davis",
    genre: "Jazz",
    coverUrl: "/images/covers/track-1.jpg",
    audioUrl: "/audio/track-1.mp3",
    duration: 30,
    isNewRelease: false,
    description: "A modal jazz landmark.",
    pricePence: 2499,
    label: "Columbia",
    format: "Vinyl LP",
    catalogNumber: "CL 1355",
    releaseDate: "1959-08-17",
    physicalReleaseDate: null,
    stockQuantity: 12,
    year: 1959,
    rating: 4.8,
    bestSeller: false,
    condition: "new",
    mediaGrade: null,
    sleeveGrade: null,
    conditionNote: null,
    usedOfRecordId: null,
    updatedAt: "2026-11-01",
    limitPerCustomer: null,
    onSaleAt: null,
    ...overrides,
  };
}
