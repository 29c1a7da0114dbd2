/**
 * A visitor's favourites live in the browser as a cookie until they sign in: "12.45.78" (record ids,
 * newest last). A value that does not parse gives null: the caller logs it and clears the cookie.
 */
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
