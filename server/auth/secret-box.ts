/**
 * Secrets the server must read back (an authenticator app's key) are kept encrypted with the shop's key: AES-256-GCM
 * from node:crypto, a fresh 96-bit IV per value, and "associated data" naming what the value is for (its owner), so
 * a value copied onto another row does not open. Stored as "v1." + base64url(iv | tag | ciphertext).
 *
 * The key is env SECRET_KEY (32 bytes as hex or base64) or, without it, a random key kept in a file next to the
 * database (created once, mode 0600). Whoever has the database file alone cannot use the secrets in it.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const VERSION = "v1.";
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_KEY_BYTES = 32;

export interface SecretBox {
  seal(plain: Uint8Array, purpose: string): string;
  /** The plain bytes, or null when the text was not sealed with this key for this purpose (or was changed). */
  open(sealed: string, purpose: string): Uint8Array | null;
}

export function createSecretBox(key: Uint8Array): SecretBox {
  if (key.length !== SECRET_KEY_BYTES) throw new Error(`The secret key must be ${SECRET_KEY_BYTES} bytes`);
  const keyBuffer = Buffer.from(key);
  return {
    seal(plain, purpose) {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv("aes-256-gcm", keyBuffer, iv);
      cipher.setAAD(Buffer.from(purpose, "utf8"));
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
    },
    open(sealed, purpose) {
      if (!sealed.startsWith(VERSION)) return null;
      const raw = Buffer.from(sealed.slice(VERSION.length), "base64url");
      if (raw.length < IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = crypto.createDecipheriv("aes-256-gcm", keyBuffer, raw.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(purpose, "utf8"));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return new Uint8Array(Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]));
      } catch {
        return null;
      }
    },
  };
}

/** SECRET_KEY's text as 32 bytes: 64 hex digits or base64 (either alphabet) of 32 bytes; null otherwise. */
export function parseSecretKey(text: string): Uint8Array | null {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return new Uint8Array(Buffer.from(trimmed, "hex"));
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const bytes = Buffer.from(trimmed.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    if (bytes.length === SECRET_KEY_BYTES) return new Uint8Array(bytes);
  }
  return null;
}

/** Where the key is kept when SECRET_KEY is not set: `secret.key` beside the database file. */
export function secretKeyFileFor(databaseFile: string): string {
  return path.join(path.dirname(path.resolve(databaseFile)), "secret.key");
}

/**
 * The shop's key: SECRET_KEY when given (it must be valid), else the key file, made on first use with mode 0600
 * (two processes starting at once agree: only one creates it, the other reads it). A database in memory gets a
 * key for this process only.
 */
export function loadSecretKey({ envValue, databaseFile }: { envValue?: string; databaseFile: string }): Uint8Array {
  if (envValue) {
    const key = parseSecretKey(envValue);
    if (!key) throw new Error("SECRET_KEY must be 32 bytes, as 64 hex digits or base64");
    return key;
  }
  if (!databaseFile || databaseFile === ":memory:") return new Uint8Array(crypto.randomBytes(SECRET_KEY_BYTES));
  const file = secretKeyFileFor(databaseFile);
  try {
    const fd = fs.openSync(file, "wx", 0o600);
    try {
      fs.writeSync(fd, `${crypto.randomBytes(SECRET_KEY_BYTES).toString("hex")}\n`);
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  // A file another process created a moment ago may still be empty: read until it holds a key.
  for (let attempt = 0; ; attempt++) {
    const key = parseSecretKey(fs.readFileSync(file, "utf8"));
    if (key) return key;
    if (attempt >= 50) throw new Error(`${file} does not hold a 32-byte key (64 hex digits)`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
}
