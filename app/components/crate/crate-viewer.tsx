import { Icon } from "~/components/icons/icon";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation, useNavigate, Link } from "react-router";
import { AddToCartButton } from "~/components/cart/cart-controls";
import { CoverImage } from "~/components/cover-image";
import { FavouriteToggle } from "~/components/favourites/favourite-toggle";
import { genreColours } from "~/domain/catalogue/genres";
import { stockWording, type StockState } from "~/domain/catalogue/stock";
import {
  canFlip,
  flipDirection,
  keyFlip,
  nextPosition,
  positionFromParam,
  positionLabel,
  previousPosition,
  type FlipDirection,
} from "~/domain/crate/crate-position";
import { recordListen } from "~/lib/listening-history";
import { CrateFront } from "./crate-art";
import { CRATE_PATH, crateHref, type CrateKey, type CrateRecord } from "~/domain/crate/crate-query";
import { useHydrated } from "~/lib/use-hydrated";
import { useSwipe } from "~/lib/use-swipe";

const STOCK_STYLE: Record<StockState, string> = {
  "in-stock": "bg-emerald-100 text-emerald-900",
  low: "bg-amber-100 text-amber-900",
  out: "bg-stone-200 text-stone-800",
  "pre-order": "bg-indigo-100 text-indigo-900",
};

/** The front sleeve is 80% of the stage: about 410 px beside the details on wide screens, most of a phone. */
const SLEEVE_SIZES = "(min-width: 640px) 410px, calc(80vw - 26px)";
const PEEK = 3;
const FLIP_MS = 420;

// The front record tips forward out of the way (next) or swings back up into view (previous).
const TIPPED = "perspective(1400px) translateY(16%) rotateX(-78deg)";
const BEHIND = "translateY(-7%) scale(0.93)";
const KEYFRAMES: Record<FlipDirection, { incoming: Keyframe[]; outgoing: Keyframe[] }> = {
  next: {
    incoming: [
      { transform: BEHIND, filter: "brightness(0.6)" },
      { transform: "none", filter: "none" },
    ],
    outgoing: [
      { transform: "perspective(1400px) rotateX(0deg)", opacity: 1 },
      { transform: TIPPED, opacity: 0 },
    ],
  },
  previous: {
    incoming: [
      { transform: TIPPED, opacity: 0 },
      { transform: "perspective(1400px) rotateX(0deg)", opacity: 1 },
    ],
    outgoing: [
      { transform: "none", opacity: 1, filter: "none" },
      { transform: BEHIND, opacity: 0, filter: "brightness(0.6)" },
    ],
  },
};

const prefersReducedMotion = () =>
  typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;

function Sleeve({ record, priority = false }: { record: CrateRecord; priority?: boolean }) {
  return (
    <CoverImage
      src={record.coverUrl}
      alt={priority ? `Cover of ${record.title} by ${record.artist}` : ""}
      width={600}
      height={600}
      priority={priority}
      sizes={SLEEVE_SIZES}
      className="h-full w-full rounded-[3px] object-cover"
    />
  );
}

/** The record half out of its sleeve: grooves, a shine and a label in the genre's colours. */
function Disc({ record, spinning }: { record: CrateRecord; spinning: boolean }) {
  const colours = genreColours(record.genre);
  return (
    <div
      aria-hidden
      data-spinning={spinning || undefined}
      className={`absolute inset-0 rounded-full bg-[repeating-radial-gradient(circle,#0c0a08_0_2px,#1f1a15_2px_4px)] shadow-[0_0_0_2px_rgba(255,255,255,0.14),0_20px_40px_rgba(0,0,0,0.6)] ${
        spinning ? "motion-safe:animate-spin motion-safe:[animation-duration:1.8s]" : ""
      }`}
    >
      <div className="absolute inset-0 rounded-full bg-[conic-gradient(from_30deg,transparent_0_8%,rgba(255,255,255,0.22)_14%,transparent_21%_58%,rgba(255,255,255,0.16)_64%,transparent_71%)]" />
      <div className="absolute inset-[33%] grid place-items-center rounded-full" style={{ backgroundColor: colours.bg }}>
        <span className="h-[14%] w-[14%] rounded-full bg-groove" />
        <span
          className="absolute inset-x-[22%] top-[24%] h-[6%] rounded-full opacity-60"
          style={{ backgroundColor: colours.text }}
        />
      </div>
    </div>
  );
}

interface CrateViewerProps {
  crateKey: CrateKey;
  title: string;
  blurb: string | null;
  /** The surprise crate's seed (part of every address in it). */
  seed?: number;
  /** A fresh seed for "Shuffle again". */
  shuffleSeed: number;
  records: CrateRecord[];
}

/**
 * One record of a crate, large, with real Previous/Next links (?pos=N±1, wrapping round), so it works and
 * can be shared without JavaScript. With JavaScript the links, ← → and a 50 px swipe flip at once (the
 * address follows, replaced rather than piled up in history), with a flip animation unless the shopper
 * prefers reduced motion; playing a preview adds the record to the listening history.
 */
export function CrateViewer({ crateKey, title, blurb, seed, shuffleSeed, records }: CrateViewerProps) {
  const total = records.length;
  const location = useLocation();
  const navigate = useNavigate();
  const urlPosition = positionFromParam(new URLSearchParams(location.search).get("pos"), total);
  const [position, setPosition] = useState(urlPosition);
  const hydrated = useHydrated();
  const [playing, setPlaying] = useState(false);
  const [ghost, setGhost] = useState<{ record: CrateRecord; direction: FlipDirection; id: number } | null>(null);
  const front = useRef<HTMLDivElement>(null);
  const ghostRef = useRef<HTMLDivElement>(null);
  const shown = useRef(position);
  const positionRef = useRef(position);
  positionRef.current = position;

  const hrefFor = useCallback((pos: number) => crateHref(crateKey, { seed, pos }), [crateKey, seed]);

  // The address is the truth: Back, Forward and shared links put the crate where the URL says.
  useEffect(() => setPosition(urlPosition), [urlPosition]);

  const flipTo = useCallback(
    (to: number) => {
      if (!canFlip(total)) return;
      setPosition(to);
      navigate(hrefFor(to), { replace: true, preventScrollReset: true });
    },
    [navigate, hrefFor, total],
  );
  const flip = useCallback(
    (direction: FlipDirection) => {
      const from = positionRef.current;
      flipTo(direction === "next" ? nextPosition(from, total) : previousPosition(from, total));
    },
    [flipTo, total],
  );
  const swipe = useSwipe(flip, canFlip(total));

  useEffect(() => {
    if (!canFlip(total)) return;
    const onKey = (e: KeyboardEvent) => {
      const direction = keyFlip({
        key: e.key,
        altKey: e.altKey,
        ctrlKey: e.ctrlKey,
        metaKey: e.metaKey,
        shiftKey: e.shiftKey,
        defaultPrevented: e.defaultPrevented,
        target: e.target instanceof HTMLElement ? e.target : null,
      });
      if (!direction) return;
      e.preventDefault();
      flip(direction);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [flip, total]);

  const record = records[position - 1];

  // A new record at the front: animate the flip (the old sleeve as a ghost), unless motion is unwelcome.
  useLayoutEffect(() => {
    const from = shown.current;
    shown.current = position;
    if (from === position) return;
    setPlaying(false);
    const direction = flipDirection(from, position, total) ?? (position > from ? "next" : "previous");
    const old = records[from - 1];
    if (!old || prefersReducedMotion()) {
      setGhost(null);
      return;
    }
    setGhost({ record: old, direction, id: Date.now() });
    front.current?.animate(KEYFRAMES[direction].incoming, { duration: FLIP_MS, easing: "cubic-bezier(.2,.7,.2,1)" });
  }, [position, records, total]);

  useLayoutEffect(() => {
    if (!ghost || !ghostRef.current) return;
    const animation = ghostRef.current.animate(KEYFRAMES[ghost.direction].outgoing, {
      duration: FLIP_MS,
      easing: "cubic-bezier(.4,0,.6,1)",
      fill: "forwards",
    });
    animation.onfinish = () => setGhost((g) => (g?.id === ghost.id ? null : g));
    return () => animation.cancel();
  }, [ghost]);

  const header = (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <nav aria-label="Breadcrumb" className="text-xs font-semibold tracking-[0.2em] uppercase">
          <ol className="flex flex-wrap items-center gap-2 text-stone-300">
            <li>
              <Link to={CRATE_PATH} className="text-label hover:underline">
                Virtual Crate Dig
              </Link>
            </li>
            <li aria-hidden>/</li>
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
        <h1 className="mt-2 font-display text-4xl font-black sm:text-5xl">{title}</h1>
        {blurb && <p className="mt-2 max-w-xl text-stone-300">{blurb}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        {crateKey.kind === "surprise" && (
          <Link
            to={crateHref(crateKey, { seed: shuffleSeed })}
            className="inline-flex items-center gap-2 rounded-full bg-label px-4 py-2 text-sm font-bold text-ink hover:bg-white"
          >
            <Icon name="shuffle" className="h-4 w-4" />
            Shuffle again
          </Link>
        )}
        <Link
          to={CRATE_PATH}
          className="inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-bold text-white ring-1 ring-white/40 hover:bg-white/10"
        >
          <Icon name="layout-grid" className="h-4 w-4" />
          All crates
        </Link>
      </div>
    </div>
  );

  if (!record) {
    return (
      <div className="bg-groove text-white">
        <div className="mx-auto max-w-6xl px-4 py-8 lg:px-8 lg:py-12">
          {header}
          <div className="mt-10 rounded-3xl border-2 border-dashed border-white/30 px-6 py-14 text-center">
            <Icon name="disc" className="mx-auto h-12 w-12 text-label" />
            <p className="mt-4 font-display text-2xl font-bold">This crate is empty today</p>
            <p className="mt-2 text-stone-300">Someone got here before you. Try another crate.</p>
          </div>
        </div>
      </div>
    );
  }

  const several = canFlip(total);
  const peek = several ? Array.from({ length: Math.min(PEEK, total - 1) }, (_, i) => records[(position + i) % total]!) : [];
  const previous = previousPosition(position, total);
  const next = nextPosition(position, total);
  const flipLink = (to: number, label: string, icon: React.ReactNode, rel: "prev" | "next") => (
    <Link
      to={hrefFor(to)}
      rel={rel}
      replace
      preventScrollReset
      onClick={(e) => {
        if (e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey) setPosition(to);
      }}
      className={`inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-3 text-sm font-bold text-white ring-1 ring-white/25 transition hover:bg-label hover:text-ink sm:px-5 ${rel === "next" ? "flex-row-reverse" : ""}`}
    >
      {icon}
      {label}
    </Link>
  );

  return (
    <div className="overflow-hidden bg-groove text-white">
      <div className="mx-auto max-w-6xl px-4 py-6 lg:px-8 lg:py-10">
        {header}
        <p aria-live="polite" className="sr-only">
          {`Record ${positionLabel(position, total)}: ${record.title} by ${record.artist}`}
        </p>

        <div className="mt-6 grid items-start gap-8 lg:mt-10 lg:grid-cols-[minmax(0,1fr)_23rem] lg:gap-10">
          <div>
            {/* The crate: sleeves behind, the front record pulled up with its disc peeking out. */}
            <div
              data-testid="crate-stage"
              className="relative mx-auto w-full max-w-[32rem] touch-pan-y bg-[radial-gradient(ellipse_at_50%_45%,rgba(241,196,83,0.14),transparent_68%)] pb-6 select-none"
              {...swipe}
            >
              {/* Sizes are fractions of the stage's width W: sleeves 0.8W, the front one 0.14W down, the crate's
                  front panel the bottom 0.22W, so the records behind peek out above and the crate shows below. */}
              <div className="relative aspect-[1/1.08]">
                {peek
                  .slice()
                  .reverse()
                  .map((r, i, list) => {
                    const depth = list.length - i; // 1 is just behind the front record
                    return (
                      <div
                        key={`${r.id}-${depth}`}
                        aria-hidden
                        className="absolute left-[10%] aspect-square w-[80%] overflow-hidden rounded-[3px] shadow-lg ring-1 ring-black/50"
                        style={{
                          top: `${(13 - depth * 4.2).toFixed(1)}%`,
                          transform: `rotate(${depth % 2 === 0 ? -1.2 : 1}deg) scale(${(1 - depth * 0.03).toFixed(2)})`,
                          filter: `brightness(${(0.92 - depth * 0.1).toFixed(2)})`,
                        }}
                      >
                        <Sleeve record={r} />
                      </div>
                    );
                  })}
                <CrateFront className="z-[5] -mx-2 h-[21%] sm:-mx-4" plate={`${title} · ${positionLabel(position, total)}`} />
                {ghost && (
                  <div
                    ref={ghostRef}
                    aria-hidden
                    className={`absolute top-[13%] left-[10%] aspect-square w-[80%] origin-bottom overflow-hidden rounded-[3px] shadow-2xl ${ghost.direction === "next" ? "z-30" : "z-[15]"}`}
                  >
                    <Sleeve record={ghost.record} />
                  </div>
                )}
                <div
                  ref={front}
                  key={record.id}
                  className="absolute top-[13%] left-[10%] z-20 aspect-square w-[80%] origin-bottom"
                >
                  <div className="absolute top-[8%] right-[-16%] aspect-square w-[84%]">
                    <Disc record={record} spinning={playing} />
                  </div>
                  <div className="relative h-full w-full overflow-hidden rounded-[3px] bg-stone-300 shadow-[0_24px_40px_-12px_rgba(0,0,0,0.7)] ring-1 ring-black/40">
                    <Sleeve record={record} priority />
                  </div>
                </div>
              </div>
            </div>

            <div className="mx-auto flex max-w-[32rem] items-center justify-between gap-3">
              {several ? flipLink(previous, "Previous", <Icon name="chevron-left" className="h-5 w-5" />, "prev") : <span />}
              <p className="text-center">
                <span className="block font-display text-2xl font-bold tabular-nums" data-testid="crate-position">
                  {positionLabel(position, total)}
                </span>
              </p>
              {several ? flipLink(next, "Next", <Icon name="chevron-right" className="h-5 w-5" />, "next") : <span />}
            </div>
            {several && (
              <div aria-hidden className="mx-auto mt-4 h-1.5 max-w-[32rem] overflow-hidden rounded-full bg-white/10">
                <div
                  className="h-full rounded-full bg-label transition-[width]"
                  style={{ width: `${(position / total) * 100}%` }}
                />
              </div>
            )}
            {hydrated && several && (
              // The wording follows the device by a media query, so it is right from the first paint: keys where
              // there is a keyboard and a fine pointer, swiping on touch screens.
              <p className="mt-3 text-center text-sm text-stone-300">
                <span data-testid="crate-hint-keys" className="hidden keyboard:inline">
                  Flip with the <kbd className="rounded bg-white/15 px-1.5 font-sans">←</kbd>{" "}
                  <kbd className="rounded bg-white/15 px-1.5 font-sans">→</kbd> keys.
                </span>
                <span data-testid="crate-hint-touch" className="keyboard:hidden">
                  Swipe the sleeve left or right to flip.
                </span>
              </p>
            )}
          </div>

          <section aria-labelledby="crate-record-title" className="rounded-3xl bg-paper p-6 text-ink shadow-2xl sm:p-7">
            <p className="text-xs font-semibold tracking-[0.2em] text-needle-dark uppercase">
              {[record.genre, record.year].filter(Boolean).join(" · ") || "On vinyl"}
            </p>
            <h2 id="crate-record-title" className="mt-2 font-display text-3xl leading-tight font-bold break-words">
              {record.title}
            </h2>
            <p className="mt-1 text-xl text-stone-700">{record.artist}</p>
            <div className="mt-5 flex flex-wrap items-center gap-2">
              <span className="mr-1 text-3xl font-bold" data-testid="crate-price">
                {record.price}
              </span>
              <span className={`rounded px-2 py-1 text-sm font-semibold ${STOCK_STYLE[record.stock]}`}>
                {stockWording(record.stock)}
              </span>
              <span className="rounded bg-stone-200 px-2 py-1 text-sm">{record.format}</span>
            </div>
            {record.label && <p className="mt-3 text-sm text-stone-600">Label: {record.label}</p>}
            <figure className="mt-6">
              <figcaption className="mb-2 text-sm font-semibold">Listen to a preview</figcaption>
              <audio
                key={record.id}
                controls
                preload="none"
                src={record.audioUrl}
                aria-label={`Preview of ${record.title} by ${record.artist}`}
                className="w-full"
                onPlay={() => {
                  setPlaying(true);
                  recordListen(record.id);
                }}
                onPause={() => setPlaying(false)}
                onEnded={() => setPlaying(false)}
              />
            </figure>
            <div className="mt-6 flex items-center gap-3">
              <div className="flex-1">
                <AddToCartButton
                  key={record.id}
                  recordId={record.id}
                  title={record.title}
                  availability={
                    record.stock === "out" ? "out-of-stock" : record.stock === "pre-order" ? "pre-order" : "available"
                  }
                  size="large"
                />
              </div>
              <FavouriteToggle key={record.id} recordId={record.id} title={record.title} look="large" />
            </div>
            <Link
              to={record.href}
              className="mt-3 inline-flex w-full items-center justify-center gap-2 rounded-full px-6 py-3 text-sm font-semibold text-ink ring-1 ring-stone-400 transition hover:bg-stone-200"
            >
              See the full record
              <Icon name="chevron-right" className="h-4 w-4" />
            </Link>
          </section>
        </div>
      </div>
    </div>
  );
}
