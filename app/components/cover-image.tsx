import { displayCoverUrl } from "~/domain/catalogue/cover";
import { DEFAULT_COVER_URL } from "~/domain/catalogue/hiding";
import { COVER_WIDTHS, coverSrcSet, coverVariantUrl, isShopImagePath } from "~/domain/images/image-url";
import { createKeptByKey } from "~/domain/shared/kept-by-key";

export interface CoverImageProps {
  /** The stored cover address, e.g. "/media/covers/track-1.jpg" ('.ki' is shown as '.jpg'). */
  src: string;
  alt: string;
  /** The image's rendered width per layout, e.g. "(min-width: 768px) 25vw, 50vw". */
  sizes: string;
  /** Intrinsic width and height: the browser reserves the box from them, so nothing shifts. */
  width: number;
  height: number;
  /** The page's main image (LCP): load eagerly at high priority instead of lazily. */
  priority?: boolean;
  /** Classes for the <img>. */
  className?: string;
  /** srcset widths; defaults to COVER_WIDTHS (240–640, the generated covers being 600 px). */
  widths?: readonly number[];
}

/**
 * A cover through the image endpoint (short /img/… addresses): one srcset whose addresses leave the format to the
 * endpoint (AVIF, WebP or JPEG by the browser's Accept header), so the browser fetches the smallest file that fills
 * `sizes` in the best format it takes. A `<picture>` with a source per format said the same in three times the
 * HTML (1 KB a cover). Addresses the endpoint cannot resize (not one of the shop's own image paths) are shown as
 * they are.
 */
export function CoverImage({
  src,
  alt,
  sizes,
  width,
  height,
  priority = false,
  className,
  widths = COVER_WIDTHS,
}: CoverImageProps) {
  // Spelled out rather than spread in: on this Node an object literal that starts with a spread costs about 1.5 µs
  // (docs/decisions/0040-no-leading-spreads.md), and a grid renders a cover per card.
  const loading = priority ? "eager" : "lazy";
  const fetchPriority = priority ? "high" : undefined;
  const decoding = priority ? undefined : "async";
  const sources = widths === COVER_WIDTHS ? defaultCoverSources(src, width) : coverSources(src, width, widths);
  // An address the endpoint cannot resize has no srcset (and so no sizes): React leaves out what is undefined.
  const srcSet = sources.srcSet ?? undefined;
  return (
    // loading first: when React creates the element, it is lazy before it has a src to fetch.
    <img
      loading={loading}
      fetchPriority={fetchPriority}
      decoding={decoding}
      srcSet={srcSet}
      sizes={srcSet && sizes}
      src={sources.src}
      alt={alt}
      width={width}
      height={height}
      className={className}
    />
  );
}

/** The img's addresses: a srcset for the shop's own images (null for others, shown as they are) and its src. */
interface CoverSources {
  src: string;
  srcSet: string | null;
}

function coverSources(src: string, width: number, widths: readonly number[]): CoverSources {
  const display = displayCoverUrl(src) || DEFAULT_COVER_URL;
  if (!isShopImagePath(display)) return { src: display, srcSet: null };
  // The src (for a browser without srcset) is the smallest offered width that covers the intrinsic width.
  const sorted = [...widths].sort((a, b) => a - b);
  const fallbackWidth = sorted.find((w) => w >= width) ?? sorted[sorted.length - 1] ?? width;
  return { src: coverVariantUrl(display, fallbackWidth), srcSet: coverSrcSet(display, widths) };
}

/**
 * A listing renders the same covers page after page: each cover's addresses for the default widths are worked out
 * once (about 3% of rendering a page of cards). Bounded: a catalogue larger than this only recounts.
 */
const keptSources = createKeptByKey<CoverSources>(5_000);

function defaultCoverSources(src: string, width: number): CoverSources {
  return keptSources(`${width} ${src}`, () => coverSources(src, width, COVER_WIDTHS));
}
