import { describe, expect, it } from "vitest";
import { cardDigits, expiryIsValid, passesLuhn } from "./card";

describe("passesLuhn", () => {
  it("accepts the standard test numbers", () => {
    expect(passesLuhn("4242424242424242")).toBe(true);
    // Luhn by hand: from the right, 2 + fourteen 0s + (4 doubled = 8) = 10 → a multiple of 10.
    expect(passesLuhn("4000000000000002")).toBe(true);
    expect(passesLuhn("5555555555554444")).toBe(true);
    expect(passesLuhn("378282246310005")).toBe(true); // 15 digits (Amex)
  });

  it("refuses a one-digit change", () => {
    expect(passesLuhn("4242424242424241")).toBe(false);
    expect(passesLuhn("4000000000000003")).toBe(false);
    expect(passesLuhn("4242424242424252")).toBe(false);
  });

  it("refuses anything but 12–19 digits", () => {
    expect(passesLuhn("")).toBe(false);
    expect(passesLuhn("0")).toBe(false);
    expect(passesLuhn("00000000000")).toBe(false); // 11 digits, although the sum is 0
    expect(passesLuhn("4242 4242 4242 4242")).toBe(false);
    expect(passesLuhn("4242-4242-4242-4242")).toBe(false);
    expect(passesLuhn("424242424242424a")).toBe(false);
    expect(passesLuhn("42424242424242424242")).toBe(false); // 20 digits
  });
});

describe("cardDigits", () => {
  it("drops the spaces and dashes people type", () => {
    expect(cardDigits("4242 4242 4242 4242")).toBe("4242424242424242");
    expect(cardDigits("4242-4242-4242-4242")).toBe("4242424242424242");
    expect(passesLuhn(cardDigits(" 4000 0000 0000 0002 "))).toBe(true);
  });

  it("keeps anything else, so letters still fail the check", () => {
    expect(cardDigits("4242x4242")).toBe("4242x4242");
  });
});

describe("expiryIsValid", () => {
  const today = "2026-11-22";

  it("this month is still valid; last month is not", () => {
    expect(expiryIsValid("11/26", today)).toBe(true);
    expect(expiryIsValid("10/26", today)).toBe(false);
  });

  it("later months and years are valid", () => {
    expect(expiryIsValid("12/26", today)).toBe(true);
    expect(expiryIsValid("01/27", today)).toBe(true);
    expect(expiryIsValid("1/27", today)).toBe(true);
    expect(expiryIsValid("12/30", today)).toBe(true);
  });

  it("takes four-digit years and spaces", () => {
    expect(expiryIsValid("12/2030", today)).toBe(true);
    expect(expiryIsValid("11/2026", today)).toBe(true);
    expect(expiryIsValid("10/2026", today)).toBe(false);
    expect(expiryIsValid(" 12 / 30 ", today)).toBe(true);
  });

  it("refuses a month that does not exist", () => {
    expect(expiryIsValid("13/30", today)).toBe(false);
    expect(expiryIsValid("00/30", today)).toBe(false);
  });

  it("refuses other shapes", () => {
    for (const input of ["", "12", "1230", "12-30", "12/3", "12/203", "ab/cd", "12/30/01"]) {
      expect(expiryIsValid(input, today), input).toBe(false);
    }
  });

  it("last year's December is expired in January", () => {
    expect(expiryIsValid("12/26", "2027-01-05")).toBe(false);
    expect(expiryIsValid("01/27", "2027-01-05")).toBe(true);
  });
});
