/**
 * Authenticator-app codes (TOTP, RFC 6238) as authenticator apps expect them: HMAC-SHA-1, 30-second steps, six
 * digits, made with @oslojs/otp as the Lucia guide does. Pure: the caller passes the time and the last step used.
 */
import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { createTOTPKeyURI, generateHOTP, verifyHOTP } from "@oslojs/otp";

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** A code from the step before or after the current one is still taken (clocks drift; typing takes time). */
export const TOTP_DRIFT_STEPS = 1;
/** 160 bits, the key length RFC 4226 recommends for HMAC-SHA-1. */
export const TOTP_KEY_BYTES = 20;
/** The name authenticator apps list the account under. */
export const TOTP_ISSUER = "Needledrop";

/** The time step an instant (epoch ms) falls in. */
export function stepAt(epochMs: number): number {
  return Math.floor(epochMs / (TOTP_PERIOD_SECONDS * 1000));
}

/** The code for one time step (for tests and the set-up helper of browser tests). */
export function codeForStep(key: Uint8Array, step: number): string {
  return generateHOTP(key, BigInt(step), TOTP_DIGITS);
}

/**
 * The time step a code belongs to, if it is right for the current step or one either side AND later than the last
 * step accepted for this key (a code, or an older one, is never accepted twice); else null.
 */
export function acceptedStep(key: Uint8Array, code: string, epochMs: number, lastUsedStep: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = stepAt(epochMs);
  for (let step = now - TOTP_DRIFT_STEPS; step <= now + TOTP_DRIFT_STEPS; step++) {
    if (step <= lastUsedStep) continue;
    if (verifyHOTP(key, BigInt(step), TOTP_DIGITS, code)) return step;
  }
  return null;
}

/** The secret as people type it into an app: upper-case base32 in groups of four ("ABCD EFGH …"). */
export function secretText(key: Uint8Array): string {
  return encodeBase32UpperCaseNoPadding(key).replace(/(.{4})(?=.)/g, "$1 ");
}

/** base32 of TOTP_KEY_BYTES bytes, without padding: 32 characters. */
const SECRET_PATTERN = /^[A-Z2-7]{32}$/;

/**
 * A secret sent back by the set-up form (or typed): spaces and case do not matter, anything else must be exactly a
 * key of ours. Null for anything else.
 */
export function parseSecretText(text: unknown): Uint8Array | null {
  if (typeof text !== "string" || text.length > 64) return null;
  const compact = text.replace(/\s+/g, "").toUpperCase();
  if (!SECRET_PATTERN.test(compact)) return null;
  try {
    const key = decodeBase32IgnorePadding(compact);
    return key.length === TOTP_KEY_BYTES ? key : null;
  } catch {
    return null;
  }
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function otpauthUri(key: Uint8Array, accountName: string): string {
  return createTOTPKeyURI(TOTP_ISSUER, accountName, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS);
}
