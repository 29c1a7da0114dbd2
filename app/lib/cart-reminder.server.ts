/**
 * What the pages tell the cart reminders (server/services/cart-reminders.ts): an address typed at checkout, and
 * every change to a cart the shop remembers. A guest's browser is tied to its remembered cart by a key cookie.
 */
import type { AppLoadContext } from "react-router";
import type { Cart } from "~/domain/cart/cart";
import { CART_KEY_COOKIE } from "~/domain/cart/cart-reminder";
import { typedEmailSchema } from "~/domain/checkout/checkout-schemas";
import { readCookie, shopperCookie } from "~/domain/shared/cookies";

function ownerOf(request: Request, context: AppLoadContext) {
  const user = context.user ? { id: context.user.id, email: context.user.email } : null;
  return { user, key: readCookie(request.headers.get("Cookie"), CART_KEY_COOKIE) };
}

/**
 * The cart changed (a cart form, a paid checkout): a remembered copy follows it. `newKey`: a guest's key made in this
 * same request (the browser does not send it back until the next one).
 */
export function noteCartChange(request: Request, context: AppLoadContext, cart: Cart, newKey: string | null = null): void {
  const owner = ownerOf(request, context);
  context.services.cartReminders.noteCartChange(newKey ? { ...owner, key: newKey } : owner, cart);
}

/** A guest's cart key made while answering a checkout post: its Set-Cookie, and the key itself for this request. */
export interface NewCartKey {
  cookie: string;
  key: string;
}

/**
 * The checkout form was posted: with a valid address and something in the cart, the cart is remembered under
 * it, whatever else happens to the submission. Returns a guest's new key, or null.
 */
export function rememberCheckoutAddress(
  request: Request,
  context: AppLoadContext,
  typed: unknown,
  cart: Cart,
): NewCartKey | null {
  const email = typedEmailSchema.parse(typed ?? "");
  if (!email || cart.lines.length === 0) return null;
  const { key } = context.services.cartReminders.rememberAtCheckout(ownerOf(request, context), email, cart);
  return key ? { cookie: shopperCookie(CART_KEY_COOKIE, key, context.auth.secure), key } : null;
}
