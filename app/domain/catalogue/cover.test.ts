import { describe, it, expect } from "vitest";
import { displayCoverUrl } from "./cover";

describe("displayCoverUrl (spec §3: '.ki' is displayed as '.jpg')", () => {
  it("replaces a trailing .ki with .jpg", () => {
    expect(displayCoverUrl("/images/covers/track-12.ki")).toBe("/images/covers/track-12.jpg");
    expect(displayCoverUrl("https://cdn.example.com/a.KI")).toBe("https://cdn.example.com/a.jpg");
  });

  it("keeps the query string and fragment", () => {
    expect(displayCoverUrl("/c/a.ki?w=300&h=300")).toBe("/c/a.jpg?w=300&h=300");
    expect(displayCoverUrl("/c/a.ki#x")).toBe("/c/a.jpg#x");
  });

  it("leaves other addresses alone", () => {
    expect(displayCoverUrl("/c/a.jpg")).toBe("/c/a.jpg");
    expect(displayCoverUrl("/c/a.kiwi")).toBe("/c/a.kiwi");
    expect(displayCoverUrl("/c/a.ki/b.png")).toBe("/c/a.ki/b.png");
    expect(displayCoverUrl("/c/a.png?file=b.ki")).toBe("/c/a.png?file=b.ki");
    expect(displayCoverUrl("/c/ki")).toBe("/c/ki");
  });

  it("handles empty input", () => {
    expect(displayCoverUrl("")).toBe("");
    expect(displayCoverUrl("  ")).toBe("");
    expect(displayCoverUrl(null)).toBe("");
    expect(displayCoverUrl(undefined)).toBe("");
  });
});
