import { describe, expect, it } from "vitest";
import {
  BOX_SET_GRAMS,
  DEFAULT_PACKAGING_GRAMS,
  formatDefaultGrams,
  parcelWeightGrams,
  recordWeightGrams,
} from "./parcel-weight";

describe("parcel weight", () => {
  it("a record weighs its own weight, or its format's", () => {
    expect(formatDefaultGrams("Vinyl LP")).toBe(230);
    expect(formatDefaultGrams("Vinyl 2×LP")).toBe(460);
    expect(formatDefaultGrams("Vinyl 7-inch")).toBe(50);
    expect(formatDefaultGrams("Vinyl Box Set")).toBe(BOX_SET_GRAMS);
    expect(formatDefaultGrams(null)).toBe(230);
    expect(recordWeightGrams({ weightGrams: 180, format: "Vinyl LP" })).toBe(180);
    expect(recordWeightGrams({ weightGrams: null, format: "Vinyl 7-inch" })).toBe(50);
  });

  it("a parcel is its records and the packaging once; nothing for an empty cart", () => {
    expect(DEFAULT_PACKAGING_GRAMS).toBe(250);
    expect(parcelWeightGrams([{ weightGrams: 230, quantity: 2 }])).toBe(710);
    expect(
      parcelWeightGrams(
        [
          { weightGrams: 230, quantity: 2 },
          { weightGrams: 50, quantity: 1 },
        ],
        300,
      ),
    ).toBe(810);
    expect(
      parcelWeightGrams([
        { weightGrams: 230, quantity: 0 },
        { weightGrams: 230, quantity: -1 },
      ]),
    ).toBe(0);
    expect(parcelWeightGrams([])).toBe(0);
  });
});
