/**
 * A record's editable fields as the records table keeps them, both ways, shared by the back office's edits and
 * the catalogue's import and export; what the audit log keeps of a record; and a new record's catalogue id.
 */
import { randomBytes } from "node:crypto";
import type { RecordRow } from "../../db/schema";
import { fieldsToText, type RecordFields } from "../../app/domain/catalogue/record-fields";
import { slugify } from "../../app/domain/catalogue/slug";

export function rowToFields(r: RecordRow): RecordFields {
  return {
    title: r.title,
    artist: r.artist,
    genre: r.genre,
    price: r.pricePence,
    description: r.description,
    label: r.label,
    format: r.format as RecordFields["format"],
    catalogNumber: r.catalogNumber,
    releaseDate: r.releaseDate,
    physicalReleaseDate: r.physicalReleaseDate,
    year: r.year,
    condition: r.condition,
    duration: r.duration,
    rating: r.rating,
    isNewRelease: r.isNewRelease,
    bestSeller: r.bestSeller,
    discogsReleaseId: r.discogsReleaseId,
  };
}

export function fieldsToColumns(f: RecordFields) {
  return {
    title: f.title,
    artist: f.artist,
    genre: f.genre,
    pricePence: f.price,
    description: f.description,
    label: f.label,
    format: f.format,
    catalogNumber: f.catalogNumber,
    releaseDate: f.releaseDate,
    physicalReleaseDate: f.physicalReleaseDate,
    year: f.year,
    condition: f.condition,
    duration: f.duration,
    rating: f.rating,
    isNewRelease: f.isNewRelease,
    bestSeller: f.bestSeller,
    discogsReleaseId: f.discogsReleaseId,
  };
}

/** What the audit log keeps of a record: its fields as text, plus publishing and media. */
export function snapshot(r: RecordRow): Record<string, unknown> {
  return { ...fieldsToText(rowToFields(r)), published: r.published, coverUrl: r.coverUrl, audioUrl: r.audioUrl };
}

/** A new record's catalogue id (it names its media files): from its artist and title, made unique. */
export function newCatalogueId(f: RecordFields): string {
  const base = slugify(`${f.artist} ${f.title}`).toLowerCase().slice(0, 60).replace(/-+$/, "") || "record";
  return `${base}-${randomBytes(3).toString("hex")}`;
}
