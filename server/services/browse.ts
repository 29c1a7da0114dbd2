import {
  and,
  asc,
  count,
  desc,
  gte,
  inArray,
  isNotNull,
  isNull,
  like,
  lte,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from "drizzle-orm";
import {
  DECADES,
  NO_FILTERS,
  PAGE_SIZE,
  type BrowseFilters,
  type BrowseQuery,
  type ConditionFilter,
  type SortKey,
} from "../../app/domain/browse/browse-query";
import { FORMATS, type StoredFormat } from "../../app/domain/catalogue/formats";
import { gradesAtLeast } from "../../app/domain/catalogue/grades";
import {
  NEW_RELEASE_FALLBACK_MAX,
  NEW_RELEASE_MIN_BEFORE_FALLBACK,
  NEW_RELEASE_WINDOW_DAYS,
  newReleases,
} from "../../app/domain/home/home-filters";
import { addDays } from "../../app/domain/shared/dates";
import { createKeptByKey } from "../../app/domain/shared/kept-by-key";
import type { RecordItem } from "../../app/domain/catalogue/types";
import type { Db } from "../../db/client";
import { createReadCache } from "../../db/read-cache";
import { records } from "../../db/schema";
import type { Page } from "./catalogue";
import { toRecordItem } from "./record-mapper";
import { searchCondition, searchParams, searchRelevance, searchTerms } from "./search";
import { newReleaseWindowSql, preOrderSql, publishedSql, visibleCounter, visibleSql } from "./visibility";

export interface FacetValue<V = string> {
  value: V;
  /** Matching records if this value were chosen, under every other filter (the usual faceted-search rule). */
  count: number;
  selected: boolean;
}

export interface Facets {
  /** Alphabetical; values with records or chosen. */
  genre: FacetValue[];
  /** Every stored format, in FORMATS order. */
  format: FacetValue<StoredFormat>[];
  /** Most records first; values with records or chosen. */
  label: FacetValue[];
  /** 1950 … 2020, in order. */
  decade: FacetValue<number>[];
  /** Records in stock (released, stock above 0) under every other filter. */
  inStock: number;
}

export interface BrowseResult extends Page<RecordItem> {
  facets: Facets;
}

type Params = Record<string, string | number>;
const ph = (name: string) => sql.placeholder(name);
const placeholders = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ph(`${prefix}${i}`));

/**
 * The hiding rule (./visibility), kept off the indexes: OR-ing two indexes and then fetching nearly every
 * row one by one is 4–8× slower at 100,000 records than reading the table once. Selective filters (genre,
 * price) still use their indexes.
 */
const VISIBLE = visibleSql(ph("today"), { ownIndex: true });
/**
 * In stock = can ship now: released (not a pre-order) with stock above 0, as the card's badge says.
 * Unary + again: "release_date is null or <= today" matches nearly every row, so an index only slows it.
 */
const IN_STOCK = sql`(+${records.stockQuantity} > 0 and (+${records.releaseDate} is null or +${records.releaseDate} <= ${ph("today")}))`;
const DECADE = sql`((${records.year} / 10) * 10)`;
const VINYL = like(records.format, "%vinyl%");

// ---------------------------------------------------------------------------------------------
// Text search. Everything about matching and ranking words lives in this one object, so the facets,
// sorting and paging around it never see how. It is the FTS5 search of ./search (the header's
// dropdown and GET /api/search use the same SQL, so their totals agree with /browse): every word in
// the title, artist, label, catalogue number or genre, accents ignored, near misses when that finds
// few records; relevance is bm25 with title and artist weighted highest (docs/decisions/0005-search.md).
// ---------------------------------------------------------------------------------------------
const textSearch = {
  terms(q: string): string[] {
    return searchTerms(q);
  },
  /** The record matches the search (the SQL is the same for any number of terms; the text is in params). */
  condition(_termCount: number): SQL {
    return searchCondition();
  },
  /** Higher is better. */
  rank(_termCount: number): SQL {
    return searchRelevance();
  },
  params(q: string): Params {
    return { ...searchParams(q) };
  },
};

// ---------------------------------------------------------------------------------------------
// Query shapes. The SQL of a query depends only on how many values each filter has, never on the
// values, which travel as named placeholders. So each shape is built and prepared once and reused.
// ---------------------------------------------------------------------------------------------
interface Shape {
  terms: number;
  genres: number;
  formats: number;
  labels: number;
  decades: number;
  min: boolean;
  max: boolean;
  inStock: boolean;
  condition: ConditionFilter;
  /** How many grades pass the minimum grade (0: no grade filter). */
  grades: number;
}

function shapeOf(f: BrowseFilters): Shape {
  return {
    terms: textSearch.terms(f.q).length,
    genres: f.genres.length,
    formats: f.formats.length,
    labels: f.labels.length,
    decades: f.decades.length,
    min: f.minPence !== null,
    max: f.maxPence !== null,
    inStock: f.inStock,
    condition: f.condition,
    grades: f.minGrade ? gradesAtLeast(f.minGrade).length : 0,
  };
}

const shapeKey = (s: Shape) =>
  [s.terms, s.genres, s.formats, s.labels, s.decades, +s.min, +s.max, +s.inStock, s.condition, s.grades].join(".");
const EMPTY_SHAPE = shapeKey(shapeOf(NO_FILTERS));

function paramsOf(f: BrowseFilters, today: string): Params {
  const params: Params = { today, ...textSearch.params(f.q) };
  f.genres.forEach((v, i) => (params[`g${i}`] = v));
  f.formats.forEach((v, i) => (params[`f${i}`] = v));
  f.labels.forEach((v, i) => (params[`l${i}`] = v));
  f.decades.forEach((v, i) => (params[`d${i}`] = v));
  if (f.minPence !== null) params.min = f.minPence;
  if (f.maxPence !== null) params.max = f.maxPence;
  if (f.minGrade) gradesAtLeast(f.minGrade).forEach((v, i) => (params[`gr${i}`] = v));
  return params;
}

function whereOf(s: Shape): SQL {
  const parts: SQL[] = [VISIBLE];
  if (s.terms) parts.push(textSearch.condition(s.terms));
  if (s.genres) parts.push(inArray(records.genre, placeholders("g", s.genres)));
  if (s.formats) parts.push(inArray(records.format, placeholders("f", s.formats)));
  if (s.labels) parts.push(inArray(records.label, placeholders("l", s.labels)));
  if (s.decades) parts.push(inArray(DECADE, placeholders("d", s.decades)));
  if (s.min) parts.push(gte(records.pricePence, ph("min")));
  if (s.max) parts.push(lte(records.pricePence, ph("max")));
  if (s.inStock) parts.push(IN_STOCK);
  if (s.condition !== "any") parts.push(sql`+${records.condition} = ${s.condition}`);
  if (s.grades) parts.push(inArray(records.mediaGrade, placeholders("gr", s.grades)));
  return and(...parts)!;
}

function orderOf(sort: SortKey, s: Shape): SQL[] {
  // Search words and labels match few records: reading the table once and sorting the matches beats
  // walking a sort index and skipping almost every row (which is what the planner picks otherwise).
  const rare = s.terms > 0 || s.labels > 0;
  const key = (column: AnyColumn) => (rare ? sql`+${column}` : sql`${column}`);
  switch (sort) {
    case "price-asc":
      return [sql`${key(records.pricePence)} asc`, asc(records.id)];
    case "price-desc":
      return [sql`${key(records.pricePence)} desc`, desc(records.id)];
    case "artist":
      return [sql`${key(records.artist)} asc`, asc(records.title), asc(records.id)];
    case "relevance":
      if (s.terms) return [sql`(${textSearch.rank(s.terms)}) desc`, desc(records.releaseDate), desc(records.id)];
      return orderOf("newest", s);
    case "newest":
      // DESC puts undated records last (SQLite sorts NULL first ascending).
      return [sql`${key(records.releaseDate)} desc`, desc(records.id)];
  }
}

interface CubeRow {
  genre: string | null;
  format: string | null;
  decade: number | null;
  inStock: number;
  n: number;
}

/**
 * Genre, format, decade and stock counts from one grouped scan (the "cube"), which is filtered by
 * everything except those four facets. Each facet then counts the cube rows that pass the other
 * facets' choices, so a facet's own choice never hides its alternatives.
 */
function facetsFromCube(cube: CubeRow[], f: BrowseFilters) {
  const genres = new Set(f.genres);
  const formats = new Set<string>(f.formats);
  const decades = new Set(f.decades);
  const genre = new Map<string, number>();
  const format = new Map<string, number>();
  const decade = new Map<number, number>();
  let inStock = 0;
  let total = 0;
  const add = <K>(map: Map<K, number>, key: K, n: number) => map.set(key, (map.get(key) ?? 0) + n);
  for (const row of cube) {
    const g = genres.size === 0 || (row.genre !== null && genres.has(row.genre));
    const fm = formats.size === 0 || (row.format !== null && formats.has(row.format));
    const d = decades.size === 0 || (row.decade !== null && decades.has(row.decade));
    const s = !f.inStock || row.inStock === 1;
    if (fm && d && s && row.genre !== null) add(genre, row.genre, row.n);
    if (g && d && s && row.format !== null) add(format, row.format, row.n);
    if (g && fm && s && row.decade !== null) add(decade, row.decade, row.n);
    if (g && fm && d && row.inStock === 1) inStock += row.n;
    if (g && fm && d && s) total += row.n;
  }
  for (const chosen of f.genres) if (!genre.has(chosen)) genre.set(chosen, 0);
  return {
    total,
    genre: [...genre]
      .filter(([value]) => value.trim() !== "")
      .map(([value, n]) => ({ value, count: n, selected: genres.has(value) }))
      .sort((a, b) => a.value.localeCompare(b.value, "en-GB")),
    format: FORMATS.map((value) => ({ value, count: format.get(value) ?? 0, selected: formats.has(value) })),
    decade: DECADES.map((value) => ({ value, count: decade.get(value) ?? 0, selected: decades.has(value) })),
    inStock,
  };
}

export function createBrowseService(db: Db) {
  // Prepared statements by shape; an unusual shape pushes out the least recently used one.
  const prepared = createKeptByKey<unknown>(256);
  const cached = createReadCache(db, { max: 256 });
  // A cube is up to a few thousand rows, so fewer of them are kept (48 × ~3,000 rows ≈ 15 MB at worst).
  const cachedCube = createReadCache(db, { max: 48 });
  // A page is 24 records (about 25 KB), so 128 pages are a few megabytes.
  const cachedPages = createReadCache(db, { max: 128 });

  const pageQuery = (s: Shape, sort: SortKey) =>
    prepared(`page|${shapeKey(s)}|${sort}`, () =>
      db
        .select()
        .from(records)
        .where(whereOf(s))
        .orderBy(...orderOf(sort, s))
        .limit(ph("limit"))
        .offset(ph("offset"))
        .prepare(),
    );

  const countQuery = (s: Shape) =>
    prepared(`count|${shapeKey(s)}`, () => db.select({ n: count() }).from(records).where(whereOf(s)).prepare());

  const cubeQuery = (s: Shape) =>
    prepared(`cube|${shapeKey(s)}`, () =>
      db
        .select({
          format: records.format,
          genre: records.genre,
          decade: sql<number | null>`${DECADE}`,
          inStock: sql<number>`${IN_STOCK}`,
          n: count(),
        })
        .from(records)
        .where(whereOf(s))
        // By position; format first, so the planner reads the table rather than walking the genre index.
        .groupBy(sql`1`, sql`2`, sql`3`, sql`4`)
        .prepare(),
    );

  const labelQuery = (s: Shape) =>
    prepared(`labels|${shapeKey(s)}`, () =>
      db
        .select({ value: records.label, n: count() })
        .from(records)
        .where(and(whereOf(s), isNotNull(records.label)))
        .groupBy(records.label)
        .prepare(),
    );

  const countVisible = visibleCounter(db);
  const countPreOrders = db
    .select({ n: count() })
    .from(records)
    .where(preOrderSql(ph("today")))
    .prepare();

  const preOrderPage = db
    .select()
    .from(records)
    .where(preOrderSql(ph("today")))
    .orderBy(asc(records.releaseDate), asc(records.id))
    .limit(ph("limit"))
    .offset(ph("offset"))
    .prepare();

  // New releases (spec §5): vinyl released in the last 40 days up to today, both ends inclusive.
  const inWindow = newReleaseWindowSql(ph("since"), ph("tomorrow"));
  const windowCount = db.select({ n: count() }).from(records).where(inWindow).prepare();
  const windowPage = db
    .select()
    .from(records)
    .where(inWindow)
    .orderBy(desc(records.releaseDate), desc(records.id))
    .limit(ph("limit"))
    .offset(ph("offset"))
    .prepare();
  // Top-up candidates: flagged, vinyl, already out (or undated), newest first.
  const flaggedQuery = db
    .select()
    .from(records)
    .where(
      and(
        sql`${records.isNewRelease} = 1`,
        VINYL,
        sql`+${records.hiddenByContent} = 0`,
        publishedSql(),
        or(isNull(records.releaseDate), lte(records.releaseDate, ph("today"))),
      ),
    )
    .orderBy(desc(records.releaseDate), desc(records.id))
    .limit(ph("limit"))
    .prepare();

  const genreQuery = db
    .select({ genre: records.genre, n: count() })
    .from(records)
    .where(and(VISIBLE, isNotNull(records.genre), sql`trim(${records.genre}) <> ''`))
    // +genre: one table read and a small sort beat walking the genre index with a row lookup per record.
    .groupBy(sql`+${records.genre}`)
    .prepare();

  function countOf(f: BrowseFilters, today: string): number {
    const s = shapeOf(f);
    const params = paramsOf(f, today);
    return cached(`count|${shapeKey(s)}|${JSON.stringify(params)}`, () => {
      if (shapeKey(s) === EMPTY_SHAPE) {
        return countVisible(today);
      }
      return countQuery(s).get(params)?.n ?? 0;
    });
  }

  function pageOf(query: BrowseQuery, total: number, today: string, limit: number): Page<RecordItem> {
    const pages = Math.max(1, Math.ceil(total / limit));
    const page = Math.min(query.page, pages);
    if (total === 0) return { items: [], total, page, limit, pages };
    const s = shapeOf(query);
    const params = { ...paramsOf(query, today), limit, offset: (page - 1) * limit };
    // The same page for everyone who asks, read once per change to the shop.
    const items = cachedPages(`page|${shapeKey(s)}|${query.sort}|${JSON.stringify(params)}`, () =>
      pageQuery(s, query.sort).all(params).map(toRecordItem),
    );
    return { items, total, page, limit, pages };
  }

  function paged(rows: RecordItem[], total: number, page: number, limit: number): Page<RecordItem> {
    return { items: rows, total, page, limit, pages: Math.max(1, Math.ceil(total / limit)) };
  }

  return {
    /**
     * /browse: one page of visible records matching every filter, plus the count for each facet value.
     * Facet counts are cached until the next write, so moving between pages or sorts costs one query.
     */
    browse(query: BrowseQuery, { today, limit = PAGE_SIZE }: { today: string; limit?: number }): BrowseResult {
      const cubeFilters: BrowseFilters = { ...query, genres: [], formats: [], decades: [], inStock: false };
      const cubeShape = shapeOf(cubeFilters);
      const cubeParams = paramsOf(cubeFilters, today);
      const cube = cachedCube(`cube|${shapeKey(cubeShape)}|${JSON.stringify(cubeParams)}`, () =>
        cubeQuery(cubeShape).all(cubeParams),
      );
      const { total, ...facets } = facetsFromCube(cube, query);

      const labelFilters: BrowseFilters = { ...query, labels: [] };
      const labelShape = shapeOf(labelFilters);
      const labelParams = paramsOf(labelFilters, today);
      const labelCounts = cached(`labels|${shapeKey(labelShape)}|${JSON.stringify(labelParams)}`, () =>
        labelQuery(labelShape).all(labelParams),
      );
      const chosen = new Set(query.labels);
      const label: FacetValue[] = labelCounts
        .filter((r): r is { value: string; n: number } => r.value !== null && r.value.trim() !== "")
        .map((r) => ({ value: r.value, count: r.n, selected: chosen.has(r.value) }));
      for (const value of query.labels)
        if (!label.some((l) => l.value === value)) label.push({ value, count: 0, selected: true });
      label.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value, "en-GB"));

      return { ...pageOf(query, total, today, limit), facets: { ...facets, label } };
    },

    /** /allvinyl and other plain listings: one page of visible records matching the filters, no facets. */
    list(query: BrowseQuery, { today, limit = PAGE_SIZE }: { today: string; limit?: number }): Page<RecordItem> {
      return pageOf(query, countOf(query, today), today, limit);
    },

    /** How many records `list` finds for these filters, without reading a page of them. */
    count(query: BrowseFilters, { today }: { today: string }): number {
      return countOf(query, today);
    },

    /**
     * /new-releases (spec §5): vinyl released in the last 40 days up to today, newest first; the hiding
     * rule does not apply. Below 3 of those, records flagged isNewRelease top the list up to 5, picked by
     * the shared home-filters rule from a handful of candidates chosen in SQL.
     */
    newReleases({ today, page = 1, limit = PAGE_SIZE }: { today: string; page?: number; limit?: number }): Page<RecordItem> {
      const since = addDays(today, -NEW_RELEASE_WINDOW_DAYS);
      const tomorrow = addDays(today, 1);
      const total = cached(`new|${today}`, () => windowCount.get({ since, tomorrow })?.n ?? 0);
      if (total >= NEW_RELEASE_MIN_BEFORE_FALLBACK) {
        const pages = Math.max(1, Math.ceil(total / limit));
        const current = Math.min(page, pages);
        const rows = windowPage.all({ since, tomorrow, limit, offset: (current - 1) * limit });
        return paged(rows.map(toRecordItem), total, current, limit);
      }
      const recent = windowPage.all({ since, tomorrow, limit: NEW_RELEASE_MIN_BEFORE_FALLBACK, offset: 0 });
      // Enough flagged candidates to fill the list even if some of them are the recent ones.
      const flagged = flaggedQuery.all({ today, limit: NEW_RELEASE_FALLBACK_MAX + recent.length });
      const candidates = [...new Map([...recent, ...flagged].map((r) => [r.id, toRecordItem(r)])).values()];
      const list = newReleases(candidates, today);
      return paged(list, list.length, 1, limit);
    },

    /** /pre-orders: every record released after today, soonest first; pre-orders are never hidden. */
    preOrders({ today, page = 1, limit = PAGE_SIZE }: { today: string; page?: number; limit?: number }): Page<RecordItem> {
      const total = countPreOrders.get({ today })?.n ?? 0;
      const pages = Math.max(1, Math.ceil(total / limit));
      const current = Math.min(page, pages);
      const rows = preOrderPage.all({ today, limit, offset: (current - 1) * limit });
      return paged(rows.map(toRecordItem), total, current, limit);
    },

    /** Visible records per genre (spec §3 genre counts), cached until the next write. */
    genreCounts({ today }: { today: string }): Record<string, number> {
      return cached(`genres|${today}`, () => Object.fromEntries(genreQuery.all({ today }).map((r) => [r.genre!, r.n])));
    },
  };
}

export type BrowseService = ReturnType<typeof createBrowseService>;
