import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { records } from "../../db/schema";
import { ensurePreview } from "../../db/seed/media/write-media";

const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Generated media that is made on demand: a record's audio preview is written on its first play. */
export function createMediaService(db: Db, mediaDir: string) {
  // Concurrent first plays of one record share one generation.
  const pending = new Map<string, Promise<string>>();
  return {
    /** The preview file for a catalogue id, or null when no record has that id. */
    async previewFile(catalogueId: string): Promise<string | null> {
      if (!SAFE_ID.test(catalogueId) || catalogueId.includes("..")) return null;
      const row = db
        .select({ catalogueId: records.catalogueId, genre: records.genre })
        .from(records)
        .where(eq(records.catalogueId, catalogueId))
        .get();
      if (!row) return null;
      let job = pending.get(catalogueId);
      if (!job) {
        job = ensurePreview(mediaDir, row).finally(() => pending.delete(catalogueId));
        pending.set(catalogueId, job);
      }
      return job;
    },
  };
}
