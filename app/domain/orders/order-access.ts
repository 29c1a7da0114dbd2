/**
 * The browser's proof that it placed an order. The access token of an order is the idempotency key of the
 * checkout form that placed it; the server keeps only its hash. The browser keeps the tokens of its last few
 * orders in one HttpOnly cookie, so a guest can open the confirmation page (and a double submit lands on the
 * same one) without an account. Order numbers alone open nothing.
 *
 *   needledrop-orders=<token>.<token>…   newest first, at most MAX_ORDER_TOKENS
 *
 * Tokens are [A-Za-z0-9_-], so "." separates them without escaping. Anything else in the cookie (tampered,
 * truncated) is dropped on reading: never a 500.
 */
import type { CartLine } from "~/domain/cart/cart";
import { idempotencyKeySchema } from "~/domain/checkout/checkout-schemas";

export const ORDER_ACCESS_COOKIE = "needledrop-orders";
export const MAX_ORDER_TOKENS = 5;
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** An order's access token is the form key that placed it, so it has the key's shape. */
export const isAccessToken = (value: string): boolean => idempotencyKeySchema.safeParse(value).success;

/** The well-formed tokens of a cookie value, newest first, each once, at most MAX_ORDER_TOKENS. */
export function parseOrderTokens(raw: string | null): string[] {
  if (!raw) return [];
  const tokens = raw.split(".").filter(isAccessToken);
  return [...new Set(tokens)].slice(0, MAX_ORDER_TOKENS);
}

/** The tokens with `token` added at the front (moved there if already held); the oldest drop off. */
export function withOrderToken(tokens: readonly string[], token: string): string[] {
  if (!isAccessToken(token)) return tokens.slice(0, MAX_ORDER_TOKENS);
  return [token, ...tokens.filter((t) => t !== token)].slice(0, MAX_ORDER_TOKENS);
}

/** The Set-Cookie value that adds `token` to the tokens the browser already holds. */
export function orderAccessSetCookie(held: readonly string[], token: string, secure: boolean): string {
  const value = withOrderToken(held, token).join(".");
  return `${ORDER_ACCESS_COOKIE}=${value}; Max-Age=${MAX_AGE_SECONDS}; Path=/; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;
}

/** How long after placing an order a matching cart is taken to be the one it bought. */
export const JUST_PLACED_MINUTES = 60;

/**
 * Whether the browser's cart is the one an order just bought: the order is not cancelled, was placed in the
 * last hour, and the cart holds exactly its records and quantities. Coming back from a hosted payment page,
 * that cart is emptied; a cart changed since, or an old order looked up again, leaves the cart alone.
 */
export function cartBoughtBy(
  cart: readonly CartLine[],
  order: { status: string; createdAt: string; lines: readonly { recordId: number; quantity: number }[] },
  now: Date = new Date(),
): boolean {
  if (order.status !== "paid" && order.status !== "pending_payment") return false;
  const age = now.getTime() - Date.parse(order.createdAt);
  if (!(age >= 0 && age <= JUST_PLACED_MINUTES * 60_000)) return false;
  if (cart.length === 0 || cart.length !== order.lines.length) return false;
  const bought = new Map(order.lines.map((l) => [l.recordId, l.quantity]));
  return cart.every((l) => bought.get(l.recordId) === l.quantity);
}
