import { describe, expect, it } from "vitest";
import { readImportDate } from "./import-cells";

describe("a date cell of an import (a UK shop: day before month)", () => {
  const read: [string, string, string | null][] = [
    ["2024-04-05", "2024-04-05", null],
    ["05/04/2024", "2024-04-05", "05/04/2024 read as 5 April 2024"],
    ["5/4/2024", "2024-04-05", "5/4/2024 read as 5 April 2024"],
    ["05-04-2024", "2024-04-05", "05-04-2024 read as 5 April 2024"],
    ["05.04.2024", "2024-04-05", "05.04.2024 read as 5 April 2024"],
    [" 29/02/2024 ", "2024-02-29", "29/02/2024 read as 29 February 2024"],
    ["31/12/1999", "1999-12-31", "31/12/1999 read as 31 December 1999"],
  ];
  it.each(read)("reads %s as %s", (text, iso, note) => {
    expect(readImportDate(text)).toEqual({ ok: true, date: iso, note });
  });

  it("reads an empty cell as no date", () => {
    expect(readImportDate("  ")).toEqual({ ok: true, date: null, note: null });
  });

  it.each(["13/25/2024", "04/31/2024", "29/02/2023", "2024-02-30", "5 April 2024", "05/04/24", "2024/04/05"])(
    "refuses %s, naming the forms it takes",
    (text) => {
      const result = readImportDate(text);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toBe(`${text} is not a date: write it day first, as 05/04/2024, or as 2024-04-05`);
    },
  );
});
