import { describe, expect, it } from "vitest";
import { generateToken, hashToken, TOKEN_PATTERN, tokenMatchesHash } from "./tokens";

describe("tokens", () => {
  it("are 160 random bits as 32 lower-case base32 characters without padding, never repeating", () => {
    const tokens = new Set(Array.from({ length: 1000 }, generateToken));
    expect(tokens.size).toBe(1000);
    for (const t of tokens) expect(t).toMatch(TOKEN_PATTERN);
  });

  it("are stored as hex(sha256(token))", () => {
    // SHA-256 of "abc", a published test vector.
    expect(hashToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const token = generateToken();
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).not.toContain(token);
  });

  it("match only their own hash", () => {
    const token = generateToken();
    expect(tokenMatchesHash(token, hashToken(token))).toBe(true);
    expect(tokenMatchesHash(generateToken(), hashToken(token))).toBe(false);
    expect(tokenMatchesHash(token, "zz")).toBe(false);
    expect(tokenMatchesHash(token, "")).toBe(false);
  });
});
