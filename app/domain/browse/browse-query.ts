/**
 * The /browse query string: one Zod schema that reads it (browse-query-parse.ts; bad values fall back to
 * defaults, never an error) and the helpers here that write it back, so every link, chip and pager on the catalogue pages
 * builds the same canonical URL. Browser-safe and shared by the loaders, the components and the browse
 * service (which is why it imports with relative paths rather than the "~" alias).
 *
 * Parameters (all optional, arrays repeat the name: ?genre=Jazz&genre=Soul):
 *   q        search text                        genre   genre (repeatable)
 *   format   stored format text (repeatable)    label   record label (repeatable)
 *   decade   1950 … 2020 (repeatable)           min/max price in pounds, inclusive
 *   stock    "1": in stock only                 sort    relevance | newest | price-asc | price-desc | artist
 *   condition  new | used (absent: any)        grade   minimum media grade of used copies (M … P)
 *   page     1-based page number
 */
import type { StoredFormat } from "~/domain/catalogue/formats";
import type { Grade } from "~/domain/catalogue/grades";
import { penceToDecimalString } from "~/domain/shared/money";

export const PAGE_SIZE = 24;

export const SORTS = ["relevance", "newest", "price-asc", "price-desc", "artist"] as const;
export type SortKey = (typeof SORTS)[number];

export const SORT_LABELS: Readonly<Record<SortKey, string>> = {
  relevance: "Relevance",
  newest: "Newest",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  artist: "Artist A–Z",
};

/** Decade facet values: the first year of each decade. */
export const DECADES = [1950, 1960, 1970, 1980, 1990, 2000, 2010, 2020] as const;

export const MAX_SEARCH_LENGTH = 100;
export const MAX_VALUES = 30;
export const MAX_PAGE = 10_000;
/** £100,000: far above any record, low enough that pence stay exact integers. */
export const MAX_PRICE_PENCE = 10_000_000;

export interface BrowseFilters {
  /** Trimmed search text with single spaces; "" for none. */
  q: string;
  genres: string[];
  formats: StoredFormat[];
  labels: string[];
  /** First years of the chosen decades, e.g. 1970 for the 1970s. */
  decades: number[];
  minPence: number | null;
  maxPence: number | null;
  inStock: boolean;
  condition: ConditionFilter;
  /** Only used copies whose media grade is this or better; null for no grade filter. */
  minGrade: Grade | null;
}

export const CONDITIONS = ["any", "new", "used"] as const;
export type ConditionFilter = (typeof CONDITIONS)[number];
export const CONDITION_LABELS: Readonly<Record<ConditionFilter, string>> = { any: "Any", new: "New", used: "Used" };

export interface BrowseQuery extends BrowseFilters {
  /** The sort in force: relevance only with search text, otherwise newest unless another was chosen. */
  sort: SortKey;
  page: number;
}

export const NO_FILTERS: BrowseFilters = {
  q: "",
  genres: [],
  formats: [],
  labels: [],
  decades: [],
  minPence: null,
  maxPence: null,
  inStock: false,
  condition: "any",
  minGrade: null,
};

export function defaultSort(q: string): SortKey {
  return q ? "relevance" : "newest";
}

/** "12" for £12.00, "12.50" for £12.50: what a shopper would type. */
export function penceToInput(pence: number | null): string {
  if (pence === null) return "";
  const text = penceToDecimalString(pence);
  return text.endsWith(".00") ? text.slice(0, -3) : text;
}

/** Canonical query string (no leading "?"): fixed parameter order, defaults left out. */
export function toSearchParams(query: BrowseQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  for (const g of query.genres) params.append("genre", g);
  for (const f of query.formats) params.append("format", f);
  for (const l of query.labels) params.append("label", l);
  for (const d of query.decades) params.append("decade", String(d));
  if (query.minPence !== null) params.set("min", penceToInput(query.minPence));
  if (query.maxPence !== null) params.set("max", penceToInput(query.maxPence));
  if (query.inStock) params.set("stock", "1");
  if (query.condition !== "any" && !(query.condition === "used" && query.minGrade)) params.set("condition", query.condition);
  if (query.minGrade) params.set("grade", query.minGrade);
  if (query.sort !== defaultSort(query.q)) params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  return params;
}

/**
 * A link to `path` with the query changed. Any change other than the page itself starts again at
 * page 1, because the old page number means nothing in a different result list.
 */
export function hrefWith(path: string, query: BrowseQuery, change: Partial<BrowseQuery> = {}): string {
  const next: BrowseQuery = { ...query, page: 1, ...change };
  if (!("sort" in change) && query.sort === defaultSort(query.q)) next.sort = defaultSort(next.q);
  if (next.sort === "relevance" && !next.q) next.sort = "newest";
  const search = toSearchParams(next).toString();
  return search ? `${path}?${search}` : path;
}

export function hasFilters(f: BrowseFilters): boolean {
  return (
    f.genres.length + f.formats.length + f.labels.length + f.decades.length > 0 ||
    f.minPence !== null ||
    f.maxPence !== null ||
    f.inStock ||
    f.condition !== "any" ||
    f.minGrade !== null
  );
}

/**
 * The same URL without parameters that have no value (a GET form sends "min=" for an empty box),
 * or null when there are none: the loader redirects so shared links stay short.
 */
export function withoutEmptyParams(url: URL): string | null {
  const params = [...url.searchParams];
  const kept = params.filter(([, value]) => value.trim() !== "");
  if (kept.length === params.length) return null;
  const search = new URLSearchParams(kept).toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}

/** The page's h1 and title. */
export function browseTitle(query: BrowseQuery): string {
  if (query.q) return `Search results for “${query.q}”`;
  if (query.genres.length === 1 && !hasFilters({ ...query, genres: [] })) return `${query.genres[0]} records`;
  return "Browse records";
}

/**
 * Worth a search engine's time: the whole catalogue or one genre, in the default order. Searches and
 * narrower filter combinations are endless variations of those, so they are marked noindex.
 */
export function isIndexable(query: BrowseQuery): boolean {
  return !query.q && query.genres.length <= 1 && !hasFilters({ ...query, genres: [] }) && query.sort === defaultSort("");
}

/** Canonical address: the listing the page narrows (one genre at most), keeping the page when indexable. */
export function canonicalBrowsePath(path: string, query: BrowseQuery): string {
  const genres = query.genres.length === 1 && !query.q ? query.genres : [];
  const page = isIndexable(query) ? query.page : 1;
  return hrefWith(path, { ...query, ...NO_FILTERS, genres, sort: defaultSort(""), page }, { page });
}
