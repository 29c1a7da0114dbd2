import { inArray } from "drizzle-orm";
import type { RecordItem } from "../../app/domain/catalogue/types";
import { cleanHistory, DEFAULT_RECOMMENDATIONS, MAX_RECOMMENDATIONS } from "../../app/domain/recommendations/history-query";
import type { Db } from "../../db/client";
import { createReadCache } from "../../db/read-cache";
import { records } from "../../db/schema";
import { toRecordItem } from "./record-mapper";
import { visibleRawSql } from "./visibility";

/** A suggested record and the short reason shown with it. */
export interface Recommendation extends RecordItem {
  /** "Because you played Blue Train" or "Also bought with Blue Train". */
  reason: string;
  /** What earned it the place: likeness to a played record, or orders that held both. */
  basis: "similar" | "bought-together";
}

/** Only the most recent plays are scored (spec §9 keeps 20); older ids are still never suggested. */
export const SCORED_HISTORY = 20;

/**
 * Points for what a candidate shares with one played record. Era and format only refine a real link
 * (artist, label or genre): sharing the format of nearly every record is no reason on its own.
 */
export const WEIGHTS = {
  artist: 5,
  label: 3,
  genre: 2,
  era: 1,
  format: 1,
  /** Per log2(1 + orders holding both): 6 for one order, 12 for three. */
  boughtTogether: 6,
} as const;
/** Era: release years within 5 of each other. */
export const ERA_YEARS = 5;

/** Candidate pools: each index-friendly way in is capped, so the work is bounded at any catalogue size. */
const ARTIST_POOL = 200;
const GENRE_POOL = 100;
/** Records of a genre looked at: all of them in the shop's real catalogue (~35 a genre); the newest at 100,000. */
const GENRE_SCAN = 1_500;
const GENRE_SLOTS = 3;
const BOUGHT_POOL = 200;

/** Orders that count as bought: paid for, and not given back. */
const BOUGHT_STATUSES = ["paid", "shipped"] as const;

/**
 * One statement scores and ranks everything; its shape never depends on the history (the ids travel as
 * one JSON array), so it is prepared once.
 *
 *  h        the scored history: most recent first, weight 1 / (1 + position / 4)
 *  seen     every id given: never suggested
 *  pool     candidates, each way in capped by LIMIT: the history's artists (artist index; same label
 *           and best rated first), its three main genres (genre index; the newest 1,500 of each, same
 *           label and era first) and records in paid orders that also hold a played record (order_lines
 *           indexes). Every later step works on these few hundred rows, never on the catalogue.
 *  links,   candidate × played record: the link (artist, label, genre), era and format on top of a real
 *  pairs    link, and the orders holding both (log2(1 + n): the first shared orders count most, so a
 *           record everyone buys cannot drown every likeness)
 *  scored   total per candidate; its best pair gives the reason
 *  ranked   one pressing per title and artist, none of a played album
 *
 * Visibility is the hiding rule (./visibility), kept off the indexes so SQLite never ORs the release-date
 * and visibility indexes and then fetches nearly every row.
 */
const visible = (t: string) => visibleRawSql(t, "@today", { ownIndex: true });

/**
 * One of the history's main genres: the newest GENRE_SCAN visible records of it (a walk down the genre
 * index that stops there, so the cost is the same at any catalogue size), of which the best GENRE_POOL
 * are kept: the history's labels first, then its era, then rating. This is also how same-label records
 * are found: label has no index, and a table scan for it alone would cost 20+ ms at 100,000 records.
 */
const genreSlot = (n: number) => `
  by_genre_${n} as (
    select id from (
      -- genre = (scalar): one index range, read in rowid order, so the walk stops at the LIMIT.
      select r.id, r.label, r.year, r.rating from records r
      where r.genre = (select genre from genres where n = ${n})
        and ${visible("r")} and r.id not in (select id from seen)
      order by r.id desc
      limit ${GENRE_SCAN}
    )
    order by (label in (select label from h where label is not null)) desc,
             coalesce(year between (select lo from genres where n = ${n}) and (select hi from genres where n = ${n}), 0) desc,
             rating desc, id desc
    limit ${GENRE_POOL}
  )`;

export const RECOMMEND_SQL = `
with
  seen(id) as materialized (select value from json_each(@seen)),
  h as materialized (
    select j.key as pos, 1.0 / (1 + j.key / 4.0) as w, r.id, r.title, r.artist, r.genre, r.label, r.year, r.format
    from json_each(@history) j join records r on r.id = j.value
  ),
  genres as materialized (
    select genre, coalesce(min(year) - ${ERA_YEARS}, 0) as lo, coalesce(max(year) + ${ERA_YEARS}, 9999) as hi,
           row_number() over (order by sum(w) desc, min(pos)) as n
    from h where genre is not null group by genre
  ),
  by_artist as (
    select r.id from records r
    where r.artist in (select artist from h)
      and ${visible("r")} and r.id not in (select id from seen)
    order by (r.label in (select label from h where label is not null)) desc, r.rating desc, r.id desc
    limit ${ARTIST_POOL}
  ),
  ${Array.from({ length: GENRE_SLOTS }, (_, i) => genreSlot(i + 1)).join(",")},
  co as materialized (
    select b.record_id as id, a.record_id as hid, count(distinct a.order_id) as n
    from order_lines a
    join orders o on o.id = a.order_id and +o.status in (${BOUGHT_STATUSES.map((s) => `'${s}'`).join(", ")})
    join order_lines b on b.order_id = a.order_id and b.record_id <> a.record_id
    where a.record_id in (select id from h) and b.record_id not in (select id from seen)
    group by b.record_id, a.record_id
    order by n desc, b.record_id
    limit ${BOUGHT_POOL}
  ),
  pool(id) as materialized (
    select id from by_artist
    ${Array.from({ length: GENRE_SLOTS }, (_, i) => `union select id from by_genre_${i + 1}`).join("\n    ")}
    union select id from co
  ),
  links as (
    select c.id, c.title, c.artist, h.title as played, h.pos, h.w,
           ${WEIGHTS.artist} * (c.artist = h.artist)
             + ${WEIGHTS.label} * coalesce(c.label = h.label, 0)
             + ${WEIGHTS.genre} * coalesce(c.genre = h.genre, 0) as link,
           ${WEIGHTS.era} * coalesce(abs(c.year - h.year) <= ${ERA_YEARS}, 0)
             + ${WEIGHTS.format} * coalesce(c.format = h.format, 0) as refine,
           coalesce(co.n, 0) as orders
    -- CROSS JOIN fixes the order: the small pool drives, records are looked up by id.
    from pool p
    cross join records c on c.id = p.id
    cross join h
    left join co on co.id = c.id and co.hid = h.id
    where ${visible("c")}
  ),
  pairs as (
    select id, title, artist, played, pos,
           w * (link + (link > 0) * refine) as similar,
           w * ${WEIGHTS.boughtTogether} * log2(1 + orders) as bought
    from links where link > 0 or orders > 0
  ),
  scored as (
    select id, title, artist, played, similar, bought,
           sum(similar + bought) over (partition by id) as total,
           row_number() over (partition by id order by similar + bought desc, pos) as best
    from pairs
  ),
  ranked as (
    select *, row_number() over (partition by lower(title), lower(artist) order by total desc, id) as pressing
    from scored where best = 1 and total > 0
  )
select id, total, played, bought >= similar as by_bought
from ranked k
where pressing = 1
  and not exists (select 1 from h where lower(h.title) = lower(k.title) and lower(h.artist) = lower(k.artist))
order by total desc, id
limit @limit`;

interface RecommendParams {
  /** JSON array of the scored history's ids, most recent first. */
  history: string;
  /** JSON array of every id given: none of them is suggested. */
  seen: string;
  today: string;
  limit: number;
}

interface Row {
  id: number;
  total: number;
  played: string;
  by_bought: number;
}

export function reasonFor(basis: Recommendation["basis"], playedTitle: string): string {
  return basis === "bought-together" ? `Also bought with ${playedTitle}` : `Because you played ${playedTitle}`;
}

export function createRecommendationsService(db: Db) {
  const recommend = db.$client.prepare<[RecommendParams], Row>(RECOMMEND_SQL);
  // Answers are kept until the next write (db/read-cache.ts), so a reloaded page costs nothing.
  const cached = createReadCache(db, { max: 128 });

  return {
    /**
     * Records like the ones in `ids` (a listening history, most recent first): same artist, label,
     * genre, era and format, plus records bought in the same orders. Never a record of the history,
     * another pressing of one, or a hidden record. Best first, each with its reason.
     */
    forHistory(
      ids: readonly number[],
      { today, limit = DEFAULT_RECOMMENDATIONS }: { today: string; limit?: number },
    ): Recommendation[] {
      const seen = cleanHistory(ids);
      if (seen.length === 0) return [];
      const n = Math.min(MAX_RECOMMENDATIONS, Math.max(1, Math.floor(limit) || DEFAULT_RECOMMENDATIONS));
      return cached(`recommend|${today}|${n}|${seen.join(",")}`, () => read(seen, today, n));
    },
  };

  function read(seen: number[], today: string, limit: number): Recommendation[] {
    const rows = recommend.all({
      history: JSON.stringify(seen.slice(0, SCORED_HISTORY)),
      seen: JSON.stringify(seen),
      today,
      limit,
    });
    if (rows.length === 0) return [];
    const byId = new Map(
      db
        .select()
        .from(records)
        .where(
          inArray(
            records.id,
            rows.map((r) => r.id),
          ),
        )
        .all()
        .map((row) => [row.id, toRecordItem(row)]),
    );
    return rows.flatMap((row) => {
      const record = byId.get(row.id);
      if (!record) return [];
      const basis = row.by_bought ? "bought-together" : "similar";
      return [{ ...record, basis, reason: reasonFor(basis, row.played) }];
    });
  }
}

export type RecommendationsService = ReturnType<typeof createRecommendationsService>;
