/**
 * The slideshow's rules (spec §2 "Slideshow", §9 timings), kept pure so they are tested without a
 * browser: which slide comes next, when the show may advance on its own, and what counts as a swipe.
 */

/** Spec §9: default interval between slides. */
export const DEFAULT_INTERVAL_MS = 5000;
/** Spec §9: the home page's slide stays a little longer. */
export const HOME_SLIDE_INTERVAL_MS = 6000;
/** Below this interval a slide cannot be read; bad input falls back to the default. */
export const MIN_INTERVAL_MS = 1000;

/** Spec §3 "Slide". */
export interface Slide {
  id: string;
  title: string;
  description: string;
  buttonText: string;
  buttonLink: string;
  bgColor: string;
  textColor: string;
  bgImage: string;
  mobileImage: string;
  /** A short line above the title (not in the spec's shape; optional). */
  eyebrow?: string;
}

/** Wraps round in both directions; 0 for an empty or one-slide show. */
export function wrapIndex(index: number, count: number): number {
  if (!Number.isFinite(index) || count <= 1) return 0;
  const i = Math.trunc(index);
  return ((i % count) + count) % count;
}

export function nextIndex(current: number, count: number): number {
  return wrapIndex(current + 1, count);
}

export function previousIndex(current: number, count: number): number {
  return wrapIndex(current - 1, count);
}

/** The interval to use: the given one when it is a sensible number of milliseconds, else the default. */
export function resolveInterval(interval: number | undefined): number {
  return typeof interval === "number" && Number.isFinite(interval) && interval >= MIN_INTERVAL_MS
    ? Math.round(interval)
    : DEFAULT_INTERVAL_MS;
}

export interface AutoAdvanceState {
  slideCount: number;
  /** At least partly on screen (IntersectionObserver). */
  visible: boolean;
  /** The pointer is over the slideshow. */
  hovered: boolean;
  /** Keyboard focus is inside the slideshow: moving content away from a focused control is disorienting. */
  focused: boolean;
  /** prefers-reduced-motion: reduce. */
  reducedMotion: boolean;
  /** The shopper pressed Pause. */
  userPaused: boolean;
  /** The browser tab is hidden. */
  pageHidden: boolean;
}

/**
 * Spec §2: auto-advances when visible; pauses on hover or when off-screen. Also never with one slide,
 * with reduced motion (it only changes when asked), while focused, paused by the shopper, or in a
 * hidden tab.
 */
export function shouldAutoAdvance(state: AutoAdvanceState): boolean {
  return (
    state.slideCount > 1 &&
    state.visible &&
    !state.hovered &&
    !state.focused &&
    !state.reducedMotion &&
    !state.userPaused &&
    !state.pageHidden
  );
}

/** Keyboard support on the focused slideshow: the arrow keys, Home and End. */
export function indexForKey(key: string, current: number, count: number): number | null {
  if (count <= 1) return null;
  switch (key) {
    case "ArrowRight":
      return nextIndex(current, count);
    case "ArrowLeft":
      return previousIndex(current, count);
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}
