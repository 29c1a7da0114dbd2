/**
 * Resized covers for GET /api/album-image (spec §7). Reads only the shop's own images (generated covers under
 * mediaDir/covers and public files under publicDir/images, by the allowlist in app/domain/images/image-url.ts), never a
 * URL: nothing here can reach the network. Each variant is rendered once with sharp, written to cacheDir
 * (temp file, then rename) and read from there afterwards; concurrent identical requests share one job.
 */
import { createHash } from "node:crypto";
import { readdir, readFile, realpath, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { displayCoverUrl } from "../../app/domain/catalogue/cover";
import {
  IMAGE_FORMATS,
  IMAGE_MIME_TYPES,
  MAX_IMAGE_DIMENSION,
  MAX_IMAGE_QUALITY,
  MIN_IMAGE_DIMENSION,
  MIN_IMAGE_QUALITY,
  parseShopImagePath,
  type ImageFormat,
} from "../../app/domain/images/image-url";
import { writeFileAtomic } from "../../db/seed/media/cover-image";
import { NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { createLimiter } from "./limiter";

/** Bump when the encoder settings change, so old variants are not served from the cache any more. */
const RENDER_VERSION = 1;
/** Sources are our own files; anything bigger than this is a mistake, not a cover. */
const MAX_SOURCE_BYTES = 25 * 1024 * 1024;
const MAX_SOURCE_PIXELS = 40_000_000;
const SOURCE_FORMATS = new Set(["jpeg", "png", "webp"]);

export interface ImageVariantRequest {
  /** A shop image path such as /media/covers/track-1.jpg ('.ki' is displayed as '.jpg' first). */
  src: string;
  /** At least one of width and height; both given crops to fill (fit: cover). */
  width?: number;
  height?: number;
  quality: number;
  format: ImageFormat;
}

export interface ImageVariant {
  body: Buffer;
  format: ImageFormat;
  contentType: string;
  /** Strong ETag, quoted: a hash of the source file's identity and the render parameters. */
  etag: string;
  /** The variant's file in the cache folder. */
  file: string;
  /** True when the bytes came from the cache folder rather than a render for this request. */
  cached: boolean;
}

export interface ImageServiceOptions {
  mediaDir: string;
  publicDir: string;
  cacheDir: string;
  /** Renders allowed at once (default: CPU count, 1–4); the rest wait, so the thread pool stays free for I/O. */
  maxConcurrentRenders?: number;
  /**
   * Disk budget for cached variants (default 1 GB). Every width × height × quality × format is a new file, so
   * without a budget a crawler could fill the disk; over budget, the oldest variants are deleted down to 80%.
   */
  maxCacheBytes?: number;
  /**
   * Makes a missing generated cover (a file name under mediaDir/covers) when a record has it, resolving true when the
   * file is there now: a cover asked for before the background job made it is made for that request.
   */
  makeMissingCover?: (file: string) => Promise<boolean>;
}

/**
 * The output format for a request without `format`: AVIF or WebP when the Accept header names it explicitly
 * (with a non-zero q), otherwise JPEG. Wildcards such as image/* do not count: every browser that sends
 * them can show JPEG, not every one can show AVIF.
 */
export function negotiateImageFormat(accept: string | undefined | null): ImageFormat {
  const accepted = new Set<string>();
  for (const part of (accept ?? "").toLowerCase().split(",")) {
    const [type, ...params] = part.split(";").map((s) => s.trim());
    if (!type) continue;
    const q = params.find((p) => p.startsWith("q="));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(type);
  }
  if (accepted.has("image/avif")) return "avif";
  if (accepted.has("image/webp")) return "webp";
  return "jpeg";
}

function isDimension(n: number | undefined): boolean {
  return n === undefined || (Number.isInteger(n) && n >= MIN_IMAGE_DIMENSION && n <= MAX_IMAGE_DIMENSION);
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

async function encode(source: Buffer, req: ImageVariantRequest): Promise<Buffer> {
  const meta = await sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS }).metadata();
  if (!meta.format || !SOURCE_FORMATS.has(meta.format)) {
    throw new Error(`Unsupported source image format: ${meta.format ?? "unknown"}`);
  }
  const image = sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS, autoOrient: true }).resize({
    width: req.width,
    height: req.height,
    fit: "cover",
    position: "centre",
  });
  switch (req.format) {
    case "jpeg":
      return image.flatten({ background: "#ffffff" }).jpeg({ quality: req.quality, progressive: true, mozjpeg: true }).toBuffer();
    case "webp":
      return image.webp({ quality: req.quality, effort: 4 }).toBuffer();
    case "avif":
      // AVIF's quality scale is stricter than JPEG's: quality − 20 looks alike at about half the bytes.
      // Effort 2 with 4:2:0 renders a 640 px cover in ~0.3 s instead of ~2 s at the default effort.
      return image
        .avif({ quality: Math.max(MIN_IMAGE_QUALITY, req.quality - 20), effort: 2, chromaSubsampling: "4:2:0" })
        .toBuffer();
  }
}

/** Cached variants (finished files only, not temp files being written), oldest first. */
async function listCache(cacheDir: string): Promise<{ file: string; size: number; mtimeMs: number }[]> {
  let names: string[];
  try {
    names = await readdir(cacheDir, { recursive: true });
  } catch (error) {
    if (errorCode(error) === "ENOENT") return [];
    throw error;
  }
  const files = await Promise.all(
    names
      .filter((name) => !name.endsWith(".tmp"))
      .map(async (name) => {
        const file = path.join(cacheDir, name);
        const info = await stat(file).catch(() => null);
        return info?.isFile() ? { file, size: info.size, mtimeMs: info.mtimeMs } : null;
      }),
  );
  return files.filter((f) => f !== null).sort((a, b) => a.mtimeMs - b.mtimeMs);
}

export function createImageService(options: ImageServiceOptions) {
  const roots = {
    covers: path.resolve(options.mediaDir, "covers"),
    photos: path.resolve(options.mediaDir, "photos"),
    images: path.resolve(options.publicDir, "images"),
  };
  const cacheDir = path.resolve(options.cacheDir);
  const limit = createLimiter(options.maxConcurrentRenders ?? Math.min(4, Math.max(1, os.availableParallelism())));
  const pending = new Map<string, Promise<{ body: Buffer; cached: boolean }>>();
  let renders = 0;

  // The cache's size is measured on the first write and then counted up; over budget, a sweep deletes the
  // oldest variants (they are re-rendered if asked for again). One sweep at a time.
  const maxCacheBytes = options.maxCacheBytes ?? 1024 ** 3;
  let cacheBytes: number | null = null;
  let sweeping: Promise<void> | null = null;
  async function sweep(): Promise<void> {
    const files = await listCache(cacheDir);
    let total = files.reduce((sum, f) => sum + f.size, 0);
    if (total > maxCacheBytes) {
      // Down to 80% of the budget, so the next sweep is not one write away.
      for (const f of files) {
        if (total <= maxCacheBytes * 0.8) break;
        await rm(f.file, { force: true });
        total -= f.size;
      }
    }
    cacheBytes = total;
  }
  function afterWrite(bytes: number): void {
    if (cacheBytes !== null) cacheBytes += bytes;
    if ((cacheBytes === null || cacheBytes > maxCacheBytes) && !sweeping) {
      sweeping = sweep()
        .catch((error) => console.error("[images] cache sweep failed:", error))
        .finally(() => (sweeping = null));
    }
  }

  /** The source file for an allowed path, checked to be a regular file inside its root (symlinks included). */
  async function sourceFile(src: string, retried = false): Promise<{ file: string; size: number; mtimeMs: number; key: string }> {
    const display = displayCoverUrl(src);
    const parsed = parseShopImagePath(display);
    if (!parsed) {
      throw new ValidationError(
        "url must be one of the shop's own image paths: /media/covers/{id}.jpg, /media/photos/{name}.jpg or /images/{name}.jpg|png|webp.",
      );
    }
    const root = roots[parsed.root];
    const file = path.join(root, parsed.file);
    const notFound = () => new NotFoundError(`No image at ${display}.`);
    if (path.dirname(file) !== root) throw notFound();
    try {
      const [realFile, realRoot] = await Promise.all([realpath(file), realpath(root)]);
      if (path.dirname(realFile) !== realRoot) throw notFound();
      const info = await stat(realFile);
      if (!info.isFile()) throw notFound();
      if (info.size > MAX_SOURCE_BYTES) throw new Error(`Source image ${display} is larger than ${MAX_SOURCE_BYTES} bytes.`);
      return { file: realFile, size: info.size, mtimeMs: Math.trunc(info.mtimeMs), key: `${parsed.root}/${parsed.file}` };
    } catch (error) {
      if (
        errorCode(error) === "ENOENT" &&
        parsed.root === "covers" &&
        !retried &&
        (await options.makeMissingCover?.(parsed.file))
      )
        return sourceFile(src, true);
      if (["ENOENT", "ENOTDIR", "ELOOP", "ENAMETOOLONG"].includes(errorCode(error) ?? "")) throw notFound();
      throw error;
    }
  }

  return {
    /**
     * The resized image: from the cache folder when it was made before, otherwise rendered, cached and returned.
     * ValidationError for a path outside the allowlist or bad parameters; NotFoundError when the file is missing.
     */
    async variant(req: ImageVariantRequest): Promise<ImageVariant> {
      if (req.width === undefined && req.height === undefined) throw new ValidationError("width or height is required.");
      if (!isDimension(req.width) || !isDimension(req.height)) {
        throw new ValidationError(
          `width and height must be whole numbers from ${MIN_IMAGE_DIMENSION} to ${MAX_IMAGE_DIMENSION}.`,
        );
      }
      if (!Number.isInteger(req.quality) || req.quality < MIN_IMAGE_QUALITY || req.quality > MAX_IMAGE_QUALITY) {
        throw new ValidationError(`quality must be a whole number from ${MIN_IMAGE_QUALITY} to ${MAX_IMAGE_QUALITY}.`);
      }
      if (!IMAGE_FORMATS.includes(req.format)) throw new ValidationError(`format must be one of ${IMAGE_FORMATS.join(", ")}.`);

      const source = await sourceFile(req.src);
      // The source's size and modification time are part of the key: a regenerated cover gets new variants.
      const identity = [RENDER_VERSION, source.key, source.size, source.mtimeMs];
      const params = [req.width ?? 0, req.height ?? 0, req.quality, req.format];
      const hash = createHash("sha256")
        .update(JSON.stringify([...identity, ...params]))
        .digest("hex")
        .slice(0, 32);
      const file = path.join(cacheDir, hash.slice(0, 2), `${hash}.${req.format}`);

      let job = pending.get(hash);
      if (!job) {
        job = (async () => {
          try {
            return { body: await readFile(file), cached: true };
          } catch (error) {
            if (errorCode(error) !== "ENOENT") throw error;
          }
          const body = await limit(async () => encode(await readFile(source.file), req));
          renders++;
          try {
            await writeFileAtomic(file, body);
            afterWrite(body.length);
          } catch (error) {
            // A full or read-only disk costs a re-render next time, not this answer.
            console.error(`[images] could not cache ${file}:`, error);
          }
          return { body, cached: false };
        })().finally(() => pending.delete(hash));
        pending.set(hash, job);
      }
      const { body, cached } = await job;
      return { body, cached, file, format: req.format, contentType: IMAGE_MIME_TYPES[req.format], etag: `"${hash}"` };
    },

    /** Counters for tests and diagnostics. */
    stats(): { renders: number; inFlight: number } {
      return { renders, inFlight: pending.size };
    },

    /** Resolves when no cache sweep is running (for tests and shutdown). */
    async idle(): Promise<void> {
      while (sweeping) await sweeping;
    },
  };
}

export type ImageService = ReturnType<typeof createImageService>;
