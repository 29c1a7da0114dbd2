/**
 * The cart lives in the browser as a cookie, so the server renders the right badge and every cart form works
 * without JavaScript. The value is a tiny, cookie-safe text (no escaping): "12x2.45x1~SAVE10" (record id ×
 * quantity, dot-separated; "~code" when a code is entered). It holds ids only, never prices. A value that does
 * not parse (tampered, truncated, an old format) gives null: the caller logs it and clears the cookie.
 */
import { z } from "~/domain/shared/zod";
import { readShopperCookie, shopperCookie, type ReadResult } from "~/domain/shared/cookies";
import { createKeptByKey } from "~/domain/shared/kept-by-key";
import { EMPTY_CART, MAX_CART_LINES, MAX_DISCOUNT_CODE_LENGTH, MAX_LINE_QUANTITY, type Cart } from "./cart";

export const CART_COOKIE = "needledrop-cart";

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const cartSchema = z.object({
  lines: z
    .array(z.object({ recordId: id, quantity: z.coerce.number().int().min(1).max(MAX_LINE_QUANTITY) }))
    .max(MAX_CART_LINES)
    .refine((lines) => new Set(lines.map((l) => l.recordId)).size === lines.length, "duplicate lines"),
  discountCode: z
    .string()
    .regex(/^[A-Z0-9-]+$/)
    .max(MAX_DISCOUNT_CODE_LENGTH)
    .nullable(),
});

const CART_TEXT = /^(?:\d{1,15}x\d{1,3}(?:\.\d{1,15}x\d{1,3})*)?(?:~[A-Z0-9-]{1,32})?$/;

export function encodeCart(cart: Cart): string {
  const lines = cart.lines.map((l) => `${l.recordId}x${l.quantity}`).join(".");
  return cart.discountCode ? `${lines}~${cart.discountCode}` : lines;
}

/**
 * A shopper sends the same cart with every page until they change it: its reading (a schema parse, most of the
 * cost) is kept for the last few hundred values. What is kept is frozen, as every reader shares it.
 */
const keptCarts = createKeptByKey<Cart | null>(512);

/** The cart a cookie value holds; null when unreadable. An empty value is an empty cart. */
export function decodeCart(raw: string): Cart | null {
  return keptCarts(raw, () => freezeCart(parseCart(raw)));
}

function freezeCart(cart: Cart | null): Cart | null {
  if (!cart) return null;
  for (const line of cart.lines) Object.freeze(line);
  Object.freeze(cart.lines);
  return Object.freeze(cart);
}

function parseCart(raw: string): Cart | null {
  if (!CART_TEXT.test(raw)) return null;
  const [linesText = "", code] = raw.split("~");
  const lines =
    linesText === ""
      ? []
      : linesText.split(".").map((pair) => {
          const [recordId, quantity] = pair.split("x");
          return { recordId, quantity };
        });
  const parsed = cartSchema.safeParse({ lines, discountCode: code ?? null });
  return parsed.success ? parsed.data : null;
}

/** The cart a request's Cookie header holds (an unreadable one is discarded, see readShopperCookie). */
export function readCart(cookieHeader: string | null | undefined, secure: boolean): ReadResult<Cart> {
  return readShopperCookie(cookieHeader, CART_COOKIE, decodeCart, EMPTY_CART, secure);
}

/** The Set-Cookie that stores the cart; an empty cart deletes the cookie. */
export function cartCookie(cart: Cart, secure: boolean): string {
  return shopperCookie(CART_COOKIE, cart.lines.length === 0 ? "" : encodeCart(cart), secure);
}
