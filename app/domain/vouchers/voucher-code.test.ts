import { describe, expect, it } from "vitest";
import {
  VOUCHER_CODE_ALPHABET,
  formatVoucherCode,
  generateVoucherCode,
  normaliseVoucherCode,
  voucherCodeLast4,
} from "./voucher-code";

describe("voucher codes", () => {
  it("has no characters that read as another", () => {
    for (const c of "01OILUV") expect(VOUCHER_CODE_ALPHABET).not.toContain(c);
  });

  it("makes 16 characters from the alphabet, different each time", () => {
    const codes = new Set(Array.from({ length: 200 }, () => generateVoucherCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(normaliseVoucherCode(code)).toBe(code);
  });

  it("skips bytes that would make some characters likelier", () => {
    // 29 characters: 232 and above are skipped, so 232 never becomes a character and 0 is the first one.
    let call = 0;
    const code = generateVoucherCode((n) => {
      call += 1;
      return new Uint8Array(n).fill(call === 1 ? 232 : 0);
    });
    expect(call).toBe(2);
    expect(code).toBe(VOUCHER_CODE_ALPHABET.charAt(0).repeat(16));
  });

  it("forgives spaces, hyphens and lower case", () => {
    expect(normaliseVoucherCode(" abcd-efgh jkmn  pqrs ")).toBe("ABCDEFGHJKMNPQRS");
  });

  it("refuses what cannot be a code", () => {
    expect(normaliseVoucherCode("SUMMER10")).toBeNull();
    expect(normaliseVoucherCode("ABCD-EFGH-JKMN-PQR0")).toBeNull();
    expect(normaliseVoucherCode("ABCDEFGHJKMNPQRST")).toBeNull();
  });

  it("prints in groups of four and keeps the last four", () => {
    expect(formatVoucherCode("ABCDEFGHJKMNPQRS")).toBe("ABCD-EFGH-JKMN-PQRS");
    expect(voucherCodeLast4("ABCDEFGHJKMNPQRS")).toBe("PQRS");
  });
});
