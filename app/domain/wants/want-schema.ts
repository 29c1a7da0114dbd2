/**
 * A shopper's "Want" for a record: which alerts they want (back in stock, released, price below £X) and where
 * to send them. One schema for the record page's form, the profile's edit form, the service and tRPC.
 */
import { readGrade, GRADES } from "~/domain/catalogue/grades";
import { poundsTextToPence } from "~/domain/catalogue/record-fields";
import { newsletterEmailSchema } from "~/domain/newsletter/newsletter-schema";
import { mailedLinkSchema } from "~/domain/shared/mailed-link";
import { z } from "~/domain/shared/zod";

export const PICK_A_CONDITION = "Pick at least one alert.";
export const BAD_PRICE = "Enter a price in pounds, such as 12.50.";
export const PRICE_RANGE = "The price must be between £0.01 and £9,999.99.";
export const NEED_EMAIL = "Enter your email address.";
export const WANT_MAX_PRICE_PENCE = 999_999;

/** Checkbox values: "on" (a form), true (JSON); absent or "" is false. */
const checkbox = z.preprocess((v) => v === true || v === "on" || v === "true" || v === "1", z.boolean());

/** "£12.50", "12.5", "12": pence; blank is no price condition. */
const priceBelow = z.preprocess(
  (v) => (v === "" || v === null || v === undefined ? undefined : v),
  z
    .union([z.string(), z.number()], { error: BAD_PRICE })
    .transform((v, ctx) => {
      const pence = typeof v === "string" && v.length > 20 ? null : poundsTextToPence(v);
      if (pence === null) {
        ctx.addIssue({ code: "custom", message: BAD_PRICE });
        return z.NEVER;
      }
      if (pence < 1 || pence > WANT_MAX_PRICE_PENCE) {
        ctx.addIssue({ code: "custom", message: PRICE_RANGE });
        return z.NEVER;
      }
      return pence;
    })
    .optional(),
);

const optionalEmail = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  newsletterEmailSchema.optional(),
);

export const wantSchema = z
  .object({
    recordId: z.coerce.number({ error: "Pick a record." }).int("Pick a record.").positive("Pick a record."),
    /** Guests give an address; a signed-in customer's own address is used instead. */
    email: optionalEmail,
    backInStock: checkbox,
    onRelease: checkbox,
    /** Pence. */
    priceBelow,
    /** Alert when a used copy graded this or better (media) is listed; blank for no used-copy alert. */
    minGrade: z.preprocess(
      (v) => (v === "" || v === null || v === undefined ? undefined : (readGrade(v) ?? v)),
      z.enum(GRADES, { error: "Pick a grade." }).optional(),
    ),
  })
  .refine((v) => v.backInStock || v.onRelease || v.priceBelow !== undefined || v.minGrade !== undefined, {
    message: PICK_A_CONDITION,
    path: ["_"],
  });

export type WantInput = z.output<typeof wantSchema>;

export const wantRemoveSchema = z.object({
  recordId: z.coerce.number({ error: "Pick a record." }).int("Pick a record.").positive("Pick a record."),
});

export type WantRemove = z.output<typeof wantRemoveSchema>;

/** The want a record alert's stop link names (`want=<id>`); null for none, or one that cannot be a want. */
export const wantInLinkSchema = z
  .string()
  .regex(/^\d{1,12}$/)
  .transform(Number)
  .nullable()
  .catch(null);

/** A stop link's button: this record's alerts (`one`) or every alert to the address (`all`). */
export const wantStopSchema = mailedLinkSchema.extend({
  scope: z.enum(["one", "all"]).optional().catch(undefined),
  want: wantInLinkSchema.optional(),
});

/** The alert kinds; each fires once per arming of a want. */
export type WantEvent = "back-in-stock" | "released" | "price-below" | "used-copy";

/** Whether a price change crosses below a want's threshold (from at or above it to under it). */
export function crossesBelow(before: number, after: number, threshold: number): boolean {
  return before >= threshold && after < threshold;
}

/** Whether a stock change is a restock: from none on the shelf to some. */
export function isRestock(before: number, after: number): boolean {
  return before <= 0 && after > 0;
}

export const WANT_CONDITION_LABELS = {
  backInStock: "Back in stock",
  onRelease: "Released",
  priceBelow: "Price below",
  minGrade: "Used copy graded at least",
} as const;
