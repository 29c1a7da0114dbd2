/**
 * The editable fields of a record (spec §3) and the one schema that checks them, for the back office's form,
 * its actions, its tRPC procedures and every row of a CSV import. Prices are typed in pounds by a person and
 * become integer pence; dates are real YYYY-MM-DD calendar dates; every text has a bounded length.
 * Stock is not edited here: it moves through the stock ledger (a new record's opening stock is a delivery).
 */
import { isIsoDate } from "~/domain/shared/dates";
import { z } from "~/domain/shared/zod";
import { FORMATS, readStoredFormat } from "./formats";

export const RECORD_CONDITIONS = ["new", "used"] as const;
export type RecordCondition = (typeof RECORD_CONDITIONS)[number];

/** A record's preview length when none is given (the generated previews are this long). */
export const DEFAULT_PREVIEW_SECONDS = 8;
export const MAX_PRICE_PENCE = 999_999;
export const MAX_OPENING_STOCK = 10_000;

export const FIELD_LIMITS = {
  title: 200,
  artist: 200,
  genre: 60,
  label: 120,
  catalogNumber: 40,
  description: 5000,
} as const;

// "12", "12.5", "12.50", "£1,299.00": pounds with at most two decimals.
const POUNDS = /^\d{1,3}(?:,?\d{3})*(?:\.\d{1,2})?$|^\.\d{1,2}$/;

/** Pounds typed by a person ("£12.99", "12", "1,299.5") → whole pence; null when it is not a price. */
export function poundsTextToPence(value: string | number): number | null {
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < 0) return null;
    const pence = Math.round(value * 100);
    return Math.abs(pence - value * 100) < 1e-6 ? pence : null;
  }
  const text = value.trim().replace(/^£\s*/, "");
  if (!POUNDS.test(text)) return null;
  const [whole = "0", fraction = ""] = text.replaceAll(",", "").split(".");
  return Number(whole || "0") * 100 + Number(fraction.padEnd(2, "0") || "0");
}

/** "3:45" or "225" → seconds; null when it is neither. */
export function durationTextToSeconds(value: string | number): number | null {
  if (typeof value === "number") return Number.isInteger(value) ? value : null;
  const text = value.trim();
  if (/^\d{1,5}$/.test(text)) return Number(text);
  const m = /^(\d{1,3}):([0-5]\d)$/.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/**
 * A stored format from what a person or another shop typed: an exact stored text (any case), or a common
 * spelling ("LP", '7"', "2LP", "LP x2", "Double LP", "LP, Album"). Null when it names no vinyl format.
 */
export const normaliseFormat = readStoredFormat;

/** What forms and CSV cells send: text, where empty means "not given". */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .optional()
      .transform((v) => v || null),
  );
const requiredText = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    z
      .string({ error: `Enter the ${label.toLowerCase()}` })
      .trim()
      .min(1, `Enter the ${label.toLowerCase()}`)
      .max(max, `${label} must be at most ${max} characters`),
  );
const isoDate = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine(isIsoDate, `${label} must be a real date written YYYY-MM-DD, such as 2026-03-14`)
      .optional()
      .transform((v) => v ?? null),
  );
/** Checkboxes send "on" when ticked and nothing when not; CSV cells say yes/no, true/false, 1/0. */
export const flag = z.preprocess(
  (v) => {
    if (typeof v === "boolean") return v;
    if (v === undefined || v === null) return false;
    const t = String(v).trim().toLowerCase();
    if (["on", "true", "yes", "y", "1"].includes(t)) return true;
    if (["", "off", "false", "no", "n", "0"].includes(t)) return false;
    return v;
  },
  z.boolean({ error: "Answer yes or no" }),
);

const price = z.union([z.string(), z.number()], { error: "Enter the price in pounds, such as 12.99" }).transform((v, ctx) => {
  const pence = poundsTextToPence(v);
  if (pence === null) {
    ctx.addIssue({ code: "custom", message: "Enter the price in pounds, such as 12.99" });
    return z.NEVER;
  }
  if (pence < 1 || pence > MAX_PRICE_PENCE) {
    ctx.addIssue({ code: "custom", message: "The price must be between £0.01 and £9,999.99" });
    return z.NEVER;
  }
  return pence;
});

const duration = z.preprocess(
  (v) => blankToUndefined(v) ?? DEFAULT_PREVIEW_SECONDS,
  z.union([z.string(), z.number()]).transform((v, ctx) => {
    const seconds = durationTextToSeconds(v);
    if (seconds === null || seconds < 1 || seconds > 7200) {
      ctx.addIssue({ code: "custom", message: "The preview length must be whole seconds (1–7200) or minutes:seconds" });
      return z.NEVER;
    }
    return seconds;
  }),
);

const format = z.preprocess(
  blankToUndefined,
  z
    .string()
    .max(60, "Format must be at most 60 characters")
    .transform((v, ctx) => {
      const stored = normaliseFormat(v);
      if (!stored) {
        ctx.addIssue({ code: "custom", message: `Format must be one of: ${FORMATS.join(", ")}` });
        return z.NEVER;
      }
      return stored;
    })
    .optional()
    .transform((v) => v ?? null),
);

const year = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: "Year must be a whole number, such as 1972" })
    .int("Year must be a whole number, such as 1972")
    .min(1880, "Year must be between 1880 and 2100")
    .max(2100, "Year must be between 1880 and 2100")
    .optional()
    .transform((v) => v ?? null),
);

const rating = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: "Rating must be a number from 0 to 5" })
    .min(0, "Rating must be a number from 0 to 5")
    .max(5, "Rating must be a number from 0 to 5")
    .refine((v) => Math.round(v * 10) === v * 10, "Rating has at most one decimal, such as 4.5")
    .optional()
    .transform((v) => v ?? null),
);

export const BAD_DISCOGS_RELEASE_ID = "A Discogs release id is a whole number, such as 249504";

/** The release on Discogs this pressing is (discogs.com/release/<id>): what Discogs's upload and API list it by. */
const discogsReleaseId = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : v.trim()) : v),
  z
    .union([z.string().regex(/^\d{1,10}$/, BAD_DISCOGS_RELEASE_ID), z.number()], { error: BAD_DISCOGS_RELEASE_ID })
    .transform(Number)
    .pipe(z.number().int(BAD_DISCOGS_RELEASE_ID).min(1, BAD_DISCOGS_RELEASE_ID).max(2_000_000_000, BAD_DISCOGS_RELEASE_ID))
    .optional()
    .transform((v) => v ?? null),
);

const condition = z.preprocess(
  (v) => (blankToUndefined(v) === undefined ? "new" : String(v).trim().toLowerCase()),
  z.enum(RECORD_CONDITIONS, { error: "Condition must be new or used" }),
);

const recordFieldsObject = z.object({
  title: requiredText("Title", FIELD_LIMITS.title),
  artist: requiredText("Artist", FIELD_LIMITS.artist),
  genre: optionalText("Genre", FIELD_LIMITS.genre),
  price,
  description: optionalText("Description", FIELD_LIMITS.description),
  label: optionalText("Label", FIELD_LIMITS.label),
  format,
  catalogNumber: optionalText("Catalogue number", FIELD_LIMITS.catalogNumber),
  releaseDate: isoDate("Release date"),
  physicalReleaseDate: isoDate("Physical release date"),
  year,
  condition: condition.default("new"),
  duration: duration.default(DEFAULT_PREVIEW_SECONDS),
  rating,
  isNewRelease: flag.default(false),
  bestSeller: flag.default(false),
  discogsReleaseId,
});

/** A physical release never comes before the release itself. */
function releaseOrder(v: { releaseDate: string | null; physicalReleaseDate: string | null }, ctx: z.RefinementCtx) {
  if (v.releaseDate && v.physicalReleaseDate && v.physicalReleaseDate < v.releaseDate)
    ctx.addIssue({
      code: "custom",
      path: ["physicalReleaseDate"],
      message: "The physical release cannot come before the release date",
    });
}

/** The fields an admin edits on a record: the record page's form, the API and the CSV import. */
export const recordFieldsSchema = recordFieldsObject.superRefine(releaseOrder);

const openingStock = z.preprocess(
  (v) => blankToUndefined(v) ?? 0,
  z.coerce
    .number({ error: "Opening stock must be a whole number" })
    .int("Opening stock must be a whole number")
    .min(0, "Opening stock cannot be negative")
    .max(MAX_OPENING_STOCK, `Opening stock must be at most ${MAX_OPENING_STOCK}`),
);

/** A new record: its fields, the units on hand (written to the ledger as a delivery) and whether it shows. */
export const newRecordSchema = z.object({
  fields: recordFieldsSchema,
  openingStock: openingStock.default(0),
  published: flag.default(true),
});

/** The editable fields as stored (prices in pence, dates as YYYY-MM-DD, null for "not given"). */
export type RecordFields = z.output<typeof recordFieldsSchema>;
export type RecordFieldsInput = z.input<typeof recordFieldsSchema>;
export type NewRecord = z.output<typeof newRecordSchema>;

/**
 * The "Add a record" form: the record's fields beside its opening stock and whether it shows, read into a NewRecord.
 * An unticked box sends nothing: here that means "not published".
 */
export const newRecordFormSchema = recordFieldsObject
  .extend({ openingStock: openingStock.default(0), published: flag.default(false) })
  .superRefine(releaseOrder)
  .transform(({ openingStock, published, ...fields }): NewRecord => ({ fields, openingStock, published }));

/** Publishing or unpublishing a record takes nothing but the record, which is the page's. */
export const publishRecordSchema = z.object({});

export const RECORD_FIELD_NAMES = [
  "title",
  "artist",
  "genre",
  "price",
  "description",
  "label",
  "format",
  "catalogNumber",
  "releaseDate",
  "physicalReleaseDate",
  "year",
  "condition",
  "duration",
  "rating",
  "isNewRelease",
  "bestSeller",
  "discogsReleaseId",
] as const satisfies readonly (keyof RecordFields)[];
export type RecordFieldName = (typeof RECORD_FIELD_NAMES)[number];

/** Human names for fields, for the import preview and the audit log. */
export const FIELD_LABELS: Record<RecordFieldName, string> = {
  title: "Title",
  artist: "Artist",
  genre: "Genre",
  price: "Price",
  description: "Description",
  label: "Label",
  format: "Format",
  catalogNumber: "Catalogue number",
  releaseDate: "Release date",
  physicalReleaseDate: "Physical release date",
  year: "Year",
  condition: "Condition",
  duration: "Preview length",
  rating: "Rating",
  isNewRelease: "New release",
  bestSeller: "Best seller",
  discogsReleaseId: "Discogs release id",
};

/** The fields as a form or CSV shows them: text, prices back in pounds. */
export function fieldsToText(f: RecordFields): Record<RecordFieldName, string> {
  return {
    title: f.title,
    artist: f.artist,
    genre: f.genre ?? "",
    price: (f.price / 100).toFixed(2),
    description: f.description ?? "",
    label: f.label ?? "",
    format: f.format ?? "",
    catalogNumber: f.catalogNumber ?? "",
    releaseDate: f.releaseDate ?? "",
    physicalReleaseDate: f.physicalReleaseDate ?? "",
    year: f.year === null ? "" : String(f.year),
    condition: f.condition,
    duration: String(f.duration),
    rating: f.rating === null ? "" : String(f.rating),
    isNewRelease: f.isNewRelease ? "yes" : "no",
    bestSeller: f.bestSeller ? "yes" : "no",
    discogsReleaseId: f.discogsReleaseId === null ? "" : String(f.discogsReleaseId),
  };
}

/** The fields whose values differ between a stored record and new input, in the schema's order. */
export function changedRecordFields(before: RecordFields, after: Partial<RecordFields>): RecordFieldName[] {
  return RECORD_FIELD_NAMES.filter((k) => k in after && after[k] !== undefined && after[k] !== before[k]);
}

export { FORMATS };
