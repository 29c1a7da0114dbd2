import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps paths on this site, with their query", () => {
    expect(safeRedirect("/profile")).toBe("/profile");
    expect(safeRedirect("/browse?q=blue&genre=Jazz")).toBe("/browse?q=blue&genre=Jazz");
  });

  it("refuses other hosts and tricks", () => {
    for (const bad of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "profile",
      "",
      null,
      42,
      "/a\nb",
    ]) {
      expect(safeRedirect(bad)).toBe("/");
    }
  });

  it("never loops back to the sign-in page", () => {
    expect(safeRedirect("/auth?redirectTo=/x", "/home")).toBe("/home");
  });
});
