/**
 * The shopper's cart and favourites as loaders and actions read them: the cookies, priced or looked up
 * through the services. An unreadable cookie comes back with the Set-Cookie that discards it.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { customerOf, type Cart } from "~/domain/cart/cart";
import { redirectAfterPost, type RecordForSale } from "~/domain/cart/cart-intent";
import { toCartSummary, type CartSummary } from "~/domain/cart/cart-summary";
import { readCart } from "~/domain/cart/cart-cookie";
import { readVisitorFavourites } from "~/domain/favourites/favourites-cookie";
import type { Toast } from "~/domain/shared/toast";
import { toastHeader } from "./toast.server";
import { notOnSaleYetMessage } from "~/domain/limited/on-sale";

/** The cart priced as the shop would sell it now (an empty cart costs no query). */
export function summariseCart(context: AppLoadContext, cart: Cart): CartSummary {
  const priced =
    cart.lines.length > 0
      ? context.services.cart.price(cart.lines, cart.discountCode, { today: context.today, customer: customerOf(context.user) })
      : null;
  return toCartSummary(cart, priced);
}

export function loadCart(
  request: Request,
  context: AppLoadContext,
): { cart: Cart; summary: CartSummary; discard: string | null } {
  const { value: cart, discard } = readCart(request.headers.get("Cookie"), context.auth.secure);
  return { cart, summary: summariseCart(context, cart), discard };
}

/** A signed-in customer's favourites come from the account; a visitor's from the browser. */
export function loadFavouriteIds(request: Request, context: AppLoadContext): { ids: readonly number[]; discard: string | null } {
  if (context.user) return { ids: context.services.favourites.ids(context.user.id), discard: null };
  const { value, discard } = readVisitorFavourites(request.headers.get("Cookie"), context.auth.secure);
  return { ids: value, discard };
}

/** The record as the shop can sell it now, for the cart rules. */
export function recordForSale(context: AppLoadContext, recordId: number): RecordForSale {
  const [line] = context.services.cart.price([{ recordId, quantity: 1 }], null, { today: context.today }).lines;
  if (!line || line.issue === "unavailable") return null;
  const record = context.services.cart.loadRecords([recordId]).get(recordId);
  return {
    title: line.title,
    maxQuantity: line.maxQuantity,
    limitPerCustomer: record?.limitPerCustomer ?? null,
    // Before its on-sale time a limited record cannot go in a cart, whatever is posted.
    refusal: line.issue === "not-on-sale-yet" && record?.onSaleAt ? notOnSaleYetMessage(line.title, record.onSaleAt) : null,
  };
}

/**
 * The answer to a cart or favourites form post: a plain browser post (or one naming `redirectTo`) gets a
 * 303 with the toast in a cookie; a script (useFetcher) gets the toast as data, with `status`.
 */
export async function answerShopperPost(
  request: Request,
  formData: FormData,
  { toast, headers, status, fallback }: { toast: Toast | null; headers: Headers; status: number; fallback: string },
) {
  const target = redirectAfterPost(formData.get("redirectTo"), request.headers.get("Sec-Fetch-Mode"), fallback);
  if (target) {
    if (toast) headers.append("Set-Cookie", await toastHeader(toast));
    return redirect(target, { status: 303, headers });
  }
  return data({ toast }, { status, headers });
}

/** Collects Set-Cookie values (nulls skipped) into one Headers. */
export function cookieHeaders(...cookies: (string | null | undefined)[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) if (cookie) headers.append("Set-Cookie", cookie);
  return headers;
}
