import { describe, expect, it } from "vitest";
import { addressKey, cardFingerprintKey, emailKey, foldAddress, foldEmail, testCardKey } from "./identity";

describe("folding an e-mail to one mailbox", () => {
  it("trims and lower-cases", () => {
    expect(foldEmail("  Ann@Example.COM ")).toBe("ann@example.com");
  });
  it("drops a +tag for every domain", () => {
    expect(foldEmail("ann+rsd@example.com")).toBe("ann@example.com");
    expect(foldEmail("ann+rsd+2@gmail.com")).toBe("ann@gmail.com");
  });
  it("drops the dots of a Gmail local part and reads googlemail.com as gmail.com", () => {
    expect(foldEmail("A.n.N@googlemail.com")).toBe("ann@gmail.com");
    expect(foldEmail("a.nn+x@gmail.com")).toBe("ann@gmail.com");
  });
  it("keeps the dots elsewhere: other providers treat them as part of the name", () => {
    expect(foldEmail("a.nn@example.com")).toBe("a.nn@example.com");
  });
  it("gives the same key for the same mailbox and another for another", () => {
    expect(emailKey("A.NN+drop@gmail.com")).toBe(emailKey("ann@googlemail.com"));
    expect(emailKey("ann@example.com")).not.toBe(emailKey("bob@example.com"));
    expect(emailKey("ann@example.com")).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("folding an address", () => {
  it("reads the postcode without spaces in upper case and the first line without punctuation", () => {
    expect(foldAddress({ addressLine1: "12,  High Street.", postalCode: "sw1a 1aa" })).toBe("GB|SW1A1AA|12 high st");
  });
  it("gives one key for the same address written differently", () => {
    const a = addressKey({ addressLine1: "Flat 2, 12 High St", postalCode: "SW1A 1AA", countryCode: "GB" });
    const b = addressKey({ addressLine1: "flat 2 12 high street", postalCode: "sw1a1aa" });
    expect(a).toBe(b);
    expect(addressKey({ addressLine1: "14 High St", postalCode: "SW1A 1AA" })).not.toBe(a);
  });
});

describe("a card's key", () => {
  it("is a hash of the test card's digits, never the number", () => {
    const key = testCardKey("4242 4242 4242 4242");
    expect(key).toBe(testCardKey("4242424242424242"));
    expect(key).not.toContain("4242");
    expect(key).not.toBe(testCardKey("4000056655665556"));
  });
  it("for a provider's fingerprint is a hash of it", () => {
    expect(cardFingerprintKey("stripe", "Xt5EWLLDS7FJjR1c")).toMatch(/^[0-9a-f]{64}$/);
    expect(cardFingerprintKey("stripe", "Xt5EWLLDS7FJjR1c")).not.toBe(emailKey("Xt5EWLLDS7FJjR1c"));
  });
});
