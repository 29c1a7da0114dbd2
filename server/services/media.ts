import { eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { records } from "../../db/schema";
import { ensureCover, ensurePreview, type MediaItem } from "../../db/seed/media/write-media";
import { displayCoverUrl } from "../../app/domain/catalogue/cover";
import { parseShopImagePath } from "../../app/domain/images/image-url";
import { createLimiter } from "./limiter";

const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const isSafeId = (id: string) => SAFE_ID.test(id) && !id.includes("..");

/** Records read per step of the covers' background fill; the event loop turns between steps. */
const FILL_BATCH = 200;
/** Covers rendered at once when asked for (sharp works on the thread pool, which file reads need too). */
const COVERS_AT_ONCE = 2;

export interface CoverFill {
  /** Covers the catalogue shows that are generated from a record (uploaded ones cannot be made again). */
  checked: number;
  /** Of those, made now because they were missing. */
  written: number;
  /** False when told to stop before the end of the catalogue. */
  finished: boolean;
}

/** The catalogue id whose generated cover a stored cover address shows, or null (a stock photo, a public image). */
function generatedCoverId(coverUrl: string): string | null {
  const parsed = parseShopImagePath(displayCoverUrl(coverUrl));
  return parsed?.root === "covers" ? parsed.file.slice(0, -".jpg".length) : null;
}

/**
 * Generated media, made when first needed rather than before the server listens, so that starting takes the same
 * time whatever the size of the catalogue: a record's audio preview on its first play, a generated cover when first
 * asked for, and the covers the catalogue shows by a background job (startCoverFill). Files are written whole under
 * a temporary name and renamed, so two processes making the same file at once is harmless.
 */
export function createMediaService(db: Db, mediaDir: string) {
  // Concurrent first requests of one file share one generation.
  const pendingPreviews = new Map<string, Promise<string>>();
  const pendingCovers = new Map<string, Promise<{ file: string; written: boolean }>>();
  const coverTurn = createLimiter(COVERS_AT_ONCE);
  const recordById = db
    .select({ catalogueId: records.catalogueId, title: records.title, artist: records.artist, genre: records.genre })
    .from(records)
    .where(eq(records.catalogueId, sql.placeholder("id")))
    .prepare();
  const coverAddresses = db
    .select({ id: records.id, coverUrl: records.coverUrl })
    .from(records)
    .where(gt(records.id, sql.placeholder("after")))
    .orderBy(records.id)
    .limit(FILL_BATCH)
    .prepare();

  function makeCover(item: MediaItem): Promise<{ file: string; written: boolean }> {
    let job = pendingCovers.get(item.catalogueId);
    if (!job) {
      job = coverTurn(() => ensureCover(mediaDir, item)).finally(() => pendingCovers.delete(item.catalogueId));
      pendingCovers.set(item.catalogueId, job);
    }
    return job;
  }

  return {
    /** The preview file for a catalogue id, or null when no record has that id. */
    async previewFile(catalogueId: string): Promise<string | null> {
      if (!isSafeId(catalogueId)) return null;
      const row = recordById.get({ id: catalogueId });
      if (!row) return null;
      let job = pendingPreviews.get(catalogueId);
      if (!job) {
        job = ensurePreview(mediaDir, row).finally(() => pendingPreviews.delete(catalogueId));
        pendingPreviews.set(catalogueId, job);
      }
      return job;
    },

    /** The generated cover file for a catalogue id, made now if missing; null when no record has that id. */
    async coverFile(catalogueId: string): Promise<string | null> {
      if (!isSafeId(catalogueId)) return null;
      const row = recordById.get({ id: catalogueId });
      return row ? (await makeCover(row)).file : null;
    },

    /**
     * Makes the generated covers the catalogue's records show that are missing, one at a time, reading the records a
     * batch at a time with a turn of the event loop between batches, and stopping early once `goOn` says no. Covers
     * nothing shows (an imported record keeps the stock photo until it is given one) are not made.
     */
    async fillMissingCovers({ goOn = () => true }: { goOn?: () => boolean } = {}): Promise<CoverFill> {
      const fill: CoverFill = { checked: 0, written: 0, finished: false };
      // Many records may show one cover (benchmark records borrow the shop's): each is looked at once.
      const seen = new Set<string>();
      for (let after = 0; ;) {
        const batch = coverAddresses.all({ after });
        for (const { coverUrl } of batch) {
          if (!goOn()) return fill;
          const id = generatedCoverId(coverUrl);
          if (id === null || seen.has(id) || !isSafeId(id)) continue;
          seen.add(id);
          const row = recordById.get({ id });
          // An uploaded cover's name is not a record's catalogue id: it cannot be made again.
          if (!row) continue;
          fill.checked++;
          if ((await makeCover(row)).written) fill.written++;
        }
        if (batch.length < FILL_BATCH) return { ...fill, finished: true };
        after = batch.at(-1)!.id;
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
