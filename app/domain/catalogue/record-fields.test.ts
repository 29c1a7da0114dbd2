import { describe, expect, it } from "vitest";
import {
  changedRecordFields,
  durationTextToSeconds,
  newRecordSchema,
  normaliseFormat,
  poundsTextToPence,
  recordFieldsSchema,
  newRecordFormSchema,
} from "./record-fields";

const valid = { title: "Blue Train", artist: "John Coltrane", price: "£24.99" };
const errorsOf = (input: Record<string, unknown>) => {
  const r = recordFieldsSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe("record fields", () => {
  it("turns pounds typed by a person into whole pence", () => {
    expect(poundsTextToPence("£24.99")).toBe(2499);
    expect(poundsTextToPence("12")).toBe(1200);
    expect(poundsTextToPence("12.5")).toBe(1250);
    expect(poundsTextToPence("1,299.00")).toBe(129900);
    expect(poundsTextToPence("0.10")).toBe(10);
    expect(poundsTextToPence(19.99)).toBe(1999);
    for (const bad of ["12.999", "abc", "-3", "12,5", "", "1e3"]) expect(poundsTextToPence(bad)).toBeNull();
  });

  it("reads a preview length as seconds or minutes:seconds", () => {
    expect(durationTextToSeconds("225")).toBe(225);
    expect(durationTextToSeconds("3:45")).toBe(225);
    expect(durationTextToSeconds("3:75")).toBeNull();
  });

  it("maps common format spellings to the stored ones", () => {
    expect(normaliseFormat("vinyl lp")).toBe("Vinyl LP");
    expect(normaliseFormat("LP, Album")).toBe("Vinyl LP");
    expect(normaliseFormat("2xLP")).toBe("Vinyl 2×LP");
    expect(normaliseFormat('7"')).toBe("Vinyl 7-inch");
    expect(normaliseFormat("Picture disc")).toBe("Picture Disc Vinyl");
    expect(normaliseFormat("CD")).toBeNull();
  });

  it("accepts a minimal record and fills the defaults", () => {
    const r = recordFieldsSchema.parse({ ...valid, genre: "", isNewRelease: "on" });
    expect(r).toMatchObject({
      title: "Blue Train",
      price: 2499,
      genre: null,
      condition: "new",
      duration: 8,
      isNewRelease: true,
      bestSeller: false,
      releaseDate: null,
    });
  });

  it("gives each field a clear message", () => {
    expect(errorsOf({ price: "12.345" })).toMatchObject({
      title: "Enter the title",
      artist: "Enter the artist",
      price: "Enter the price in pounds, such as 12.99",
    });
    expect(errorsOf({ ...valid, price: "0" }).price).toBe("The price must be between £0.01 and £9,999.99");
    expect(errorsOf({ ...valid, releaseDate: "2026-02-30" }).releaseDate).toMatch(/real date written YYYY-MM-DD/);
    expect(errorsOf({ ...valid, releaseDate: "14/03/2026" }).releaseDate).toMatch(/YYYY-MM-DD/);
    expect(errorsOf({ ...valid, year: "nineteen" }).year).toMatch(/whole number/);
    expect(errorsOf({ ...valid, rating: "6" }).rating).toBe("Rating must be a number from 0 to 5");
    expect(errorsOf({ ...valid, condition: "mint" }).condition).toBe("Condition must be new or used");
    expect(errorsOf({ ...valid, format: "CD" }).format).toMatch(/^Format must be one of/);
    expect(errorsOf({ ...valid, title: "x".repeat(201) }).title).toBe("Title must be at most 200 characters");
    expect(errorsOf({ ...valid, releaseDate: "2026-03-10", physicalReleaseDate: "2026-03-01" }).physicalReleaseDate).toMatch(
      /cannot come before/,
    );
  });

  it("reads a Discogs release id as a whole number, blank as none", () => {
    expect(recordFieldsSchema.parse({ ...valid, discogsReleaseId: " 249504 " }).discogsReleaseId).toBe(249504);
    expect(recordFieldsSchema.parse({ ...valid, discogsReleaseId: "" }).discogsReleaseId).toBeNull();
    expect(recordFieldsSchema.parse(valid).discogsReleaseId).toBeNull();
    for (const bad of ["r249504", "12.5", "0", "-3"])
      expect(errorsOf({ ...valid, discogsReleaseId: bad }).discogsReleaseId).toBe(
        "A Discogs release id is a whole number, such as 249504",
      );
  });

  it("checks a new record's opening stock", () => {
    expect(newRecordSchema.parse({ fields: valid, openingStock: "5" }).openingStock).toBe(5);
    expect(newRecordSchema.safeParse({ fields: valid, openingStock: "-1" }).success).toBe(false);
    expect(newRecordSchema.safeParse({ fields: valid, openingStock: "1.5" }).success).toBe(false);
  });

  it("lists the changed fields", () => {
    const a = recordFieldsSchema.parse(valid);
    expect(changedRecordFields(a, { ...a, price: 100, genre: "Jazz" })).toEqual(["genre", "price"]);
    expect(changedRecordFields(a, a)).toEqual([]);
  });
});

describe("the add-a-record form", () => {
  const typed = { title: "Low Tide", artist: "Marram", price: "14.00", openingStock: "3" };

  it("reads the flat form into a new record: its fields, opening stock and whether it shows", () => {
    const record = newRecordFormSchema.parse({ ...typed, published: "on" });
    expect(record).toMatchObject({ openingStock: 3, published: true, fields: { title: "Low Tide", price: 1400 } });
  });

  it("takes an unticked box (nothing sent) as not published", () => {
    expect(newRecordFormSchema.parse(typed).published).toBe(false);
  });

  it("names a refused field as the form does, the physical release's order included", () => {
    const refused = newRecordFormSchema.safeParse({ ...typed, releaseDate: "2026-03-01", physicalReleaseDate: "2026-02-01" });
    expect(refused.error?.issues.map((i) => i.path)).toEqual([["physicalReleaseDate"]]);
  });
});

describe("format spellings a spreadsheet may use", () => {
  const table: [string, string][] = [
    ["2LP", "Vinyl 2×LP"],
    ["2 x LP", "Vinyl 2×LP"],
    ["2×LP", "Vinyl 2×LP"],
    ["2xlp", "Vinyl 2×LP"],
    ["Double LP", "Vinyl 2×LP"],
    ["double album", "Vinyl 2×LP"],
    ["LP x2", "Vinyl 2×LP"],
    ["lp X 2", "Vinyl 2×LP"],
    ["3LP", "Vinyl 3×LP"],
    ["Triple LP", "Vinyl 3×LP"],
    ["LP x3", "Vinyl 3×LP"],
    ['12"', "Vinyl 12-inch"],
    ["12 inch", "Vinyl 12-inch"],
    ["12-INCH", "Vinyl 12-inch"],
    ["12”", "Vinyl 12-inch"],
    ['7"', "Vinyl 7-inch"],
    ["7 inch", "Vinyl 7-inch"],
    ["7in", "Vinyl 7-inch"],
    ['10"', "Vinyl"],
    ["10 inch", "Vinyl"],
    ["lp", "Vinyl LP"],
    ["Vinyl 2×LP", "Vinyl 2×LP"],
  ];
  it.each(table)("reads %s as %s", (text, stored) => {
    expect(normaliseFormat(text)).toBe(stored);
  });
  it("still refuses what is not vinyl", () => {
    expect(normaliseFormat("CD")).toBeNull();
    expect(normaliseFormat("Cassette x2")).toBeNull();
  });
});
