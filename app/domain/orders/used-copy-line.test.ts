import { describe, expect, it } from "vitest";
import { usedCopyWords } from "./used-copy-line";

const copy = { id: 42, catalogueId: "blue-train-used-2", condition: "used", mediaGrade: "VG+", sleeveGrade: "VG" };

describe("what a packer reads of an order line", () => {
  it("names a used copy by its back-office number and shelf reference, with both grades", () => {
    expect(usedCopyWords(copy)).toEqual({
      copy: "Used copy #42",
      reference: "blue-train-used-2",
      grades: "Media: VG+ · Sleeve: VG",
    });
  });

  it("says nothing extra of a new pressing or an ungraded second-hand line, or a record no longer there", () => {
    expect(usedCopyWords({ ...copy, condition: "new", mediaGrade: null, sleeveGrade: null })).toBeNull();
    expect(usedCopyWords({ ...copy, mediaGrade: null, sleeveGrade: null })).toBeNull();
    expect(usedCopyWords(undefined)).toBeNull();
  });

  it("says when a grade is missing rather than leaving it blank", () => {
    expect(usedCopyWords({ ...copy, sleeveGrade: null })?.grades).toBe("Media: VG+ · Sleeve: not graded");
  });
});
