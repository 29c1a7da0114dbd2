/**
 * What the newsletter's figures mean, once for the subscribers page, its CSV, the campaign audiences and a
 * customer's page (docs/decisions/0070). An address on the list is either subscribed or unsubscribed, never both:
 * the two add up to everyone on the list. Sign-up is single opt-in, so there is no "pending" or "confirmed" state.
 * A genre's figure counts subscribed addresses only (a campaign reaches no one else), matched to the shop's genres
 * without regard to case as the "genre fans" segment matches them; the addresses with no genre or one the shop does
 * not sell make up the rest, so the genres and the rest add up to the subscribed figure.
 */
import { GENRES, type Genre } from "~/domain/catalogue/genres";

export type SubscriberState = "subscribed" | "unsubscribed";

/** An address is subscribed until it unsubscribes. */
export function subscriberState(row: { unsubscribedAt: string | null }): SubscriberState {
  return row.unsubscribedAt === null ? "subscribed" : "unsubscribed";
}

/** The shop's genre a stored favourite genre names (any case), or null for none or another. */
export function subscriberGenre(stored: string | null): Genre | null {
  const key = stored?.trim().toLowerCase();
  if (!key) return null;
  return GENRES.find((g) => g.toLowerCase() === key) ?? null;
}

/** One group of the list as the database counts it: state, stored genre and how many addresses. */
export interface SubscriberGroup {
  unsubscribed: boolean;
  genre: string | null;
  n: number;
}

export interface SubscriberCounts {
  /** Everyone on the list: subscribed + unsubscribed. */
  total: number;
  subscribed: number;
  unsubscribed: number;
  /** Subscribed addresses by favourite genre, every genre of the shop in its own order, zeros included. */
  byGenre: { genre: Genre; subscribed: number }[];
  /** Subscribed addresses with no genre of the shop's: byGenre + this = subscribed. */
  otherGenre: number;
}

export function tallySubscribers(groups: readonly SubscriberGroup[]): SubscriberCounts {
  const perGenre = new Map<Genre, number>(GENRES.map((g) => [g, 0]));
  const counts = { total: 0, subscribed: 0, unsubscribed: 0, otherGenre: 0 };
  for (const group of groups) {
    counts.total += group.n;
    if (group.unsubscribed) {
      counts.unsubscribed += group.n;
      continue;
    }
    counts.subscribed += group.n;
    const genre = subscriberGenre(group.genre);
    if (genre) perGenre.set(genre, perGenre.get(genre)! + group.n);
    else counts.otherGenre += group.n;
  }
  return { ...counts, byGenre: GENRES.map((genre) => ({ genre, subscribed: perGenre.get(genre)! })) };
}

/** What the list's rows are called under each status filter: "subscribers" is only ever the subscribed ones. */
export const SUBSCRIBER_ROW_NOUNS = {
  all: ["address on the list", "addresses on the list"],
  subscribed: ["subscriber", "subscribers"],
  unsubscribed: ["unsubscribed address", "unsubscribed addresses"],
} as const satisfies Record<"all" | "subscribed" | "unsubscribed", readonly [string, string]>;
