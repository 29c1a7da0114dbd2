import type { CareTip } from "../../app/domain/care/care-categories";
import { and, asc, desc, eq, gte, inArray, isNull, like, lt, max, or, sql } from "drizzle-orm";
import {
  bestSellers,
  dailySeed,
  HOME_LIST_SIZES,
  mulberry32,
  NEW_RELEASE_FALLBACK_MAX,
  NEW_RELEASE_MIN_BEFORE_FALLBACK,
  NEW_RELEASE_WINDOW_DAYS,
  newReleases,
  pickOfTheDay,
  pickRandom,
  preOrders,
} from "../../app/domain/home/home-filters";
import { shouldHideRecord, type RecordView } from "../../app/domain/catalogue/hiding";
import { addDays } from "../../app/domain/shared/dates";
import type { RecordItem } from "../../app/domain/catalogue/types";
import type { Db } from "../../db/client";
import { createReadCache } from "../../db/read-cache";
import { artistBios, records, triviaQuestions, vinylCareTips } from "../../db/schema";
import { listedSql, newReleaseWindowSql, preOrderSql, publishedSql, visibleSql } from "./visibility";
import { toRecordItem } from "./record-mapper";

/** Spec §3 "Artist spotlight (artist, bio, tracks[])"; the home page shows one featured release. */
export interface ArtistSpotlight {
  artist: string;
  bio: string;
  tracks: RecordItem[];
}

/** Spec §3 "Trivia item": answer is the index of the correct option. */
export interface TriviaItem {
  question: string;
  options: string[];
  answer: number;
  explanation: string;
}

/** Everything the home page shows (spec §2), in page order. Trivia is fetched separately, once shown. */
export interface HomeSections {
  preOrders: RecordItem[];
  vinylOfTheDay: RecordItem | null;
  newReleases: RecordItem[];
  artistSpotlight: ArtistSpotlight | null;
  bestSellers: RecordItem[];
  careTips: CareTip[];
  recentlyUpdated: RecordItem[];
}

/** Candidate rows read per list. The pure filters then decide; the page shows 2–4 of them. */
export const CANDIDATE_LIMIT = 200;
/** Recently Updated picks from this many of the most recently updated visible records. */
export const RECENTLY_UPDATED_POOL = 24;
/** Vinyl of the Day picks from this many consecutive records, starting at a point chosen by the date. */
export const FEATURED_POOL = 60;
export const CARE_TIPS_SHOWN = 3;

/**
 * A seeded generator for one list on one day. The salt keeps lists independent (reshuffling one
 * never shifts another), and nothing depends on the request, so every request of the day — and the
 * browser hydrating it — sees the same picks.
 */
export function dailyRandom(today: string, salt: string): () => number {
  return mulberry32(dailySeed(`${today}#${salt}`));
}

type Pickable = Pick<RecordItem, "id" | "title" | "artist">;

/** What the page already shows: by id, and by title + artist so a second pressing counts as the same record. */
export class ShownRecords {
  private readonly ids = new Set<number>();
  private readonly keys = new Set<string>();
  constructor(ids: Iterable<number> = []) {
    for (const id of ids) this.ids.add(id);
  }
  private static key(r: Pickable): string {
    return `${r.title.trim().toLowerCase()}\u0000${r.artist.trim().toLowerCase()}`;
  }
  has(r: Pickable): boolean {
    return this.ids.has(r.id) || this.keys.has(ShownRecords.key(r));
  }
  add(r: Pickable): void {
    this.ids.add(r.id);
    this.keys.add(ShownRecords.key(r));
  }
}

/**
 * Up to `size` random records from `list` that the page does not show yet (the uniqueness rule);
 * where that leaves too few, topped up with records shown elsewhere rather than leaving gaps.
 * Everything picked is added to `shown`.
 */
export function pickFresh<T extends Pickable>(list: readonly T[], size: number, random: () => number, shown: ShownRecords): T[] {
  const order = pickRandom(list, list.length, random);
  const chosen: T[] = [];
  for (const record of order) {
    if (chosen.length >= size) break;
    if (shown.has(record)) continue;
    chosen.push(record);
    shown.add(record);
  }
  const taken = new Set(chosen.map((r) => r.id));
  for (const record of order) {
    if (chosen.length >= size) break;
    if (taken.has(record.id)) continue;
    chosen.push(record);
    taken.add(record.id);
  }
  return chosen;
}

/** Spec §5 hiding rule as the "shared exclusion check" of the home filters. */
function hiddenOn(today: string, view: RecordView = "default") {
  return (record: RecordItem) => shouldHideRecord(record, { today, view });
}

export function createHomeService(db: Db) {
  // Every candidate query is prepared once and bounded by LIMIT, walking an index where it can,
  // so the page costs the same at 100,000 records as at 700.
  const today = sql.placeholder("today");
  const tomorrow = sql.placeholder("tomorrow");
  const vinyl = like(records.format, "%vinyl%"); // LIKE is case-insensitive for ASCII in SQLite
  // "Released by today" as `< tomorrow`, so a stored timestamp on today's date still counts.
  const released = lt(records.releaseDate, tomorrow);
  // The same tests with a unary `+`, which tells SQLite's planner not to use an index on that column:
  // without statistics it otherwise walks records_visibility_idx (nearly every row matches) and sorts
  // the lot, ~100× slower at 100,000 records than walking the best-seller index or the id range.
  const listedScan = listedSql({ ownIndex: true });
  const pricedReleasedScan = sql`(+${records.pricePence} > 0 and +${records.releaseDate} < ${tomorrow})`;

  const preOrderRows = db
    .select()
    .from(records)
    .where(preOrderSql(today))
    .orderBy(asc(records.releaseDate), asc(records.id))
    .limit(CANDIDATE_LIMIT)
    .prepare();
  const newReleaseWindowRows = db
    .select()
    .from(records)
    .where(newReleaseWindowSql(sql.placeholder("since"), tomorrow))
    .orderBy(desc(records.releaseDate), desc(records.id))
    .limit(CANDIDATE_LIMIT)
    .prepare();
  // Only read when the window holds fewer than 3: flagged, already released (or undated) vinyl.
  const flaggedNewReleaseRows = db
    .select()
    .from(records)
    .where(
      and(
        eq(records.isNewRelease, true),
        or(isNull(records.releaseDate), released),
        vinyl,
        sql`+${records.hiddenByContent} = 0`,
        publishedSql(),
      ),
    )
    .orderBy(desc(records.releaseDate), asc(records.id))
    .limit(NEW_RELEASE_FALLBACK_MAX + NEW_RELEASE_MIN_BEFORE_FALLBACK)
    .prepare();
  const bestSellerRows = db
    .select()
    .from(records)
    .where(and(eq(records.bestSeller, true), listedScan, vinyl, pricedReleasedScan))
    .orderBy(desc(records.id))
    .limit(CANDIDATE_LIMIT)
    .prepare();
  const recentlyUpdatedRows = db
    .select()
    .from(records)
    .where(visibleSql(today))
    .orderBy(desc(records.updatedAt), desc(records.id))
    .limit(RECENTLY_UPDATED_POOL)
    .prepare();
  const maxId = db
    .select({ id: max(records.id) })
    .from(records)
    .prepare();
  const featuredRows = db
    .select()
    .from(records)
    .where(and(gte(records.id, sql.placeholder("from")), listedScan, vinyl, pricedReleasedScan))
    .orderBy(asc(records.id))
    .limit(FEATURED_POOL)
    .prepare();
  const bioRows = db.select().from(artistBios).orderBy(asc(artistBios.id)).limit(500).prepare();
  const visibleById = db
    .select()
    .from(records)
    .where(and(eq(records.id, sql.placeholder("id")), visibleSql(today)))
    .prepare();
  const bestVisibleByArtist = db
    .select()
    .from(records)
    .where(and(eq(records.artist, sql.placeholder("artist")), visibleSql(today)))
    .orderBy(desc(records.rating), asc(records.id))
    .limit(1)
    .prepare();
  const triviaRows = db
    .select()
    .from(triviaQuestions)
    .orderBy(asc(triviaQuestions.position), asc(triviaQuestions.id))
    .limit(sql.placeholder("limit"))
    .prepare();
  const tipRows = db.select().from(vinylCareTips).orderBy(asc(vinylCareTips.position)).limit(500).prepare();

  const dates = (day: string) => ({ today: day, tomorrow: addDays(day, 1) });
  // Candidate lists and daily picks are kept until the next write to the database (never stale).
  const cached = createReadCache(db);

  /** The full eligible list for each home list (spec §5 filters), before the random pick. */
  const eligible = {
    preOrders(day: string): RecordItem[] {
      return cached(`home:pre-orders:${day}`, () => readPreOrders(day));
    },
    newReleases(day: string): RecordItem[] {
      return cached(`home:new-releases:${day}`, () => readNewReleases(day));
    },
    bestSellers(day: string): RecordItem[] {
      return cached(`home:best-sellers:${day}`, () => readBestSellers(day));
    },
    recentlyUpdated(day: string): RecordItem[] {
      return cached(`home:recently-updated:${day}`, () => readRecentlyUpdated(day));
    },
  };

  function readPreOrders(day: string): RecordItem[] {
    return preOrders(preOrderRows.all({ today: day }).map(toRecordItem), day, { exclude: hiddenOn(day) });
  }

  /** The new-releases view lifts only the stock test of the hiding rule (spec §5; app/domain/catalogue/hiding.ts). */
  function readNewReleases(day: string): RecordItem[] {
    const exclude = hiddenOn(day, "new-releases");
    const since = addDays(day, -NEW_RELEASE_WINDOW_DAYS);
    const windowed = newReleaseWindowRows.all({ ...dates(day), since }).map(toRecordItem);
    const list = newReleases(windowed, day, { exclude });
    if (list.length >= NEW_RELEASE_MIN_BEFORE_FALLBACK) return list;
    const flagged = flaggedNewReleaseRows.all(dates(day)).map(toRecordItem);
    return newReleases([...windowed, ...flagged], day, { exclude });
  }

  function readBestSellers(day: string): RecordItem[] {
    return bestSellers(bestSellerRows.all(dates(day)).map(toRecordItem), day, { exclude: hiddenOn(day) });
  }

  function readRecentlyUpdated(day: string): RecordItem[] {
    const exclude = hiddenOn(day);
    return recentlyUpdatedRows
      .all({ today: day })
      .map(toRecordItem)
      .filter((r) => !exclude(r));
  }

  /**
   * Vinyl of the Day: a listed, released, priced vinyl record, the same all day. The pool is a run of
   * consecutive ids starting at a point the date picks (a primary-key range: fast at any size), so
   * over the days every part of the catalogue gets its turn; pickOfTheDay picks from it.
   */
  function readVinylOfTheDay(day: string): RecordItem | null {
    const top = maxId.get()?.id ?? 0;
    if (top === 0) return null;
    const from = 1 + Math.floor(dailyRandom(day, "vinyl-of-the-day")() * top);
    let pool = featuredRows.all({ ...dates(day), from }).map(toRecordItem);
    // Near the end of the table: wrap round to the start.
    if (pool.length < FEATURED_POOL && from > 1) {
      const ids = new Set(pool.map((r) => r.id));
      const wrapped = featuredRows.all({ ...dates(day), from: 0 }).map(toRecordItem);
      pool = [...pool, ...wrapped.filter((r) => !ids.has(r.id))].slice(0, FEATURED_POOL);
    }
    const exclude = hiddenOn(day);
    return pickOfTheDay(
      pool.filter((r) => !exclude(r)),
      day,
    );
  }

  /**
   * Artist of the day among those with a bio, preferring artists with a record on sale; the featured
   * release is the bio's own when it is visible, otherwise the artist's best-rated visible record.
   */
  function readArtistSpotlight(day: string): ArtistSpotlight | null {
    const bios = bioRows.all().filter((b) => b.bio.trim() !== "");
    if (bios.length === 0) return null;
    const onSale = new Set(
      db
        .selectDistinct({ artist: records.artist })
        .from(records)
        .where(
          and(
            inArray(
              records.artist,
              bios.map((b) => b.artist),
            ),
            visibleSql(day),
          ),
        )
        .all()
        .map((r) => r.artist),
    );
    const candidates = bios.some((b) => onSale.has(b.artist)) ? bios.filter((b) => onSale.has(b.artist)) : bios;
    const bio = pickRandom(candidates, 1, dailyRandom(day, "artist-spotlight"))[0];
    if (!bio) return null;
    const featured =
      (bio.featuredRecordId !== null ? visibleById.get({ id: bio.featuredRecordId, today: day }) : undefined) ??
      bestVisibleByArtist.get({ artist: bio.artist, today: day });
    return { artist: bio.artist, bio: bio.bio, tracks: featured ? [toRecordItem(featured)] : [] };
  }

  /** A few care tips for the home widget, from different categories, changing daily. */
  function readCareTips(day: string): CareTip[] {
    const shuffled = pickRandom(tipRows.all(), Number.MAX_SAFE_INTEGER, dailyRandom(day, "care-tips"));
    const categories = new Set<string>();
    const chosen: CareTip[] = [];
    for (const tip of shuffled) {
      if (chosen.length >= CARE_TIPS_SHOWN) break;
      if (categories.has(tip.category)) continue;
      categories.add(tip.category);
      chosen.push({ id: tip.id, category: tip.category, title: tip.title, body: tip.body });
    }
    return chosen;
  }

  const vinylOfTheDay = (day: string) => cached(`home:vinyl-of-the-day:${day}`, () => readVinylOfTheDay(day));
  const artistSpotlight = (day: string) => cached(`home:artist-spotlight:${day}`, () => readArtistSpotlight(day));
  const careTips = (day: string) => cached(`home:care-tips:${day}`, () => readCareTips(day));

  return {
    eligible,
    /** Stable for the whole day (and until the catalogue changes); null when nothing qualifies. */
    vinylOfTheDay,
    /** The artist of the day; null when no artist has a bio. */
    artistSpotlight,
    /** Three care tips from different categories for the home widget, changing daily. */
    careTips,

    /** The first questions by position (spec §9: 3), only read once the trivia panel is shown. */
    trivia(limit: number = HOME_LIST_SIZES.trivia): TriviaItem[] {
      return triviaRows.all({ limit }).map((t) => ({
        question: t.question,
        options: t.options,
        answer: t.answer,
        explanation: t.explanation,
      }));
    },

    /**
     * Every home section for `today`. The four random lists are picked in page order, each avoiding
     * records already picked (and the ids in `alreadyShown`, e.g. another list on the same page).
     */
    sections({ today: day, alreadyShown = [] }: { today: string; alreadyShown?: readonly number[] }): HomeSections {
      const shown = new ShownRecords(alreadyShown);
      const pick = (list: RecordItem[], size: number, salt: string) => pickFresh(list, size, dailyRandom(day, salt), shown);
      const preOrderPicks = pick(eligible.preOrders(day), HOME_LIST_SIZES.preOrders, "pre-orders");
      const newReleasePicks = pick(eligible.newReleases(day), HOME_LIST_SIZES.newReleases, "new-releases");
      const bestSellerPicks = pick(eligible.bestSellers(day), HOME_LIST_SIZES.bestSellers, "best-sellers");
      const recentPicks = pick(eligible.recentlyUpdated(day), HOME_LIST_SIZES.recentlyUpdated, "recently-updated");
      return {
        preOrders: preOrderPicks,
        vinylOfTheDay: vinylOfTheDay(day),
        newReleases: newReleasePicks,
        artistSpotlight: artistSpotlight(day),
        bestSellers: bestSellerPicks,
        careTips: careTips(day),
        recentlyUpdated: recentPicks,
      };
    },
  };
}

export type HomeService = ReturnType<typeof createHomeService>;
