/**
 * A visitor's favourites live in the browser as a cookie until they sign in: "12.45.78" (record ids,
 * newest last). A value that does not parse gives null: the caller logs it and clears the cookie.
 */
import { readShopperCookie, shopperCookie, type ReadResult } from "~/domain/shared/cookies";
import { z } from "~/domain/shared/zod";

export const FAVOURITES_COOKIE = "needledrop-favourites";
export const MAX_VISITOR_FAVOURITES = 200;

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const favouritesSchema = z.array(id).max(MAX_VISITOR_FAVOURITES);
const FAVOURITES_TEXT = /^\d{1,15}(?:\.\d{1,15})*$/;

export function encodeFavourites(ids: readonly number[]): string {
  return ids.join(".");
}

export function decodeFavourites(raw: string): number[] | null {
  if (raw === "") return [];
  if (!FAVOURITES_TEXT.test(raw)) return null;
  const parsed = favouritesSchema.safeParse(raw.split("."));
  return parsed.success ? [...new Set(parsed.data)] : null;
}

/** A visitor's favourites from a request's Cookie header (an unreadable cookie is discarded). */
export function readVisitorFavourites(cookieHeader: string | null | undefined, secure: boolean): ReadResult<number[]> {
  return readShopperCookie(cookieHeader, FAVOURITES_COOKIE, decodeFavourites, [], secure);
}

/** The Set-Cookie that stores a visitor's favourites; none deletes the cookie. */
export function visitorFavouritesCookie(ids: readonly number[], secure: boolean): string {
  return shopperCookie(FAVOURITES_COOKIE, encodeFavourites(ids), secure);
}
