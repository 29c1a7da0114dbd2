import { describe, expect, it } from "vitest";
import { GRADES } from "../catalogue/grades";
import { fromDiscogsMedia, fromDiscogsSleeve, toDiscogsMedia, toDiscogsSleeve } from "./discogs-grades";

describe("Discogs conditions", () => {
  it("writes every grade exactly as Discogs spells it", () => {
    expect(GRADES.map(toDiscogsMedia)).toEqual([
      "Mint (M)",
      "Near Mint (NM or M-)",
      "Very Good Plus (VG+)",
      "Very Good (VG)",
      "Good Plus (G+)",
      "Good (G)",
      "Fair (F)",
      "Poor (P)",
    ]);
  });

  it("reads back what it writes, for every grade", () => {
    for (const g of GRADES) {
      expect(fromDiscogsMedia(toDiscogsMedia(g))).toBe(g);
      expect(fromDiscogsSleeve(toDiscogsSleeve(g))).toEqual({ grade: g, kind: null });
    }
  });

  it("reads abbreviations, spacing and case loosely, and M- as Near Mint", () => {
    expect(fromDiscogsMedia("  near mint  (nm or m-) ")).toBe("NM");
    expect(fromDiscogsMedia("vg+")).toBe("VG+");
    expect(fromDiscogsMedia("M-")).toBe("NM");
  });

  it("knows the sleeves without a grade, and writes them back", () => {
    expect(fromDiscogsSleeve("Generic")).toEqual({ grade: "P", kind: "generic" });
    expect(fromDiscogsSleeve("no cover")).toEqual({ grade: "P", kind: "no_cover" });
    expect(fromDiscogsSleeve("Not Graded")).toEqual({ grade: "P", kind: "not_graded" });
    expect(toDiscogsSleeve("P", "generic")).toBe("Generic");
  });

  it("refuses words Discogs does not use, and a sleeve word for the disc", () => {
    expect(fromDiscogsMedia("Excellent")).toBeNull();
    expect(fromDiscogsMedia("")).toBeNull();
    expect(fromDiscogsMedia("Generic")).toBeNull();
    expect(fromDiscogsSleeve("Sealed")).toBeNull();
  });
});
