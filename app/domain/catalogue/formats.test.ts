import { describe, it, expect } from "vitest";
import { FORMATS, formatLabel, formatLabelText } from "./formats";

describe("FORMATS (stored format texts)", () => {
  it("is exactly the spec list", () => {
    expect(FORMATS).toEqual([
      "Vinyl LP",
      "Vinyl 12-inch",
      "Vinyl EP",
      "Vinyl Single",
      "Vinyl 7-inch",
      "Vinyl 2×LP",
      "Vinyl 3×LP",
      "Vinyl Box Set",
      "Coloured Vinyl",
      "Picture Disc Vinyl",
      "Vinyl",
    ]);
  });
});

describe("formatLabel (spec §9 format labels)", () => {
  it("labels every stored format", () => {
    const labels = Object.fromEntries(FORMATS.map((f) => [f, formatLabel(f)]));
    expect(labels).toEqual({
      "Vinyl LP": { label: "LP", rpm: "33⅓ RPM" },
      "Vinyl 12-inch": { label: '12" Vinyl', rpm: "33⅓ RPM" },
      "Vinyl EP": { label: "EP", rpm: null },
      "Vinyl Single": { label: "Single", rpm: "45 RPM" },
      "Vinyl 7-inch": { label: '7" Vinyl', rpm: "45 RPM" },
      "Vinyl 2×LP": { label: "Double LP", rpm: "33⅓ RPM" },
      "Vinyl 3×LP": { label: "Triple LP", rpm: "33⅓ RPM" },
      "Vinyl Box Set": { label: "Box Set", rpm: null },
      "Coloured Vinyl": { label: "Coloured Vinyl", rpm: null },
      "Picture Disc Vinyl": { label: "Picture Disc", rpm: null },
      Vinyl: { label: "Vinyl", rpm: null },
    });
  });

  it("is tolerant of case and spelling", () => {
    expect(formatLabel("vinyl lp")).toEqual({ label: "LP", rpm: "33⅓ RPM" });
    expect(formatLabel("2xLP")).toEqual({ label: "Double LP", rpm: "33⅓ RPM" });
    expect(formatLabel("Vinyl 2 x LP")).toEqual({ label: "Double LP", rpm: "33⅓ RPM" });
    expect(formatLabel("Double LP")).toEqual({ label: "Double LP", rpm: "33⅓ RPM" });
    expect(formatLabel("3XLP")).toEqual({ label: "Triple LP", rpm: "33⅓ RPM" });
    expect(formatLabel('7"')).toEqual({ label: '7" Vinyl', rpm: "45 RPM" });
    expect(formatLabel("7” single")).toEqual({ label: '7" Vinyl', rpm: "45 RPM" });
    expect(formatLabel("12 inch")).toEqual({ label: '12" Vinyl', rpm: "33⅓ RPM" });
    expect(formatLabel("Vinyl 12in")).toEqual({ label: '12" Vinyl', rpm: "33⅓ RPM" });
    expect(formatLabel("colored vinyl")).toEqual({ label: "Coloured Vinyl", rpm: null });
    expect(formatLabel("BOXSET")).toEqual({ label: "Box Set", rpm: null });
    expect(formatLabel("box-set")).toEqual({ label: "Box Set", rpm: null });
    expect(formatLabel("  Vinyl   Single ")).toEqual({ label: "Single", rpm: "45 RPM" });
  });

  it("does not match words that merely contain the letters", () => {
    expect(formatLabel("Vinyl Help")).toEqual({ label: "Vinyl", rpm: null });
    expect(formatLabel("Vinyl 17-inch")).toEqual({ label: "Vinyl", rpm: null });
    expect(formatLabel("Vinyl 112-inch")).toEqual({ label: "Vinyl", rpm: null });
  });

  it("falls back to the default label", () => {
    expect(formatLabel(null)).toEqual({ label: "Vinyl", rpm: null });
    expect(formatLabel(undefined)).toEqual({ label: "Vinyl", rpm: null });
    expect(formatLabel("")).toEqual({ label: "Vinyl", rpm: null });
    expect(formatLabel("Shellac 78")).toEqual({ label: "Vinyl", rpm: null });
  });

  it("returns a fresh object each time", () => {
    const a = formatLabel("Vinyl LP");
    a.label = "changed";
    expect(formatLabel("Vinyl LP").label).toBe("LP");
  });
});

describe("formatLabelText", () => {
  it("joins label and speed with a middle dot", () => {
    expect(formatLabelText("Vinyl LP")).toBe("LP · 33⅓ RPM");
    expect(formatLabelText("Vinyl 7-inch")).toBe('7" Vinyl · 45 RPM');
  });

  it("shows only the label without a speed", () => {
    expect(formatLabelText("Vinyl EP")).toBe("EP");
    expect(formatLabelText(null)).toBe("Vinyl");
  });
});
