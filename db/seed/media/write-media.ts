/**
 * Writes generated sleeve JPEGs (at seed time, for every catalogue record) and audio previews (on
 * first play: 764 of them would take ~200 MB that nobody may ever listen to) into the media folder.
 * Only missing files are made, so a restart after the first run costs a few stat calls; every
 * file is written to a temp name and renamed, so a crash never leaves half a file behind.
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

export interface MediaResult {
  coversWritten: number;
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

/** Runs `task` over `items` with at most `limit` in flight. */
async function pool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

export async function ensureRecordMedia(
  mediaDir: string,
  items: readonly MediaItem[],
  opts: { concurrency?: number } = {},
): Promise<MediaResult> {
  const coversDir = path.join(mediaDir, "covers");
  const result: MediaResult = { coversWritten: 0 };
  // One file per id even if the list repeats a record.
  const unique = [...new Map(items.map((item) => [checkId(item.catalogueId), item])).values()];

  await pool(unique, opts.concurrency ?? 4, async (item) => {
    const cover = path.join(coversDir, `${item.catalogueId}.jpg`);
    if (!(await exists(cover))) {
      await writeFileAtomic(cover, await coverJpeg(coverSvg(item)));
      result.coversWritten++;
    }
  });
  return result;
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
