import { describe, expect, it } from "vitest";
import { matchesOrderSearch, normalisePostcode, orderSearchTerms, type OrderSearchable } from "./order-search";

const order: OrderSearchable = {
  orderNumber: "ND-ABCDEFGH",
  email: "ada.lovelace@example.com",
  shippingName: "Ada Lovelace",
  postalCode: "SW1A 1AA",
  records: [
    { title: "Blue Train", catalogNumber: "BLP 1577", catalogueId: "VP-000123" },
    { title: "Kind of Blue", catalogNumber: null, catalogueId: "VP-000456" },
  ],
};
const finds = (q: string) => matchesOrderSearch(order, q);

describe("normalisePostcode", () => {
  it("ignores case and every space", () => {
    expect(normalisePostcode("sw1a 1aa")).toBe("SW1A1AA");
    expect(normalisePostcode(" SW1A  1AA ")).toBe("SW1A1AA");
    expect(normalisePostcode("Sw1A\t1Aa")).toBe("SW1A1AA");
  });
});

describe("orderSearchTerms", () => {
  it("gives the text as typed, upper and lower case, and the postcode form", () => {
    expect(orderSearchTerms("  sw1a 1aa ")).toEqual({
      text: "sw1a 1aa",
      upper: "SW1A 1AA",
      lower: "sw1a 1aa",
      postcode: "SW1A1AA",
    });
  });
  it("has no postcode form for text a postcode cannot hold", () => {
    expect(orderSearchTerms("ada@example.com").postcode).toBeNull();
    expect(orderSearchTerms("Ada Lovelace").postcode).toBe("ADALOVELACE");
    expect(orderSearchTerms("a").postcode).toBeNull();
  });
});

describe("matchesOrderSearch", () => {
  it("finds the order by its number, whole or in part, in any case", () => {
    expect(finds("ND-ABCDEFGH")).toBe(true);
    expect(finds("abcdefgh")).toBe(true);
    expect(finds("ND-ZZZZZZZZ")).toBe(false);
  });
  it("finds it by the customer's e-mail and name", () => {
    expect(finds("ADA.LOVELACE@example.com")).toBe(true);
    expect(finds("lovelace")).toBe(true);
    expect(finds("babbage")).toBe(false);
  });
  it("finds it by the postcode however it is typed", () => {
    for (const q of ["SW1A 1AA", "sw1a1aa", "Sw1a  1aa", "1aa", "sw1a 1"]) expect(finds(q), q).toBe(true);
    expect(finds("SW1A 2AA")).toBe(false);
  });
  it("finds it by a record's title or catalogue number", () => {
    expect(finds("blue train")).toBe(true);
    expect(finds("Kind of")).toBe(true);
    expect(finds("blp 1577")).toBe(true);
    expect(finds("BLP1577")).toBe(false); // a catalogue number keeps its own spacing
    expect(finds("VP-000456")).toBe(true);
    expect(finds("A Love Supreme")).toBe(false);
  });
  it("takes % and _ as themselves", () => {
    expect(finds("%")).toBe(false);
    expect(finds("_")).toBe(false);
  });
});
