import { describe, it, expect } from "vitest";
import { DEFAULT_COVER_URL, hasRealCover, isPlaceholderTitle, PLACEHOLDER_TITLES, shouldHideRecord } from "./hiding";
import { makeRecord } from "./test-records";

const today = "2026-11-22";
const future = "2026-12-05";

describe("placeholder titles (spec §5: ten titles)", () => {
  it("lists exactly the ten spec titles", () => {
    expect(PLACEHOLDER_TITLES).toEqual([
      "Midnight Drive",
      "Electric Dreams",
      "Summer Nights",
      "Rhythm & Blues",
      "Digital Horizon",
      "Neon City",
      "Lunar Phase",
      "Cosmic Journey",
      "Urban Echoes",
      "Electronic Vibes",
    ]);
  });

  it("matches case-insensitively and trimmed", () => {
    for (const title of PLACEHOLDER_TITLES) expect(isPlaceholderTitle(title)).toBe(true);
    expect(isPlaceholderTitle("  neon CITY ")).toBe(true);
    expect(isPlaceholderTitle("rhythm & blues")).toBe(true);
  });

  it("does not match similar titles", () => {
    expect(isPlaceholderTitle("Neon City Lights")).toBe(false);
    expect(isPlaceholderTitle("Rhythm and Blues")).toBe(false);
    expect(isPlaceholderTitle("")).toBe(false);
  });
});

describe("hasRealCover", () => {
  it("treats empty and default covers as no cover", () => {
    expect(DEFAULT_COVER_URL).toBe("/images/default-cover.jpg");
    expect(hasRealCover("")).toBe(false);
    expect(hasRealCover("   ")).toBe(false);
    expect(hasRealCover(null)).toBe(false);
    expect(hasRealCover(DEFAULT_COVER_URL)).toBe(false);
    expect(hasRealCover(" https://cdn.example.com/images/default-cover.jpg?w=300 ")).toBe(false);
  });

  it("accepts real covers", () => {
    expect(hasRealCover("/images/covers/track-1.jpg")).toBe(true);
    expect(hasRealCover("/images/default-cover.jpg.bak")).toBe(true);
    expect(hasRealCover("/images/my-default-cover.png")).toBe(true);
  });
});

describe("shouldHideRecord (spec §5 record hiding)", () => {
  const options = { today };

  it("shows a normal record", () => {
    expect(shouldHideRecord(makeRecord(), options)).toBe(false);
  });

  it("hides placeholder titles", () => {
    expect(shouldHideRecord(makeRecord({ title: "Midnight Drive" }), options)).toBe(true);
    expect(shouldHideRecord(makeRecord({ title: "electronic vibes " }), options)).toBe(true);
  });

  it("hides records with no cover or only the default stock photo", () => {
    expect(shouldHideRecord(makeRecord({ coverUrl: "" }), options)).toBe(true);
    expect(shouldHideRecord(makeRecord({ coverUrl: DEFAULT_COVER_URL }), options)).toBe(true);
  });

  it("hides records with zero stock unless stock is ignored", () => {
    expect(shouldHideRecord(makeRecord({ stockQuantity: 0 }), options)).toBe(true);
    expect(shouldHideRecord(makeRecord({ stockQuantity: -1 }), options)).toBe(true);
    expect(shouldHideRecord(makeRecord({ stockQuantity: 0 }), { today, ignoreStock: true })).toBe(false);
    expect(shouldHideRecord(makeRecord({ stockQuantity: 1 }), options)).toBe(false);
  });

  it("ignoring stock does not ignore the other rules", () => {
    expect(shouldHideRecord(makeRecord({ stockQuantity: 0, coverUrl: "" }), { today, ignoreStock: true })).toBe(true);
    expect(shouldHideRecord(makeRecord({ title: "Lunar Phase" }), { today, ignoreStock: true })).toBe(true);
  });

  it("never hides pre-orders, whatever else is wrong", () => {
    const preOrder = makeRecord({ releaseDate: future, title: "Neon City", coverUrl: "", stockQuantity: 0 });
    expect(shouldHideRecord(preOrder, options)).toBe(false);
  });

  it("a record released today is no longer a pre-order", () => {
    expect(shouldHideRecord(makeRecord({ releaseDate: today, stockQuantity: 0 }), options)).toBe(true);
  });

  it("the new-releases view shows a sold-out record but never placeholder or cover-less demo data", () => {
    const soldOut = makeRecord({ stockQuantity: 0 });
    expect(shouldHideRecord(soldOut, { today, view: "new-releases" })).toBe(false);
    expect(shouldHideRecord(soldOut, { today, view: "default" })).toBe(true);
    const placeholder = makeRecord({ title: "Cosmic Journey", stockQuantity: 3 });
    expect(shouldHideRecord(placeholder, { today, view: "new-releases" })).toBe(true);
    const noCover = makeRecord({ coverUrl: DEFAULT_COVER_URL, stockQuantity: 3 });
    expect(shouldHideRecord(noCover, { today, view: "new-releases" })).toBe(true);
  });
});
