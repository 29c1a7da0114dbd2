/**
 * What a favourites form asks for (spec §4: adding skips duplicates; remove and clear exist), and the
 * rule for a visitor's favourites, which live in a browser cookie until they sign in. Pure.
 */
import { formRecordId as recordId } from "~/domain/cart/cart-intent";
import { MAX_VISITOR_FAVOURITES } from "./favourites-cookie";
import type { Toast } from "~/domain/shared/toast";
import { z } from "~/domain/shared/zod";

export const favouritesIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), recordId }),
  z.object({ intent: z.literal("remove"), recordId }),
  z.object({ intent: z.literal("clear") }),
]);

export type FavouritesIntent = z.infer<typeof favouritesIntentSchema>;

/** What a favourites form its schema refused says: a page only ever sends good ones. */
export const FAVOURITES_FORM_ERROR: Toast = {
  type: "error",
  title: "Favourites not updated",
  description: "Sorry, we couldn't update your favourites. Please try again.",
};

/**
 * A visitor's favourites after `intent` (newest last, as the cookie keeps them); null when adding would
 * pass the cookie's limit. Adding one already there changes nothing.
 */
export function applyVisitorFavourites(ids: readonly number[], intent: FavouritesIntent): number[] | null {
  switch (intent.intent) {
    case "add":
      if (ids.includes(intent.recordId)) return [...ids];
      if (ids.length >= MAX_VISITOR_FAVOURITES) return null;
      return [...ids, intent.recordId];
    case "remove":
      return ids.filter((id) => id !== intent.recordId);
    case "clear":
      return [];
  }
}

/** Toasts for each change; `title` is the record's, when there is one. */
export function favouritesToast(intent: FavouritesIntent, title: string | null): Toast {
  switch (intent.intent) {
    case "add":
      return { type: "success", title: "Added to favourites", description: `${title ?? "The record"} is in your favourites.` };
    case "remove":
      return {
        type: "success",
        title: "Removed from favourites",
        description: `${title ?? "The record"} is no longer in your favourites.`,
      };
    case "clear":
      return { type: "success", title: "Favourites cleared", description: "Your favourites list is empty." };
  }
}

export const FAVOURITES_FULL: Toast = {
  type: "error",
  title: "Favourites full",
  description: `You can keep up to ${MAX_VISITOR_FAVOURITES} favourites in this browser. Log in to keep more.`,
};

export const FAVOURITE_NOT_FOUND: Toast = {
  type: "error",
  title: "Favourites not updated",
  description: "Sorry, that record is no longer in the shop.",
};
