import { describe, expect, it } from "vitest";
import { isInPageLink } from "./in-page-link";

const here = "https://shop.example/vinyl-care?x=1";

describe("isInPageLink", () => {
  it("accepts a fragment on the same page, written short or whole", () => {
    expect(isInPageLink("#stylus", here)).toBe(true);
    expect(isInPageLink("/vinyl-care?x=1#stylus", here)).toBe(true);
    expect(isInPageLink("https://shop.example/vinyl-care?x=1#stylus", here)).toBe(true);
  });

  it("refuses another page, another query, another origin, or no fragment", () => {
    expect(isInPageLink("/profile#orders", here)).toBe(false);
    expect(isInPageLink("/vinyl-care#stylus", here)).toBe(false);
    expect(isInPageLink("https://other.example/vinyl-care?x=1#stylus", here)).toBe(false);
    expect(isInPageLink("/vinyl-care?x=1", here)).toBe(false);
    expect(isInPageLink("#", here)).toBe(false);
  });

  it("refuses what cannot be read as an address", () => {
    expect(isInPageLink("http://[bad", here)).toBe(false);
    expect(isInPageLink("#a", "not a url")).toBe(false);
  });
});
