import { describe, expect, it } from "vitest";
import { isActivePath, NAV_SECTIONS } from "./nav-sections";

describe("sidebar sections (spec §1)", () => {
  it("has the four sections' fixed entries in order", () => {
    expect(NAV_SECTIONS.map((s) => s.title)).toEqual(["Discover", "Browse", "Magazine"]);
    expect(NAV_SECTIONS[0]?.entries.map((e) => e.label)).toEqual(["Home", "New Releases", "Pre-Orders", "Virtual Crate Dig"]);
    expect(NAV_SECTIONS[2]?.entries.map((e) => e.label)).toEqual(["Artist Stories", "Vinyl Care Guide"]);
  });

  it("keeps the Blog entry active for any path under /blog", () => {
    expect(isActivePath("/blog", "/blog")).toBe(true);
    expect(isActivePath("/blog", "/blog/tag/jazz")).toBe(true);
    expect(isActivePath("/blog", "/blogger")).toBe(false);
  });

  it("marks Home active only on the home page", () => {
    expect(isActivePath("/", "/")).toBe(true);
    expect(isActivePath("/", "/browse")).toBe(false);
  });
});
