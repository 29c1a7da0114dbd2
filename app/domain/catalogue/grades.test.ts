import { describe, expect, it } from "vitest";
import { GRADES, gradeAtLeast, gradesAtLeast, readGrade, usedCopyCatalogueId } from "./grades";
import { usedCopySchema } from "./used-copy-schema";

describe("Goldmine grades", () => {
  it("run from Mint down to Poor", () => {
    expect(GRADES).toEqual(["M", "NM", "VG+", "VG", "G+", "G", "F", "P"]);
  });

  it("a grade is at least itself and every grade below it, never one above", () => {
    expect(gradeAtLeast("VG+", "VG+")).toBe(true);
    expect(gradeAtLeast("NM", "VG+")).toBe(true);
    expect(gradeAtLeast("VG", "VG+")).toBe(false);
    expect(gradeAtLeast("P", "M")).toBe(false);
    expect(gradeAtLeast("M", "P")).toBe(true);
    for (const g of GRADES) for (const min of GRADES) expect(gradeAtLeast(g, min)).toBe(GRADES.indexOf(g) <= GRADES.indexOf(min));
  });

  it("the filter lets through the grades at or above the minimum", () => {
    expect(gradesAtLeast("VG+")).toEqual(["M", "NM", "VG+"]);
    expect(gradesAtLeast("M")).toEqual(["M"]);
    expect(gradesAtLeast("P")).toEqual([...GRADES]);
  });

  it("reads grades as typed and refuses others", () => {
    expect(readGrade(" vg+ ")).toBe("VG+");
    expect(readGrade("nm")).toBe("NM");
    expect(readGrade("VG++")).toBeNull();
    expect(readGrade(3)).toBeNull();
  });
});

describe("the used-copy form", () => {
  it("reads pounds into pence and grades in any case", () => {
    expect(usedCopySchema.parse({ price: "£12.50", mediaGrade: "vg+", sleeveGrade: "VG", note: "  " })).toEqual({
      price: 1250,
      mediaGrade: "VG+",
      sleeveGrade: "VG",
      note: undefined,
    });
  });

  it("refuses an unknown grade, a missing price and a long note", () => {
    const r = usedCopySchema.safeParse({ price: "", mediaGrade: "Excellent", sleeveGrade: "NM", note: "x".repeat(501) });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path[0]);
    expect(paths).toEqual(expect.arrayContaining(["price", "mediaGrade", "note"]));
  });

  it("names copies after their pressing", () => {
    expect(usedCopyCatalogueId("blue-train", 2)).toBe("blue-train-used-2");
  });
});
