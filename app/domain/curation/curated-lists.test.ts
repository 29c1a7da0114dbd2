import { describe, expect, it } from "vitest";
import { parseInput } from "~/domain/shared/parse-input";
import { ValidationError } from "~/domain/shared/errors";
import { catalogNumberKey, isCuratedList, moveItem, readRecordRef } from "./curated-lists";
import { curatedPickSchema, NAME_A_RECORD } from "./curated-pick-schema";

describe("readRecordRef", () => {
  it("reads an id with or without #, and anything else as a catalogue number", () => {
    expect(readRecordRef("123")).toEqual({ id: 123 });
    expect(readRecordRef(" #7 ")).toEqual({ id: 7 });
    expect(readRecordRef("BLP 1577")).toEqual({ catalogNumber: "BLP 1577" });
    expect(readRecordRef("12345678901")).toEqual({ catalogNumber: "12345678901" });
  });

  it("gives null for empty or overlong input", () => {
    expect(readRecordRef("   ")).toBeNull();
    expect(readRecordRef("x".repeat(65))).toBeNull();
  });
});

describe("catalogNumberKey", () => {
  it("ignores case, spaces and punctuation", () => {
    expect(catalogNumberKey("blp-1577")).toBe(catalogNumberKey("BLP 1577"));
    expect(catalogNumberKey("4050538 123")).toBe("4050538123");
  });
});

describe("moveItem", () => {
  it("swaps with the neighbour, and leaves the ends alone", () => {
    expect(moveItem(["a", "b", "c"], 1, -1)).toEqual(["b", "a", "c"]);
    expect(moveItem(["a", "b", "c"], 1, 1)).toEqual(["a", "c", "b"]);
    expect(moveItem(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
    expect(moveItem(["a", "b", "c"], 2, 1)).toEqual(["a", "b", "c"]);
    expect(moveItem(["a"], 5, 1)).toEqual(["a"]);
  });
});

describe("curatedPickSchema", () => {
  it("takes a list, a record and an optional note", () => {
    expect(parseInput(curatedPickSchema, { list: "staff-picks", record: "#12", note: "  " })).toEqual({
      list: "staff-picks",
      record: { id: 12 },
    });
    expect(parseInput(curatedPickSchema, { list: "record-of-the-week", record: "BLP 1577", note: " Side two! " })).toEqual({
      list: "record-of-the-week",
      record: { catalogNumber: "BLP 1577" },
      note: "Side two!",
    });
    expect(isCuratedList("staff-picks")).toBe(true);
    expect(isCuratedList("favourites")).toBe(false);
  });

  it("refuses an unknown list, no record, and a long note, with messages per field", () => {
    const error = (() => {
      try {
        parseInput(curatedPickSchema, { list: "best", record: "", note: "x".repeat(281) });
      } catch (e) {
        return e;
      }
    })() as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.fields).toMatchObject({
      list: ["Pick a list."],
      record: [NAME_A_RECORD],
      note: ["Keep the note under 280 characters."],
    });
  });
});
