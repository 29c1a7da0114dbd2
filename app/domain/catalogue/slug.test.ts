import { describe, it, expect } from "vitest";
import { parseRecordIdentifier, recordIdentifier, recordPath, recordSlug, slugify } from "./slug";

const kindOfBlue = { id: 42, artist: "Miles Davis", title: "Kind of Blue" };

describe("recordSlug (spec §2: lowercased, non-word removed, spaces to hyphens)", () => {
  it("joins artist and title, lowercased with hyphens", () => {
    expect(recordSlug("Miles Davis", "Kind of Blue")).toBe("miles-davis-kind-of-blue");
  });

  it("removes non-word characters", () => {
    expect(recordSlug("AC/DC", "Back in Black")).toBe("acdc-back-in-black");
    expect(recordSlug("Guns N' Roses", "Appetite for Destruction!")).toBe("guns-n-roses-appetite-for-destruction");
    expect(recordSlug("Prince", "1999 (Deluxe)")).toBe("prince-1999-deluxe");
  });

  it("collapses runs of spaces and hyphens and trims them", () => {
    expect(recordSlug("  The   Beatles ", " Abbey -- Road - ")).toBe("the-beatles-abbey-road");
    expect(recordSlug("-Hyphen-", "- - -")).toBe("hyphen");
  });

  it("transliterates accents to ASCII", () => {
    expect(recordSlug("Björk", "Homogenic")).toBe("bjork-homogenic");
    expect(recordSlug("Beyoncé", "Lemonade")).toBe("beyonce-lemonade");
    expect(recordSlug("Sigur Rós", "Ágætis byrjun")).toBe("sigur-ros-agaetis-byrjun");
    expect(recordSlug("Motörhead", "Ace of Spades")).toBe("motorhead-ace-of-spades");
    expect(slugify("Straße")).toBe("strasse");
  });

  it("turns & into 'and'", () => {
    expect(recordSlug("Sly & the Family Stone", "Stand!")).toBe("sly-and-the-family-stone-stand");
    expect(recordSlug("Simon&Garfunkel", "Bookends")).toBe("simon-and-garfunkel-bookends");
  });

  it("keeps underscores (they are word characters)", () => {
    expect(slugify("a_b c")).toBe("a_b-c");
  });

  it("can be empty for scripts with no ASCII form", () => {
    expect(recordSlug("坂本龍一", "音楽図鑑")).toBe("");
  });
});

describe("recordIdentifier / recordPath", () => {
  it("prefixes the id", () => {
    expect(recordIdentifier(kindOfBlue)).toBe("42-miles-davis-kind-of-blue");
  });

  it("is just the id when the slug is empty", () => {
    expect(recordIdentifier({ id: 7, artist: "坂本龍一", title: "音楽図鑑" })).toBe("7");
  });

  it("builds the canonical /vinyl/ path", () => {
    expect(recordPath(kindOfBlue)).toBe("/vinyl/42-miles-davis-kind-of-blue");
  });
});

describe("parseRecordIdentifier (spec §2: optional numeric prefix is the id)", () => {
  it("splits id and slug at the first hyphen", () => {
    expect(parseRecordIdentifier("42-miles-davis-kind-of-blue")).toEqual({ id: 42, slug: "miles-davis-kind-of-blue" });
  });

  it("reads a bare id", () => {
    expect(parseRecordIdentifier("42")).toEqual({ id: 42, slug: "" });
    expect(parseRecordIdentifier("42-")).toEqual({ id: 42, slug: "" });
  });

  it("has no id when there is no numeric prefix", () => {
    expect(parseRecordIdentifier("miles-davis")).toEqual({ id: null, slug: "miles-davis" });
    expect(parseRecordIdentifier("42abc-x")).toEqual({ id: null, slug: "42abc-x" });
    expect(parseRecordIdentifier("")).toEqual({ id: null, slug: "" });
  });

  it("rejects id 0 and ids beyond safe integers", () => {
    expect(parseRecordIdentifier("0-x")).toEqual({ id: null, slug: "0-x" });
    expect(parseRecordIdentifier("99999999999999999999-x").id).toBeNull();
  });

  it("reads the last segment of a path, ignoring slashes, query and hash", () => {
    expect(parseRecordIdentifier("/vinyl/42-miles-davis")).toEqual({ id: 42, slug: "miles-davis" });
    expect(parseRecordIdentifier("/42-miles-davis/")).toEqual({ id: 42, slug: "miles-davis" });
    expect(parseRecordIdentifier("/pre-order/9-x?ref=home#top")).toEqual({ id: 9, slug: "x" });
  });

  it("URL-decodes, and survives malformed escapes", () => {
    expect(parseRecordIdentifier("/vinyl/5-bj%C3%B6rk")).toEqual({ id: 5, slug: "björk" });
    expect(parseRecordIdentifier("/vinyl/5-bad%E0%A4%A")).toEqual({ id: 5, slug: "bad%E0%A4%A" });
  });

  it("round-trips with recordIdentifier", () => {
    expect(parseRecordIdentifier(recordPath(kindOfBlue))).toEqual({ id: 42, slug: recordSlug("Miles Davis", "Kind of Blue") });
  });
});
