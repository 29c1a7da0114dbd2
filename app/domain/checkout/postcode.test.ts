import { describe, expect, it } from "vitest";
import { normaliseUkPostcode } from "./postcode";

describe("normaliseUkPostcode", () => {
  it.each([
    ["SW1A 1AA", "SW1A 1AA"],
    ["sw1a1aa", "SW1A 1AA"],
    ["  Sw1a   1aA ", "SW1A 1AA"],
    ["EC1A 1BB", "EC1A 1BB"],
    ["W1A 0AX", "W1A 0AX"],
    ["w1a0ax", "W1A 0AX"],
    ["M1 1AE", "M1 1AE"],
    ["m11ae", "M1 1AE"],
    ["B33 8TH", "B33 8TH"],
    ["CR2 6XH", "CR2 6XH"],
    ["DN55 1PT", "DN55 1PT"],
    ["dn551pt", "DN55 1PT"],
    ["GIR 0AA", "GIR 0AA"],
    ["gir0aa", "GIR 0AA"],
  ])("accepts %j as %j", (input, expected) => {
    expect(normaliseUkPostcode(input)).toBe(expected);
  });

  it.each([
    "12345",
    "SW1A",
    "ZZZ 999",
    "",
    "   ",
    "SW1A 1A",
    "SW1A 1AAA",
    "SW1A-1AA",
    "1W1A 1AA",
    "SW1A 11A",
    "GIR 1AA",
    "75008",
  ])("refuses %j", (input) => {
    expect(normaliseUkPostcode(input)).toBeNull();
  });
});
