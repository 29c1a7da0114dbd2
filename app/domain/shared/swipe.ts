/** Swipes on touch screens (the home slideshow, the crate dig): spec §9, a drag of 50 px or more. */

export const SWIPE_THRESHOLD_PX = 50;

export type SwipeDirection = "next" | "previous";

/**
 * A touch that moved from `start` to `end`: a drag left of at least the threshold goes to the next item,
 * right to the previous one. A mostly vertical drag is the page scrolling, not a swipe.
 */
export function swipeDirection(
  start: { x: number; y: number },
  end: { x: number; y: number },
  threshold: number = SWIPE_THRESHOLD_PX,
): SwipeDirection | null {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (![dx, dy].every(Number.isFinite)) return null;
  if (Math.abs(dx) < threshold || Math.abs(dy) > Math.abs(dx)) return null;
  return dx < 0 ? "next" : "previous";
}
