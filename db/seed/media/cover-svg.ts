/**
 * Deterministic album-sleeve artwork as SVG. The design family and palette come from a PRNG
 * seeded by the catalogue id (palette nudged by genre), so a record keeps its cover forever;
 * title and artist are set as real text. Pure: no Node APIs, no external references.
 */
import { DESIGN_NAMES, DESIGNS, type DesignName } from "./cover-designs";
import { pickPalette } from "./cover-palettes";
import { cleanText } from "./cover-text";
import { hashString, pick, rngFor } from "./prng";

export { DESIGN_NAMES, type DesignName } from "./cover-designs";
export { escapeXml } from "./cover-text";
export { hashString, mulberry32 } from "./prng";

export interface CoverInput {
  catalogueId: string;
  title: string;
  artist: string;
  genre: string | null;
  /** Pixel width and height of the SVG; the drawing itself is always laid out on 600×600. */
  size?: number;
}

/**
 * Designs that belong to one record alone. The stacked pulse lines are the sleeve of Unknown
 * Pleasures; on any other record they would read as that album's cover, so no other record gets them.
 */
export const SIGNATURE_DESIGNS: Readonly<Record<string, DesignName>> = { "unknown-pleasures": "ridges" };

const SIGNATURES = new Set<DesignName>(Object.values(SIGNATURE_DESIGNS));
/** The families any record may get. */
export const SHARED_DESIGN_NAMES: readonly DesignName[] = DESIGN_NAMES.filter((d) => !SIGNATURES.has(d));

/** The design family a catalogue id gets (exposed so samples can show every family). */
export function coverDesignFor(catalogueId: string): DesignName {
  const own = SIGNATURE_DESIGNS[catalogueId];
  if (own) return own;
  const rng = rngFor(catalogueId, "cover-design");
  const first = pick(rng, DESIGN_NAMES);
  // A second draw only where the first landed on another record's signature, so other sleeves stay as they were.
  return SIGNATURES.has(first) ? pick(rng, SHARED_DESIGN_NAMES) : first;
}

export function coverSvg(input: CoverInput, design: DesignName = coverDesignFor(input.catalogueId)): string {
  const size = input.size ?? 600;
  if (!Number.isFinite(size) || size <= 0) throw new Error(`Invalid cover size: ${size}`);
  const hash = hashString(input.catalogueId);
  const rng = rngFor(input.catalogueId, "cover");
  const pal = pickPalette(rng, input.genre);
  const uid = `c${hash.toString(36)}`;
  const body = DESIGNS[design]({
    rng,
    pal,
    uid,
    title: cleanText(input.title, "Untitled"),
    artist: cleanText(input.artist, "Unknown Artist"),
    catNo: `NDL ${String(1000 + (hash % 9000))}`,
  });
  // A faint vignette reads as printed card under light rather than flat screen colour. The
  // gradient is clear within 270px of the centre, so that disc is cut out of the overlay:
  // librsvg then composites about a third of the pixels.
  const vignette =
    `<defs><radialGradient id="${uid}v" gradientUnits="userSpaceOnUse" cx="300" cy="300" r="450">` +
    `<stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.16"/></radialGradient></defs>` +
    `<path fill-rule="evenodd" fill="url(#${uid}v)" d="M0 0H600V600H0Z M30 300A270 270 0 1 0 570 300A270 270 0 1 0 30 300Z"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 600 600">` + `${body}${vignette}</svg>`
  );
}
