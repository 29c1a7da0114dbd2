import { describe, expect, it } from "vitest";
import { applyVisitorFavourites, favouritesIntentSchema, favouritesToast } from "./favourites-intent";
import { MAX_VISITOR_FAVOURITES } from "./favourites-cookie";

describe("favourites forms", () => {
  it("read add, remove and clear", () => {
    const read = (input: object) => favouritesIntentSchema.parse(input);
    expect(read({ intent: "add", recordId: "42", redirectTo: "/" })).toEqual({ intent: "add", recordId: 42 });
    expect(read({ intent: "remove", recordId: "7" })).toEqual({ intent: "remove", recordId: 7 });
    expect(read({ intent: "clear" })).toEqual({ intent: "clear" });
  });

  it("refuse anything else", () => {
    for (const bad of [{}, { intent: "add" }, { intent: "add", recordId: "-1" }, { intent: "merge", recordId: "1" }]) {
      expect(favouritesIntentSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe("applyVisitorFavourites (spec §4)", () => {
  it("adds newest last and skips duplicates", () => {
    expect(applyVisitorFavourites([3, 4], { intent: "add", recordId: 5 })).toEqual([3, 4, 5]);
    expect(applyVisitorFavourites([3, 4], { intent: "add", recordId: 3 })).toEqual([3, 4]);
  });

  it("removes one and clears all", () => {
    expect(applyVisitorFavourites([3, 4, 5], { intent: "remove", recordId: 4 })).toEqual([3, 5]);
    expect(applyVisitorFavourites([3], { intent: "remove", recordId: 9 })).toEqual([3]);
    expect(applyVisitorFavourites([3, 4], { intent: "clear" })).toEqual([]);
  });

  it("refuses to pass what the browser cookie can hold", () => {
    const full = Array.from({ length: MAX_VISITOR_FAVOURITES }, (_, i) => i + 1);
    expect(applyVisitorFavourites(full, { intent: "add", recordId: 9999 })).toBeNull();
    expect(applyVisitorFavourites(full, { intent: "add", recordId: 1 })).toEqual(full);
  });
});

describe("favouritesToast", () => {
  it("names the record", () => {
    expect(favouritesToast({ intent: "add", recordId: 1 }, "Blue Train")).toMatchObject({
      title: "Added to favourites",
      description: "Blue Train is in your favourites.",
    });
    expect(favouritesToast({ intent: "remove", recordId: 1 }, "Blue Train").title).toBe("Removed from favourites");
    expect(favouritesToast({ intent: "clear" }, null).title).toBe("Favourites cleared");
  });
});
