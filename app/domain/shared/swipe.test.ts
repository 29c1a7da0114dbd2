import { describe, expect, it } from "vitest";
import { SWIPE_THRESHOLD_PX, swipeDirection } from "./swipe";

describe("swipes in the crate dig (spec §9: 50 px)", () => {
  const start = { x: 200, y: 300 };
  it("uses a 50 px threshold", () => {
    expect(SWIPE_THRESHOLD_PX).toBe(50);
  });

  it("flips to the next record on a drag left of 50 px or more, the previous on a drag right", () => {
    expect(swipeDirection(start, { x: 150, y: 300 })).toBe("next");
    expect(swipeDirection(start, { x: 250, y: 310 })).toBe("previous");
    expect(swipeDirection(start, { x: 20, y: 340 })).toBe("next");
  });

  it("ignores shorter drags and mostly vertical ones", () => {
    expect(swipeDirection(start, { x: 151, y: 300 })).toBeNull();
    expect(swipeDirection(start, { x: 249, y: 300 })).toBeNull();
    expect(swipeDirection(start, { x: 120, y: 420 })).toBeNull();
    expect(swipeDirection(start, { x: Number.NaN, y: 300 })).toBeNull();
  });

  it("accepts another threshold", () => {
    expect(swipeDirection(start, { x: 170, y: 300 }, 20)).toBe("next");
  });
});

describe("swipes on the slideshow", () => {
  const at = (x: number, y = 100) => ({ x, y });

  it("shows the next slide for a leftward swipe of 50 px or more", () => {
    expect(swipeDirection(at(200), at(150))).toBe("next");
    expect(swipeDirection(at(300), at(20))).toBe("next");
  });

  it("shows the previous slide for a rightward swipe of 50 px or more", () => {
    expect(swipeDirection(at(100), at(150))).toBe("previous");
  });

  it("ignores drags shorter than 50 px", () => {
    expect(swipeDirection(at(200), at(151))).toBeNull();
    expect(swipeDirection(at(100), at(149))).toBeNull();
    expect(swipeDirection(at(100), at(100))).toBeNull();
  });

  it("ignores a mostly vertical drag (the page scrolling)", () => {
    expect(swipeDirection(at(200, 0), at(140, 200))).toBeNull();
  });

  it("honours a custom threshold", () => {
    expect(swipeDirection(at(100), at(80), 20)).toBe("next");
    expect(swipeDirection(at(100), at(81), 20)).toBeNull();
  });

  it("ignores broken coordinates", () => {
    expect(swipeDirection(at(Number.NaN), at(0))).toBeNull();
  });
});
