import { sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { decodeHex, encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

/** 20 random bytes: 160 bits of secret, 32 characters of lower-case base32 without padding. */
export const TOKEN_BYTES = 20;
export const TOKEN_PATTERN = /^[a-z2-7]{32}$/;

/** A fresh secret for a session cookie or an e-mailed reset link. */
export function generateToken(): string {
  const bytes = new Uint8Array(TOKEN_BYTES);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function sha256Bytes(text: string): Uint8Array {
  return sha256(new TextEncoder().encode(text));
}

/** What the database keeps instead of a token: hex(sha256(token)). A stolen table opens no session. */
export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256Bytes(token));
}

/** Compares a stored hex hash with the hash of a presented token, in time independent of where they differ. */
export function tokenMatchesHash(token: string, storedHexHash: string): boolean {
  return digestMatchesHash(sha256Bytes(token), storedHexHash);
}

/** tokenMatchesHash for a token already hashed (its sha256Bytes). */
export function digestMatchesHash(digest: Uint8Array, storedHexHash: string): boolean {
  let stored: Uint8Array;
  try {
    stored = decodeHex(storedHexHash);
  } catch {
    return false;
  }
  return stored.length === digest.length && constantTimeEqual(stored, digest);
}
