import { describe, expect, it } from "vitest";
import { barcodeForms, foldCatalogNumber, readCode } from "./barcode";

describe("reading a scanned or typed code", () => {
  it("reads real record barcodes: an EAN-13, a UPC-A and an EAN-8, spaces and hyphens left out", () => {
    // Pink Floyd, The Dark Side Of The Moon (Pink Floyd Records LP reissue).
    expect(readCode("5099902987613")).toEqual({ kind: "barcode", digits: "5099902987613", symbology: "EAN-13" });
    expect(readCode(" 5 099902-987613 ")).toEqual({ kind: "barcode", digits: "5099902987613", symbology: "EAN-13" });
    // The same album's UPC-A (EMI, 2003).
    expect(readCode("7 24358 21362 1")).toEqual({ kind: "barcode", digits: "724358213621", symbology: "UPC-A" });
    expect(readCode("9638-5074")).toEqual({ kind: "barcode", digits: "96385074", symbology: "EAN-8" });
  });

  it("refuses a barcode whose check digit is wrong, naming it", () => {
    const read = readCode("5099902987614");
    expect(read.kind).toBe("refused");
    expect(read.kind === "refused" && read.message).toBe(
      "5099902987614 is not a valid EAN-13 barcode: its check digit should be 3, not 4. Scan it again or type the catalogue number.",
    );
    expect(readCode("724358213622")).toMatchObject({ kind: "refused", message: expect.stringContaining("UPC-A") });
    expect(readCode("96385075")).toMatchObject({ kind: "refused", message: expect.stringContaining("should be 4, not 5") });
  });

  it("reads anything else as a catalogue number, folded for matching", () => {
    expect(readCode("BLP 4003")).toEqual({ kind: "catalogue", text: "BLP 4003", key: "blp4003" });
    expect(readCode("shvl.804")).toEqual({ kind: "catalogue", text: "shvl.804", key: "shvl804" });
    // Digits of another length are a catalogue number too (many labels number their records).
    expect(readCode("12345")).toMatchObject({ kind: "catalogue", key: "12345" });
  });

  it("refuses nothing typed and anything too long to be a code", () => {
    expect(readCode("   ")).toMatchObject({ kind: "refused", message: "Scan a barcode or type a catalogue number." });
    expect(readCode("x".repeat(41))).toMatchObject({ kind: "refused" });
    expect(readCode(" - . ")).toMatchObject({ kind: "refused" });
  });
});

describe("folding catalogue numbers", () => {
  it("ignores case, spaces, hyphens and dots", () => {
    for (const typed of ["BLP-4003", "blp 4003", "B.L.P. 4003", " BLP4003 "]) expect(foldCatalogNumber(typed)).toBe("blp4003");
    expect(foldCatalogNumber("SHVL 804")).not.toBe(foldCatalogNumber("SHVL 805"));
  });
});

describe("a barcode's stored forms", () => {
  it("matches a UPC-A with the EAN-13 it is inside (a leading 0), both ways", () => {
    expect(barcodeForms("724358213621")).toEqual(["724358213621", "0724358213621"]);
    expect(barcodeForms("0724358213621")).toEqual(["0724358213621", "724358213621"]);
    expect(barcodeForms("5099902987613")).toEqual(["5099902987613"]);
    expect(barcodeForms("96385074")).toEqual(["96385074"]);
  });
});
