/**
 * Reading a cookie from a Cookie header and writing the shop's browser-kept cookies (the cart, a visitor's
 * favourites): HttpOnly, SameSite=Lax, kept 90 days; an empty value deletes the cookie.
 */

/** Browser-kept shopping state outlives a session: 90 days. */
const MAX_AGE_SECONDS = 90 * 24 * 60 * 60;

/** The value of cookie `name` in a Cookie header, or null when absent. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** A Set-Cookie value; an empty value deletes the cookie. */
export function shopperCookie(name: string, value: string, secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;
  return value === "" ? `${name}=; Max-Age=0; ${attributes}` : `${name}=${value}; Max-Age=${MAX_AGE_SECONDS}; ${attributes}`;
}

export interface ReadResult<T> {
  value: T;
  /** Set-Cookie to send when the stored value had to be discarded; null otherwise. */
  discard: string | null;
}

/**
 * Cookie `name` of a Cookie header, decoded. A value that does not decode (tampered, truncated, an old
 * format) is logged without its content, read as `empty`, and comes with the Set-Cookie that deletes it.
 */
export function readShopperCookie<T>(
  header: string | null | undefined,
  name: string,
  decode: (raw: string) => T | null,
  empty: T,
  secure: boolean,
): ReadResult<T> {
  const raw = readCookie(header, name);
  if (raw === null) return { value: empty, discard: null };
  const value = decode(raw);
  if (value !== null) return { value, discard: null };
  console.warn(`[shopper-state] discarding an unreadable "${name}" cookie (${raw.length} characters).`);
  return { value: empty, discard: shopperCookie(name, "", secure) };
}
