/**
 * Rasterises cover SVGs to JPEG with sharp (librsvg). Files are written to a temporary name
 * and renamed, so a crash or a concurrent reader never sees half a JPEG.
 */
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

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
