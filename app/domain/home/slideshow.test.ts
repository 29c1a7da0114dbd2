import { describe, expect, it } from "vitest";
import {
  DEFAULT_INTERVAL_MS,
  HOME_SLIDE_INTERVAL_MS,
  indexForKey,
  nextIndex,
  previousIndex,
  resolveInterval,
  shouldAutoAdvance,
  wrapIndex,
  type AutoAdvanceState,
} from "./slideshow";

describe("spec §9 slideshow constants", () => {
  it("advances every 5000 ms by default and every 6000 ms on the home slide", () => {
    expect(DEFAULT_INTERVAL_MS).toBe(5000);
    expect(HOME_SLIDE_INTERVAL_MS).toBe(6000);
  });
});

describe("slide order", () => {
  it("moves forward and wraps from the last slide to the first", () => {
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(1, 3)).toBe(2);
    expect(nextIndex(2, 3)).toBe(0);
  });

  it("moves back and wraps from the first slide to the last", () => {
    expect(previousIndex(2, 3)).toBe(1);
    expect(previousIndex(0, 3)).toBe(2);
  });

  it("stays on slide 0 with one slide or none", () => {
    expect(nextIndex(0, 1)).toBe(0);
    expect(previousIndex(0, 1)).toBe(0);
    expect(nextIndex(0, 0)).toBe(0);
    expect(previousIndex(0, 0)).toBe(0);
  });

  it("brings any index, however far out, back into range", () => {
    expect(wrapIndex(7, 3)).toBe(1);
    expect(wrapIndex(-4, 3)).toBe(2);
    expect(wrapIndex(Number.NaN, 3)).toBe(0);
    expect(wrapIndex(1.9, 3)).toBe(1);
  });
});

describe("interval", () => {
  it("uses a given interval and falls back to 5000 ms for a missing or unreadable one", () => {
    expect(resolveInterval(6000)).toBe(6000);
    expect(resolveInterval(undefined)).toBe(5000);
    expect(resolveInterval(Number.NaN)).toBe(5000);
    expect(resolveInterval(0)).toBe(5000);
    expect(resolveInterval(-100)).toBe(5000);
    expect(resolveInterval(Number.POSITIVE_INFINITY)).toBe(5000);
  });
});

describe("auto-advance", () => {
  const playing: AutoAdvanceState = {
    slideCount: 3,
    visible: true,
    hovered: false,
    focused: false,
    reducedMotion: false,
    userPaused: false,
    pageHidden: false,
  };

  it("advances when visible with several slides", () => {
    expect(shouldAutoAdvance(playing)).toBe(true);
  });

  it("pauses on hover, off-screen, on focus, when paused, in a hidden tab", () => {
    expect(shouldAutoAdvance({ ...playing, hovered: true })).toBe(false);
    expect(shouldAutoAdvance({ ...playing, visible: false })).toBe(false);
    expect(shouldAutoAdvance({ ...playing, focused: true })).toBe(false);
    expect(shouldAutoAdvance({ ...playing, userPaused: true })).toBe(false);
    expect(shouldAutoAdvance({ ...playing, pageHidden: true })).toBe(false);
  });

  it("never advances on its own for a shopper who prefers reduced motion", () => {
    expect(shouldAutoAdvance({ ...playing, reducedMotion: true })).toBe(false);
  });

  it("has nothing to advance to with one slide", () => {
    expect(shouldAutoAdvance({ ...playing, slideCount: 1 })).toBe(false);
    expect(shouldAutoAdvance({ ...playing, slideCount: 0 })).toBe(false);
  });
});

describe("keyboard", () => {
  it("moves with the arrow keys and jumps with Home and End", () => {
    expect(indexForKey("ArrowRight", 0, 3)).toBe(1);
    expect(indexForKey("ArrowLeft", 0, 3)).toBe(2);
    expect(indexForKey("Home", 2, 3)).toBe(0);
    expect(indexForKey("End", 0, 3)).toBe(2);
    expect(indexForKey("Enter", 0, 3)).toBeNull();
  });

  it("does nothing with one slide", () => {
    expect(indexForKey("ArrowRight", 0, 1)).toBeNull();
  });
});
