import { describe, expect, it } from "vitest";
import {
  challengeIsLive,
  passkeyAuthenticationBodySchema,
  passkeyName,
  passkeyRegistrationBodySchema,
  PASSKEY_CHALLENGE_TTL_MS,
  removePasskeySchema,
} from "./passkeys";

const assertion = {
  id: "AbC-_1",
  rawId: "AbC-_1",
  type: "public-key",
  clientExtensionResults: {},
  response: { clientDataJSON: "eyJ9", authenticatorData: "AAAA", signature: "MEUC" },
};

describe("passkey rules", () => {
  it("names a passkey by the London day it was added", () => {
    expect(passkeyName(new Date("2026-11-29T10:00:00Z"))).toBe("Passkey added 29 Nov 2026");
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    expect(passkeyName(new Date("2026-06-30T23:30:00Z"))).toBe("Passkey added 1 Jul 2026");
  });

  it("keeps a challenge for five minutes", () => {
    expect(PASSKEY_CHALLENGE_TTL_MS).toBe(300_000);
    const expiresAt = 1_000 + PASSKEY_CHALLENGE_TTL_MS;
    expect(challengeIsLive(expiresAt, expiresAt - 1)).toBe(true);
    expect(challengeIsLive(expiresAt, expiresAt)).toBe(false);
  });

  it("reads the ceremony's bodies", () => {
    expect(passkeyAuthenticationBodySchema.parse({ step: "options" })).toEqual({ step: "options" });
    const verify = passkeyAuthenticationBodySchema.parse({ step: "verify", response: assertion, redirectTo: "/cart" });
    expect(verify).toMatchObject({ step: "verify", redirectTo: "/cart", response: { id: "AbC-_1" } });
    expect(passkeyAuthenticationBodySchema.safeParse({ step: "verify", response: { ...assertion, type: "other" } }).success).toBe(
      false,
    );
    expect(passkeyAuthenticationBodySchema.safeParse({ step: "sign" }).success).toBe(false);
    expect(
      passkeyRegistrationBodySchema.safeParse({
        step: "verify",
        response: { ...assertion, response: { clientDataJSON: "eyJ9", attestationObject: "o2Nm", transports: ["internal"] } },
      }).success,
    ).toBe(true);
  });

  it("refuses text that is not base64url, and oversized fields", () => {
    const bad = { ...assertion, response: { ...assertion.response, signature: "not base64!" } };
    expect(passkeyAuthenticationBodySchema.safeParse({ step: "verify", response: bad }).success).toBe(false);
    const huge = { ...assertion, response: { ...assertion.response, signature: "A".repeat(2_001) } };
    expect(passkeyAuthenticationBodySchema.safeParse({ step: "verify", response: huge }).success).toBe(false);
  });

  it("reads the remove form's passkey id", () => {
    expect(removePasskeySchema.parse({ passkeyId: "12" })).toEqual({ passkeyId: 12 });
    expect(removePasskeySchema.safeParse({ passkeyId: "x" }).success).toBe(false);
    expect(removePasskeySchema.safeParse({ passkeyId: "-1" }).success).toBe(false);
  });
});
