import { useRef } from "react";
import { swipeDirection, type SwipeDirection } from "~/domain/shared/swipe";

/** Touch handlers that call `onSwipe` for a swipe (~/domain/shared/swipe); nothing while `enabled` is false. */
export function useSwipe(onSwipe: (direction: SwipeDirection) => void, enabled = true) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart(e: React.TouchEvent) {
      const t = e.touches[0];
      start.current = t ? { x: t.clientX, y: t.clientY } : null;
    },
    onTouchEnd(e: React.TouchEvent) {
      const t = e.changedTouches[0];
      const from = start.current;
      start.current = null;
      if (!enabled || !t || !from) return;
      const direction = swipeDirection(from, { x: t.clientX, y: t.clientY });
      if (direction) onSwipe(direction);
    },
  };
}
