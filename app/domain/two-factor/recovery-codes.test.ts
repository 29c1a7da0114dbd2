import { describe, expect, it } from "vitest";
import { normaliseRecoveryCode, normaliseTotpCode, recoveryCodeFrom } from "./recovery-codes";
import { apiSecondFactorSchema, enableTwoFactorSchema, signInCodeSchema, signInRecoverySchema } from "./schemas";

describe("recovery codes", () => {
  it("are ten base32 characters in two groups of five", () => {
    const code = recoveryCodeFrom(Uint8Array.from([0, 1, 2, 3, 4, 5, 6]));
    expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    expect(recoveryCodeFrom(Uint8Array.from([255, 255, 255, 255, 255, 255, 255]))).toBe("77777-77777");
    expect(() => recoveryCodeFrom(new Uint8Array(3))).toThrow(RangeError);
  });

  it("read back whatever their case, spaces or dash, and nothing else does", () => {
    expect(normaliseRecoveryCode("k7qxm 2wd4p")).toBe("K7QXM-2WD4P");
    expect(normaliseRecoveryCode("K7QXM2WD4P")).toBe("K7QXM-2WD4P");
    expect(normaliseRecoveryCode(" K7QXM-2WD4P ")).toBe("K7QXM-2WD4P");
    for (const bad of ["K7QXM-2WD4", "K7QXM-2WD4PP", "K7QXM-2WD1P", "K7QXM_2WD4P", "", 12, "A".repeat(41)]) {
      expect(normaliseRecoveryCode(bad), String(bad)).toBeNull();
    }
  });

  it("are told apart from six-digit app codes", () => {
    expect(normaliseTotpCode("123 456")).toBe("123456");
    expect(normaliseTotpCode("12345")).toBeNull();
    expect(normaliseTotpCode("1234567")).toBeNull();
    expect(normaliseTotpCode("12345a")).toBeNull();
  });
});

describe("the forms' schemas", () => {
  it("take a code with spaces and refuse a short one with the form's message", () => {
    expect(signInCodeSchema.parse({ code: " 123 456 " }).code).toBe("123456");
    const refused = signInCodeSchema.safeParse({ code: "12345" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("Enter the 6-digit code from your app");
  });

  it("read a recovery code into its stored form", () => {
    expect(signInRecoverySchema.parse({ recoveryCode: "abcde fghij" }).recoveryCode).toBe("ABCDE-FGHIJ");
    expect(signInRecoverySchema.safeParse({ recoveryCode: "123456" }).success).toBe(false);
  });

  it("tell the API's one field apart by its shape", () => {
    expect(apiSecondFactorSchema.parse({ code: "123456" }).code).toEqual({ kind: "totp", code: "123456" });
    expect(apiSecondFactorSchema.parse({ code: "abcde-fghij" }).code).toEqual({ kind: "recovery", code: "ABCDE-FGHIJ" });
    expect(apiSecondFactorSchema.safeParse({ code: "nonsense" }).success).toBe(false);
    expect(apiSecondFactorSchema.safeParse({}).success).toBe(false);
  });

  it("take only a real secret back from the set-up form", () => {
    const secret = "AAAA BBBB CCCC DDDD EEEE FFFF GGGG HHHH";
    expect(enableTwoFactorSchema.safeParse({ secret, code: "123456" }).success).toBe(true);
    expect(enableTwoFactorSchema.safeParse({ secret: "AAAA", code: "123456" }).success).toBe(false);
    expect(enableTwoFactorSchema.safeParse({ secret: `${secret}<script>`, code: "123456" }).success).toBe(false);
  });
});
