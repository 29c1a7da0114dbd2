import { describe, expect, it } from "vitest";
import { acceptedStep, codeForStep, otpauthUri, parseSecretText, secretText, stepAt, TOTP_KEY_BYTES } from "./totp";

// RFC 6238 appendix B's SHA-1 key ("12345678901234567890") and its 8-digit codes, of which apps show the last six.
const RFC_KEY = new TextEncoder().encode("12345678901234567890");

describe("TOTP codes", () => {
  it("match RFC 6238's SHA-1 test vectors (last six digits)", () => {
    expect(codeForStep(RFC_KEY, stepAt(59_000))).toBe("287082");
    expect(codeForStep(RFC_KEY, stepAt(1_111_111_109_000))).toBe("081804");
    expect(codeForStep(RFC_KEY, stepAt(1_234_567_890_000))).toBe("005924");
    expect(codeForStep(RFC_KEY, stepAt(2_000_000_000_000))).toBe("279037");
  });

  const now = 1_234_567_890_000;
  const step = stepAt(now);

  it("accepts the current step's code and one step either side, and says which step it was", () => {
    expect(acceptedStep(RFC_KEY, codeForStep(RFC_KEY, step), now, 0)).toBe(step);
    expect(acceptedStep(RFC_KEY, codeForStep(RFC_KEY, step - 1), now, 0)).toBe(step - 1);
    expect(acceptedStep(RFC_KEY, codeForStep(RFC_KEY, step + 1), now, 0)).toBe(step + 1);
  });

  it("refuses codes two steps away, wrong codes and anything not six digits", () => {
    expect(acceptedStep(RFC_KEY, codeForStep(RFC_KEY, step - 2), now, 0)).toBeNull();
    expect(acceptedStep(RFC_KEY, codeForStep(RFC_KEY, step + 2), now, 0)).toBeNull();
    const right = codeForStep(RFC_KEY, step);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, "0");
    expect(acceptedStep(RFC_KEY, wrong, now, 0)).toBeNull();
    expect(acceptedStep(RFC_KEY, `${right}0`, now, 0)).toBeNull();
    expect(acceptedStep(RFC_KEY, "", now, 0)).toBeNull();
  });

  it("refuses a code for the last used step or any earlier one (no replay)", () => {
    const code = codeForStep(RFC_KEY, step);
    expect(acceptedStep(RFC_KEY, code, now, step)).toBeNull();
    expect(acceptedStep(RFC_KEY, codeForStep(RFC_KEY, step - 1), now, step - 1)).toBeNull();
    // Once the previous step was used, the current one still works.
    expect(acceptedStep(RFC_KEY, code, now, step - 1)).toBe(step);
  });
});

describe("the secret as text", () => {
  const key = Uint8Array.from({ length: TOTP_KEY_BYTES }, (_, i) => i * 7);

  it("is upper-case base32 in groups of four, and reads back whatever its case and spacing", () => {
    const text = secretText(key);
    expect(text).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    expect(parseSecretText(text)).toEqual(key);
    expect(parseSecretText(text.toLowerCase().replace(/ /g, ""))).toEqual(key);
  });

  it("refuses anything that is not exactly a 20-byte key", () => {
    const compact = secretText(key).replace(/ /g, "");
    for (const bad of [compact.slice(1), `${compact}A`, compact.replace(/.$/, "1"), "", "x".repeat(100), 42, null]) {
      expect(parseSecretText(bad)).toBeNull();
    }
  });

  it("goes into an otpauth address with the shop as issuer, SHA-1, 30 s and 6 digits", () => {
    const uri = otpauthUri(key, "ada@example.com");
    expect(uri).toMatch(/^otpauth:\/\/totp\/Needledrop:ada%40example\.com\?/);
    const params = new URL(uri).searchParams;
    expect(params.get("secret")).toBe(secretText(key).replace(/ /g, ""));
    expect([params.get("algorithm"), params.get("period"), params.get("digits")]).toEqual(["SHA1", "30", "6"]);
  });
});
