/**
 * Photos of used copies. A photo is read, checked by its first bytes, turned upright (EXIF orientation), scaled to
 * fit PHOTO_MAX_EDGE, re-encoded as JPEG without its metadata (a phone photo's location does not reach the shop)
 * and written under media/photos/ by a hash of its bytes, before any row names it: a row never points at a file
 * that is not there. Files a failed upload wrote are deleted unless a row already uses them.
 */
import { createHash } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { and, asc, count, eq, inArray, max } from "drizzle-orm";
import sharp, { type OutputInfo } from "sharp";
import type { Actor } from "../../app/domain/admin/audit";
import {
  MAX_COPY_PHOTOS,
  PHOTO_MAX_EDGE,
  PHOTO_MESSAGES,
  photoBytesProblem,
  photoUploadProblem,
  photoUrl,
  type CopyPhoto,
} from "../../app/domain/catalogue/copy-photos";
import { isUsedCopy } from "../../app/domain/catalogue/grades";
import { ConflictError, NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { writeTransaction, type Db } from "../../db/client";
import { recordPhotos, records, returnPhotos } from "../../db/schema";
import { writeFileAtomic } from "../../db/seed/media/cover-image";
import type { Upload } from "./upload";
import type { AuditService } from "./audit";

export type { CopyPhoto };

/** A photo written to disk and not yet recorded. */
export interface StoredPhoto {
  url: string;
  width: number;
  height: number;
}

export const NOT_A_COPY = "Photos are added to a used copy, not to a pressing.";

const invalid = (message: string) => new ValidationError(message, { photos: [message] });

export function createCopyPhotosService(db: Db, deps: { mediaDir: string; audit: AuditService }) {
  const fileOf = (url: string) => path.join(deps.mediaDir, "photos", path.basename(url));

  const countOf = (recordId: number) =>
    db.select({ n: count() }).from(recordPhotos).where(eq(recordPhotos.recordId, recordId)).get()?.n ?? 0;

  /**
   * Deletes the files of `urls` that no row uses (after a failed upload, or a photo removed). A shopper's return
   * photos are stored the same way (`return_photos.file_name` is the path under the media folder), so one photo sent
   * twice is one file, kept while either uses it.
   */
  async function discardUnused(urls: readonly string[]): Promise<void> {
    if (urls.length === 0) return;
    const used = new Set(
      db
        .selectDistinct({ url: recordPhotos.url })
        .from(recordPhotos)
        .where(inArray(recordPhotos.url, [...urls]))
        .all()
        .map((r) => r.url),
    );
    const names = urls.map((u) => u.replace(/^\/media\//, ""));
    for (const r of db
      .selectDistinct({ name: returnPhotos.fileName })
      .from(returnPhotos)
      .where(inArray(returnPhotos.fileName, names))
      .all()) {
      used.add(`/media/${r.name}`);
    }
    await Promise.all(urls.filter((u) => !used.has(u)).map((u) => rm(fileOf(u), { force: true })));
  }

  /**
   * Checks, scales and writes the chosen photos (empty file inputs are skipped); nothing is recorded yet. One photo
   * is decoded at a time, so an upload of six 8 MB photos holds one in memory, not six. Throws ValidationError
   * (field `photos`) for too many, too big, or not an image; files already written are then deleted.
   */
  async function prepare(uploads: readonly Upload[], existing = 0): Promise<StoredPhoto[]> {
    const files = uploads.filter((u): u is NonNullable<Upload> => !!u && u.size > 0);
    const problem = photoUploadProblem(
      files.map((f) => f.size),
      existing,
    );
    if (problem) throw invalid(problem);
    const stored: StoredPhoto[] = [];
    try {
      for (const file of files) {
        const bytes = new Uint8Array(await file.arrayBuffer());
        const bad = photoBytesProblem(bytes);
        if (bad) throw invalid(bad);
        let out: { data: Buffer; info: OutputInfo };
        try {
          out = await sharp(bytes, { limitInputPixels: 40_000_000, failOn: "error" })
            .rotate()
            .resize(PHOTO_MAX_EDGE, PHOTO_MAX_EDGE, { fit: "inside", withoutEnlargement: true })
            .flatten({ background: "#ffffff" })
            .jpeg({ quality: 85, mozjpeg: true })
            .toBuffer({ resolveWithObject: true });
        } catch {
          throw invalid(PHOTO_MESSAGES.unreadable);
        }
        const url = photoUrl(createHash("sha256").update(out.data).digest("hex"));
        await mkdir(path.dirname(fileOf(url)), { recursive: true });
        await writeFileAtomic(fileOf(url), out.data);
        if (!stored.some((s) => s.url === url)) stored.push({ url, width: out.info.width, height: out.info.height });
      }
    } catch (error) {
      await discardUnused(stored.map((s) => s.url));
      throw error;
    }
    return stored;
  }

  /**
   * Records stored photos for a copy, after any it has (a photo it already has is skipped). Synchronous, to run
   * inside the caller's write transaction; refuses to go past MAX_COPY_PHOTOS, which two uploads at once could.
   */
  function attach(recordId: number, photos: readonly StoredPhoto[]): number {
    if (photos.length === 0) return 0;
    const existing = countOf(recordId);
    if (existing + photos.length > MAX_COPY_PHOTOS) throw new ConflictError(PHOTO_MESSAGES.tooMany(existing));
    const last = db
      .select({ p: max(recordPhotos.position) })
      .from(recordPhotos)
      .where(eq(recordPhotos.recordId, recordId))
      .get();
    let position = (last?.p ?? 0) + 1;
    let added = 0;
    for (const p of photos) {
      const row = db
        .insert(recordPhotos)
        .values({ recordId, url: p.url, width: p.width, height: p.height, position: position++ })
        .onConflictDoNothing()
        .run();
      added += row.changes;
    }
    return added;
  }

  /** The photos of each of `recordIds`, in order (records without photos are left out of the map). */
  function listFor(recordIds: readonly number[]): Map<number, CopyPhoto[]> {
    const map = new Map<number, CopyPhoto[]>();
    if (recordIds.length === 0) return map;
    const rows = db
      .select({
        id: recordPhotos.id,
        recordId: recordPhotos.recordId,
        url: recordPhotos.url,
        width: recordPhotos.width,
        height: recordPhotos.height,
      })
      .from(recordPhotos)
      .where(inArray(recordPhotos.recordId, [...new Set(recordIds)]))
      .orderBy(asc(recordPhotos.recordId), asc(recordPhotos.position), asc(recordPhotos.id))
      .all();
    for (const { recordId, ...photo } of rows) {
      if (!map.has(recordId)) map.set(recordId, []);
      map.get(recordId)!.push(photo);
    }
    return map;
  }

  function usedCopy(recordId: number) {
    const row = db.select().from(records).where(eq(records.id, recordId)).get();
    if (!row) throw new NotFoundError("Record not found.");
    if (!isUsedCopy(row)) throw new ValidationError(NOT_A_COPY, { photos: [NOT_A_COPY] });
    return row;
  }

  return {
    prepare,
    attach,
    discardUnused,
    listFor,

    /** A record's photos, in order. */
    of(recordId: number): CopyPhoto[] {
      return listFor([recordId]).get(recordId) ?? [];
    },

    /** Adds photos to a used copy from the back office; audited. Returns the copy's photos. */
    async add(actor: Actor, copyId: number, uploads: readonly Upload[]): Promise<CopyPhoto[]> {
      usedCopy(copyId);
      const stored = await prepare(uploads, countOf(copyId));
      if (stored.length === 0) throw invalid(PHOTO_MESSAGES.none);
      try {
        writeTransaction(db, () => {
          usedCopy(copyId);
          const added = attach(copyId, stored);
          deps.audit.record(actor, {
            entityType: "record",
            entityId: copyId,
            action: added === 1 ? "photo added" : `${added} photos added`,
          });
        });
      } catch (error) {
        await discardUnused(stored.map((s) => s.url));
        throw error;
      }
      return this.of(copyId);
    },

    /** Removes one photo of a copy (its file too, when no other copy uses it); audited. */
    async remove(actor: Actor, copyId: number, photoId: number): Promise<void> {
      const removed = writeTransaction(db, () => {
        const row = db
          .delete(recordPhotos)
          .where(and(eq(recordPhotos.id, photoId), eq(recordPhotos.recordId, copyId)))
          .returning({ url: recordPhotos.url })
          .get();
        if (!row) throw new NotFoundError("That photo is not one of this copy's.");
        deps.audit.record(actor, { entityType: "record", entityId: copyId, action: "photo removed" });
        return row;
      });
      await discardUnused([removed.url]);
    },
  };
}

export type CopyPhotosService = ReturnType<typeof createCopyPhotosService>;
