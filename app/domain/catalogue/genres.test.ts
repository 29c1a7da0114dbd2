import { describe, it, expect } from "vitest";
import {
  GENRE_LIST_THRESHOLD,
  GENRE_PALETTE,
  genreColours,
  GENRES,
  GENRES_A_Z,
  genresWithAtLeast,
  sortGenres,
  unknownGenres,
} from "./genres";

/** WCAG 2.x relative luminance of "#RRGGBB". */
function luminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`bad colour ${hex}`);
  const [r, g, b] = [match[1], match[2], match[3]].map((h) => {
    const c = parseInt(h ?? "", 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe("contrast helper sanity", () => {
  it("matches known WCAG values", () => {
    expect(contrastRatio("#000000", "#FFFFFF")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#FFFFFF")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#FFFFFF", "#FFFFFF")).toBe(1);
  });
});

describe("GENRES", () => {
  it("is exactly the spec list", () => {
    expect(GENRES).toEqual([
      "Rock",
      "Pop",
      "Jazz",
      "Soul",
      "Funk",
      "Hip-Hop",
      "Electronic",
      "Reggae",
      "Blues",
      "Folk",
      "Country",
      "Classical",
      "Punk",
      "Metal",
      "Indie",
      "Ambient",
      "Disco",
      "House",
      "Techno",
      "R&B",
      "Soundtrack",
      "World",
    ]);
  });
});

describe("genreColours (spec §9: genres map to colour pairs)", () => {
  it("every palette pair has contrast of at least 4.5:1", () => {
    for (const pair of GENRE_PALETTE) expect(contrastRatio(pair.bg, pair.text)).toBeGreaterThanOrEqual(4.5);
  });

  it("every known genre has a fixed pair with contrast of at least 4.5:1", () => {
    for (const genre of GENRES) {
      const pair = genreColours(genre);
      expect(pair.bg).toMatch(/^#[0-9A-F]{6}$/i);
      expect(contrastRatio(pair.bg, pair.text)).toBeGreaterThanOrEqual(4.5);
      expect(genreColours(genre)).toEqual(pair);
    }
    expect(genreColours("Rock")).toEqual({ bg: "#FEE2E2", text: "#991B1B" });
    expect(genreColours("Jazz")).toEqual({ bg: "#E0E7FF", text: "#3730A3" });
  });

  it("known genres match case-insensitively and trimmed", () => {
    expect(genreColours(" jazz ")).toEqual(genreColours("Jazz"));
    expect(genreColours("HIP-HOP")).toEqual(genreColours("Hip-Hop"));
  });

  it("an unknown genre gets the pair at (sum of char codes) mod palette length", () => {
    // "Ska": 83 + 107 + 97 = 287; 287 % 13 = 1
    expect(GENRE_PALETTE).toHaveLength(13);
    expect(genreColours("Ska")).toEqual(GENRE_PALETTE[287 % 13]);
    expect(genreColours("Ska")).toEqual({ bg: "#FFEDD5", text: "#9A3412" });
    // Same letters, same sum, same colour — that is the rule.
    expect(genreColours("kSa")).toEqual(genreColours("Ska"));
  });

  it("an empty or missing genre gets the first pair (sum 0)", () => {
    expect(genreColours("")).toEqual(GENRE_PALETTE[0]);
    expect(genreColours(null)).toEqual(GENRE_PALETTE[0]);
  });

  it("returns a copy that callers cannot use to corrupt the palette", () => {
    const pair = genreColours("Rock");
    pair.bg = "#000000";
    expect(genreColours("Rock").bg).toBe("#FEE2E2");
  });
});

describe("genresWithAtLeast (spec: 5 or more records, alphabetical)", () => {
  it("uses a threshold of 5 by default, inclusive", () => {
    expect(GENRE_LIST_THRESHOLD).toBe(5);
    expect(genresWithAtLeast({ Rock: 5, Jazz: 4, Blues: 12, Ambient: 6 })).toEqual(["Ambient", "Blues", "Rock"]);
  });

  it("sorts alphabetically, not by count or insertion", () => {
    expect(genresWithAtLeast({ World: 50, "Hip-Hop": 9, Electronic: 7, "R&B": 5 })).toEqual([
      "Electronic",
      "Hip-Hop",
      "R&B",
      "World",
    ]);
  });

  it("accepts another minimum and ignores nonsense counts", () => {
    expect(genresWithAtLeast({ Rock: 1, Pop: 0, Funk: Number.NaN }, 1)).toEqual(["Rock"]);
    expect(genresWithAtLeast({})).toEqual([]);
  });
});

describe("sortGenres: one A–Z order for every genre list", () => {
  it("sorts alphabetically whatever the case, punctuation kept in place", () => {
    expect(sortGenres(["Rock", "ambient", "R&B", "Hip-Hop", "Jazz", "Electronic"])).toEqual([
      "ambient",
      "Electronic",
      "Hip-Hop",
      "Jazz",
      "R&B",
      "Rock",
    ]);
  });

  it("is the order the genre list uses", () => {
    const counts = Object.fromEntries(GENRES.map((g) => [g, 5]));
    expect(genresWithAtLeast(counts)).toEqual(sortGenres(GENRES));
  });
});

describe("unknownGenres", () => {
  it("names the asked genres the catalogue lacks, case and space ignored", () => {
    expect(unknownGenres(["Nonexistent", "jazz", " Soul ", "Polka"], ["Jazz", "Soul"])).toEqual(["Nonexistent", "Polka"]);
  });

  it("is empty when every asked genre exists or none is asked", () => {
    expect(unknownGenres(["Jazz"], ["Jazz"])).toEqual([]);
    expect(unknownGenres([], [])).toEqual([]);
  });
});

describe("GENRES_A_Z", () => {
  it("is every genre once, A–Z", () => {
    expect([...GENRES_A_Z].sort()).toEqual([...GENRES].sort());
    expect(GENRES_A_Z[0]).toBe("Ambient");
    expect(GENRES_A_Z.at(-1)).toBe("World");
    for (let i = 1; i < GENRES_A_Z.length; i++) expect(GENRES_A_Z[i - 1]!.localeCompare(GENRES_A_Z[i]!, "en-GB")).toBeLessThan(0);
    expect(GENRES_A_Z).toEqual(sortGenres(GENRES));
  });
});
