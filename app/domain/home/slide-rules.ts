/**
 * Rules for the home page's hero slides as the back office sets them (spec §3 Slide): readable colours, links that
 * stay in the shop, and the sizes uploaded images are stored at. Browser-safe.
 */
import type { Slide } from "./slideshow";

export const SLIDE_LIMITS = { title: 80, description: 240, buttonText: 30, buttonLink: 200 } as const;
/** More slides than this and the last would hardly be seen at 6 s each. */
export const MAX_ACTIVE_SLIDES = 6;
/** Stored image sizes: the default slide's artwork sizes (wide for 768 px and up, tall below). */
export const SLIDE_IMAGE_SIZES = { desktop: { width: 1600, height: 720 }, mobile: { width: 800, height: 1000 } } as const;
export const SLIDE_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** WCAG 2 AA for normal text: the description is body-sized. */
export const MIN_CONTRAST = 4.5;

const HEX = /^#[0-9a-f]{6}$/i;
export const isHexColour = (v: string) => HEX.test(v);

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The WCAG 2 contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * A button link the shop accepts: a path on this shop ("/allvinyl", "/browse?genre=Jazz"), never another site
 * ("//evil.example", "https://…", "javascript:…") or a path with a backslash or control character.
 */
export function isShopLink(link: string): boolean {
  if (link.length === 0 || link.length > SLIDE_LIMITS.buttonLink) return false;
  if (!link.startsWith("/") || link.startsWith("//")) return false;
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  return !/[\\\s\u0000-\u001f\u007f]/.test(link);
}

/** A slide as the shop stores it (home_slides). */
export interface StoredSlide {
  id: number;
  title: string;
  description: string;
  buttonText: string;
  buttonLink: string;
  bgColor: string;
  textColor: string;
  bgImage: string | null;
  mobileImage: string | null;
}

/** A stored slide as the slideshow takes it: no image is the colour alone; no tall image, phones get the wide one. */
export function toSlide(row: StoredSlide): Slide {
  return {
    id: `slide-${row.id}`,
    title: row.title,
    description: row.description,
    buttonText: row.buttonText,
    buttonLink: row.buttonLink,
    bgColor: row.bgColor,
    textColor: row.textColor,
    bgImage: row.bgImage ?? "",
    mobileImage: row.mobileImage ?? row.bgImage ?? "",
  };
}
