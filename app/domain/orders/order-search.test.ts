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
  it("gives the start of an order number, with or without its ND-", () => {
    expect(orderSearchTerms(" nd-abc ").orderNumber).toBe("ND-ABC");
    expect(orderSearchTerms("abcdefgh").orderNumber).toBe("ND-ABCDEFGH");
    expect(orderSearchTerms("Ada Lovelace").orderNumber).toBeNull();
    expect(orderSearchTerms("abc1").orderNumber).toBeNull(); // 1 is no letter of an order number
  });
  it("gives the start of a postcode only for text that can begin one", () => {
    expect(orderSearchTerms("  sw1a 1aa ").postcode).toBe("SW1A1AA");
    expect(orderSearchTerms("ls1").postcode).toBe("LS1");
    expect(orderSearchTerms("s").postcode).toBeNull();
    expect(orderSearchTerms("1aa").postcode).toBeNull();
    expect(orderSearchTerms("ada@example.com").postcode).toBeNull();
  });
  it("compares the e-mail in lower case", () => {
    expect(orderSearchTerms("Ada.Lovelace@").email).toBe("ada.lovelace@");
  });
});

describe("matchesOrderSearch", () => {
  it("finds the order by its number or the start of it, in any case, with or without ND-", () => {
    for (const q of ["ND-ABCDEFGH", "nd-abcd", "abcdefgh", "ABC"]) expect(finds(q), q).toBe(true);
    expect(finds("ND-ZZZZZZZZ")).toBe(false);
    expect(finds("DEFGH")).toBe(false);
  });
  it("finds it by the start of the customer's e-mail, and by any part of their name", () => {
    expect(finds("ADA.LOVELACE@example.com")).toBe(true);
    expect(finds("ada.love")).toBe(true);
    expect(finds("example.com")).toBe(false);
    expect(finds("lovelace")).toBe(true);
    expect(finds("babbage")).toBe(false);
  });
  it("finds it by the postcode however it is typed, whole or its start", () => {
    for (const q of ["SW1A 1AA", "sw1a1aa", "Sw1a  1aa", "sw1a 1", "SW1A"]) expect(finds(q), q).toBe(true);
    expect(finds("SW1A 2AA")).toBe(false);
    expect(finds("1AA")).toBe(false);
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
