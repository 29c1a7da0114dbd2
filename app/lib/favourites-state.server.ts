/**
 * Changing favourites: a signed-in customer's live on the account, a visitor's in a browser cookie
 * (moved onto the account at every sign-in: see `auth.signIn` in the request context).
 */
import type { AppLoadContext } from "react-router";
import {
  applyVisitorFavourites,
  FAVOURITE_NOT_FOUND,
  FAVOURITES_FULL,
  favouritesIntentSchema,
  favouritesToast,
  type FavouritesIntent,
} from "~/domain/favourites/favourites-intent";
import { readVisitorFavourites, visitorFavouritesCookie } from "~/domain/favourites/favourites-cookie";
import type { Toast } from "~/domain/shared/toast";
import { intentsOf } from "~/lib/forms/form-action.server";

/** The favourites forms' intents (add, remove, clear), for the /favorites action. */
export function favouritesIntents(request: Request, context: AppLoadContext) {
  return intentsOf(favouritesIntentSchema.options, (asked: FavouritesIntent) => changeFavourites(request, context, asked));
}

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
  const { value, discard } = readVisitorFavourites(request.headers.get("Cookie"), secure);
  const next = applyVisitorFavourites(value, intent);
  if (!next) return { toast: FAVOURITES_FULL, cookies: [discard] };
  return { toast, cookies: [discard, visitorFavouritesCookie(next, secure)] };
}
