/**
 * Writes a record's generated sleeve JPEG and audio preview into the media folder. The server makes them when they
 * are first asked for, and its background job the covers the catalogue shows (server/services/media.ts), never
 * before it listens. Only missing files are made; every file is written to a temp name and renamed, so a crash
 * never leaves half a file behind and two processes making the same file at once both leave it whole.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import { coverJpeg, writeFileAtomic } from "./cover-image";
import { coverSvg } from "./cover-svg";
import { previewWav } from "./preview-wav";

export interface MediaItem {
  catalogueId: string;
  title: string;
  artist: string;
  genre: string | null;
}

// Catalogue ids become file names, so only plain, path-safe ids are accepted.
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

function checkId(catalogueId: string): string {
  if (!SAFE_ID.test(catalogueId) || catalogueId.includes(".."))
    throw new Error(`Unsafe catalogue id for a media file name: ${JSON.stringify(catalogueId)}`);
  return catalogueId;
}

// URL helpers only encode (a no-op for valid ids); validation happens where files are written.
export function coverUrlFor(catalogueId: string): string {
  return `/media/covers/${encodeURIComponent(catalogueId)}.jpg`;
}

export function audioUrlFor(catalogueId: string): string {
  return `/media/audio/${encodeURIComponent(catalogueId)}.wav`;
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size > 0;
  } catch {
    return false;
  }
}

/** Path of a record's generated cover, written unless it is there already (`written`: made now); an unsafe id throws. */
export async function ensureCover(mediaDir: string, item: MediaItem): Promise<{ file: string; written: boolean }> {
  const file = path.join(mediaDir, "covers", `${checkId(item.catalogueId)}.jpg`);
  if (await exists(file)) return { file, written: false };
  await writeFileAtomic(file, await coverJpeg(coverSvg(item)));
  return { file, written: true };
}

/** Path of a record's preview, written on first request; an unsafe id throws. */
export async function ensurePreview(mediaDir: string, item: { catalogueId: string; genre: string | null }): Promise<string> {
  const file = path.join(mediaDir, "audio", `${checkId(item.catalogueId)}.wav`);
  if (!(await exists(file))) {
    // 11.025 kHz, 16-bit mono: a clean 8 s preview in 176 KB.
    await writeFileAtomic(file, previewWav({ catalogueId: item.catalogueId, genre: item.genre, sampleRate: 11025 }));
  }
  return file;
}
