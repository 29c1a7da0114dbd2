/**
 * Reading and writing the browser-kept shopping state (cart, a visitor's favourites) in loaders and actions.
 * An unreadable cookie is logged, treated as empty and cleared with the response: never a 500.
 */
import { EMPTY_CART, type Cart } from "~/domain/cart/cart";
import { FAVOURITES_COOKIE, decodeFavourites, encodeFavourites } from "~/domain/favourites/favourites-cookie";
import { CART_COOKIE, decodeCart, encodeCart } from "~/domain/cart/cart-cookie";
import { readCookie, shopperCookie } from "~/domain/shared/cookies";

export interface ReadResult<T> {
  value: T;
  /** Set-Cookie to send when the stored value had to be discarded; null otherwise. */
  discard: string | null;
}

function read<T>(request: Request, secure: boolean, name: string, decode: (raw: string) => T | null, empty: T): ReadResult<T> {
  const raw = readCookie(request.headers.get("Cookie"), name);
  if (raw === null) return { value: empty, discard: null };
  const value = decode(raw);
  if (value !== null) return { value, discard: null };
  console.warn(`[shopper-state] discarding an unreadable "${name}" cookie (${raw.length} characters).`);
  return { value: empty, discard: shopperCookie(name, "", secure) };
}

export function readCart(request: Request, secure: boolean): ReadResult<Cart> {
  return read(request, secure, CART_COOKIE, decodeCart, EMPTY_CART);
}

export function cartCookie(cart: Cart, secure: boolean): string {
  return shopperCookie(CART_COOKIE, cart.lines.length === 0 ? "" : encodeCart(cart), secure);
}

export function readVisitorFavourites(request: Request, secure: boolean): ReadResult<number[]> {
  return read(request, secure, FAVOURITES_COOKIE, decodeFavourites, []);
}

export function visitorFavouritesCookie(ids: readonly number[], secure: boolean): string {
  return shopperCookie(FAVOURITES_COOKIE, encodeFavourites(ids), secure);
}
