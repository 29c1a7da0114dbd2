import { describe, expect, it } from "vitest";
import { checkPostcode, MAX_POSTCODE_LENGTH, postcodeHint } from "./postcodes";

const ok = (postcode: string) => ({ ok: true, postcode });
const UK_MESSAGE = { ok: false, message: "Please enter a UK postcode, such as SW1A 1AA" };
const asWritten = (example: string) => ({
  ok: false,
  message: `Please enter the postcode as it is written there, such as ${example}`,
});

describe("postcodes by country", () => {
  it("the UK, the Isle of Man and the Channel Islands use UK postcodes, written the Royal Mail way", () => {
    expect(checkPostcode("GB", " sw1a1aa ")).toEqual(ok("SW1A 1AA"));
    expect(checkPostcode("GB", "BT1 5GS")).toEqual(ok("BT1 5GS")); // Belfast
    expect(checkPostcode("IM", "im11aa")).toEqual(ok("IM1 1AA"));
    expect(checkPostcode("JE", "JE2 3AB")).toEqual(ok("JE2 3AB"));
    expect(checkPostcode("GB", "")).toEqual(UK_MESSAGE);
    expect(checkPostcode("GB", "10115")).toEqual(UK_MESSAGE);
  });

  it("an Irish Eircode may be left out, and is checked when given", () => {
    expect(checkPostcode("IE", "")).toEqual(ok(""));
    expect(checkPostcode("IE", "d02x285")).toEqual(ok("D02 X285"));
    expect(checkPostcode("IE", "D6W 1234")).toEqual(ok("D6W 1234"));
    expect(checkPostcode("IE", "Dublin 2")).toEqual(asWritten("D02 X285"));
  });

  it("a US ZIP code has 5 digits, or ZIP+4", () => {
    expect(checkPostcode("US", "10001")).toEqual(ok("10001"));
    expect(checkPostcode("US", "10001 1234")).toEqual(ok("10001-1234"));
    expect(checkPostcode("US", "1000")).toEqual(asWritten("10001"));
    expect(checkPostcode("US", "")).toEqual(asWritten("10001"));
  });

  it("a German postcode has 5 digits", () => {
    expect(checkPostcode("DE", " 10115 ")).toEqual(ok("10115"));
    expect(checkPostcode("DE", "1011")).toEqual(asWritten("10115"));
    expect(checkPostcode("DE", "SW1A 1AA")).toEqual(asWritten("10115"));
  });

  it("elsewhere the postcode is free text, blank allowed, kept short", () => {
    expect(checkPostcode("HK", "")).toEqual(ok(""));
    expect(checkPostcode("BR", "01310-100")).toEqual(ok("01310-100"));
    expect(checkPostcode("AR", "c1002aaq")).toEqual(ok("C1002AAQ"));
    expect(checkPostcode("BR", "x".repeat(MAX_POSTCODE_LENGTH + 1))).toEqual({
      ok: false,
      message: "Please keep the postcode under 13 characters",
    });
  });

  it("the field's hint says the form and whether it may be blank", () => {
    expect(postcodeHint("GB")).toEqual({ example: "SW1A 1AA", optional: false });
    expect(postcodeHint("IE")).toEqual({ example: "D02 X285", optional: true });
    expect(postcodeHint("US")).toEqual({ example: "10001", optional: false });
    expect(postcodeHint("HK")).toEqual({ example: null, optional: true });
  });
});
