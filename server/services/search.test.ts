import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_FILTERS } from "../../app/domain/browse/browse-query";
import { shouldHideRecord } from "../../app/domain/catalogue/hiding";
import { mulberry32 } from "../../app/domain/home/home-filters";
import { records, type NewRecordRow } from "../../db/schema";
import { seededTestDb, TEST_TODAY, type TestDb } from "../../tests/setup/test-db";
import { createBrowseService, type BrowseService } from "./browse";
import { toRecordItem } from "./record-mapper";
import {
  createSearchService,
  foldText,
  ftsString,
  MAX_TERMS,
  planSearch,
  searchTerms,
  typoPatterns,
  typoRanges,
  type SearchService,
} from "./search";

const today = TEST_TODAY;
let t: TestDb;
let search: SearchService;
let browse: BrowseService;

beforeAll(async () => {
  t = await seededTestDb();
  search = createSearchService(t.db);
  browse = createBrowseService(t.db);
});
afterAll(() => t.cleanup());

const suggest = (q: string) => search.suggest(q, { today });
const artists = (q: string) => suggest(q).items.map((r) => r.artist);
/** Every match of a search, in order, through search() pages of 10. */
function everything(q: string) {
  const out = [];
  for (let offset = 0; ; offset += 10) {
    const page = search.search(q, { today, limit: 10, offset });
    out.push(...page.items);
    if (page.items.length < 10) return out;
  }
}
const browseTotal = (q: string) => browse.browse({ ...NO_FILTERS, q, sort: "relevance", page: 1 }, { today }).total;

let added = 0;
function addRecord(values: Partial<NewRecordRow>): number {
  added++;
  return t.db
    .insert(records)
    .values({
      catalogueId: `search-test-${added}`,
      title: `Untitled ${added}`,
      artist: "Nobody",
      coverUrl: "/media/covers/track-1.jpg",
      audioUrl: "/media/audio/track-1.wav",
      duration: 8,
      pricePence: 1999,
      stockQuantity: 5,
      releaseDate: "2020-01-01",
      ...values,
    })
    .returning({ id: records.id })
    .get().id;
}
const removeRecord = (id: number) => t.db.delete(records).where(eq(records.id, id)).run();

describe("search: the indexes follow the records table", () => {
  it("finds a record as soon as it is added, follows an edit, and forgets it once deleted", () => {
    expect(suggest("quuxotic").total).toBe(0);
    const id = addRecord({
      title: "Quuxotic Grooves",
      artist: "The Zyzzyvas",
      label: "Frobnitz",
      catalogNumber: "FRB 1234",
      genre: "Jazz",
    });
    try {
      for (const q of ["quuxotic", "Quux", "zyzzyvas", "frobnitz", "FRB 1234", "grooves quux"]) {
        expect(
          suggest(q).items.map((r) => r.id),
          q,
        ).toContain(id);
      }
      t.db.update(records).set({ title: "Plain Title", artist: "Someone Else" }).where(eq(records.id, id)).run();
      expect(suggest("quuxotic").total).toBe(0);
      expect(suggest("zyzzyvas").total).toBe(0);
      expect(suggest("frobnitz").items.map((r) => r.id)).toContain(id); // label untouched
      // A stock change alone leaves the indexes be, and the hiding rule still applies at once.
      t.db.update(records).set({ stockQuantity: 0 }).where(eq(records.id, id)).run();
      expect(suggest("frobnitz").total).toBe(0);
      t.db.update(records).set({ stockQuantity: 3 }).where(eq(records.id, id)).run();
      expect(suggest("frobnitz").total).toBe(1);
    } finally {
      removeRecord(id);
    }
    expect(suggest("frobnitz").total).toBe(0);
    expect(t.db.$client.prepare("select count(*) as n from records_fts where records_fts match '\"frobnitz\"'").get()).toEqual({
      n: 0,
    });
    expect(
      t.db.$client.prepare("select count(*) as n from records_fts_trigram where records_fts_trigram match '\"frobnitz\"'").get(),
    ).toEqual({ n: 0 });
  });

  it("the indexes agree with the table (FTS5 integrity check)", () => {
    for (const table of ["records_fts", "records_fts_trigram"]) {
      expect(() =>
        t.db.$client.prepare(`insert into ${table}(${table}, rank) values ('integrity-check', 1)`).run(),
      ).not.toThrow();
    }
  });
});

describe("search: what matches", () => {
  it("needs 2 non-space characters, then matches word prefixes from 2 characters", () => {
    for (const q of ["", " ", "r", "  r  ", "\t\n"]) expect(suggest(q), JSON.stringify(q)).toEqual({ items: [], total: 0 });
    for (const q of ["ra", "rad", "radi", "radio", "radiohead"]) expect(artists(q), q).toContain("Radiohead");
    expect(artists("be")).toContain("The Beatles");
    expect(artists("bea")).toContain("The Beatles");
  });

  it("ignores case and accents, in the text and in the catalogue", () => {
    expect(artists("bjork")).toEqual(["Björk", "Björk"]);
    expect(artists("BJÖRK")).toEqual(["Björk", "Björk"]);
    expect(artists("sigur ros")).toContain("Sigur Rós");
    expect(artists("SIGUR RÓS")).toContain("Sigur Rós");
    expect(artists("motorhead")).toContain("Motörhead");
    expect(suggest("Ágætis").items.map((r) => r.title)).toContain("Ágætis byrjun");
  });

  it("finds a term inside a word or catalogue number, as /browse always has", () => {
    const found = everything("blp").map((r) => r.catalogNumber);
    expect(found).toEqual(expect.arrayContaining(["NBLP 7022", "HDBLP002", "BLP 1577"]));
  });

  it("forgives a typo when the exact search finds few records: 'beatels' finds The Beatles, 'radiohed' Radiohead", () => {
    const beatles = everything("beatles").map((r) => r.id);
    expect(beatles.length).toBeGreaterThan(0);
    expect(
      suggest("beatels")
        .items.map((r) => r.id)
        .sort(),
    ).toEqual([...beatles].sort());
    expect(suggest("beatels").total).toBe(beatles.length);
    expect(artists("radiohed")).toEqual(expect.arrayContaining(["Radiohead"]));
    expect(artists("the beatels")).toContain("The Beatles");
    expect(artists("bjrok")).toContain("Björk"); // swapped letters, and the accent
    expect(artists("motorhed")).toContain("Motörhead");
    expect(artists("radiohead ok")).toEqual([]); // OK Computer is sold out: nothing, not a near miss
  });

  it("adds no near misses when the search already finds enough", () => {
    for (const q of ["blue", "signals", "the"]) {
      for (const r of everything(q)) {
        const text = foldText([r.title, r.artist, r.label, r.catalogNumber, r.genre].join(" "));
        expect(text, `${q}: ${r.title}`).toContain(q);
      }
    }
  });

  it("finds nothing for nonsense, and every term must match", () => {
    expect(suggest("zzqxv")).toEqual({ items: [], total: 0 });
    expect(suggest("miles zzqxv")).toEqual({ items: [], total: 0 });
    expect(artists("miles kind")).toEqual(["Miles Davis"]);
  });

  it("applies the hiding rule: sold-out and placeholder records never show; pre-orders always do", () => {
    expect(suggest("OK Computer").items.map((r) => r.title)).not.toContain("OK Computer"); // stock 0, released
    expect(suggest("Midnight Drive").items.map((r) => r.title)).not.toContain("Midnight Drive");
    const preOrder = addRecord({ title: "Wobblequest Futures", stockQuantity: 0, releaseDate: "2027-03-01" });
    const soldOut = addRecord({ title: "Wobblequest Pasts", stockQuantity: 0, releaseDate: "2001-03-01" });
    const noCover = addRecord({ title: "Wobblequest Blank", coverUrl: "/images/default-cover.jpg" });
    try {
      expect(suggest("wobblequest")).toMatchObject({ total: 1, items: [{ id: preOrder, title: "Wobblequest Futures" }] });
      expect(search.search("wobblequest", { today: "2027-03-01" }).total).toBe(0); // released today, still 0 in stock
    } finally {
      [preOrder, soldOut, noCover].forEach(removeRecord);
    }
    const all = t.db.select().from(records).all().map(toRecordItem);
    const hidden = new Set(all.filter((r) => shouldHideRecord(r, { today })).map((r) => r.id));
    for (const q of ["the", "ra", "blue", "midnight", "computer", "digital horizon"]) {
      for (const r of everything(q)) expect(hidden.has(r.id), `${q}: ${r.title}`).toBe(false);
    }
  });
});

describe("search: ranking", () => {
  it("puts the exact title first", () => {
    expect(suggest("kind of blue").items[0]?.title).toBe("Kind of Blue");
    expect(suggest("abbey road").items[0]?.title).toBe("Abbey Road");
  });

  it("weights title and artist above label, genre and catalogue number (bm25)", () => {
    const found = everything("blue");
    const inName = (r: { title: string; artist: string }) => foldText(`${r.title} ${r.artist}`).includes("blue");
    const lastInName = found.findLastIndex(inName);
    const firstElsewhere = found.findIndex((r) => !inName(r));
    expect(firstElsewhere).toBeGreaterThan(0);
    expect(lastInName).toBeLessThan(firstElsewhere); // "Tourist" (Blue Note label) after every Blue… title
    expect(found.map((r) => r.title)).toContain("Tourist");
  });

  it("the dropdown shows /browse's first records, in /browse's order, and its total", () => {
    for (const q of ["blue", "ra", "the", "kind of blue", "beatels", "bjork", "blp", "jazz", "parlophone", "zzqxv", "%", "a b"]) {
      const dropdown = suggest(q);
      const page = browse.browse({ ...NO_FILTERS, q, sort: "relevance", page: 1 }, { today });
      const expectedTotal = q.replace(/\s/g, "").length < 2 ? 0 : page.total;
      expect(dropdown.total, q).toBe(expectedTotal);
      expect(search.search(q, { today }).total, q).toBe(expectedTotal);
      if (expectedTotal) {
        expect(
          dropdown.items.map((r) => r.id),
          q,
        ).toEqual(page.items.slice(0, 8).map((r) => r.id));
        expect(
          search.search(q, { today, limit: 24 }).items.map((r) => r.id),
          q,
        ).toEqual(page.items.map((r) => r.id));
      }
    }
  });

  it("pages through search() without gaps or repeats", () => {
    const all = everything("the");
    expect(all.length).toBe(search.search("the", { today }).total);
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    expect(search.search("the", { today, offset: all.length }).items).toEqual([]);
  });

  it("gives the dropdown's fields, cover address after the display rule", () => {
    const id = addRecord({ title: "Kiwiflange Sessions", coverUrl: "/media/covers/track-3.ki" });
    try {
      expect(suggest("kiwiflange")).toEqual({
        total: 1,
        items: [{ id, title: "Kiwiflange Sessions", artist: "Nobody", coverUrl: "/media/covers/track-3.jpg" }],
      });
    } finally {
      removeRecord(id);
    }
  });
});

describe("search: user text is only ever data", () => {
  const nasty = [
    '"',
    '""',
    '"blue',
    "blue*",
    "*",
    "-blue",
    "blue -train",
    "NEAR(blue train)",
    "blue NEAR train",
    "blue OR zzqxv",
    "NOT blue",
    "blue AND",
    "(",
    ")",
    "(blue",
    "{title}: blue",
    "title:blue",
    "^blue",
    "blue + train",
    'a"b',
    "'; drop table records; --",
    "%",
    "_",
    "\\",
    "\u0000blue",
    "bl\u0000ue",
    "\ud800blue",
    "😀😀",
    "🎵 blue",
    "x".repeat(500),
    "a b c d e f g h i j",
  ];

  it("treats FTS5 syntax as plain text: quotes, stars, NEAR, minus, parentheses, column filters", () => {
    for (const q of nasty) {
      expect(() => suggest(q), JSON.stringify(q)).not.toThrow();
      expect(() => search.search(q, { today }), JSON.stringify(q)).not.toThrow();
      expect(() => browseTotal(q), JSON.stringify(q)).not.toThrow();
    }
    expect(suggest("blue OR zzqxv").total).toBe(0); // OR is a word to match, not an operator
    expect(suggest("NOT blue").total).toBe(browseTotal("NOT blue"));
    expect(suggest("-blue").total).toBe(0); // no "-blue" in the catalogue: the minus is not NOT
    expect(suggest("\u0000blue").total).toBe(suggest("blue").total); // a NUL is a space
  });

  it("never throws on random strings (fuzz)", () => {
    const random = mulberry32(20261122);
    const alphabet = [..."abcdeiloruntsABCÉö\"'*-+^:(){}[]%_\\/.,;!?&|<>=~` \t\n0123456789"];
    const words = ["NEAR", "AND", "OR", "NOT", "blue", "the", "{title artist}", "title:", '"', "*", "NEAR(", ")"];
    for (let i = 0; i < 600; i++) {
      const length = Math.floor(random() * 24);
      let q = "";
      for (let j = 0; j < length; j++)
        q +=
          random() < 0.15 ? ` ${words[Math.floor(random() * words.length)]} ` : alphabet[Math.floor(random() * alphabet.length)];
      const dropdown = suggest(q);
      expect(Number.isInteger(dropdown.total), q).toBe(true);
      expect(dropdown.items.length).toBeLessThanOrEqual(8);
      expect(() => search.search(q, { today, limit: 5 }), q).not.toThrow();
      // eslint-disable-next-line no-control-regex -- the fuzzed text holds control characters on purpose
      if (i % 10 === 0) expect(dropdown.total, q).toBe(q.replace(/[\s\u0000-\u001f]/g, "").length < 2 ? 0 : browseTotal(q));
    }
  });
});

describe("planSearch and friends (pure)", () => {
  it("splits into at most MAX_TERMS distinct lower-case terms", () => {
    expect(searchTerms("  Kind   of BLUE kind ")).toEqual(["kind", "of", "blue"]);
    expect(searchTerms("a b c d e f g h")).toHaveLength(MAX_TERMS);
  });

  it("quotes every term for FTS5, doubling inner quotes", () => {
    expect(ftsString('say "hi"')).toBe('"say ""hi"""');
    const { params } = planSearch('blue "train" NEAR(x) ab');
    expect(params.search_x).toBe('"blue" AND """train""" AND "near(x)"');
    expect(params.search_p).toBe('"ab"*');
    expect(params.search_w).toBe('"blue"* AND "train"* AND "near"* AND "x"* AND "ab"*');
  });

  it("lists single-edit neighbours and where in the vocabulary they can be", () => {
    const patterns = typoPatterns("beatels");
    expect(patterns).toContain("beatles"); // swapped
    expect(patterns).toContain("beatel"); // dropped
    expect(patterns).toContain("be_tels"); // changed
    expect(patterns).toContain("beat_els"); // added
    expect(patterns).not.toContain("beatels");
    expect(typoPatterns("radiohed")).toContain("radiohe_d");
    expect(typoRanges("beatels").map(([lo]) => lo)).toEqual(["be", "ea", "ba", "eb"]);
    for (const [lo, hi] of typoRanges("beatels")) expect("beatles" >= lo && "beatles" < hi).toBe(lo === "be");
  });

  it("makes only terms of 4+ letters or digits typo-tolerant", () => {
    const terms = (q: string) => JSON.parse(planSearch(q).params.search_v) as { f?: string }[];
    expect(terms("beatels abbey")).toEqual([expect.objectContaining({ f: "beatels" }), expect.objectContaining({ f: "abbey" })]);
    expect(planSearch("the ab").params.search_v).toBe("[]");
    expect(planSearch("r&b'").params.search_v).toBe("[]");
  });
});
