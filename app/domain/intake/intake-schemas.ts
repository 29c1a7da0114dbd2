/**
 * Intake's two forms, one schema each: the lookup (a GET: the code, and which match was picked) and the copy it
 * publishes (a POST). The copy's grades, note and shelf location are the used copy form's own field rules.
 */
import { z } from "~/domain/shared/zod";
import { readStoredFormat, type StoredFormat } from "~/domain/catalogue/formats";
import { FIELD_LIMITS } from "~/domain/catalogue/record-fields";
import { BAD_COPY_PRICE, COPY_PRICE_RANGE, usedCopySchema } from "~/domain/catalogue/used-copy-schema";
import { poundsTextToPence } from "~/domain/catalogue/record-fields";
import { MAX_CODE_LENGTH, readCode } from "./barcode";

export const INTAKE_PATH = "/admin/intake";
export const PICK_A_PRESSING = "Pick the pressing this copy is.";
export const BAD_BARCODE = "The barcode kept with this copy is not a valid EAN-13, UPC-A or EAN-8.";

/** "own:12" (the shop's record 12) or "discogs:249504" (a release on Discogs). */
export type PressingPick = { kind: "own"; id: number } | { kind: "discogs"; id: number };

export function readPick(value: unknown): PressingPick | null {
  const m = typeof value === "string" ? /^(own|discogs):(\d{1,10})$/.exec(value) : null;
  if (!m) return null;
  const id = Number(m[2]);
  return id >= 1 && id <= 2_000_000_000 ? { kind: m[1] as PressingPick["kind"], id } : null;
}

export const pickValue = (p: PressingPick) => `${p.kind}:${p.id}`;

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const text = (max: number) => z.preprocess(blank, z.string().trim().max(max).optional());

/**
 * The copy's price, or blank for the suggested one. Read into pence by the used copy form's own rule before the
 * check, so the browser sees an optional field (no `required` without JavaScript); what the rule refuses stays as
 * typed and fails with its message.
 */
const typedOrSuggestedPrice = z.preprocess(
  (v) => {
    const given = blank(v);
    if (given === undefined) return undefined;
    const read = usedCopySchema.shape.price.safeParse(given);
    return read.success ? read.data : given;
  },
  z
    .number({
      // Money that is out of the range says so; anything else is not a price at all.
      error: ({ input }) =>
        (typeof input === "string" || typeof input === "number") && poundsTextToPence(input) !== null
          ? COPY_PRICE_RANGE
          : BAD_COPY_PRICE,
    })
    .optional(),
);

/** A barcode carried along (digits only), or nothing: anything else is refused. */
const carriedBarcode = z.preprocess(
  blank,
  z
    .string()
    .max(MAX_CODE_LENGTH, BAD_BARCODE)
    .transform((v, ctx) => {
      const read = readCode(v);
      if (read.kind !== "barcode") {
        ctx.addIssue({ code: "custom", message: BAD_BARCODE });
        return z.NEVER;
      }
      return read.digits;
    })
    .optional(),
);

/** The lookup's query string: what was typed, the barcode carried from an earlier lookup, the pressing picked. */
export const intakeLookupSchema = z.object({
  code: z.preprocess((v) => (typeof v === "string" ? v : ""), z.string()),
  barcode: carriedBarcode.catch(undefined),
  pick: z.preprocess((v) => readPick(v) ?? undefined, z.custom<PressingPick>().optional()),
});
export type IntakeLookupQuery = z.output<typeof intakeLookupSchema>;

/** A Discogs release as the publish form carries it, to make the shop's pressing from. */
export interface ReleaseFields {
  id: number;
  title: string;
  artist: string;
  label: string | null;
  catalogNumber: string | null;
  format: StoredFormat | null;
  year: number | null;
}

const releaseYear = z.preprocess(blank, z.coerce.number().int().min(1880).max(2100).optional().catch(undefined));

/** The copy to publish, with the pressing it is a copy of (the shop's own, or a Discogs release to make one from). */
export const intakeCopySchema = z
  .object({
    pressing: z.preprocess(
      (v) => readPick(v) ?? undefined,
      z.custom<PressingPick>((v) => v !== undefined, PICK_A_PRESSING),
    ),
    barcode: carriedBarcode,
    releaseTitle: text(FIELD_LIMITS.title),
    releaseArtist: text(FIELD_LIMITS.artist),
    releaseLabel: text(FIELD_LIMITS.label),
    releaseCatalogNumber: text(FIELD_LIMITS.catalogNumber),
    releaseFormat: text(200),
    releaseYear,
    mediaGrade: usedCopySchema.shape.mediaGrade,
    sleeveGrade: usedCopySchema.shape.sleeveGrade,
    sleeveKind: usedCopySchema.shape.sleeveKind,
    /** Empty: the suggested price for the media grade. */
    price: typedOrSuggestedPrice,
    note: usedCopySchema.shape.note,
    shelfLocation: usedCopySchema.shape.shelfLocation,
    // How the copy was bought: a margin-scheme copy needs its price paid before it can go on sale.
    vatScheme: usedCopySchema.shape.vatScheme,
    purchasePrice: usedCopySchema.shape.purchasePrice,
    purchasedAt: usedCopySchema.shape.purchasedAt,
    purchasedFrom: usedCopySchema.shape.purchasedFrom,
  })
  .superRefine((v, ctx) => {
    if (v.pressing?.kind === "discogs" && (!v.releaseTitle || !v.releaseArtist))
      ctx.addIssue({
        code: "custom",
        path: ["pressing"],
        message: "The Discogs release came without a title or artist: look it up again.",
      });
  })
  .transform(({ pressing, barcode, mediaGrade, sleeveGrade, sleeveKind, price, note, shelfLocation, ...r }) => ({
    bought: {
      vatScheme: r.vatScheme,
      purchasePrice: r.purchasePrice,
      purchasedAt: r.purchasedAt,
      purchasedFrom: r.purchasedFrom,
    },
    pressing:
      pressing.kind === "own"
        ? ({ kind: "own", id: pressing.id } as const)
        : ({
            kind: "discogs",
            release: {
              id: pressing.id,
              title: r.releaseTitle!,
              artist: r.releaseArtist!,
              label: r.releaseLabel ?? null,
              catalogNumber: r.releaseCatalogNumber ?? null,
              format: r.releaseFormat ? readStoredFormat(r.releaseFormat) : null,
              year: r.releaseYear ?? null,
            } satisfies ReleaseFields,
          } as const),
    barcode: barcode ?? null,
    copy: { mediaGrade, sleeveGrade, sleeveKind, price, note, shelfLocation },
  }));
export type IntakeCopy = z.output<typeof intakeCopySchema>;

/** Which copies' shelf labels to print, and on what: a 6 × 4 inch label each, or A4 sheets of them. */
export const LABEL_PAPERS = ["label", "a4"] as const;
export const MAX_LABELS = 120;
export const labelsQuerySchema = z.object({
  paper: z.enum(LABEL_PAPERS).catch("label"),
  copies: z.preprocess(
    (v) => (typeof v === "string" ? v.split(",").filter((s) => s.trim() !== "") : []),
    z.array(z.coerce.number().int().min(1).max(2_000_000_000), { error: "Name the copies by number." }).max(MAX_LABELS),
  ),
  today: z.preprocess((v) => v === "1", z.boolean()),
});
