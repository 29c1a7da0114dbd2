import { describe, expect, it } from "vitest";
import { ValidationError } from "~/domain/shared/errors";
import { parseInput } from "~/domain/shared/parse-input";
import { contrastRatio, isHexColour, isShopLink } from "./slide-rules";
import { LINK_MESSAGE, slideSchema } from "./slide-schema";

describe("contrastRatio", () => {
  it("matches WCAG's figures", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBeCloseTo(1, 5);
    // #767676 on white is the classic 4.54:1.
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#ffffff", "#767676")).toBe(contrastRatio("#767676", "#ffffff"));
  });
});

describe("isShopLink and isHexColour", () => {
  it("takes paths on the shop only", () => {
    for (const ok of ["/allvinyl", "/browse?genre=Jazz", "/vinyl/12-blue-train#tracks"]) expect(isShopLink(ok), ok).toBe(true);
    for (const bad of [
      "",
      "allvinyl",
      "//evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "/a\\b",
      "/a b",
      "/x\n",
      `/${"a".repeat(200)}`,
    ]) {
      expect(isShopLink(bad), bad).toBe(false);
    }
  });

  it("takes #rrggbb colours", () => {
    expect(isHexColour("#16130F")).toBe(true);
    expect(isHexColour("#fff")).toBe(false);
    expect(isHexColour("red")).toBe(false);
  });
});

describe("slideSchema", () => {
  const good = {
    title: " Record Store Day ",
    description: "Limited pressings in the shop from 8 am.",
    buttonText: "See the list",
    buttonLink: "/browse?q=rsd",
    bgColor: "#16130F",
    textColor: "#ffffff",
    active: "on",
  };

  it("trims, lower-cases colours and reads the checkbox", () => {
    expect(parseInput(slideSchema, good)).toEqual({ ...good, title: "Record Store Day", bgColor: "#16130f", active: true });
    expect(parseInput(slideSchema, { ...good, active: "off" }).active).toBe(false);
  });

  it("refuses a link off the shop, an empty title and unreadable colours, per field", () => {
    let error: unknown;
    try {
      parseInput(slideSchema, { ...good, title: "  ", buttonLink: "https://evil.example", textColor: "#1a1a1a" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    const fields = (error as ValidationError).fields!;
    expect(fields.title).toEqual(["Enter a title."]);
    expect(fields.buttonLink).toEqual([LINK_MESSAGE]);
    // The contrast check needs both colours valid; here it still runs after the other fields fail.
    expect(fields.textColor?.[0]).toMatch(/^The text colour is hard to read on the background \(contrast 1\.\d:1/);
  });
});
