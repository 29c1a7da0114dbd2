import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderCover } from "../../db/seed/media/cover-image";
import { coverSvg } from "../../db/seed/media/cover-svg";
import { NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { createImageService, negotiateImageFormat, type ImageVariantRequest } from "./images";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-images-"));
const mediaDir = path.join(root, "media");
const publicDir = path.join(root, "public");
const cacheDir = path.join(mediaDir, "resized");
const outside = path.join(root, "outside.jpg");

const service = () => createImageService({ mediaDir, publicDir, cacheDir });
const cover = (over: Partial<ImageVariantRequest> = {}): ImageVariantRequest => ({
  src: "/media/covers/track-1.jpg",
  width: 320,
  quality: 85,
  format: "jpeg",
  ...over,
});

function cacheFiles(): string[] {
  if (!fs.existsSync(cacheDir)) return [];
  return fs
    .readdirSync(cacheDir, { recursive: true, encoding: "utf8" })
    .filter((f) => fs.statSync(path.join(cacheDir, f)).isFile());
}

beforeAll(async () => {
  await renderCover(
    coverSvg({ catalogueId: "track-1", title: "Blue Hours", artist: "The Fenlands", genre: "Jazz" }),
    path.join(mediaDir, "covers", "track-1.jpg"),
  );
  await renderCover(
    coverSvg({ catalogueId: "track-2", title: "Pink Moon", artist: "Nick Drake", genre: "Folk" }),
    path.join(mediaDir, "covers", "track-2.jpg"),
  );
  fs.mkdirSync(path.join(publicDir, "images"), { recursive: true });
  const wide = sharp({ create: { width: 800, height: 400, channels: 4, background: { r: 200, g: 40, b: 10, alpha: 0.5 } } });
  await wide
    .clone()
    .png()
    .toFile(path.join(publicDir, "images", "wide.png"));
  await wide
    .clone()
    .webp()
    .toFile(path.join(publicDir, "images", "wide.webp"));
  fs.writeFileSync(path.join(publicDir, "images", "broken.jpg"), "this is not an image");
  await sharp({ create: { width: 50, height: 50, channels: 3, background: "#000" } })
    .jpeg()
    .toFile(outside);
  fs.symlinkSync(outside, path.join(mediaDir, "covers", "escape.jpg"));
  fs.mkdirSync(path.join(mediaDir, "covers", "folder.jpg"));
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("rendering", () => {
  it.each([
    ["jpeg", "image/jpeg"],
    ["webp", "image/webp"],
    ["avif", "image/avif"],
  ] as const)("renders %s at the requested width and height", async (format, contentType) => {
    const image = await service().variant(cover({ width: 240, height: 180, format }));
    expect(image.contentType).toBe(contentType);
    const meta = await sharp(image.body).metadata();
    expect(meta.format).toBe(format === "avif" ? "heif" : format);
    expect(meta.width).toBe(240);
    expect(meta.height).toBe(180);
  });

  it("keeps the aspect ratio when only one side is given", async () => {
    const images = service();
    const byWidth = await images.variant({ src: "/images/wide.png", width: 200, quality: 85, format: "webp" });
    expect(await sharp(byWidth.body).metadata()).toMatchObject({ width: 200, height: 100 });
    const tall = await images.variant({ src: "/images/wide.webp", height: 50, quality: 85, format: "jpeg" });
    expect(await sharp(tall.body).metadata()).toMatchObject({ format: "jpeg", width: 100, height: 50 });
  });

  it("crops to fill both sides (fit: cover), flattening transparency for JPEG only", async () => {
    const images = service();
    const jpeg = await images.variant({ src: "/images/wide.png", width: 100, height: 100, quality: 85, format: "jpeg" });
    expect(await sharp(jpeg.body).metadata()).toMatchObject({ width: 100, height: 100, hasAlpha: false });
    const webp = await images.variant({ src: "/images/wide.png", width: 100, height: 100, quality: 85, format: "webp" });
    expect(await sharp(webp.body).metadata()).toMatchObject({ width: 100, height: 100, hasAlpha: true });
  });

  it("uses the quality: lower quality, fewer bytes", async () => {
    const images = service();
    const low = await images.variant(cover({ width: 400, quality: 30 }));
    const high = await images.variant(cover({ width: 400, quality: 95 }));
    expect(low.body.length).toBeLessThan(high.body.length);
    expect(low.etag).not.toBe(high.etag);
  });

  it("applies the '.ki' display rule", async () => {
    const images = service();
    const ki = await images.variant(cover({ src: "/media/covers/track-1.ki", width: 64 }));
    const jpg = await images.variant(cover({ width: 64 }));
    expect(ki.etag).toBe(jpg.etag);
  });
});

describe("disk cache", () => {
  it("writes each variant once under cacheDir and serves it from there afterwards", async () => {
    const images = service();
    const first = await images.variant(cover({ width: 300, format: "webp" }));
    expect(first.cached).toBe(false);
    expect(first.file.startsWith(cacheDir + path.sep)).toBe(true);
    expect(fs.readFileSync(first.file).equals(first.body)).toBe(true);
    expect(first.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(images.stats().renders).toBe(1);

    const second = await images.variant(cover({ width: 300, format: "webp" }));
    expect(second.cached).toBe(true);
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.etag).toBe(first.etag);
    expect(images.stats().renders).toBe(1);

    // A new service (a restart) reads the same file, and really reads it from disk.
    fs.writeFileSync(first.file, Buffer.from("bytes from the cache file"));
    const restarted = await service().variant(cover({ width: 300, format: "webp" }));
    expect(restarted.cached).toBe(true);
    expect(restarted.body.toString()).toBe("bytes from the cache file");
    fs.rmSync(first.file);
  });

  it("shares one render between concurrent identical requests", async () => {
    const images = service();
    const results = await Promise.all(Array.from({ length: 8 }, () => images.variant(cover({ width: 350, format: "avif" }))));
    expect(images.stats()).toEqual({ renders: 1, inFlight: 0 });
    for (const r of results) expect(r.body.equals(results[0]!.body)).toBe(true);
  });

  it("renders different variants separately, a few at a time, leaving no temp files", async () => {
    const images = createImageService({ mediaDir, publicDir, cacheDir, maxConcurrentRenders: 1 });
    const widths = [100, 110, 120, 130];
    const results = await Promise.all(widths.map((width) => images.variant(cover({ src: "/media/covers/track-2.jpg", width }))));
    expect(new Set(results.map((r) => r.etag)).size).toBe(widths.length);
    expect(images.stats().renders).toBe(widths.length);
    expect(cacheFiles().filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("makes new variants when the source file changes", async () => {
    const images = service();
    const file = path.join(mediaDir, "covers", "track-3.jpg");
    await renderCover(coverSvg({ catalogueId: "track-3", title: "A", artist: "B", genre: null }), file);
    const before = await images.variant(cover({ src: "/media/covers/track-3.jpg", width: 90 }));
    await renderCover(coverSvg({ catalogueId: "track-3", title: "A", artist: "B", genre: null }), file, 500);
    const future = new Date(Date.now() + 5000);
    fs.utimesSync(file, future, future);
    const after = await images.variant(cover({ src: "/media/covers/track-3.jpg", width: 90 }));
    expect(after.cached).toBe(false);
    expect(after.etag).not.toBe(before.etag);
  });
});

describe("what it refuses", () => {
  it.each([
    "http://evil.example/a.jpg",
    "//evil.example/a.jpg",
    "http://127.0.0.1/media/covers/track-1.jpg",
    "file:///etc/passwd",
    "data:image/png;base64,iVBORw0KGgo=",
    "/media/covers/../../outside.jpg",
    "/media/covers/%2e%2e%2foutside.jpg",
    "/media/covers\\..\\..\\outside.jpg",
    "/media/covers/track-1.jpg\0",
    "/media/covers/track-1.jpg?x=1",
    "/media/audio/track-1.wav",
    "/media/resized/x.jpeg",
  ])("refuses %j with a ValidationError", async (src) => {
    await expect(service().variant(cover({ src }))).rejects.toBeInstanceOf(ValidationError);
  });

  it("answers NotFoundError for a missing file, a folder, or a link out of its folder", async () => {
    for (const src of [
      "/media/covers/track-404.jpg",
      "/media/covers/folder.jpg",
      "/media/covers/escape.jpg",
      "/images/missing.png",
    ]) {
      await expect(service().variant(cover({ src }))).rejects.toBeInstanceOf(NotFoundError);
    }
    const noMedia = createImageService({ mediaDir: path.join(root, "nowhere"), publicDir, cacheDir });
    await expect(noMedia.variant(cover())).rejects.toBeInstanceOf(NotFoundError);
  });

  it("refuses bad parameters", async () => {
    const bad: Partial<ImageVariantRequest>[] = [
      { width: undefined, height: undefined },
      { width: 15 },
      { width: 1601 },
      { width: 100.5 },
      { height: 0 },
      { quality: 0 },
      { quality: 101 },
      { format: "gif" as never },
    ];
    for (const over of bad) await expect(service().variant(cover(over))).rejects.toBeInstanceOf(ValidationError);
  });

  it("fails a file that is not an image without caching anything", async () => {
    const images = service();
    const before = cacheFiles().length;
    await expect(images.variant({ src: "/images/broken.jpg", width: 100, quality: 85, format: "jpeg" })).rejects.toThrow();
    expect(cacheFiles().length).toBe(before);
    expect(images.stats()).toEqual({ renders: 0, inFlight: 0 });
  });
});

describe("negotiateImageFormat", () => {
  it("prefers AVIF, then WebP, when the Accept header names them", () => {
    expect(negotiateImageFormat("image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8")).toBe("avif");
    expect(negotiateImageFormat("image/webp,*/*")).toBe("webp");
    expect(negotiateImageFormat("IMAGE/WEBP")).toBe("webp");
  });

  it("falls back to JPEG for wildcards, q=0 and no header", () => {
    expect(negotiateImageFormat("*/*")).toBe("jpeg");
    expect(negotiateImageFormat("image/*")).toBe("jpeg");
    expect(negotiateImageFormat("image/avif;q=0, image/webp;q=0.0")).toBe("jpeg");
    expect(negotiateImageFormat("image/avif;q=0,image/webp;q=0.5")).toBe("webp");
    expect(negotiateImageFormat(undefined)).toBe("jpeg");
    expect(negotiateImageFormat("")).toBe("jpeg");
  });
});

describe("disk budget", () => {
  it("deletes the oldest variants when the cache grows past its budget", async () => {
    const dir = fs.mkdtempSync(path.join(root, "budget-"));
    const images = createImageService({ mediaDir, publicDir, cacheDir: dir, maxCacheBytes: 60_000 });
    const size = () => cacheFilesIn(dir).reduce((sum, f) => sum + fs.statSync(f).size, 0);
    const first = await images.variant(cover({ width: 200 }));
    await images.idle();
    for (const width of [210, 220, 230, 240, 250, 260, 270, 280]) {
      await images.variant(cover({ width }));
      await images.idle();
      expect(size()).toBeLessThanOrEqual(60_000 + 40_000); // budget plus, at most, the variant just written
    }
    expect(fs.existsSync(first.file)).toBe(false);
    // An evicted variant is simply rendered again.
    const again = await images.variant(cover({ width: 200 }));
    expect(again.cached).toBe(false);
    expect(again.body.equals(first.body)).toBe(true);
  });
});

function cacheFilesIn(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((f) => path.join(dir, f))
    .filter((f) => fs.statSync(f).isFile());
}
