/**
 * Spec §2 record URL identifiers: "{id}-{slug}", slug built from artist and
 * title. The id is what finds the record; the slug is only for people and
 * search engines, so a wrong slug should redirect, not 404.
 */

import { foldAccents } from "~/domain/shared/fold-accents";

/**
 * Lower-case, ASCII, hyphen-separated. "&" becomes "and" rather than vanishing,
 * so "Sly & the Family Stone" does not read as "sly-the-family-stone".
 * Underscore counts as a word character, as the spec's "non-word" rule implies.
 */
export function slugify(text: string): string {
  return foldAccents(text)
    .replace(/&/g, " and ")
    .replace(/[^\w\s-]/g, "")
    .replace(/[\s-]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export function recordSlug(artist: string, title: string): string {
  return slugify(`${artist} ${title}`);
}

export interface IdentifiableRecord {
  id: number;
  artist: string;
  title: string;
}

/** "{id}-{slug}", or just "{id}" when nothing of artist/title survives (e.g. non-Latin script). */
export function recordIdentifier(record: IdentifiableRecord): string {
  const slug = recordSlug(record.artist, record.title);
  return slug ? `${record.id}-${slug}` : String(record.id);
}

/** The canonical detail-page URL. */
export function recordPath(record: IdentifiableRecord): string {
  return `/vinyl/${recordIdentifier(record)}`;
}

/** Last path segment, without query/hash, URL-decoded when possible. */
function lastSegment(path: string): string {
  const withoutQuery = path.split(/[?#]/, 1)[0] ?? "";
  const segments = withoutQuery.split("/").filter((s) => s.length > 0);
  const segment = segments[segments.length - 1] ?? "";
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // malformed % escape: keep it raw rather than throw
  }
}

export interface ParsedIdentifier {
  id: number | null;
  slug: string;
}

/**
 * Spec §2: an optional numeric prefix is the id, the rest after the first
 * hyphen is the slug. Accepts a bare identifier or a path such as
 * "/vinyl/42-miles-davis-kind-of-blue" (the last segment is read).
 * Note: a slug-only identifier starting with digits ("311-amber") reads as
 * id 311 — unavoidable with this format; canonical URLs always carry the id.
 */
export function parseRecordIdentifier(path: string): ParsedIdentifier {
  const segment = lastSegment(path.trim());
  const match = /^(\d+)(?:-(.*))?$/.exec(segment);
  if (match) {
    const id = Number(match[1]);
    if (Number.isSafeInteger(id) && id > 0) return { id, slug: match[2] ?? "" };
  }
  return { id: null, slug: segment };
}
