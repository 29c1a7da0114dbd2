import { Icon } from "~/components/icons/icon";
import { useEffect, useRef, useState } from "react";
import {
  indexForKey,
  nextIndex,
  previousIndex,
  resolveInterval,
  shouldAutoAdvance,
  wrapIndex,
  type Slide,
} from "~/domain/home/slideshow";
import { useSwipe } from "~/lib/use-swipe";

export type { Slide };

interface SlideshowProps {
  slides: readonly Slide[];
  /** Milliseconds per slide; spec §9 default 5000. */
  interval?: number;
  /** Names the carousel for assistive technology when it has several slides. */
  label?: string;
  /** The first slide's title is the page's h1 (the home hero); other titles are h2. */
  firstTitleIsPageHeading?: boolean;
}

/** A media query's current answer; false on the server and during hydration, so both render alike. */
function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    const list = window.matchMedia(query);
    setMatches(list.matches);
    const onChange = () => setMatches(list.matches);
    list.addEventListener("change", onChange);
    return () => list.removeEventListener("change", onChange);
  }, [query]);
  return matches;
}

/**
 * Spec §2 slideshow: auto-advances while on screen, pauses on hover, focus or off-screen
 * (IntersectionObserver), changes by arrows, dots, swipe (50 px) and arrow keys, and never moves on
 * its own for shoppers who prefer reduced motion. With one slide it is a plain hero: no controls.
 * Server-rendered with the first slide showing, so it works without JavaScript.
 */
export function Slideshow({ slides, interval, label = "Featured", firstTitleIsPageHeading = false }: SlideshowProps) {
  const count = slides.length;
  const several = count > 1;
  const delay = resolveInterval(interval);
  const root = useRef<HTMLElement>(null);
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [userPaused, setUserPaused] = useState(false);
  const [pageHidden, setPageHidden] = useState(false);
  const reducedMotion = useMediaQuery("(prefers-reduced-motion: reduce)");
  const current = wrapIndex(index, count);
  const swipe = useSwipe(
    (direction) => setIndex((i) => (direction === "next" ? nextIndex(i, count) : previousIndex(i, count))),
    several,
  );

  useEffect(() => {
    const el = root.current;
    if (!several || !el) return;
    if (typeof IntersectionObserver === "undefined") {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(([entry]) => setVisible(!!entry?.isIntersecting), { threshold: 0.25 });
    observer.observe(el);
    return () => observer.disconnect();
  }, [several]);

  useEffect(() => {
    if (!several) return;
    const onVisibility = () => setPageHidden(document.visibilityState === "hidden");
    onVisibility();
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, [several]);

  const playing = shouldAutoAdvance({ slideCount: count, visible, hovered, focused, reducedMotion, userPaused, pageHidden });
  // Restarts on every slide change, so a slide chosen by hand gets its full interval too.
  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => setIndex((i) => nextIndex(i, count)), delay);
    return () => window.clearTimeout(timer);
  }, [playing, current, count, delay]);

  if (count === 0) return null;
  const titleId = (slide: Slide) => `${slide.id}-title`;

  return (
    <section
      ref={root}
      className="relative overflow-hidden bg-ink text-white"
      {...(several ? { "aria-roledescription": "carousel", "aria-label": label } : { "aria-labelledby": titleId(slides[0]!) })}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      {...swipe}
    >
      {/* Slides share one grid cell, so the show is as tall as its tallest slide and can cross-fade. */}
      <div className="grid" aria-live={several && !playing ? "polite" : "off"}>
        {slides.map((slide, i) => {
          const active = i === current;
          const Heading = firstTitleIsPageHeading && i === 0 ? "h1" : "h2";
          return (
            <div
              key={slide.id}
              {...(several ? { role: "group", "aria-roledescription": "slide", "aria-label": `${i + 1} of ${count}` } : {})}
              aria-hidden={active ? undefined : true}
              inert={!active}
              className={`relative overflow-hidden transition-[opacity,visibility] duration-700 [grid-area:1/1] ${
                active ? "visible opacity-100" : "invisible opacity-0"
              }`}
              style={{ backgroundColor: slide.bgColor, color: slide.textColor }}
            >
              {/* A slide set in the back office may have no image: its background colour alone. */}
              {slide.bgImage && (
                <picture>
                  {slide.mobileImage && <source media="(max-width: 767px)" srcSet={slide.mobileImage} />}
                  <img
                    src={slide.bgImage}
                    alt=""
                    aria-hidden
                    width={1600}
                    height={720}
                    fetchPriority={i === 0 ? "high" : "low"}
                    loading={i === 0 ? "eager" : "lazy"}
                    decoding="async"
                    className="absolute inset-0 h-full w-full object-cover object-right-bottom md:object-right"
                  />
                </picture>
              )}
              <div className="relative mx-auto flex min-h-[30rem] max-w-6xl flex-col justify-start px-6 pt-14 pb-44 sm:min-h-[34rem] md:justify-center md:py-24 lg:px-8">
                {slide.eyebrow && (
                  <p className="text-xs font-semibold tracking-[0.3em] text-label uppercase sm:text-sm">{slide.eyebrow}</p>
                )}
                <Heading
                  id={titleId(slide)}
                  className="mt-4 max-w-xl font-display text-4xl leading-[1.05] font-bold text-balance sm:text-6xl"
                >
                  {slide.title}
                </Heading>
                <p className="mt-5 max-w-md text-base opacity-85 sm:text-lg">{slide.description}</p>
                <div className="mt-8">
                  <a
                    href={slide.buttonLink}
                    className="inline-flex items-center gap-2 rounded-full bg-needle px-7 py-3 font-semibold text-white shadow-lg shadow-black/30 transition hover:bg-needle-dark"
                  >
                    {slide.buttonText}
                    <Icon name="chevron-right" className="h-4 w-4" />
                  </a>
                </div>
              </div>
            </div>
          );
        })}
      </div>

      {several && (
        <div
          onKeyDown={(e) => {
            const next = indexForKey(e.key, current, count);
            if (next === null) return;
            e.preventDefault();
            setIndex(next);
          }}
        >
          <button
            type="button"
            aria-label="Previous slide"
            onClick={() => setIndex((i) => previousIndex(i, count))}
            className="absolute top-1/2 left-3 hidden -translate-y-1/2 rounded-full bg-black/40 p-2 text-white backdrop-blur transition hover:bg-black/70 sm:block"
          >
            <Icon name="chevron-left" className="h-6 w-6" />
          </button>
          <button
            type="button"
            aria-label="Next slide"
            onClick={() => setIndex((i) => nextIndex(i, count))}
            className="absolute top-1/2 right-3 hidden -translate-y-1/2 rounded-full bg-black/40 p-2 text-white backdrop-blur transition hover:bg-black/70 sm:block"
          >
            <Icon name="chevron-right" className="h-6 w-6" />
          </button>
          <div className="absolute inset-x-0 bottom-4 flex items-center justify-center gap-1">
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                aria-label={`Show slide ${i + 1}: ${slide.title}`}
                aria-current={i === current ? "true" : undefined}
                onClick={() => setIndex(i)}
                className="group/dot grid h-6 min-w-6 place-items-center"
              >
                {/* A small dot inside a 24 px target. */}
                <span
                  className={`block h-2.5 rounded-full transition-all ${
                    i === current ? "w-8 bg-white" : "w-2.5 bg-white/50 group-hover/dot:bg-white/80"
                  }`}
                />
              </button>
            ))}
            <button
              type="button"
              aria-label={userPaused ? "Play slideshow" : "Pause slideshow"}
              onClick={() => setUserPaused((p) => !p)}
              className="ml-2 rounded-full bg-black/40 p-1.5 text-white hover:bg-black/70"
            >
              {userPaused ? <Icon name="play" className="h-3.5 w-3.5" /> : <Icon name="pause" className="h-3.5 w-3.5" />}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
