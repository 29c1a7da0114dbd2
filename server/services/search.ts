/**
 * Full-text search over the catalogue on SQLite FTS5 (docs/decisions/0005-search.md). Two indexes, both kept in
 * step with `records` by triggers, and a view of the first one's words (migrations/0002_search_fts.sql):
 *
 *   records_fts          words (unicode61, accents folded, prefix indexes for 2–4 characters); ranks with bm25.
 *   records_fts_trigram  3-character substrings (trigram, accents folded); finds a term anywhere in a name or
 *                        catalogue number ('blp' in 'NBLP 7022').
 *   records_fts_vocab    the words of records_fts (fts5vocab), where the typo fallback looks for near misses.
 *
 * What matches. The text is split at whitespace into terms (at most 6); a record matches when every term does:
 * a term of 3 or more characters anywhere in the title, artist, label, genre or catalogue number; a shorter term
 * as the start of a word there. When that finds fewer than FEW_RESULTS visible records, the typo fallback also
 * accepts, for each term of 4 or more letters, a word of the title or artist one edit away (a letter changed,
 * added or dropped, or two swapped; 'beatels' → 'beatles'); terms then match as words (records_fts), not
 * inside words. Only visible records (the hiding rule) count.
 *
 * Ranking. bm25 over the words, title and artist weighted highest; records that match only inside words or by
 * the typo fallback follow, newest first. /browse (textSearch in ./browse) uses the same SQL through
 * searchCondition / searchRelevance / searchParams, so its total is the dropdown's "See all {n} results".
 *
 * User text reaches FTS5 only as quoted phrases (a `"` doubled), and SQL only as bound parameters.
 */
import { sql, type SQL } from "drizzle-orm";
import { isSearchable, normaliseSearchText, SUGGEST_LIMIT } from "../../app/domain/search/search-rules";
import { displayCoverUrl } from "../../app/domain/catalogue/cover";
import type { RecordItem } from "../../app/domain/catalogue/types";
import type { Db } from "../../db/client";
import { createReadCache } from "../../db/read-cache";
import { records } from "../../db/schema";
import { isPreOrderRawSql } from "./pre-order-sql";
import { toRecordItem } from "./record-mapper";
import { publishedRawSql, visibleRawSql } from "./visibility";
import type { SearchSuggestion } from "../../app/domain/search/suggestion";

/** At most this many terms are searched; further words are ignored. */
export const MAX_TERMS = 6;
/** Fewer visible matches than this turn on the typo fallback. */
export const FEW_RESULTS = 3;
/** Terms this long (in letters or digits) get typo tolerance; shorter ones are too easy to confuse. */
export const FUZZY_MIN_CHARS = 4;
/**
 * The dropdown ranks at most this many word matches (the first ones in catalogue order) by bm25, so a 2-letter
 * prefix that matches a third of the catalogue still costs a bounded amount. Below it, the order is exactly
 * /browse's.
 */
export const SUGGEST_POOL = 100;
/** Up to this many matches, the dropdown reads them all and ranks them exactly as /browse does. */
const MATCH_CAP = 200;
/** bm25 column weights, in the index's column order: title, artist, label, genre, catalogue number. */
const BM25 = "bm25(records_fts, 10.0, 8.0, 2.0, 1.0, 5.0)";

// ---------------------------------------------------------------------------------------------------
// From search text to FTS5 queries (pure).
// ---------------------------------------------------------------------------------------------------

/** Lower case, accents off (as unicode61's remove_diacritics does): "Björk" → "bjork". */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * The search's terms: lower-case, split at whitespace, no repeats, at most MAX_TERMS. Control characters and
 * unpaired surrogates count as spaces (a NUL would otherwise end the FTS5 query string early).
 */
export function searchTerms(q: string): string[] {
  const text = normaliseSearchText(q.replace(/[\p{Cc}\p{Cs}]/gu, " "));
  return [...new Set(text.toLowerCase().split(" ").filter(Boolean))].slice(0, MAX_TERMS);
}

/** A term as one FTS5 string: double quotes around it, a double quote inside doubled. Nothing else is special. */
export function ftsString(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** Words as unicode61 sees them: runs of letters and digits, folded. */
export function ftsWords(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const codePoints = (text: string) => Array.from(text);

/**
 * A word's single-edit neighbours as SQL LIKE patterns ('_' is any one character): one letter changed, added
 * or dropped, or two neighbours swapped. Matched against whole words of the index's vocabulary.
 */
export function typoPatterns(word: string): string[] {
  const c = codePoints(word);
  const n = c.length;
  const at = (from: number, to = n) => c.slice(from, to).join("");
  const out = new Set<string>();
  for (let i = 0; i < n; i++) out.add(at(0, i) + "_" + at(i + 1)); // changed
  for (let i = 0; i <= n; i++) out.add(at(0, i) + "_" + at(i)); // missing from the search text
  for (let i = 0; i < n; i++) out.add(at(0, i) + at(i + 1)); // extra in the search text
  for (let i = 0; i + 1 < n; i++) out.add(at(0, i) + c[i + 1] + c[i] + at(i + 2)); // swapped
  out.delete(word);
  return [...out];
}

/** Strings sorting after every string that starts with `prefix` (for a range scan of the vocabulary). */
const afterPrefix = (prefix: string) => `${prefix}\u{10FFFF}`;

/**
 * Where in the sorted vocabulary a word one edit away can be: words starting with the same two letters (an edit
 * from the third letter on), with the 2nd and 3rd letters (first letter extra), with the 1st and 3rd (second
 * letter extra, or 2nd and 3rd swapped) or with the first two swapped. A changed or added first or second
 * letter is not looked for: scanning every word starting with one letter costs too much in a large catalogue.
 */
export function typoRanges(word: string): [string, string][] {
  const [a, b, c] = codePoints(word);
  const prefixes = new Set([a! + b!, b! + c!, a! + c!, b! + a!]);
  return [...prefixes].map((p) => [p, afterPrefix(p)]);
}

/** Named parameters of the search SQL; '' means "not used". Strings only, so they fit any params object. */
export interface SearchParams {
  /** Trigram query: every term of 3+ characters as a substring. */
  search_x: string;
  /** Word query: every shorter term as a word prefix. */
  search_p: string;
  /** Word query for ranking: every term's words as prefixes. */
  search_w: string;
  /**
   * JSON for the typo fallback, one entry per term: its words as prefixes (w) and, for a typo-tolerant term, its
   * folded form (f), length (n), vocabulary ranges (r) and single-edit patterns (p). "[]" when no term is
   * typo-tolerant (or a term has no letters or digits, so no word can stand in for it).
   */
  search_v: string;
}

export interface SearchPlan {
  terms: string[];
  params: SearchParams;
  /** Every word-query match is also a match (true unless a term holds punctuation), so the dropdown may rank from the word index alone. */
  wordsWithinMatches: boolean;
}

const NOTHING: SearchParams = { search_x: "", search_p: "", search_w: "", search_v: "[]" };

interface TypoTerm {
  w: string;
  f?: string;
  n?: number;
  r?: [string, string][];
  p?: string[];
}

export function planSearch(q: string): SearchPlan {
  const terms = searchTerms(q);
  if (terms.length === 0) return { terms, params: NOTHING, wordsWithinMatches: false };
  const long = terms.filter((t) => codePoints(t).length >= 3);
  const short = terms.filter((t) => codePoints(t).length < 3);
  const shortWords = short.map(ftsWords);
  // A short term with no letters or digits ("%", "-") is in no word: nothing matches.
  if (shortWords.some((words) => words.length === 0)) return { terms, params: NOTHING, wordsWithinMatches: false };

  const prefixes = (words: string[]) => words.map((w) => `${ftsString(w)}*`).join(" AND ");
  const termWords = terms.map(ftsWords);
  const wordsWithinMatches = terms.every((t, i) => termWords[i]!.length === 1 && termWords[i]![0] === foldText(t));

  // Typo fallback, on the word index: every term as its word prefixes, or (terms of FUZZY_MIN_CHARS+ letters or
  // digits) a title or artist word one edit away.
  const typo: TypoTerm[] = terms.map((term, i) => {
    const w = prefixes(termWords[i]!);
    const folded = foldText(term);
    const tolerant = /^[\p{L}\p{N}]+$/u.test(folded) && codePoints(folded).length >= FUZZY_MIN_CHARS;
    return tolerant ? { w, f: folded, n: codePoints(folded).length, r: typoRanges(folded), p: typoPatterns(folded) } : { w };
  });
  const useTypos = typo.some((t) => t.f) && termWords.every((words) => words.length > 0);
  return {
    terms,
    params: {
      search_x: long.map(ftsString).join(" AND "),
      search_p: shortWords.map(prefixes).join(" AND "),
      search_w: termWords
        .filter((words) => words.length > 0)
        .map(prefixes)
        .join(" AND "),
      search_v: useTypos ? JSON.stringify(typo) : "[]",
    },
    wordsWithinMatches,
  };
}

export function searchParams(q: string): SearchParams {
  return planSearch(q).params;
}

// ---------------------------------------------------------------------------------------------------
// The search SQL, written once with $name parameters, then turned into drizzle placeholders (for /browse's
// prepared shapes) or better-sqlite3 named parameters (for the service's own statements).
// ---------------------------------------------------------------------------------------------------

/** The hiding rule (spec §5, ./visibility) on a records row named `alias`. */
const visibleSql = (alias: string) => visibleRawSql(alias, "$today");

/** Rowids of records matching exactly: long terms as substrings, short ones as word prefixes. */
const EXACT_SUBSTRINGS_SQL = `select rowid as id from records_fts_trigram
    where $search_x <> '' and records_fts_trigram match $search_x
      and ($search_p = '' or rowid in (select rowid from records_fts where records_fts match $search_p))`;
const EXACT_PREFIXES_SQL = `select rowid as id from records_fts
    where $search_x = '' and $search_p <> '' and records_fts match $search_p`;
const EXACT_SQL = `${EXACT_SUBSTRINGS_SQL}
  union all
  ${EXACT_PREFIXES_SQL}`;

/**
 * The typo fallback's query on the word index: each term as its word prefixes or (typo-tolerant terms) any
 * vocabulary word one edit away in the title or artist, found by range scans of records_fts_vocab and the
 * single-edit patterns. `added` is 0 when no term has such a neighbour.
 */
const TYPO_QUERY_SQL = `select group_concat(clause, ' AND ') as q, total(added) as added from (
    with term(k, w, f, n, r, p) as materialized (
           select key, value ->> '$.w', value ->> '$.f', value ->> '$.n', value -> '$.r', value -> '$.p'
             from json_each($search_v)),
         range(k, lo, hi, f, n, p) as materialized (
           select term.k, r.value ->> 0, r.value ->> 1, term.f, term.n, term.p
             from term, json_each(term.r) r where term.f is not null),
         similar(k, word) as materialized (
           select distinct range.k, v.term from range cross join records_fts_vocab v
            where v.term >= range.lo and v.term < range.hi
              and length(v.term) between range.n - 1 and range.n + 1 and v.term <> range.f
              and exists (select 1 from json_each(range.p) p where v.term like p.value))
    select '(' || term.w || coalesce(' OR {title artist} : (' || (select group_concat('"' || replace(s.word, '"', '""') || '"', ' OR ')
                                        from similar s where s.k = term.k) || ')', '') || ')' as clause,
           exists (select 1 from similar s where s.k = term.k) as added
      from term order by term.k)`;

/**
 * Rowids the typo fallback adds, only while the exact search finds fewer than FEW_RESULTS visible records
 * (checked first: the CROSS JOINs keep that order, so a search with enough results pays nothing more).
 * Terms match as words here, not inside words.
 */
const FUZZY_SQL = `select c.rowid as id
    from (select 1 where $search_v <> '[]'
            and (select count(*) from (select 1 from (${EXACT_SQL}) e join records g on g.id = e.id
                                       where ${visibleSql("g")} limit ${FEW_RESULTS})) < ${FEW_RESULTS}) gate
    cross join (${TYPO_QUERY_SQL}) typo
    cross join records_fts c
   where typo.added > 0 and c.records_fts match typo.q
     and c.rowid not in (${EXACT_SQL})`;

/** Every matching rowid, each once (the typo fallback leaves out exact matches). */
const MATCHES_SQL = `${EXACT_SQL}
  union all
  ${FUZZY_SQL}`;

/** bm25 of the word query per rowid (lower is better), computed once per statement. */
const WORD_SCORES_SQL = `select rowid as id, ${BM25} as score from records_fts
    where $search_w <> '' and records_fts match $search_w`;

function toDrizzle(text: string): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const m of text.matchAll(/\$([a-z_]+)/g)) {
    chunks.push(sql.raw(text.slice(last, m.index)));
    chunks.push(sql`${sql.placeholder(m[1]!)}`);
    last = m.index! + m[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

const toNamed = (text: string) => text.replace(/\$([a-z_]+)/g, "@$1");

/** For /browse: the `records` row matches the search. Parameters: searchParams(q) and today. */
export function searchCondition(): SQL {
  return sql`"records"."id" in (${toDrizzle(MATCHES_SQL)})`;
}

/** For /browse: relevance of the `records` row, higher is better (0 for matches that are not word matches). */
export function searchRelevance(): SQL {
  return sql`-coalesce((with ws as materialized (${toDrizzle(WORD_SCORES_SQL)}) select ws.score from ws where ws.id = "records"."id"), 0)`;
}

// ---------------------------------------------------------------------------------------------------
// The service.
// ---------------------------------------------------------------------------------------------------

export interface SearchResult<T> {
  items: T[];
  /** Visible records matching: what /browse?q= shows. */
  total: number;
}

interface PoolRow {
  id: number;
  title: string;
  artist: string;
  cover_url: string;
  release_date: string | null;
  score: number;
}

const toSuggestion = (r: { id: number; title: string; artist: string; cover_url: string }): SearchSuggestion => ({
  id: r.id,
  title: r.title,
  artist: r.artist,
  coverUrl: displayCoverUrl(r.cover_url),
});

/** Word matches first (bm25), then the rest newest first, then highest id: /browse's relevance order. */
function byRelevance(a: PoolRow, b: PoolRow): number {
  if (a.score !== b.score) return a.score - b.score;
  if (a.release_date !== b.release_date) {
    if (a.release_date === null) return 1;
    if (b.release_date === null) return -1;
    return a.release_date < b.release_date ? 1 : -1;
  }
  return b.id - a.id;
}

export function createSearchService(db: Db) {
  const client = db.$client;
  const cached = createReadCache(db, { max: 4 });
  // Both halves of the hiding rule read a covering index (records_visibility_idx, records_release_date_idx).
  const listedIds = client
    .prepare<[], number>("select id from records where hidden_by_content = 0 and stock_quantity > 0")
    .pluck();
  const preOrderIds = client
    .prepare<[string], number>(`select id from records where ${isPreOrderRawSql("records", "?")}`)
    .pluck();
  // Few records are unpublished or scheduled, so they are cleared from the bitmap afterwards.
  const heldIds = client.prepare<[], number>(`select id from records where not ${publishedRawSql()}`).pluck();
  const maxId = client.prepare<[], number | null>("select max(id) from records").pluck();

  /**
   * The hiding rule as one byte per record id (1 = visible), bound as a BLOB so SQL tests a record with
   * substr($visible, id + 1, 1): counting 30,000 matches that way costs a fraction of reading each record.
   * Rebuilt after any write to the database or on a new day.
   */
  function visibleBitmap(today: string): Buffer {
    return cached(`visible|${today}`, () => {
      const bitmap = Buffer.alloc((maxId.get() ?? 0) + 1);
      for (const id of listedIds.all()) bitmap[id] = 1;
      for (const id of preOrderIds.all(today)) bitmap[id] = 1;
      for (const id of heldIds.all()) bitmap[id] = 0;
      return bitmap;
    });
  }
  const isVisible = (id: string) => `substr($visible, ${id} + 1, 1) = x'01'`;

  type Named = SearchParams & { today: string; visible: Buffer };
  // Branch by branch: each count is then a plain scan of one index (no union to step through).
  const countOf = (from: string) => `(select count(*) from (${from}) m where ${isVisible("m.id")})`;
  const countMatches = client
    .prepare<Named, number>(toNamed(`select ${[EXACT_SUBSTRINGS_SQL, EXACT_PREFIXES_SQL, FUZZY_SQL].map(countOf).join(" + ")}`))
    .pluck();
  const wordPool = client.prepare<Named & { pool: number }, PoolRow>(
    `select r.id, r.title, r.artist, r.cover_url, r.release_date, ${BM25} as score
       from records_fts join records r on r.id = records_fts.rowid
      where @search_w <> '' and records_fts match @search_w and ${toNamed(isVisible("records_fts.rowid"))}
      limit @pool`,
  );
  const matchIdsBy = [EXACT_SUBSTRINGS_SQL, EXACT_PREFIXES_SQL, FUZZY_SQL].map((from) =>
    client.prepare<Named, number>(toNamed(`select m.id from (${from}) m where ${isVisible("m.id")}`)).pluck(),
  );
  const matchIds = (params: Named) => matchIdsBy.flatMap((statement) => statement.all(params));
  const rowsByIds = client.prepare<[string], Omit<PoolRow, "score">>(
    `select r.id, r.title, r.artist, r.cover_url, r.release_date from json_each(?) j join records r on r.id = j.value`,
  );
  const ranked = client.prepare<Named & { limit: number; offset: number }, PoolRow>(
    toNamed(`with ws as materialized (${WORD_SCORES_SQL})
     select r.id, r.title, r.artist, r.cover_url, r.release_date, coalesce(ws.score, 0) as score
       from (${MATCHES_SQL}) m
       join records r on r.id = m.id
       left join ws on ws.id = r.id
      where ${isVisible("r.id")}
      order by coalesce(ws.score, 0) asc, r.release_date desc, r.id desc
      limit $limit offset $offset`),
  );
  const byIds = db
    .select()
    .from(records)
    .where(sql`${records.id} in (select value from json_each(${sql.placeholder("ids")}))`)
    .prepare();

  function prepare(q: string, today: string) {
    const text = normaliseSearchText(q);
    if (!isSearchable(text)) return null;
    const plan = planSearch(text);
    if (plan.terms.length === 0) return null;
    return { plan, params: { ...plan.params, today, visible: visibleBitmap(today) } };
  }

  return {
    /**
     * Visible records matching the text, best first (the order /browse?q= shows), with the total. Text with
     * fewer than 2 non-space characters finds nothing.
     */
    search(
      q: string,
      { today, limit = 24, offset = 0 }: { today: string; limit?: number; offset?: number },
    ): SearchResult<RecordItem> {
      const prepared = prepare(q, today);
      if (!prepared) return { items: [], total: 0 };
      const total = countMatches.get(prepared.params) ?? 0;
      if (total === 0 || offset >= total) return { items: [], total };
      const ids = ranked.all({ ...prepared.params, limit, offset }).map((r) => r.id);
      const rows = new Map(byIds.all({ ids: JSON.stringify(ids) }).map((row) => [row.id, row]));
      const items = ids.flatMap((id) => (rows.has(id) ? [toRecordItem(rows.get(id)!)] : []));
      return { items, total };
    },

    /**
     * The dropdown: the best few matches and the total for "See all {n} results". The order is /browse's, except
     * that a search with more than SUGGEST_POOL word matches ranks only the first SUGGEST_POOL of them.
     */
    suggest(q: string, { today, limit = SUGGEST_LIMIT }: { today: string; limit?: number }): SearchResult<SearchSuggestion> {
      const prepared = prepare(q, today);
      if (!prepared) return { items: [], total: 0 };
      const { plan, params } = prepared;
      if (!plan.wordsWithinMatches) {
        // Rare (a term with punctuation): rank every match, as /browse does.
        const total = countMatches.get(params) ?? 0;
        return { items: total === 0 ? [] : ranked.all({ ...params, limit, offset: 0 }).map(toSuggestion), total };
      }
      const words = wordPool.all({ ...params, pool: SUGGEST_POOL });
      if (words.length >= SUGGEST_POOL) {
        // A broad search ("th"): rank the first word matches, count the rest.
        return { items: words.sort(byRelevance).slice(0, limit).map(toSuggestion), total: countMatches.get(params) ?? 0 };
      }
      // Every visible word match is in hand: rank them with the other matches (the first MATCH_CAP of those).
      const ids = matchIds(params);
      const scores = new Map(words.map((w) => [w.id, w.score]));
      const others = ids.filter((id) => !scores.has(id)).slice(0, MATCH_CAP);
      const rows = [...words, ...rowsByIds.all(JSON.stringify(others)).map((r) => ({ ...r, score: 0 }))].sort(byRelevance);
      return { items: rows.slice(0, limit).map(toSuggestion), total: ids.length };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
