import { describe, expect, it } from "vitest";
import { wantConditionsText } from "./want-view";

describe("a want's conditions in words", () => {
  it("names each condition it waits for, in one order", () => {
    const none = { backInStock: false, onRelease: false, priceBelowPence: null, minGrade: null };
    expect(wantConditionsText({ ...none, backInStock: true })).toBe("back in stock");
    expect(wantConditionsText({ ...none, priceBelowPence: 1 })).toBe("under £0.01");
    expect(wantConditionsText({ backInStock: true, onRelease: true, priceBelowPence: 1500, minGrade: "VG+" })).toBe(
      "back in stock, released, under £15.00, a used copy graded VG+ or better",
    );
    expect(wantConditionsText(none)).toBe("");
  });
});
