/**
 * Spec §9 genre list, colour pairs and the genre-list threshold. Colours are
 * plain hex so they work with or without Tailwind; every pair has a WCAG
 * contrast ratio of at least 4.5:1 (checked in the tests).
 */

export const GENRES = [
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
] as const;

export type Genre = (typeof GENRES)[number];

export interface ColourPair {
  bg: string;
  text: string;
}

/** Light tint background with a deep text colour of the same hue. */
export const GENRE_PALETTE: readonly ColourPair[] = [
  { bg: "#FEE2E2", text: "#991B1B" }, // 0 red
  { bg: "#FFEDD5", text: "#9A3412" }, // 1 orange
  { bg: "#FEF3C7", text: "#92400E" }, // 2 amber
  { bg: "#ECFCCB", text: "#3F6212" }, // 3 lime
  { bg: "#DCFCE7", text: "#166534" }, // 4 green
  { bg: "#CCFBF1", text: "#115E59" }, // 5 teal
  { bg: "#CFFAFE", text: "#155E75" }, // 6 cyan
  { bg: "#DBEAFE", text: "#1E40AF" }, // 7 blue
  { bg: "#E0E7FF", text: "#3730A3" }, // 8 indigo
  { bg: "#EDE9FE", text: "#5B21B6" }, // 9 violet
  { bg: "#FCE7F3", text: "#9D174D" }, // 10 pink
  { bg: "#E2E8F0", text: "#1E293B" }, // 11 slate
  { bg: "#1F2937", text: "#F9FAFB" }, // 12 charcoal (dark)
];

const at = (index: number): ColourPair => GENRE_PALETTE[index] ?? { bg: "#E2E8F0", text: "#1E293B" };

const GENRE_COLOURS: Readonly<Record<Genre, ColourPair>> = {
  Rock: at(0),
  Pop: at(10),
  Jazz: at(8),
  Soul: at(2),
  Funk: at(1),
  "Hip-Hop": at(12),
  Electronic: at(6),
  Reggae: at(4),
  Blues: at(7),
  Folk: at(3),
  Country: at(2),
  Classical: at(9),
  Punk: at(0),
  Metal: at(12),
  Indie: at(5),
  Ambient: at(6),
  Disco: at(10),
  House: at(9),
  Techno: at(11),
  "R&B": at(8),
  Soundtrack: at(11),
  World: at(4),
};

// Case-insensitive lookup: stored genres are not always capitalised the same way.
const BY_LOWER = new Map<string, ColourPair>(Object.entries(GENRE_COLOURS).map(([genre, pair]) => [genre.toLowerCase(), pair]));

/** Sum of UTF-16 code units — spec §9's rule for picking a colour for an unknown genre. */
function charCodeSum(text: string): number {
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum += text.charCodeAt(i);
  return sum;
}

/**
 * Fixed colours for known genres; an unknown genre gets the palette entry at
 * (sum of its character codes) mod palette length, so it is stable per name.
 */
export function genreColours(genre: string | null | undefined): ColourPair {
  const name = (genre ?? "").trim();
  const known = BY_LOWER.get(name.toLowerCase());
  const pair = known ?? at(charCodeSum(name) % GENRE_PALETTE.length);
  return { ...pair };
}

/** Spec §3/§9: genres with 5 or more records, listed alphabetically. */
export const GENRE_LIST_THRESHOLD = 5;

export function genresWithAtLeast(counts: Readonly<Record<string, number>>, min = GENRE_LIST_THRESHOLD): string[] {
  return Object.entries(counts)
    .filter(([, count]) => Number.isFinite(count) && count >= min)
    .map(([genre]) => genre)
    .sort(compareGenres);
}

/** The one genre order every list uses (/genres, the newsletter's select, profile checkboxes): A–Z, en-GB. */
export function compareGenres(a: string, b: string): number {
  return a.localeCompare(b, "en-GB", { sensitivity: "base" });
}

export function sortGenres<T extends string>(genres: Iterable<T>): T[] {
  return [...genres].sort(compareGenres);
}

/**
 * The asked genres the catalogue does not have (case and surrounding space ignored), in the order asked.
 * A listing for one of them would be an empty page under a made-up heading: the caller answers 404.
 */
export function unknownGenres(asked: readonly string[], known: Iterable<string>): string[] {
  const have = new Set([...known].map((g) => g.trim().toLowerCase()));
  return asked.filter((g) => !have.has(g.trim().toLowerCase()));
}

/**
 * The genre list in the order every picker shows it: A–Z, like /genres. Written out, not sorted when the module
 * loads: every page's footer imports it, and the browser's first Intl call loads its locale data on the main thread
 * while the page hydrates (a test holds it to `sortGenres`).
 */
export const GENRES_A_Z: readonly Genre[] = [
  "Ambient",
  "Blues",
  "Classical",
  "Country",
  "Disco",
  "Electronic",
  "Folk",
  "Funk",
  "Hip-Hop",
  "House",
  "Indie",
  "Jazz",
  "Metal",
  "Pop",
  "Punk",
  "R&B",
  "Reggae",
  "Rock",
  "Soul",
  "Soundtrack",
  "Techno",
  "World",
];
