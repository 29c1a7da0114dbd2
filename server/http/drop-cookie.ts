import { readCookie, shopperCookie } from "../../app/domain/shared/cookies";
import { generateToken, hashToken, TOKEN_PATTERN } from "../auth/tokens";

/**
 * The waiting-room cookie: a random token naming this browser's places in drops' queues. Only its hash (the
 * "drop session key") is stored, in drop_entries and passed to the order service, so a stolen database names no
 * usable cookie. HttpOnly and SameSite=Lax like the cart's.
 */
export const DROP_COOKIE = "needledrop-queue";

/** The browser's drop session key (the hash of its token), or null when it has no well-formed cookie. */
export function dropSessionKeyOf(cookieHeader: string | null | undefined): string | null {
  const token = readCookie(cookieHeader, DROP_COOKIE);
  return token && TOKEN_PATTERN.test(token) ? hashToken(token) : null;
}

/** A new token for a browser without one: its key and the Set-Cookie that gives it to the browser. */
export function newDropSession(secure: boolean): { sessionKey: string; setCookie: string } {
  const token = generateToken();
  return { sessionKey: hashToken(token), setCookie: shopperCookie(DROP_COOKIE, token, secure) };
}
