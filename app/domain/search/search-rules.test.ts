import { describe, expect, it } from "vitest";
import { browseSearchHref, isSearchable, MAX_SEARCH_CHARS, normaliseSearchText, visibleLength } from "./search-rules";

describe("search rules (spec §5, §9)", () => {
  it("counts characters other than whitespace, as code points", () => {
    expect(visibleLength("")).toBe(0);
    expect(visibleLength("  a \t b\n")).toBe(2);
    expect(visibleLength("Ö")).toBe(1);
    expect(visibleLength("🎵")).toBe(1);
  });

  it("searches only with 2 or more non-space characters", () => {
    for (const text of ["", " ", "a", " a ", "\u00a0a\u00a0", "\n\t"])
      expect(isSearchable(text), JSON.stringify(text)).toBe(false);
    for (const text of ["ab", " a b ", "Ö!", "🎵🎵"]) expect(isSearchable(text), text).toBe(true);
  });

  it("normalises like /browse reads ?q=: one space between words, trimmed, at most 100 characters", () => {
    expect(normaliseSearchText("  kind \t of\n blue ")).toBe("kind of blue");
    expect(normaliseSearchText("x".repeat(150))).toHaveLength(MAX_SEARCH_CHARS);
    expect(normaliseSearchText(`${"x".repeat(99)}  y`)).toBe("x".repeat(99));
  });

  it("links 'See all' to /browse?q= with the text encoded", () => {
    expect(browseSearchHref(" kind of blue ")).toBe("/browse?q=kind%20of%20blue");
    expect(browseSearchHref("r&b #1 / björk")).toBe("/browse?q=r%26b%20%231%20%2F%20bj%C3%B6rk");
  });
});
