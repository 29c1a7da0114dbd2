/**
 * The newsletter's sets in SQL, for every service that filters or counts subscribers (the back office's list, its
 * figures and the campaign audiences), so "subscribed" and a genre mean the same rows everywhere. The pure reading of
 * the same rules is app/domain/newsletter/subscriber-counts.ts; the subscriber service's test holds the two together.
 */
import { count, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { subscribers } from "../../db/schema";
import type { SubscriberGroup } from "../../app/domain/newsletter/subscriber-counts";

/** Still subscribed: not unsubscribed. */
export const SUBSCRIBED: SQL = sql`${subscribers.unsubscribedAt} is null`;
export const UNSUBSCRIBED: SQL = sql`${subscribers.unsubscribedAt} is not null`;

/** The favourite genre is `genre`, whatever its case or surrounding spaces (as subscriberGenre reads it). */
export const favouriteGenreIs = (genre: string): SQL =>
  sql`lower(trim(coalesce(${subscribers.favoriteGenre}, ''))) = ${genre.trim().toLowerCase()}`;

/** The whole list grouped by state and stored genre, for tallySubscribers: one statement. */
export function subscriberGroups(db: Db): SubscriberGroup[] {
  return db
    .select({ unsubscribed: sql<number>`(${UNSUBSCRIBED})`, genre: subscribers.favoriteGenre, n: count() })
    .from(subscribers)
    .groupBy(sql`1`, subscribers.favoriteGenre)
    .all()
    .map((g) => ({ unsubscribed: Number(g.unsubscribed) === 1, genre: g.genre, n: g.n }));
}
