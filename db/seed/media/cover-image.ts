/**
 * Rasterises cover SVGs to JPEG with sharp (librsvg). Files are written to a temporary name
 * and renamed, so a crash or a concurrent reader never sees half a JPEG.
 */
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { COVER_FONT } from "./cover-text";

const JPEG = { quality: 82, progressive: true, mozjpeg: false } as const;

/** JPEG bytes for an SVG, rendered at the density that gives `size` pixels without resampling. */
export async function coverJpeg(svg: string, size = 600): Promise<Buffer> {
  const declared = Number(/<svg[^>]*\swidth="([\d.]+)"/.exec(svg)?.[1] ?? size);
  const density = Math.min(2400, Math.max(1, (72 * size) / (declared > 0 ? declared : size)));
  return sharp(Buffer.from(svg), { density })
    .resize(size, size, { fit: "cover" })
    .flatten({ background: "#ffffff" })
    .jpeg(JPEG)
    .toBuffer();
}

/** Write bytes via a temp file in the same folder, then rename into place. */
export async function writeFileAtomic(outPath: string, data: Uint8Array): Promise<void> {
  await mkdir(path.dirname(outPath), { recursive: true });
  const tmp = `${outPath}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await writeFile(tmp, data);
    await rename(tmp, outPath);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}

export async function renderCover(svg: string, outPath: string, size = 600): Promise<void> {
  await writeFileAtomic(outPath, await coverJpeg(svg, size));
}

/** A neutral grey "no cover" sleeve with a record icon, for records without artwork. */
export function defaultCoverSvg(size = 600): string {
  const grooves = Array.from({ length: 9 }, (_, i) => `<circle cx="300" cy="270" r="${60 + i * 9}" fill="none" stroke="#ffffff" stroke-opacity="0.07"/>`).join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 600 600">` +
    `<rect width="600" height="600" fill="#d9d9d6"/>` +
    `<rect x="24" y="24" width="552" height="552" fill="none" stroke="#c4c4c0" stroke-width="2"/>` +
    `<circle cx="300" cy="270" r="150" fill="#4a4a4a"/>${grooves}` +
    `<circle cx="300" cy="270" r="48" fill="#9a9a96"/><circle cx="300" cy="270" r="6" fill="#d9d9d6"/>` +
    `<text x="300" y="490" font-family="${COVER_FONT}" font-size="20" font-weight="700" letter-spacing="4" ` +
    `fill="#7a7a76" text-anchor="middle">NO COVER IMAGE</text></svg>`
  );
}

export async function renderDefaultCover(outPath: string, size = 600): Promise<void> {
  await renderCover(defaultCoverSvg(size), outPath, size);
}
