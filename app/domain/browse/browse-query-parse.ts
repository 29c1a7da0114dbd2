/**
 * Reads the /browse query string (browse-query.ts lists its parameters). Apart from the writing helpers, so the
 * pages' components can build links without loading zod: only loaders and services read a query.
 */
import { z } from "~/domain/shared/zod";
import { FORMATS, type StoredFormat } from "~/domain/catalogue/formats";
import { GENRES } from "~/domain/catalogue/genres";
import { readGrade } from "~/domain/catalogue/grades";
import { poundsToPence } from "~/domain/shared/money";
import {
  CONDITIONS,
  DECADES,
  defaultSort,
  MAX_PAGE,
  MAX_PRICE_PENCE,
  MAX_SEARCH_LENGTH,
  MAX_VALUES,
  SORTS,
  type BrowseQuery,
} from "./browse-query";

const unique = <T>(values: T[]): T[] => [...new Set(values)].slice(0, MAX_VALUES);

const GENRE_BY_LOWER = new Map<string, string>(GENRES.map((g) => [g.toLowerCase(), g]));
const FORMAT_BY_LOWER = new Map<string, StoredFormat>(FORMATS.map((f) => [f.toLowerCase(), f]));

/** Each value is kept or dropped on its own: one bad genre must not throw away the others. */
function listOf<T>(read: (value: string) => T | null) {
  return z
    .array(z.string())
    .transform((values) => unique(values.map((v) => read(v.trim())).filter((v): v is T => v !== null)))
    .catch([]);
}

const freeText = (max: number) => (v: string) => (v.length > 0 && v.length <= max ? v : null);

/** Pounds as typed ("12", "12.5", "£12.50") → pence; anything else → null (no bound). */
const price = z
  .string()
  .transform((v) => {
    const text = v.replace(/£/g, "").trim();
    if (!/^\d{1,7}(?:\.\d{0,2})?$/.test(text)) return null;
    const pence = poundsToPence(Number(text));
    return pence <= MAX_PRICE_PENCE ? pence : null;
  })
  .nullable()
  .catch(null);

const schema = z.object({
  q: z
    .string()
    .transform((v) => v.replace(/\s+/g, " ").trim().slice(0, MAX_SEARCH_LENGTH).trim())
    .catch(""),
  genre: listOf((v) => GENRE_BY_LOWER.get(v.toLowerCase()) ?? freeText(60)(v)),
  format: listOf((v) => FORMAT_BY_LOWER.get(v.toLowerCase()) ?? null),
  label: listOf(freeText(120)),
  decade: listOf((v) => {
    const year = Number(v.replace(/s$/i, ""));
    return (DECADES as readonly number[]).includes(year) ? year : null;
  }),
  min: price,
  max: price,
  stock: z
    .string()
    .transform((v) => ["1", "true", "on", "yes"].includes(v.toLowerCase()))
    .catch(false),
  condition: z.enum(CONDITIONS).catch("any"),
  grade: z
    .string()
    .transform((v) => readGrade(v))
    .nullable()
    .catch(null),
  sort: z.enum(SORTS).nullable().catch(null),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1),
});

/** Reads a query string; never throws. */
export function parseBrowseQuery(params: URLSearchParams): BrowseQuery {
  const raw = schema.parse({
    q: params.get("q") ?? "",
    genre: params.getAll("genre"),
    format: params.getAll("format"),
    label: params.getAll("label"),
    decade: params.getAll("decade"),
    min: params.get("min"),
    max: params.get("max"),
    stock: params.get("stock") ?? "",
    condition: params.get("condition")?.toLowerCase() ?? "any",
    grade: params.get("grade"),
    sort: params.get("sort"),
    page: params.get("page") ?? undefined,
  });
  // A reversed range is read the way it was surely meant.
  const [minPence, maxPence] =
    raw.min !== null && raw.max !== null && raw.min > raw.max ? [raw.max, raw.min] : [raw.min, raw.max];
  const sort = raw.sort === null || (raw.sort === "relevance" && !raw.q) ? defaultSort(raw.q) : raw.sort;
  return {
    q: raw.q,
    genres: raw.genre,
    formats: raw.format,
    labels: raw.label,
    decades: raw.decade,
    minPence,
    maxPence,
    inStock: raw.stock,
    // A grade is only ever a used copy's: asking for one asks for used copies.
    condition: raw.grade ? "used" : raw.condition,
    minGrade: raw.grade,
    sort,
    page: raw.page,
  };
}
