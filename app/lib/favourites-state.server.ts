/**
 * Changing favourites: a signed-in customer's live on the account, a visitor's in a browser cookie
 * (moved onto the account at sign-in, see `mergeVisitorFavourites`).
 */
import type { AppLoadContext } from "react-router";
import { applyVisitorFavourites, FAVOURITE_NOT_FOUND, FAVOURITES_FULL, favouritesToast, type FavouritesIntent } from "~/domain/favourites/favourites-intent";
import { readVisitorFavourites, visitorFavouritesCookie } from "./shopper-state.server";
import type { Toast } from "~/domain/shared/toast";

export function changeFavourites(
  request: Request,
  context: AppLoadContext,
  intent: FavouritesIntent,
): { toast: Toast; cookies: (string | null)[] } {
  const { favourites } = context.services;
  const title = intent.intent === "clear" ? null : (favourites.records([intent.recordId])[0]?.title ?? null);
  if (intent.intent === "add" && title === null) return { toast: FAVOURITE_NOT_FOUND, cookies: [] };
  const toast = favouritesToast(intent, title);
  if (context.user) {
    const userId = context.user.id;
    if (intent.intent === "add") favourites.add(userId, intent.recordId);
    else if (intent.intent === "remove") favourites.remove(userId, intent.recordId);
    else favourites.clear(userId);
    return { toast, cookies: [] };
  }
  const secure = context.auth.secure;
  const { value, discard } = readVisitorFavourites(request, secure);
  const next = applyVisitorFavourites(value, intent);
  if (!next) return { toast: FAVOURITES_FULL, cookies: [discard] };
  return { toast, cookies: [discard, visitorFavouritesCookie(next, secure)] };
}

/**
 * At sign-in or registration: the visitor's favourites join the account's (unknown ids skipped, no
 * duplicates), and the Set-Cookie values that empty the browser's copy. Nothing to send when there were none.
 */
export function mergeVisitorFavourites(
  request: Request,
  context: Pick<AppLoadContext, "auth"> & { services: Pick<AppLoadContext["services"], "favourites"> },
  userId: number,
): string[] {
  const secure = context.auth.secure;
  const { value, discard } = readVisitorFavourites(request, secure);
  if (discard) return [discard];
  if (value.length === 0) return [];
  context.services.favourites.merge(userId, value);
  return [visitorFavouritesCookie([], secure)];
}
