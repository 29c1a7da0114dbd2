import { Icon, type IconName } from "~/components/icons/icon";
import { useEffect, useMemo, useRef, useState } from "react";
import { z } from "~/domain/shared/zod";
import { CoverImage } from "~/components/cover-image";
import { displayCoverUrl } from "~/domain/catalogue/cover";
import { recordPath } from "~/domain/catalogue/slug";
import { absoluteUrl } from "~/domain/seo/structured-data";
import { ALBUM_IMAGE_ENDPOINT, albumImageUrl, type ImageFormat } from "~/domain/images/image-url";
import {
  CLS_THRESHOLDS,
  formatBytes,
  formatCls,
  formatMs,
  IMAGE_PRELOAD_TIMEOUT_MS,
  IMAGE_RATING_LABELS,
  INP_THRESHOLDS,
  LCP_THRESHOLDS,
  rateCls,
  rateImageLoad,
  rateInp,
  rateLcp,
  RATING_LABELS,
  SLOW_RESOURCE_THRESHOLD_MS,
  summariseImageTimings,
  type Rating,
} from "~/domain/images/perf-ratings";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/image-performance-test";

const SIZES = [160, 320, 640] as const;
const FORMATS = ["jpeg", "webp", "avif"] as const satisfies readonly ImageFormat[];
const FORMAT_LABELS: Record<ImageFormat, string> = { jpeg: "JPEG", webp: "WebP", avif: "AVIF" };
const PATH = "/image-performance-test";

const search = z.object({
  format: z.enum(["mixed", "jpeg", "webp", "avif"]).catch("mixed"),
  size: z.enum(["mixed", "160", "320", "640"]).catch("mixed"),
});
type Choice = z.infer<typeof search>;

export function loader({ context, url }: Route.LoaderArgs) {
  const choice = search.parse(Object.fromEntries(url.searchParams));
  const { items } = context.services.catalogue.list({ page: 1, limit: 12, today: context.today });
  return {
    ...choice,
    canonicalUrl: absoluteUrl(url.origin, PATH),
    covers: items.map((r) => ({
      id: r.id,
      title: r.title,
      artist: r.artist,
      coverUrl: displayCoverUrl(r.coverUrl),
      href: recordPath(r),
    })),
  };
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta({
    title: "Image performance test",
    description: "How fast Needledrop's record covers load at each size and format, with this page's web vitals.",
    url: data?.canonicalUrl,
  }),
  { name: "robots", content: "noindex" },
];

/** Mixed mode gives the first nine covers every size × format pair: sizes cycle fastest, then formats. */
function variantFor(index: number, choice: Choice): { format: ImageFormat; width: number } {
  return {
    width: choice.size === "mixed" ? SIZES[index % SIZES.length]! : Number(choice.size),
    format: choice.format === "mixed" ? FORMATS[Math.floor(index / SIZES.length) % FORMATS.length]! : choice.format,
  };
}

function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Resource Timing entries of image-endpoint requests, by absolute URL, including those made before hydration. */
function useImageTimings(): Map<string, PerformanceResourceTiming> {
  const [entries, setEntries] = useState(() => new Map<string, PerformanceResourceTiming>());
  useEffect(() => {
    if (typeof PerformanceObserver === "undefined" || !PerformanceObserver.supportedEntryTypes?.includes("resource")) return;
    const observer = new PerformanceObserver((list) => {
      const fresh = (list.getEntries() as PerformanceResourceTiming[]).filter((e) => e.name.includes(ALBUM_IMAGE_ENDPOINT));
      if (fresh.length === 0) return;
      setEntries((prev) => {
        const next = new Map(prev);
        for (const entry of fresh) next.set(entry.name, entry);
        return next;
      });
    });
    observer.observe({ type: "resource", buffered: true });
    return () => observer.disconnect();
  }, []);
  return entries;
}

type VitalName = "LCP" | "CLS" | "INP";

function useWebVitals(): { values: Partial<Record<VitalName, number>>; failed: boolean } {
  const [values, setValues] = useState<Partial<Record<VitalName, number>>>({});
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let active = true;
    const report = (name: VitalName) => (metric: { value: number }) => {
      if (active) setValues((v) => ({ ...v, [name]: metric.value }));
    };
    import("web-vitals")
      .then(({ onLCP, onCLS, onINP }) => {
        onLCP(report("LCP"), { reportAllChanges: true });
        onCLS(report("CLS"), { reportAllChanges: true });
        onINP(report("INP"), { reportAllChanges: true });
      })
      .catch(() => active && setFailed(true));
    // web-vitals has no unsubscribe: later reports are ignored instead.
    return () => {
      active = false;
    };
  }, []);
  return { values, failed };
}

const BADGE_STYLE: Record<Rating, string> = {
  good: "bg-emerald-100 text-emerald-900 ring-emerald-700/30",
  "needs-improvement": "bg-amber-100 text-amber-950 ring-amber-700/30",
  poor: "bg-red-100 text-red-900 ring-red-700/30",
};
const BADGE_ICON: Record<Rating, IconName> = {
  good: "circle-check",
  "needs-improvement": "alert-triangle",
  poor: "circle-x",
};

function Badge({ rating, children }: { rating: Rating; children: React.ReactNode }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${BADGE_STYLE[rating]}`}
    >
      <Icon name={BADGE_ICON[rating]} className="size-3.5" />
      {children}
    </span>
  );
}

const MUTED_PILL =
  "inline-flex rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-600 ring-1 ring-inset ring-stone-300";

interface VitalSpec {
  name: VitalName;
  title: string;
  rate: (value: number) => Rating;
  format: (value: number) => string;
  thresholds: string;
  waiting: string;
  measured: string;
}

const VITALS: VitalSpec[] = [
  {
    name: "LCP",
    title: "Largest Contentful Paint",
    rate: rateLcp,
    format: formatMs,
    thresholds: `Good under ${formatMs(LCP_THRESHOLDS.needsImprovement)}, poor from ${formatMs(LCP_THRESHOLDS.poor)}`,
    waiting: "Waiting for the largest paint…",
    measured: "When the largest cover or text block was painted.",
  },
  {
    name: "CLS",
    title: "Cumulative Layout Shift",
    rate: rateCls,
    format: formatCls,
    thresholds: `Good under ${CLS_THRESHOLDS.needsImprovement}, poor from ${CLS_THRESHOLDS.poor}`,
    waiting: "Waiting for the first paint…",
    measured: "How much the layout moved while loading; lower is better.",
  },
  {
    name: "INP",
    title: "Interaction to Next Paint",
    rate: rateInp,
    format: formatMs,
    thresholds: `Rated with FID's budget: good under ${formatMs(INP_THRESHOLDS.needsImprovement)}, poor from ${formatMs(INP_THRESHOLDS.poor)}`,
    waiting: "Interact with the page (try “Show details”) to measure.",
    measured: "The slowest response to a click, tap or key so far.",
  },
];

function VitalCard({
  spec,
  value,
  hydrated,
  failed,
}: {
  spec: VitalSpec;
  value: number | undefined;
  hydrated: boolean;
  failed: boolean;
}) {
  const rating = value === undefined ? null : spec.rate(value);
  return (
    <li
      className="flex flex-col rounded-lg bg-white p-4 shadow-sm ring-1 ring-stone-200"
      data-vital={spec.name}
      data-rating={rating ?? undefined}
    >
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="font-semibold">
          <abbr title={spec.title} className="no-underline">
            {spec.name}
          </abbr>
        </h3>
        {rating ? (
          <Badge rating={rating}>{RATING_LABELS[rating]}</Badge>
        ) : (
          <span className={MUTED_PILL}>{hydrated ? "Waiting" : "Needs JavaScript"}</span>
        )}
      </div>
      <p className="text-xs text-stone-600">{spec.title}</p>
      <p className="mt-3 font-display text-3xl font-bold tabular-nums">{value === undefined ? "–" : spec.format(value)}</p>
      {/* Two lines reserved whether or not there is a hint, so the cards keep their height. */}
      <p className="mt-1 min-h-10 text-sm text-stone-600">
        {value !== undefined
          ? spec.measured
          : !hydrated
            ? "Measured in the browser with JavaScript."
            : failed
              ? "The web-vitals library did not load."
              : spec.waiting}
      </p>
      <p className="mt-auto pt-3 text-xs text-stone-600">{spec.thresholds}</p>
    </li>
  );
}

interface TileProps {
  cover: Route.ComponentProps["loaderData"]["covers"][number];
  format: ImageFormat;
  width: number;
  src: string;
  hydrated: boolean;
  entry: PerformanceResourceTiming | undefined;
  details: boolean;
}

function ImageTile({ cover, format, width, src, hydrated, entry, details }: TileProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [state, setState] = useState<"loading" | "loaded" | "error">("loading");
  const [noEntry, setNoEntry] = useState(false);

  // An image that finished before hydration fired its load event before React listened for it.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete) setState(img.naturalWidth > 0 ? "loaded" : "error");
  }, []);

  // A loaded image without a timing entry (e.g. from the memory cache) stops showing "Measuring" after a while.
  useEffect(() => {
    if (state !== "loaded" || entry) return;
    const timer = setTimeout(() => setNoEntry(true), IMAGE_PRELOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [state, entry]);

  const duration = entry ? entry.duration : null;
  const rating = duration === null ? null : rateImageLoad(duration);
  const fromCache = entry ? entry.transferSize === 0 && entry.decodedBodySize > 0 : false;
  const status = !hydrated
    ? "no-js"
    : state === "error"
      ? "error"
      : rating
        ? "measured"
        : state === "loaded" && noEntry
          ? "untimed"
          : "pending";

  return (
    <li className="flex">
      <figure className="flex w-full flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-stone-200">
        <div className="aspect-square bg-stone-200">
          <img
            ref={ref}
            loading="eager"
            decoding="async"
            src={src}
            alt={`Cover of ${cover.title} by ${cover.artist}`}
            width={width}
            height={width}
            onLoad={() => setState("loaded")}
            onError={() => setState("error")}
            className="h-full w-full object-cover"
          />
        </div>
        <figcaption className="flex flex-1 flex-col gap-1 p-3 text-sm">
          <a href={cover.href} className="line-clamp-1 font-semibold hover:underline">
            {cover.title}
          </a>
          <p className="text-xs text-stone-600">
            <span className="font-semibold text-ink">{FORMAT_LABELS[format]}</span> · {width} px
          </p>
          <div
            className="mt-auto flex min-h-6 flex-wrap items-center justify-between gap-x-2 gap-y-1 pt-1"
            data-image-status={status}
            data-rating={rating ?? undefined}
          >
            <span className="tabular-nums text-stone-800">
              {status === "measured"
                ? `${formatMs(duration!)}${fromCache ? " (cached)" : ""}`
                : status === "no-js"
                  ? "Needs JavaScript"
                  : status === "error"
                    ? "Did not load"
                    : status === "untimed"
                      ? "Not timed"
                      : "Measuring…"}
            </span>
            {rating ? (
              <Badge rating={rating}>{IMAGE_RATING_LABELS[rating]}</Badge>
            ) : status === "error" ? (
              <Badge rating="poor">Failed</Badge>
            ) : null}
          </div>
          {details && entry && (
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-xs text-stone-600">
              <dt>Transferred</dt>
              <dd className="text-right tabular-nums">{formatBytes(entry.transferSize)}</dd>
              <dt>File size</dt>
              <dd className="text-right tabular-nums">{formatBytes(entry.encodedBodySize)}</dd>
              <dt>Waiting (TTFB)</dt>
              <dd className="text-right tabular-nums">
                {entry.responseStart > 0 ? formatMs(Math.max(0, entry.responseStart - entry.startTime)) : "–"}
              </dd>
            </dl>
          )}
        </figcaption>
      </figure>
    </li>
  );
}

function ChoiceLinks({
  label,
  param,
  options,
  current,
  other,
}: {
  label: string;
  param: "format" | "size";
  options: { value: string; text: string }[];
  current: string;
  other: string;
}) {
  const otherParam = param === "format" ? "size" : "format";
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="w-16 text-sm font-semibold text-stone-700">{label}</span>
      <ul className="flex flex-wrap gap-2">
        {options.map((o) => {
          const selected = o.value === current;
          return (
            <li key={o.value}>
              <a
                href={`${PATH}?${param}=${o.value}&${otherParam}=${other}`}
                aria-current={selected ? "page" : undefined}
                className={`inline-flex min-h-9 items-center rounded-full px-3 text-sm font-semibold ring-1 ring-inset ${
                  selected ? "bg-ink text-white ring-ink" : "bg-white text-ink ring-stone-300 hover:ring-ink"
                }`}
              >
                {o.text}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export default function ImagePerformanceTest({ loaderData }: Route.ComponentProps) {
  const { covers, format, size } = loaderData;
  const hydrated = useHydrated();
  const timings = useImageTimings();
  const vitals = useWebVitals();
  const [details, setDetails] = useState(false);

  const tiles = useMemo(
    () =>
      covers.map((cover, i) => {
        const variant = variantFor(i, { format, size });
        return { cover, ...variant, src: albumImageUrl(cover.coverUrl, { width: variant.width, format: variant.format }) };
      }),
    [covers, format, size],
  );
  // Resource Timing names are absolute URLs; they can only be resolved in the browser.
  const entries = useMemo(
    () => (hydrated ? tiles.map((t) => timings.get(new URL(t.src, window.location.href).href)) : tiles.map(() => undefined)),
    [hydrated, tiles, timings],
  );
  const summary = summariseImageTimings(entries.flatMap((e) => (e ? [e.duration] : [])));
  const first = covers[0];

  return (
    <div className="mx-auto max-w-6xl space-y-12 px-4 py-8 lg:px-8 lg:py-12">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-widest text-needle-dark uppercase">Behind the counter</p>
        <h1 className="mt-2 font-display text-3xl font-bold sm:text-4xl">Image performance test</h1>
        <p className="mt-4 leading-relaxed text-stone-700">
          Twelve covers from the catalogue, each resized by the shop's image service at {SIZES.join(", ")} px as JPEG, WebP or
          AVIF. Every image is timed in your browser and rated against our budgets: under {formatMs(SLOW_RESOURCE_THRESHOLD_MS)}{" "}
          is fast, from {formatMs(SLOW_RESOURCE_THRESHOLD_MS)} it is slow, and from {formatMs(IMAGE_PRELOAD_TIMEOUT_MS)} it misses
          the image preload timeout.
        </p>
        <p className="mt-3 rounded-md bg-white p-3 text-sm text-stone-700 ring-1 ring-stone-200">
          Images are timed with the browser's Resource Timing API. Covers are cached for a year: a hard reload or a private window
          times them from the server again.
        </p>
        {/* Only shown without JavaScript, so the text never changes (and nothing shifts) when the page hydrates. */}
        <noscript>
          <p
            className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200"
            data-testid="needs-javascript"
          >
            Timings need JavaScript: without it the covers below still load, but nothing can time them or measure the page's web
            vitals.
          </p>
        </noscript>
      </header>

      <section aria-labelledby="vitals-heading">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <h2 id="vitals-heading" className="font-display text-2xl font-bold">
            This page's web vitals
          </h2>
          <button
            type="button"
            onClick={() => setDetails((d) => !d)}
            aria-pressed={details}
            disabled={!hydrated}
            className="rounded-full border border-ink px-4 py-2 text-sm font-semibold hover:bg-ink hover:text-white disabled:opacity-50"
          >
            {details ? "Hide details" : "Show details"}
          </button>
        </div>
        <ul className="grid gap-4 sm:grid-cols-3">
          {VITALS.map((spec) => (
            <VitalCard key={spec.name} spec={spec} value={vitals.values[spec.name]} hydrated={hydrated} failed={vitals.failed} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="covers-heading" className="space-y-5">
        <h2 id="covers-heading" className="font-display text-2xl font-bold">
          Cover images
        </h2>
        <nav aria-label="Image variants" className="space-y-2">
          <ChoiceLinks
            label="Format"
            param="format"
            current={format}
            other={size}
            options={[{ value: "mixed", text: "Mixed" }, ...FORMATS.map((f) => ({ value: f, text: FORMAT_LABELS[f] }))]}
          />
          <ChoiceLinks
            label="Size"
            param="size"
            current={size}
            other={format}
            options={[{ value: "mixed", text: "Mixed" }, ...SIZES.map((s) => ({ value: String(s), text: `${s} px` }))]}
          />
        </nav>
        {/* Same structure before and after hydration, so the grid below never moves. */}
        <div
          className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-stone-200"
          aria-live="polite"
          data-testid="image-summary"
        >
          <p className="font-semibold">
            {hydrated ? `${summary.count} of ${tiles.length} images timed` : "Images not timed (needs JavaScript)"}
          </p>
          <p className="text-stone-700 tabular-nums">
            Average {summary.average === null ? "–" : formatMs(summary.average)} · median{" "}
            {summary.median === null ? "–" : formatMs(summary.median)} · slowest{" "}
            {summary.slowest === null ? "–" : formatMs(summary.slowest)}
          </p>
          <p className="flex flex-wrap gap-2">
            <Badge rating="good">{summary.byRating.good} fast</Badge>
            <Badge rating="needs-improvement">{summary.byRating["needs-improvement"]} slow</Badge>
            <Badge rating="poor">{summary.byRating.poor} over timeout</Badge>
          </p>
        </div>
        {tiles.length === 0 ? (
          <p className="text-stone-600">No covers in the catalogue yet.</p>
        ) : (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 sm:gap-6 lg:grid-cols-4" aria-label="Timed covers">
            {tiles.map((t, i) => (
              <ImageTile
                key={`${t.cover.id}-${t.format}-${t.width}`}
                {...t}
                hydrated={hydrated}
                entry={entries[i]}
                details={details}
              />
            ))}
          </ul>
        )}
      </section>

      {first && (
        <section aria-labelledby="responsive-heading" className="grid items-center gap-6 md:grid-cols-[minmax(0,20rem)_1fr]">
          <CoverImage
            src={first.coverUrl}
            alt={`Cover of ${first.title} by ${first.artist}`}
            width={600}
            height={600}
            sizes="(min-width: 768px) 320px, calc(100vw - 32px)"
            className="aspect-square w-full rounded-lg bg-stone-200 object-cover shadow-md"
          />
          <div className="max-w-prose">
            <h2 id="responsive-heading" className="font-display text-2xl font-bold">
              How the shop shows covers
            </h2>
            <p className="mt-3 leading-relaxed text-stone-700">
              Shop pages use one <code className="rounded bg-stone-200 px-1">&lt;picture&gt;</code> per cover: AVIF and WebP
              sources and a JPEG fallback, each offered at several widths, so the browser downloads the smallest file in the best
              format it can show. Covers below the fold load lazily; the main cover of a record page loads first, at high
              priority. Width and height are always given, so nothing moves when an image arrives.
            </p>
          </div>
        </section>
      )}
    </div>
  );
}
