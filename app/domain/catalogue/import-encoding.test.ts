import { describe, expect, it } from "vitest";
import { decodeImportFile, encodingNotice } from "./import-encoding";

const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
const utf16be = (text: string) => Buffer.from(utf16le(text).map((_, i, b) => b[i ^ 1]!));

describe("an import file's bytes", () => {
  it("are read as UTF-8, with or without a byte order mark, and say nothing about it", () => {
    expect(decodeImportFile(Buffer.from("title\nCafé\n"))).toEqual({ text: "title\nCafé\n", encoding: "UTF-8" });
    expect(decodeImportFile(Buffer.from("\uFEFFtitle\nCafé\n"))).toEqual({ text: "title\nCafé\n", encoding: "UTF-8" });
    expect(encodingNotice("UTF-8")).toBeNull();
  });

  it("are read as Windows-1252 when they are not UTF-8, and say so", () => {
    // "Café", "Motörhead", "€12" as a Latin-1 spreadsheet saves them: é is 0xE9, ö 0xF6, € 0x80.
    const bytes = Buffer.from([
      0x43, 0x61, 0x66, 0xe9, 0x0a, 0x4d, 0x6f, 0x74, 0xf6, 0x72, 0x68, 0x65, 0x61, 0x64, 0x0a, 0x80, 0x31, 0x32,
    ]);
    expect(decodeImportFile(bytes)).toEqual({ text: "Café\nMotörhead\n€12", encoding: "Windows-1252" });
    expect(encodingNotice("Windows-1252")).toMatch(/^Read as Windows-1252 \(Latin-1\)/);
  });

  it("are read from 0x80 to 0x9F as Windows-1252 has them, not as control characters", () => {
    // "Don’t" with Word's curly apostrophe (0x92), and the whole range, with 0xFF to make the file not UTF-8.
    expect(decodeImportFile(Buffer.from([0x44, 0x6f, 0x6e, 0x92, 0x74, 0xff])).text).toBe("Don\u2019t\u00ff");
    const range = decodeImportFile(Buffer.from([...Array.from({ length: 32 }, (_, i) => 0x80 + i), 0xff])).text;
    expect(range).toBe("€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸÿ");
  });

  it("are read as UTF-16 when they start with its byte order mark (Excel's Unicode text)", () => {
    expect(decodeImportFile(utf16le("title\nCafé\n"))).toEqual({ text: "title\nCafé\n", encoding: "UTF-16" });
    expect(decodeImportFile(utf16be("title\nCafé\n"))).toEqual({ text: "title\nCafé\n", encoding: "UTF-16" });
    expect(encodingNotice("UTF-16")).toMatch(/^Read as UTF-16/);
  });
});
