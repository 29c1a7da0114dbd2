/**
 * Recovery codes: ten single-use codes shown once when a second factor is set up, for the day the phone is lost.
 * Ten base32 characters (50 bits) in two groups of five: "K7QXM-2WD4P". Only their SHA-256 is kept.
 */
import { encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";

export const RECOVERY_CODE_COUNT = 10;
/** Random bytes per code: 7 bytes give 56 bits, of which the first 50 (ten base32 characters) are kept. */
export const RECOVERY_CODE_BYTES = 7;

const CANONICAL = /^[A-Z2-7]{5}-[A-Z2-7]{5}$/;

/** A code as shown, from random bytes (at least RECOVERY_CODE_BYTES). */
export function recoveryCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < RECOVERY_CODE_BYTES) throw new RangeError("Too few random bytes for a recovery code");
  const text = encodeBase32UpperCaseNoPadding(bytes.slice(0, RECOVERY_CODE_BYTES)).slice(0, 10);
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

/**
 * A typed recovery code in its one stored form ("K7QXM-2WD4P"), whatever its case, spaces or dash; null when it
 * cannot be one. Hashes are taken of this form only.
 */
export function normaliseRecoveryCode(input: unknown): string | null {
  if (typeof input !== "string" || input.length > 40) return null;
  const compact = input.replace(/[\s-]+/g, "").toUpperCase();
  if (!/^[A-Z2-7]{10}$/.test(compact)) return null;
  const code = `${compact.slice(0, 5)}-${compact.slice(5)}`;
  return CANONICAL.test(code) ? code : null;
}

/** A six-digit authenticator code, after spaces are taken out ("123 456" → "123456"); null otherwise. */
export function normaliseTotpCode(input: unknown): string | null {
  if (typeof input !== "string" || input.length > 20) return null;
  const compact = input.replace(/\s+/g, "");
  return /^\d{6}$/.test(compact) ? compact : null;
}
