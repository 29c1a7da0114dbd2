import { and, asc, desc, eq, inArray, isNotNull, max, sql } from "drizzle-orm";
import {
  CRATE_SIZE,
  CURATED_STAFF_PICKS_BLURB,
  NEW_IN_DAYS,
  SPECIAL_CRATES,
  SPECIAL_CRATE_COPY,
  STAFF_PICK_MIN_RATING,
  UNDER_PRICE_PENCE,
  crateTitle,
  type CrateKey,
  type SpecialCrate,
} from "../../app/domain/crate/crate-query";
import { mulberry32 } from "../../app/domain/home/home-filters";
import { addDays } from "../../app/domain/shared/dates";
import type { RecordItem } from "../../app/domain/catalogue/types";
import type { Db } from "../../db/client";
import { createReadCache } from "../../db/read-cache";
import { curatedPicks, records } from "../../db/schema";
import { toRecordItem } from "./record-mapper";
import { newReleaseWindowSql, visibleSql } from "./visibility";

/** One tile of the crate chooser. */
export interface CrateTile {
  key: CrateKey;
  title: string;
  blurb: string | null;
  /** Records in the crate (at most CRATE_SIZE); null for the surprise crate, which is everything. */
  count: number | null;
  /** Covers of the front records, for the tile's peeking sleeves. */
  covers: string[];
}

export interface CrateChooser {
  /** New in, Under £15, Staff picks, Surprise me, in that order. */
  special: CrateTile[];
  /** Every genre with records on show, alphabetically. */
  genres: CrateTile[];
}

export interface OpenedCrate {
  /** The crate as the shop knows it (a genre in its stored spelling). */
  key: CrateKey;
  title: string;
  /** A line on what is in it (special crates only). */
  blurb: string | null;
  /** At most CRATE_SIZE records, front of the crate first; possibly none (an empty special crate). */
  records: RecordItem[];
}

export interface CrateServiceOptions {
  /**
   * Up to this many records in the table, "surprise me" shuffles the ids of every record on show; above it,
   * it draws random ids (bounded work at any size). Tests lower it to exercise the sampling on a small shop.
   */
  fullShuffleUpTo?: number;
}

const COVERS_PER_TILE = 3;
/** Surprise sampling: ids drawn per round, and rounds before settling for fewer than a full crate. */
const PROBE_BATCH = CRATE_SIZE * 2;
const PROBE_ROUNDS = 8;

/**
 * The Virtual Crate Dig: which records are in each crate. Every crate is one bounded query (LIMIT
 * CRATE_SIZE) that walks an index or the primary key and stops early, so a crate costs the same at
 * 100,000 records as at 700. The hiding rule (spec §5, ./visibility) applies
 * to every crate.
 */
export function createCrateService(db: Db, { fullShuffleUpTo = 5000 }: CrateServiceOptions = {}) {
  const today = sql.placeholder("today");
  const tomorrow = sql.placeholder("tomorrow");
  // The planner must walk the crate's own index (or the primary key, newest first) and test visibility row
  // by row, never pick records_visibility_idx, which nearly every row matches, and sort the lot.
  const visible = visibleSql(today, { ownIndex: true });

  const genreRows = db
    .select()
    .from(records)
    .where(and(eq(records.genre, sql.placeholder("genre")), visible))
    // The genre index ends in the rowid, so this walks it backwards and stops at the limit.
    .orderBy(desc(records.id))
    .limit(CRATE_SIZE)
    .prepare();
  const newInRows = db
    .select()
    .from(records)
    // The shop's one new-release rule, so "New in" holds exactly what /new-releases lists (up to a crate).
    .where(newReleaseWindowSql(sql.placeholder("since"), tomorrow))
    .orderBy(desc(records.releaseDate), desc(records.id))
    .limit(CRATE_SIZE)
    .prepare();
  const underRows = db
    .select()
    .from(records)
    .where(and(sql`+${records.pricePence} > 0 and +${records.pricePence} < ${UNDER_PRICE_PENCE}`, visible))
    .orderBy(desc(records.id))
    .limit(CRATE_SIZE)
    .prepare();
  const staffPickRows = db
    .select()
    .from(records)
    .where(and(sql`(+${records.bestSeller} = 1 or +${records.rating} >= ${STAFF_PICK_MIN_RATING})`, visible))
    .orderBy(desc(records.id))
    .limit(CRATE_SIZE)
    .prepare();
  // Hand-picked staff picks (curated lists), in the shop's order; when there are none, the rule above deals.
  const curatedStaffPickRows = db
    .select({ record: records })
    .from(curatedPicks)
    .innerJoin(records, eq(records.id, curatedPicks.recordId))
    .where(and(eq(curatedPicks.list, "staff-picks"), visibleSql(today)))
    .orderBy(asc(curatedPicks.position), asc(curatedPicks.id))
    .limit(CRATE_SIZE)
    .prepare();
  const genreNames = db
    .selectDistinct({ genre: records.genre })
    .from(records)
    .where(isNotNull(records.genre))
    .orderBy(asc(records.genre))
    .prepare();
  const maxId = db
    .select({ id: max(records.id) })
    .from(records)
    .prepare();
  const visibleIds = db.select({ id: records.id }).from(records).where(visible).orderBy(asc(records.id)).prepare();

  const cached = createReadCache(db);
  const dates = (day: string) => ({ today: day, tomorrow: addDays(day, 1) });

  function genreCrate(genre: string, day: string): RecordItem[] {
    return cached(`crate:genre:${genre}:${day}`, () => genreRows.all({ genre, today: day }).map(toRecordItem));
  }

  function specialCrate(kind: Exclude<SpecialCrate, "surprise">, day: string): RecordItem[] {
    return cached(`crate:${kind}:${day}`, () => {
      if (kind === "new-in") return newInRows.all({ ...dates(day), since: addDays(day, -NEW_IN_DAYS) }).map(toRecordItem);
      if (kind === "under-15") return underRows.all({ today: day }).map(toRecordItem);
      const curated = curatedStaffPickRows.all({ today: day }).map((r) => toRecordItem(r.record));
      if (curated.length > 0) return curated;
      // The most recently added picks, best rated first (best sellers without a rating last).
      return staffPickRows
        .all({ today: day })
        .map(toRecordItem)
        .sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0));
    });
  }

  /** Stored genre names (distinct, alphabetical), kept until the next write. */
  function allGenres(): string[] {
    return cached("crate:genre-names", () =>
      genreNames
        .all()
        .map((r) => r.genre)
        .filter((g): g is string => !!g && g.trim() !== ""),
    );
  }

  function rowsById(ids: readonly number[], day: string): Map<number, RecordItem> {
    if (ids.length === 0) return new Map();
    const rows = db
      .select()
      .from(records)
      .where(and(inArray(records.id, [...ids]), visibleSql(day)))
      .all();
    return new Map(rows.map((r) => [r.id, toRecordItem(r)]));
  }

  /**
   * "Surprise me": a seeded pick from every record on show, so a seed always deals the same crate (while
   * the catalogue stays the same). A small shop scores every visible id from the seed and the id and deals
   * the lowest scores: a record that arrives later changes a shared crate only if it scores among its few.
   * A big one draws random ids in 1…max(id) and keeps those on show, in the order drawn, which is the same
   * uniform pick without reading the whole table.
   */
  function surpriseCrate(seed: number, day: string): RecordItem[] {
    const top = maxId.get()?.id ?? 0;
    if (top <= fullShuffleUpTo) {
      const score = (id: number) => mulberry32((seed ^ Math.imul(id, 0x9e3779b1)) >>> 0)();
      const ids = visibleIds
        .all({ today: day })
        .map((r) => ({ id: r.id, score: score(r.id) }))
        .sort((x, y) => x.score - y.score || x.id - y.id)
        .slice(0, CRATE_SIZE)
        .map((r) => r.id);
      const byId = rowsById(ids, day);
      return ids.flatMap((id) => byId.get(id) ?? []);
    }
    const random = mulberry32(seed);
    const chosen: RecordItem[] = [];
    const tried = new Set<number>();
    for (let round = 0; round < PROBE_ROUNDS && chosen.length < CRATE_SIZE && tried.size < top; round++) {
      const batch: number[] = [];
      // Each draw is new, so no record is picked twice; the guard stops if the id range is used up.
      for (let draws = 0; batch.length < PROBE_BATCH && tried.size < top && draws < PROBE_BATCH * 20; draws++) {
        const id = 1 + Math.floor(random() * top);
        if (tried.has(id)) continue;
        tried.add(id);
        batch.push(id);
      }
      const byId = rowsById(batch, day);
      for (const id of batch) {
        const record = byId.get(id);
        if (record && chosen.length < CRATE_SIZE) chosen.push(record);
      }
    }
    return chosen;
  }

  /** A genre crate's genre in its stored spelling: exact first (the index), else ignoring case. */
  function resolveGenre(genre: string): string | null {
    const all = allGenres();
    if (all.includes(genre)) return genre;
    const lower = genre.toLowerCase();
    return all.find((g) => g.toLowerCase() === lower) ?? null;
  }

  /** A special crate's line: Staff picks says so when its records were picked by hand. */
  function blurbOf(kind: SpecialCrate, day: string): string {
    const curated =
      kind === "staff-picks" &&
      cached(`crate:staff-picks-curated:${day}`, () => curatedStaffPickRows.all({ today: day }).length > 0);
    return curated ? CURATED_STAFF_PICKS_BLURB : SPECIAL_CRATE_COPY[kind].blurb;
  }

  const tile = (key: CrateKey, list: RecordItem[] | null, blurb: string | null): CrateTile => ({
    key,
    title: crateTitle(key),
    blurb,
    count: list ? list.length : null,
    covers: (list ?? []).slice(0, COVERS_PER_TILE).map((r) => r.coverUrl),
  });

  return {
    /**
     * The records of a crate, front first. Null for a crate the shop does not have: a genre with no
     * record on show. A special crate may be empty on a given day; a surprise crate needs its seed.
     */
    open(key: CrateKey, { today: day, seed }: { today: string; seed?: number }): OpenedCrate | null {
      if (key.kind === "genre") {
        const genre = resolveGenre(key.genre);
        if (!genre) return null;
        const list = genreCrate(genre, day);
        if (list.length === 0) return null;
        const canonical: CrateKey = { kind: "genre", genre };
        return { key: canonical, title: crateTitle(canonical), blurb: null, records: list };
      }
      if (key.kind === "surprise") {
        return { key, title: crateTitle(key), blurb: blurbOf(key.kind, day), records: surpriseCrate(seed ?? 1, day) };
      }
      return { key, title: crateTitle(key), blurb: blurbOf(key.kind, day), records: specialCrate(key.kind, day) };
    },

    /** The crate chooser: the special crates, then every genre with records on show. */
    chooser({ today: day }: { today: string }): CrateChooser {
      const special = SPECIAL_CRATES.map((kind) =>
        kind === "surprise"
          ? tile({ kind }, null, blurbOf(kind, day))
          : tile({ kind }, specialCrate(kind, day), blurbOf(kind, day)),
      );
      const genres = allGenres()
        .map((genre) => tile({ kind: "genre", genre }, genreCrate(genre, day), null))
        .filter((t) => (t.count ?? 0) > 0)
        .sort((a, b) => a.title.localeCompare(b.title, "en-GB"));
      return { special, genres };
    },
  };
}

export type CrateService = ReturnType<typeof createCrateService>;
