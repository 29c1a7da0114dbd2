/**
 * The cart and a visitor's favourites live in the browser as cookies, so the server renders the right
 * badges and every form works without JavaScript. Both formats are tiny, cookie-safe texts (no escaping):
 *   cart:        "12x2.45x1~SAVE10"  (record id × quantity, dot-separated; "~code" when a code is entered)
 *   favourites:  "12.45.78"          (record ids, newest last)
 * They hold ids only, never prices. A value that does not parse (tampered, truncated, an old format) is
 * discarded: the caller gets `null`, logs it and clears the cookie; a bad cookie is never a 500.
 */
import { z } from "~/lib/zod";
import { MAX_CART_LINES, MAX_DISCOUNT_CODE_LENGTH, MAX_LINE_QUANTITY, type Cart } from "~/domain/cart";

export const CART_COOKIE = "needledrop-cart";
export const FAVOURITES_COOKIE = "needledrop-favourites";
export const MAX_VISITOR_FAVOURITES = 200;
/** Browser-kept shopping state outlives a session: 90 days. */
const MAX_AGE_SECONDS = 90 * 24 * 60 * 60;

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const cartSchema = z.object({
  lines: z
    .array(z.object({ recordId: id, quantity: z.coerce.number().int().min(1).max(MAX_LINE_QUANTITY) }))
    .max(MAX_CART_LINES)
    .refine((lines) => new Set(lines.map((l) => l.recordId)).size === lines.length, "duplicate lines"),
  discountCode: z.string().regex(/^[A-Z0-9-]+$/).max(MAX_DISCOUNT_CODE_LENGTH).nullable(),
});
const favouritesSchema = z.array(id).max(MAX_VISITOR_FAVOURITES);

const CART_TEXT = /^(?:\d{1,15}x\d{1,3}(?:\.\d{1,15}x\d{1,3})*)?(?:~[A-Z0-9-]{1,32})?$/;
const FAVOURITES_TEXT = /^\d{1,15}(?:\.\d{1,15})*$/;

/** The value of cookie `name` in a Cookie header, or null when absent. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

export function encodeCart(cart: Cart): string {
  const lines = cart.lines.map((l) => `${l.recordId}x${l.quantity}`).join(".");
  return cart.discountCode ? `${lines}~${cart.discountCode}` : lines;
}

/** The cart a cookie value holds; null when unreadable. An empty value is an empty cart. */
export function decodeCart(raw: string): Cart | null {
  if (!CART_TEXT.test(raw)) return null;
  const [linesText = "", code] = raw.split("~");
  const lines = linesText === "" ? [] : linesText.split(".").map((pair) => {
    const [recordId, quantity] = pair.split("x");
    return { recordId, quantity };
  });
  const parsed = cartSchema.safeParse({ lines, discountCode: code ?? null });
  return parsed.success ? parsed.data : null;
}

export function encodeFavourites(ids: readonly number[]): string {
  return ids.join(".");
}

export function decodeFavourites(raw: string): number[] | null {
  if (raw === "") return [];
  if (!FAVOURITES_TEXT.test(raw)) return null;
  const parsed = favouritesSchema.safeParse(raw.split("."));
  return parsed.success ? [...new Set(parsed.data)] : null;
}

/** A Set-Cookie value; an empty value deletes the cookie. */
export function shopperCookie(name: string, value: string, secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;
  return value === ""
    ? `${name}=; Max-Age=0; ${attributes}`
    : `${name}=${value}; Max-Age=${MAX_AGE_SECONDS}; ${attributes}`;
}
