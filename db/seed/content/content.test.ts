import { CARE_CATEGORIES } from "../../../app/domain/care/care-categories";
import { describe, it, expect } from "vitest";
import { GENRES } from "../../../app/domain/catalogue/genres";
import { PLACEHOLDER_TITLES } from "../../../app/domain/catalogue/hiding";
import {
  ARTIST_BIOS,
  ARTIST_FIRST,
  ARTIST_SECOND,
  BLOG_POSTS,
  DESCRIPTION_TEMPLATES,
  LABEL_PREFIXES,
  LABELS,
  NAMED_RECORDS,
  REAL_RECORDS,
  TITLE_WORDS_A,
  TITLE_WORDS_B,
  TRIVIA,
  VINYL_CARE_TIPS,
  type RealRecord,
} from "./index";

const words = (text: string) => text.trim().split(/\s+/).filter(Boolean).length;
const lower = (text: string) => text.toLowerCase();
const recordKey = (r: { artist: string; title: string }) => `${lower(r.artist)}\u0000${lower(r.title)}`;
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const placeholders = PLACEHOLDER_TITLES.map(lower);
const realArtists = new Set(REAL_RECORDS.map((r) => r.artist));
const allRecords: RealRecord[] = [...REAL_RECORDS, ...NAMED_RECORDS];

/** Every piece of prose in the content, for checks that apply to all text. */
const prose: string[] = [
  ...allRecords.map((r) => r.description),
  ...ARTIST_BIOS.map((b) => b.bio),
  ...TRIVIA.flatMap((t) => [t.question, t.explanation, ...t.options]),
  ...VINYL_CARE_TIPS.flatMap((t) => [t.title, t.body]),
  ...BLOG_POSTS.flatMap((p) => [p.title, p.excerpt, p.body]),
  ...DESCRIPTION_TEMPLATES,
];

describe("spec constants this content relies on", () => {
  it("has the ten placeholder titles and the 22 genres", () => {
    expect(PLACEHOLDER_TITLES).toHaveLength(10);
    expect(GENRES).toHaveLength(22);
  });
});

describe("REAL_RECORDS", () => {
  it("holds at least 160 records", () => {
    expect(REAL_RECORDS.length).toBeGreaterThanOrEqual(160);
  });

  it("uses only the shop's genres, with at least 14 genres holding 5 or more records", () => {
    const counts = new Map<string, number>();
    for (const r of REAL_RECORDS) {
      expect(GENRES as readonly string[]).toContain(r.genre);
      counts.set(r.genre, (counts.get(r.genre) ?? 0) + 1);
    }
    const wellStocked = [...counts.values()].filter((n) => n >= 5);
    expect(wellStocked.length).toBeGreaterThanOrEqual(14);
  });

  it("has unique artist + title pairs (case-insensitive)", () => {
    const keys = REAL_RECORDS.map(recordKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("includes the records the brief names", () => {
    const keys = new Set(REAL_RECORDS.map(recordKey));
    for (const [artist, title] of [
      ["John Coltrane", "Blue Train"],
      ["Miles Davis", "Kind of Blue"],
      ["Radiohead", "OK Computer"],
      ["The Beatles", "Abbey Road"],
    ] as const) {
      expect(keys.has(recordKey({ artist, title })), `${artist} – ${title}`).toBe(true);
    }
  });

  it("spells accented artists correctly", () => {
    for (const artist of ["Björk", "Sigur Rós", "Beyoncé", "Motörhead"]) expect(realArtists).toContain(artist);
  });

  it("has the known catalogue numbers from the brief", () => {
    const find = (title: string) => REAL_RECORDS.find((r) => r.title === title);
    expect(find("Blue Train")?.catalogNumber).toBe("BLP 1577");
    expect(find("Kind of Blue")?.catalogNumber).toBe("CL 1355");
    expect(find("The Dark Side of the Moon")?.catalogNumber).toBe("SHVL 804");
  });
});

describe("every record (real and named)", () => {
  it.each(allRecords.map((r) => [`${r.artist} – ${r.title}`, r] as const))("%s is well formed", (_, r) => {
    expect(r.artist.trim()).toBe(r.artist);
    expect(r.title.trim()).toBe(r.title);
    expect(r.artist.length).toBeGreaterThan(0);
    expect(r.title.length).toBeGreaterThan(0);
    expect(r.label.trim().length).toBeGreaterThan(0);
    expect(Number.isInteger(r.year)).toBe(true);
    expect(r.year).toBeGreaterThanOrEqual(1940);
    expect(r.year).toBeLessThanOrEqual(2026);
    expect(GENRES as readonly string[]).toContain(r.genre);
    if (r.catalogNumber !== null) {
      expect(r.catalogNumber.trim()).toBe(r.catalogNumber);
      expect(r.catalogNumber.length).toBeGreaterThan(0);
    }
    const n = words(r.description);
    expect(n, r.description).toBeGreaterThanOrEqual(25);
    expect(n, r.description).toBeLessThanOrEqual(45);
  });
});

describe("NAMED_RECORDS", () => {
  it("holds exactly 7 records with unique kebab-case catalogue ids", () => {
    expect(NAMED_RECORDS).toHaveLength(7);
    const ids = NAMED_RECORDS.map((r) => r.catalogueId);
    expect(new Set(ids).size).toBe(7);
    for (const id of ids) {
      expect(id).toMatch(KEBAB);
      expect(id).not.toMatch(/^track-\d+$/);
    }
  });

  it("has unique artist + title pairs", () => {
    expect(new Set(NAMED_RECORDS.map(recordKey)).size).toBe(NAMED_RECORDS.length);
  });

  it("are all records the shop knows from REAL_RECORDS", () => {
    for (const named of NAMED_RECORDS) expect(REAL_RECORDS.map(recordKey)).toContain(recordKey(named));
  });
});

describe("placeholder titles never appear", () => {
  it("in any real or named record title", () => {
    for (const r of allRecords) {
      for (const p of placeholders) expect(lower(r.title), r.title).not.toContain(p);
    }
  });

  it("in any prose", () => {
    for (const text of prose) {
      for (const p of placeholders) expect(lower(text), text.slice(0, 80)).not.toContain(p);
    }
  });

  it("in any word of the generator lists, so no combination can form one", () => {
    const placeholderWords = new Set(placeholders.flatMap((p) => p.split(/\s+/)));
    for (const word of [...ARTIST_FIRST, ...ARTIST_SECOND, ...TITLE_WORDS_A, ...TITLE_WORDS_B]) {
      expect(placeholderWords.has(lower(word)), word).toBe(false);
    }
  });

  it("in any title the generator can build", () => {
    const titles = [...TITLE_WORDS_B, ...TITLE_WORDS_A.flatMap((a) => TITLE_WORDS_B.map((b) => `${a} ${b}`))];
    for (const title of titles) expect(placeholders).not.toContain(lower(title));
  });
});

describe("generated-name word lists", () => {
  it("have the expected sizes and no duplicates", () => {
    for (const [list, min] of [
      [ARTIST_FIRST, 40],
      [ARTIST_SECOND, 40],
      [TITLE_WORDS_A, 50],
      [TITLE_WORDS_B, 50],
      [LABELS, 30],
    ] as const) {
      expect(list.length).toBeGreaterThanOrEqual(min);
      expect(new Set(list.map(lower)).size).toBe(list.length);
      for (const w of list) expect(w.trim()).toBe(w);
    }
  });

  it("single words are single words", () => {
    for (const w of [...ARTIST_FIRST, ...ARTIST_SECOND, ...TITLE_WORDS_A, ...TITLE_WORDS_B]) expect(w).toMatch(/^\S+$/);
  });

  it("invented labels do not reuse any real record's label", () => {
    const realLabels = new Set(allRecords.map((r) => lower(r.label)));
    for (const label of LABELS) expect(realLabels.has(lower(label)), label).toBe(false);
  });

  it("every label has a unique 2–4 letter catalogue prefix", () => {
    const prefixes = LABELS.map((l) => LABEL_PREFIXES[l]);
    for (const p of prefixes) expect(p).toMatch(/^[A-Z]{2,4}$/);
    expect(new Set(prefixes).size).toBe(LABELS.length);
    expect(Object.keys(LABEL_PREFIXES).sort()).toEqual([...LABELS].sort());
  });

  it("description templates use only the four placeholders and always name the title", () => {
    expect(DESCRIPTION_TEMPLATES.length).toBeGreaterThanOrEqual(15);
    expect(new Set(DESCRIPTION_TEMPLATES).size).toBe(DESCRIPTION_TEMPLATES.length);
    for (const t of DESCRIPTION_TEMPLATES) {
      const used = t.match(/\{[^}]*\}/g) ?? [];
      for (const u of used) expect(["{artist}", "{title}", "{genre}", "{year}"]).toContain(u);
      expect(t).toContain("{title}");
      expect(t).not.toMatch(/\ban? \{genre\}/i);
    }
  });
});

describe("ARTIST_BIOS", () => {
  it("holds at least 24 bios for distinct artists found in REAL_RECORDS", () => {
    expect(ARTIST_BIOS.length).toBeGreaterThanOrEqual(24);
    expect(new Set(ARTIST_BIOS.map((b) => b.artist)).size).toBe(ARTIST_BIOS.length);
    for (const b of ARTIST_BIOS) expect(realArtists, b.artist).toContain(b.artist);
  });

  it("keeps each bio between 80 and 140 words", () => {
    for (const b of ARTIST_BIOS) {
      const n = words(b.bio);
      expect(n, b.artist).toBeGreaterThanOrEqual(80);
      expect(n, b.artist).toBeLessThanOrEqual(140);
    }
  });
});

describe("TRIVIA", () => {
  it("holds at least 20 questions", () => {
    expect(TRIVIA.length).toBeGreaterThanOrEqual(20);
    expect(new Set(TRIVIA.map((t) => t.question)).size).toBe(TRIVIA.length);
  });

  it("has four distinct options and a valid answer index for every question", () => {
    for (const t of TRIVIA) {
      expect(t.options, t.question).toHaveLength(4);
      expect(new Set(t.options).size, t.question).toBe(4);
      expect(Number.isInteger(t.answer), t.question).toBe(true);
      expect(t.answer, t.question).toBeGreaterThanOrEqual(0);
      expect(t.answer, t.question).toBeLessThan(t.options.length);
      expect(t.explanation.trim().length, t.question).toBeGreaterThan(0);
    }
  });

  it("answers the facts the brief names correctly", () => {
    const answerTo = (fragment: string) => {
      const t = TRIVIA.find((q) => q.question.includes(fragment));
      return t?.options[t.answer];
    };
    expect(answerTo("7-inch single play")).toBe("45 RPM");
    expect(answerTo("33⅓ RPM microgroove LP in 1948")).toBe("Columbia Records");
  });

  it("never gives away one question's answer in another question or explanation", () => {
    // Words too common to give anything away on their own.
    const generic = new Set(["records", "rpm", "the", "of", "and"]);
    /** The answer itself and, when it is a short name or figure ("RCA Victor", "45 RPM"), each of its words. */
    const giveaways = (answer: string) => {
      const words = answer.split(/\s+/);
      const isName = words.length <= 3 && words.every((w) => /^[\p{Lu}\d]/u.test(w));
      return [answer, ...(isName ? words.filter((w) => !generic.has(lower(w))) : [])];
    };
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const found: string[] = [];
    TRIVIA.forEach((item, i) => {
      TRIVIA.forEach((other, j) => {
        if (i === j) return;
        const answer = other.options[other.answer]!;
        for (const [where, text] of [
          ["explanation", item.explanation],
          ["question", item.question],
        ] as const) {
          for (const word of giveaways(answer)) {
            if (new RegExp(`(?<![\\p{L}\\d])${escape(word)}(?![\\p{L}\\d])`, "iu").test(text))
              found.push(`${where} ${i + 1} names "${word}", the answer to question ${j + 1}`);
          }
        }
      });
    });
    expect(found).toEqual([]);
  });
});

describe("VINYL_CARE_TIPS", () => {
  it("holds at least 25 tips with at least 5 in every category", () => {
    expect(VINYL_CARE_TIPS.length).toBeGreaterThanOrEqual(25);
    for (const category of CARE_CATEGORIES) {
      expect(VINYL_CARE_TIPS.filter((t) => t.category === category).length, category).toBeGreaterThanOrEqual(5);
    }
    for (const t of VINYL_CARE_TIPS) expect(CARE_CATEGORIES).toContain(t.category);
  });

  it("has unique titles and bodies of 40–90 words", () => {
    expect(new Set(VINYL_CARE_TIPS.map((t) => t.title)).size).toBe(VINYL_CARE_TIPS.length);
    for (const t of VINYL_CARE_TIPS) {
      const n = words(t.body);
      expect(n, t.title).toBeGreaterThanOrEqual(40);
      expect(n, t.title).toBeLessThanOrEqual(90);
    }
  });
});

describe("BLOG_POSTS", () => {
  it("holds at least 12 posts, each tied to an artist in REAL_RECORDS", () => {
    expect(BLOG_POSTS.length).toBeGreaterThanOrEqual(12);
    for (const p of BLOG_POSTS) expect(realArtists, p.slug).toContain(p.artist);
  });

  it("is about one record of its artist in REAL_RECORDS, named in its title", () => {
    for (const p of BLOG_POSTS) {
      expect(
        REAL_RECORDS.some((r) => r.artist === p.artist && r.title === p.record),
        `${p.slug}: ${p.artist} – ${p.record}`,
      ).toBe(true);
      expect(p.title, p.slug).toContain(p.record);
    }
  });

  it("has unique kebab-case slugs and unique titles", () => {
    for (const p of BLOG_POSTS) expect(p.slug).toMatch(KEBAB);
    expect(new Set(BLOG_POSTS.map((p) => p.slug)).size).toBe(BLOG_POSTS.length);
    expect(new Set(BLOG_POSTS.map((p) => p.title)).size).toBe(BLOG_POSTS.length);
  });

  it("has distinct, valid publication dates in 2026 before 2026-11-20", () => {
    for (const p of BLOG_POSTS) {
      expect(p.publishedAt).toMatch(/^2026-\d{2}-\d{2}$/);
      const date = new Date(`${p.publishedAt}T00:00:00Z`);
      expect(Number.isNaN(date.getTime()), p.publishedAt).toBe(false);
      expect(date.toISOString().slice(0, 10), p.slug).toBe(p.publishedAt);
      expect(p.publishedAt < "2026-11-20", p.slug).toBe(true);
    }
    expect(new Set(BLOG_POSTS.map((p) => p.publishedAt)).size).toBe(BLOG_POSTS.length);
  });

  it("has 2–4 distinct lower-case tags per post", () => {
    for (const p of BLOG_POSTS) {
      expect(p.tags.length, p.slug).toBeGreaterThanOrEqual(2);
      expect(p.tags.length, p.slug).toBeLessThanOrEqual(4);
      expect(new Set(p.tags).size, p.slug).toBe(p.tags.length);
      for (const tag of p.tags) expect(tag).toMatch(KEBAB);
    }
  });

  it("has a one-sentence excerpt", () => {
    for (const p of BLOG_POSTS) {
      expect(p.excerpt, p.slug).toMatch(/[.!?]$/);
      expect(p.excerpt.slice(0, -1), p.slug).not.toMatch(/[.!?]\s/);
    }
  });

  it("has a Markdown body of 350–650 words with subheadings and a list", () => {
    for (const p of BLOG_POSTS) {
      const n = words(p.body);
      expect(n, p.slug).toBeGreaterThanOrEqual(350);
      expect(n, p.slug).toBeLessThanOrEqual(650);
      expect(p.body, p.slug).toMatch(/^## \S/m);
      expect(p.body, p.slug).toMatch(/^(?:- |\d+\. )\S/m);
      expect(p.body, p.slug).not.toMatch(/^# /m);
    }
  });
});

describe("writing style", () => {
  it("uses British spelling", () => {
    const american =
      /\b(color|colors|colored|favorite|favorites|center|centers|gray|analog|catalog|catalogs|organize|recognize|recognizable|realize|theater|jewelry|aluminum|mold)\b/i;
    for (const text of prose) expect(text, text.slice(0, 80)).not.toMatch(american);
  });

  it("has no stray whitespace or empty prose", () => {
    for (const text of prose) {
      expect(text.trim().length).toBeGreaterThan(0);
      expect(text, text.slice(0, 80)).not.toMatch(/ {2,}\S|\s+$/);
    }
  });
});
