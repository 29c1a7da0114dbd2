/** The order-access cookie (see ~/domain/orders/order-access) as loaders and actions read and extend it. */
import { ORDER_ACCESS_COOKIE, orderAccessSetCookie, parseOrderTokens } from "~/domain/orders/order-access";
import { readCookie } from "~/domain/shared/cookies";

/** The access tokens this request's browser holds. */
export function readOrderTokens(request: Request): string[] {
  return parseOrderTokens(readCookie(request.headers.get("Cookie"), ORDER_ACCESS_COOKIE));
}

/** The Set-Cookie value that adds `token` to what the request's browser already holds. */
export function orderAccessCookie(request: Request, token: string, secure: boolean): string {
  return orderAccessSetCookie(readOrderTokens(request), token, secure);
}
