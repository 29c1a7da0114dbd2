/**
 * Addresses of resized covers from GET /api/album-image (spec §7), and the rule for which images it may read.
 * Pure and browser-safe: components build srcsets with it and the server validates with the same allowlist.
 */
import { displayCoverUrl } from "~/domain/catalogue/cover";

export const ALBUM_IMAGE_ENDPOINT = "/api/album-image";

/** Output formats, best compression first (the order content negotiation prefers them in). */
export const IMAGE_FORMATS = ["avif", "webp", "jpeg"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const IMAGE_MIME_TYPES: Record<ImageFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};

/** Spec §7: default quality 85. */
export const DEFAULT_IMAGE_QUALITY = 85;
export const MIN_IMAGE_QUALITY = 1;
export const MAX_IMAGE_QUALITY = 100;
export const MIN_IMAGE_DIMENSION = 16;
export const MAX_IMAGE_DIMENSION = 1600;

/**
 * Widths offered in cover srcsets. Generated covers are 600 px square, so nothing wider than 640 is
 * offered: a larger variant would only be an upscale, more bytes for no more detail. Nothing narrower than 240:
 * the smallest card (half a 390 px phone, about 170 px) needs 340 px or more on any phone's screen, and a
 * candidate no browser picks is 36 bytes of HTML per cover.
 */
export const COVER_WIDTHS = [240, 320, 480, 640] as const;

// A plain file name: starts with a letter or digit, then letters, digits, dot, underscore or hyphen, and never
// "..". No slash, backslash, percent sign, NUL, whitespace, query or fragment can get through.
const SAFE_NAME = "[A-Za-z0-9][A-Za-z0-9._-]{0,127}";
const COVER_PATH = new RegExp(`^/media/covers/(${SAFE_NAME})\\.jpg$`);
const PHOTO_PATH = new RegExp(`^/media/photos/(${SAFE_NAME})\\.jpg$`);
const PUBLIC_IMAGE_PATH = new RegExp(`^/images/(${SAFE_NAME})\\.(jpg|png|webp)$`);

/** Which folder a shop image lives in and its file name there. */
export interface ShopImagePath {
  root: "covers" | "photos" | "images";
  file: string;
}

/**
 * The allowlist of images the image endpoint may read: `/media/covers/{id}.jpg` (covers),
 * `/media/photos/{name}.jpg` (photos of used copies) and `/images/{name}.jpg|png|webp` (public files). Anything else (a scheme, a host, "//", "..", percent-encoding,
 * backslashes, NUL, a query string) gives null. Apply displayCoverUrl first when the address is a stored cover.
 */
export function parseShopImagePath(url: unknown): ShopImagePath | null {
  if (typeof url !== "string" || url.length > 256) return null;
  const cover = COVER_PATH.exec(url);
  if (cover) {
    const name = cover[1]!;
    return name.includes("..") ? null : { root: "covers", file: `${name}.jpg` };
  }
  const photo = PHOTO_PATH.exec(url);
  if (photo) {
    const name = photo[1]!;
    return name.includes("..") ? null : { root: "photos", file: `${name}.jpg` };
  }
  const image = PUBLIC_IMAGE_PATH.exec(url);
  if (image) {
    const name = image[1]!;
    return name.includes("..") ? null : { root: "images", file: `${name}.${image[2]!}` };
  }
  return null;
}

/** True when the address (after the '.ki' display rule) is one the image endpoint can resize. */
export function isShopImagePath(src: string | null | undefined): boolean {
  return parseShopImagePath(displayCoverUrl(src)) !== null;
}

export interface AlbumImageOptions {
  /** Output width in pixels; rounded and kept within 16–1600. */
  width: number;
  /** Output height; omitted keeps the source's aspect ratio. With both, the image is cropped to fill (fit: cover). */
  height?: number;
  /** 1–100; omitted means the endpoint's default, 85. */
  quality?: number;
  /** Omitted lets the endpoint choose from the browser's Accept header. */
  format?: ImageFormat;
}

function clamp(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return max;
  return Math.min(max, Math.max(min, Math.round(value)));
}

export const clampImageDimension = (px: number) => clamp(px, MIN_IMAGE_DIMENSION, MAX_IMAGE_DIMENSION);

// "/" stays readable in the query (RFC 3986 allows it there); commas and spaces are escaped, so the address is
// safe inside a srcset.
const encode = (value: string) => encodeURIComponent(value).replace(/%2F/g, "/");

/**
 * `/api/album-image?url=…&width=…` for a shop image. Parameters always come in the same order and the default
 * quality is left out, so one variant has one address (one browser-cache and CDN entry).
 */
export function albumImageUrl(src: string, { width, height, quality, format }: AlbumImageOptions): string {
  const parts = [`url=${encode(displayCoverUrl(src))}`, `width=${clampImageDimension(width)}`];
  if (height !== undefined) parts.push(`height=${clampImageDimension(height)}`);
  if (quality !== undefined) {
    const q = clamp(quality, MIN_IMAGE_QUALITY, MAX_IMAGE_QUALITY);
    if (q !== DEFAULT_IMAGE_QUALITY) parts.push(`quality=${q}`);
  }
  if (format) parts.push(`format=${format}`);
  return `${ALBUM_IMAGE_ENDPOINT}?${parts.join("&")}`;
}

/**
 * The short address of one cover variant, `/img/{width}/{covers|photos|images}/{file}`: the same image as
 * `albumImageUrl(src, { width })` in under half the characters. Without a format the endpoint picks AVIF, WebP or
 * JPEG from the browser's Accept header (and says `Vary: Accept`), so one srcset serves every browser where a
 * `<picture>` needed three; `/img/{width}/{format}/…` names one format. Addresses the endpoint cannot read keep
 * the long form.
 */
export function coverVariantUrl(src: string, width: number, format?: ImageFormat): string {
  const display = displayCoverUrl(src);
  const image = parseShopImagePath(display);
  if (!image) return albumImageUrl(src, format ? { width, format } : { width });
  return `${COVER_VARIANT_PREFIX}/${clampImageDimension(width)}/${format ? `${format}/` : ""}${image.root}/${image.file}`;
}

export const COVER_VARIANT_PREFIX = "/img";
const COVER_VARIANT_PATH = /^\/(\d{1,5})\/(?:(avif|webp|jpeg)\/)?(covers|photos|images)\/([^/]{1,160})$/;

/**
 * Reads the part of a short variant address after `/img` back into the image endpoint's parameters, or null
 * when anything is off: the same allowlist as the long form (parseShopImagePath), a width within 16–1600. A null
 * format is the browser's choice (content negotiation).
 */
export function parseCoverVariantPath(path: string): { url: string; width: number; format: ImageFormat | null } | null {
  const match = COVER_VARIANT_PATH.exec(path);
  if (!match) return null;
  const width = Number(match[1]);
  if (width < MIN_IMAGE_DIMENSION || width > MAX_IMAGE_DIMENSION) return null;
  const url = match[3] === "images" ? `/images/${match[4]!}` : `/media/${match[3]!}/${match[4]!}`;
  if (!parseShopImagePath(url)) return null;
  return { url, width, format: (match[2] as ImageFormat | undefined) ?? null };
}

/**
 * A srcset with one `{url} {w}w` candidate per width (deduplicated after clamping, narrowest first); without a
 * format, each candidate is negotiated.
 */
export function coverSrcSet(src: string, widths: readonly number[], format?: ImageFormat): string {
  const unique = [...new Set(widths.map(clampImageDimension))].sort((a, b) => a - b);
  return unique.map((w) => `${coverVariantUrl(src, w, format)} ${w}w`).join(", ");
}
