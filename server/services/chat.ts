import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { hasStockIntent } from "../../app/domain/chat/answers";
import { artistReply, NO_MATCH, recordsReply, toMatch, type ChatLookupResult } from "../../app/domain/chat/catalogue-reply";
import { nameKey, words } from "../../app/domain/chat/normalise";
import type { Db } from "../../db/client";
import { records } from "../../db/schema";
import { publishedSql } from "./visibility";

/**
 * VinylBot's catalogue answers: "is Blue Train in stock?" names a record, "anything by John Coltrane?"
 * an artist. The canned answers stay in the browser (app/domain/chat/answers.ts); this only finds
 * records named in a message and words their stock (spec §9).
 *
 * Matching: every run of 1–8 consecutive words of the message is looked up in an in-memory index of
 * folded titles and artist names (case-, accent- and punctuation-insensitive; a leading "The"
 * optional): a few Map reads, where SQL would scan every row (titles have no index, and SQLite cannot
 * fold accents). Found records are then read fresh by id, so stock, price and date are always current
 * and a deleted record is never offered.
 *
 * The index costs one pass over the catalogue (about 0.6 s at 100,000 records), read in chunks that
 * yield to the event loop, so no request waits behind it. New records (a higher id) are added on the
 * next lookup; the whole index is rebuilt in the background every ten minutes, which picks up renames.
 */

/** Longest run of words tried as a name. */
const MAX_NAME_WORDS = 8;
/** Words of a message looked at (a chat message is at most 500 characters anyway). */
const MAX_MESSAGE_WORDS = 100;
/** Records listed in one answer. */
export const MAX_LISTED = 5;
/** Age after which the index is rebuilt (in the background) to pick up renamed records. */
export const INDEX_MAX_AGE_MS = 10 * 60_000;
/** Rows read per chunk while building; each chunk takes a few milliseconds. */
const BUILD_CHUNK = 5000;

/**
 * Words too common to name a record on their own: "help" must not answer with the Beatles' Help!,
 * nor "yes" with the band Yes. A name of one such word still counts beside its artist ("Help by the Beatles").
 */
const COMMON_WORDS = new Set(
  (
    "a an and or of in on at to for by from with is it its be are was were i im me my you your we us our do does did " +
    "have has had got get any some this that these those what whats when where who how why which yes no not hi hello hey " +
    "help please thanks thank ta stock record records vinyl album albums lp lps ep single singles new old love good best " +
    "music song songs can could will would there here out up down one two all more most buy sell price much many still " +
    "available anything something everything else again today now just like want need know tell about the"
  ).split(" "),
);

interface NameIndex {
  builtAt: number;
  /** Highest record id indexed: rows above it are added on the next lookup. */
  maxId: number;
  /** Folded title → record ids. */
  titles: Map<string, number[]>;
  /** Folded artist name → the artist names as stored. */
  artists: Map<string, Set<string>>;
}

interface Span {
  start: number;
  end: number;
  key: string;
}

function keysOf(name: string): string[] {
  const key = nameKey(name);
  if (!key) return [];
  // "The Beatles" is also found as "Beatles", "The Dark Side of the Moon" as "Dark Side of the Moon".
  return key.startsWith("the ") && key.length > 4 ? [key, key.slice(4)] : [key];
}

function add<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;
const length = (s: Span) => s.end - s.start;

/** Runs of words found in `map`, longest first; a run inside (or overlapping) a longer one is dropped. */
function findSpans(ws: string[], has: (key: string) => boolean): Span[] {
  const taken: Span[] = [];
  for (let n = Math.min(MAX_NAME_WORDS, ws.length); n >= 1; n--) {
    for (let start = 0; start + n <= ws.length; start++) {
      const end = start + n;
      if (taken.some((s) => overlaps(s, { start, end, key: "" }))) continue;
      const key = ws.slice(start, end).join(" ");
      if (has(key)) taken.push({ start, end, key });
    }
  }
  return taken;
}

/**
 * Whether a found name is meant as one: two or more words with at least one uncommon word, or one
 * uncommon word of three letters or more when the message asks about stock or says nothing else.
 */
function significant(span: Span, ws: string[], stockIntent: boolean): boolean {
  const spanWords = ws.slice(span.start, span.end);
  const uncommon = spanWords.filter((w) => !COMMON_WORDS.has(w));
  if (uncommon.length === 0) return false;
  if (spanWords.length >= 2) return true;
  if (spanWords[0]!.length < 3) return false;
  const rest = ws.filter((w, i) => (i < span.start || i >= span.end) && !COMMON_WORDS.has(w));
  return stockIntent || rest.length === 0;
}

interface NameRow {
  id: number;
  title: string;
  artist: string;
  hidden: number;
}

function addRow(idx: NameIndex, row: NameRow) {
  idx.maxId = Math.max(idx.maxId, row.id);
  if (row.hidden) return; // placeholder titles and the default cover never reach shoppers
  for (const key of keysOf(row.title)) add(idx.titles, key, row.id);
  for (const key of keysOf(row.artist)) {
    const names = idx.artists.get(key);
    if (names) names.add(row.artist);
    else idx.artists.set(key, new Set([row.artist]));
  }
}

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createChatService(db: Db, { now = Date.now }: { now?: () => number } = {}) {
  let index: NameIndex | null = null;
  let building: Promise<NameIndex> | null = null;

  // Raw statements: plain rows in id order, no mapping, so a chunk of 5,000 costs a few milliseconds.
  const chunkQuery = db.$client.prepare<[number, number], NameRow>(
    "select id, title, artist, hidden_by_content as hidden from records where id > ? order by id limit ?",
  );
  const factColumns = {
    id: records.id,
    title: records.title,
    artist: records.artist,
    releaseDate: records.releaseDate,
    stockQuantity: records.stockQuantity,
    pricePence: records.pricePence,
  };

  async function build(): Promise<NameIndex> {
    const fresh: NameIndex = { builtAt: now(), maxId: 0, titles: new Map(), artists: new Map() };
    for (;;) {
      const rows = chunkQuery.all(fresh.maxId, BUILD_CHUNK);
      for (const row of rows) addRow(fresh, row);
      if (rows.length < BUILD_CHUNK) return fresh;
      await nextTick();
    }
  }

  function startBuild(): Promise<NameIndex> {
    building ??= build()
      .then((fresh) => (index = fresh))
      .finally(() => {
        building = null;
      });
    return building;
  }

  /** The index, built on first use, caught up with new records, rebuilt in the background when old. */
  async function currentIndex(): Promise<NameIndex> {
    const idx = index ?? (await startBuild());
    if (now() - idx.builtAt >= INDEX_MAX_AGE_MS && !building) {
      // Until the rebuild is done, the current index answers; a failed rebuild is tried again next time.
      startBuild().catch(() => {});
    }
    for (let rows = chunkQuery.all(idx.maxId, BUILD_CHUNK); rows.length > 0; rows = chunkQuery.all(idx.maxId, BUILD_CHUNK)) {
      for (const row of rows) addRow(idx, row);
    }
    return idx;
  }

  function recordsByIds(ids: number[]) {
    if (ids.length === 0) return [];
    return db
      .select(factColumns)
      .from(records)
      .where(and(inArray(records.id, ids), eq(records.hiddenByContent, false), publishedSql()))
      .orderBy(records.id)
      .all();
  }

  function recordsByArtists(names: string[]) {
    const where = and(inArray(records.artist, names), eq(records.hiddenByContent, false), publishedSql());
    const rows = db
      .select(factColumns)
      .from(records)
      .where(where)
      .orderBy(desc(records.releaseDate), records.id)
      .limit(MAX_LISTED)
      .all();
    const total =
      db
        .select({ n: sql<number>`count(*)` })
        .from(records)
        .where(where)
        .get()?.n ?? 0;
    return { rows, total };
  }

  return {
    /**
     * Records or an artist named in a chat message, with the reply VinylBot gives. `today` decides
     * pre-orders (release date after today). Nothing found: kind "none" and a null reply.
     */
    async lookup(text: string, today: string): Promise<ChatLookupResult> {
      const ws = words(text).slice(0, MAX_MESSAGE_WORDS);
      if (ws.length === 0) return NO_MATCH;
      const idx = await currentIndex();
      const stockIntent = hasStockIntent(text);
      // Where a title and an artist name overlap, the longer wins; the same words ("Led Zeppelin") read as the artist.
      const allTitles = findSpans(ws, (k) => idx.titles.has(k));
      const allArtists = findSpans(ws, (k) => idx.artists.has(k)).filter((s) => significant(s, ws, stockIntent));
      const artistSpans = allArtists.filter((a) => !allTitles.some((t) => overlaps(a, t) && length(t) > length(a)));
      const titleSpans = allTitles.filter((t) => !artistSpans.some((a) => overlaps(a, t) && length(a) >= length(t)));
      const artistNames = [...new Set(artistSpans.flatMap((s) => [...idx.artists.get(s.key)!]))];
      const titleKeys = new Set(titleSpans.map((s) => s.key));
      const stillTitled = (title: string) => keysOf(title).some((k) => titleKeys.has(k));

      // A title together with its artist ("Kind of Blue by Miles Davis"), even a common-word title ("Help by the Beatles").
      if (artistNames.length > 0) {
        const ids = [...new Set(titleSpans.flatMap((s) => idx.titles.get(s.key)!))];
        const both = recordsByIds(ids).filter((r) => artistNames.includes(r.artist) && stillTitled(r.title));
        if (both.length > 0) {
          const matches = both.slice(0, MAX_LISTED).map((r) => toMatch(r, today));
          return { kind: "record", artist: null, matches, total: both.length, ...recordsReply(matches) };
        }
      }

      // A title on its own ("is Blue Train in stock?").
      const titled = titleSpans.filter((s) => significant(s, ws, stockIntent));
      if (titled.length > 0) {
        const ids = [...new Set(titled.flatMap((s) => idx.titles.get(s.key)!))];
        const found = recordsByIds(ids).filter((r) => stillTitled(r.title));
        if (found.length > 0) {
          const matches = found.slice(0, MAX_LISTED).map((r) => toMatch(r, today));
          return { kind: "record", artist: null, matches, total: found.length, ...recordsReply(matches) };
        }
      }

      // An artist ("anything by John Coltrane?").
      if (artistNames.length > 0) {
        const { rows, total } = recordsByArtists(artistNames);
        if (rows.length > 0) {
          const matches = rows.map((r) => toMatch(r, today));
          const artist = matches[0]!.artist;
          return { kind: "artist", artist, matches, total, ...artistReply(artist, matches, total) };
        }
      }
      return NO_MATCH;
    },

    /** Resolves once no index build is running (tests; graceful shutdown). */
    async settled(): Promise<void> {
      while (building) await building.catch(() => {});
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
