/**
 * A record's uploaded cover and audio preview, checked and stored under the media folder: a cover resized to a
 * square JPEG, a preview kept as sent. Each file's name carries a hash of its bytes, so caches never go stale.
 */
import { createHash } from "node:crypto";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { writeFileAtomic } from "../../db/seed/media/cover-image";
import { COVER_SIZE, checkUpload, sniffAudio, uploadSizeProblem } from "../../app/domain/catalogue/record-media";
import { ValidationError } from "../../app/domain/shared/errors";
import type { Upload } from "./upload";

export interface RecordUploads {
  cover?: Upload;
  audio?: Upload;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export function createRecordUploads(mediaDir: string) {
  async function uploadBytes(kind: "cover" | "audio", upload: Upload): Promise<Uint8Array | null> {
    if (!upload || upload.size === 0) return null;
    // An oversized file is refused before it is read into memory.
    const tooBig = uploadSizeProblem(kind, upload.size);
    if (tooBig) throw new ValidationError(tooBig, { [kind]: [tooBig] });
    const bytes = new Uint8Array(await upload.arrayBuffer());
    const problem = checkUpload(kind, bytes);
    if (problem) throw new ValidationError(problem, { [kind]: [problem] });
    return bytes;
  }

  /** Resizes a cover to a square JPEG under media/covers; its name carries a hash, so caches never go stale. */
  async function storeCover(catalogueId: string, bytes: Uint8Array): Promise<string> {
    let jpeg: Buffer;
    try {
      jpeg = await sharp(bytes, { limitInputPixels: 40_000_000, failOn: "error" })
        .rotate()
        .resize(COVER_SIZE, COVER_SIZE, { fit: "cover", position: "attention" })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer();
    } catch {
      const message = "The cover could not be read as an image";
      throw new ValidationError(message, { cover: [message] });
    }
    const name = `${catalogueId}-${sha256(jpeg).slice(0, 10)}.jpg`;
    await mkdir(path.join(mediaDir, "covers"), { recursive: true });
    await writeFileAtomic(path.join(mediaDir, "covers", name), jpeg);
    return `/media/covers/${name}`;
  }

  async function storeAudio(catalogueId: string, bytes: Uint8Array): Promise<string> {
    const type = sniffAudio(bytes)!;
    const name = `${catalogueId}-${sha256(bytes).slice(0, 10)}.${type}`;
    await mkdir(path.join(mediaDir, "audio"), { recursive: true });
    await writeFileAtomic(path.join(mediaDir, "audio", name), Buffer.from(bytes));
    return `/media/audio/${name}`;
  }

  /** Both files are checked before either is stored; the URLs of those sent, for the record's row. */
  async function storeUploads(catalogueId: string, uploads: RecordUploads) {
    const [cover, audio] = [await uploadBytes("cover", uploads.cover), await uploadBytes("audio", uploads.audio)];
    return {
      coverUrl: cover ? await storeCover(catalogueId, cover) : undefined,
      audioUrl: audio ? await storeAudio(catalogueId, audio) : undefined,
    };
  }

  return { storeUploads };
}
