import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import {
  DISCOGS_UPLOAD_HEADER,
  discogsUploadCsv,
  formatQuantity,
  formatWeightGrams,
  uploadRow,
  type UploadCopy,
} from "./inventory-export";

const copy: UploadCopy = {
  id: 41,
  catalogueId: "coltrane-blue-train-a1b2c3-used-1",
  title: "Blue Train",
  artist: "John Coltrane",
  discogsReleaseId: 249504,
  pricePence: 1250,
  mediaGrade: "VG+",
  sleeveGrade: "VG",
  sleeveKind: null,
  note: 'Light marks, "plays fine", no skips',
  shelfLocation: "Jazz A3",
  format: "Vinyl LP",
};

describe("the Discogs inventory upload file", () => {
  it("has exactly Discogs's lower-case header", () => {
    expect(DISCOGS_UPLOAD_HEADER.join(",")).toBe(
      "release_id,price,media_condition,sleeve_condition,comments,accept_offer,location,external_id,weight,format_quantity",
    );
  });

  it("writes a copy in Discogs's words: conditions, price in pounds, note, shelf, catalogue id, weight and discs", () => {
    expect(uploadRow(copy)).toEqual([
      "249504",
      "12.50",
      "Very Good Plus (VG+)",
      "Very Good (VG)",
      'Light marks, "plays fine", no skips',
      "N",
      "Jazz A3",
      "coltrane-blue-train-a1b2c3-used-1",
      "230",
      "1",
    ]);
  });

  it("writes a sleeve without a grade as Discogs's word for it, and blanks for what is not known", () => {
    const generic = uploadRow({ ...copy, sleeveGrade: "P", sleeveKind: "generic", note: null, shelfLocation: null });
    expect(generic.slice(2, 7)).toEqual(["Very Good Plus (VG+)", "Generic", "", "N", ""]);
    expect(uploadRow({ ...copy, sleeveKind: "no_cover" })[3]).toBe("No Cover");
    expect(uploadRow({ ...copy, sleeveKind: "not_graded" })[3]).toBe("Not Graded");
    expect(uploadRow({ ...copy, pricePence: 120000 })[1]).toBe("1200.00");
  });

  it.each([
    ["Vinyl LP", 230, 1],
    ["Vinyl 12-inch", 230, 1],
    ["LP", 230, 1],
    ["Vinyl 2×LP", 460, 2],
    ["2xLP", 460, 2],
    ["Vinyl 3×LP", 690, 3],
    ["Vinyl 7-inch", 50, 1],
    ['7"', 50, 1],
    ["Vinyl Single", 50, 1],
    ['10"', 130, 1],
    ["10 inch", 130, 1],
    ["Picture Disc Vinyl", 230, 1],
    ["Vinyl", 230, 1],
    [null, 230, 1],
  ] as const)("weighs %s at %i g in %i disc(s)", (format, grams, discs) => {
    expect(formatWeightGrams(format)).toBe(grams);
    expect(formatQuantity(format)).toBe(discs);
  });

  it("leaves out copies without a release id, names them, and reads back as CSV", () => {
    const missing = { ...copy, id: 42, discogsReleaseId: null };
    const { csv, leftOut, count } = discogsUploadCsv([copy, missing]);
    expect(count).toBe(1);
    expect(leftOut.map((c) => c.id)).toEqual([42]);
    const rows = parse(csv) as string[][];
    expect(rows[0]).toEqual([...DISCOGS_UPLOAD_HEADER]);
    expect(rows.slice(1)).toEqual([uploadRow(copy)]);
  });
});
