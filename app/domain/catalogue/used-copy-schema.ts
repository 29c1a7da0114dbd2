/** The back office's form for a used copy: one schema for the form, its action, the service and tRPC. */
import { z } from "~/domain/shared/zod";
import { poundsTextToPence } from "~/domain/catalogue/record-fields";
import { GRADES, MAX_CONDITION_NOTE, readGrade } from "./grades";
import { SLEEVE_KINDS } from "~/domain/discogs/discogs-grades";
import { VAT_SCHEMES } from "~/domain/vat/vat-schemes";

export const PICK_A_GRADE = "Pick a grade.";
export const BAD_COPY_PRICE = "Enter a price in pounds, such as 12.50.";
export const COPY_PRICE_RANGE = "The price must be between £0.01 and £9,999.99.";

export const BAD_PURCHASE_PRICE = "Enter what the shop paid in pounds, such as 4.00.";
export const BAD_PURCHASE_DATE = "Enter the date it was bought, such as 2026-11-28.";
export const BAD_RELEASE_ID = "A Discogs release id is a whole number, such as 249504.";

/** "" and absent are the same for optional text fields; anything else is trimmed. */
const blankToUndefined = (v: unknown) => (typeof v === "string" ? (v.trim() === "" ? undefined : v.trim()) : v);
const optionalText = (max: number, message: string) => z.preprocess(blankToUndefined, z.string().max(max, message).optional());

const gradeField = z.preprocess((v) => readGrade(v) ?? v, z.enum(GRADES, { error: PICK_A_GRADE }));

export const usedCopySchema = z.object({
  price: z.preprocess(
    (v) => (v === null || v === undefined ? "" : v),
    z.union([z.string(), z.number()], { error: BAD_COPY_PRICE }).transform((v, ctx) => {
      const pence = typeof v === "string" && v.length > 20 ? null : poundsTextToPence(v);
      if (pence === null) {
        ctx.addIssue({ code: "custom", message: BAD_COPY_PRICE });
        return z.NEVER;
      }
      if (pence < 1 || pence > 999_999) {
        ctx.addIssue({ code: "custom", message: COPY_PRICE_RANGE });
        return z.NEVER;
      }
      return pence;
    }),
  ),
  mediaGrade: gradeField,
  sleeveGrade: gradeField,
  note: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : v.trim()) : v),
    z.string().max(MAX_CONDITION_NOTE, `Keep the note under ${MAX_CONDITION_NOTE} characters.`).optional(),
  ),
  /** A sleeve with no grade of its own (the sleeve grade is then stored as "P"). */
  sleeveKind: z.preprocess(blankToUndefined, z.enum(SLEEVE_KINDS).optional()),
  discogsReleaseId: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: BAD_RELEASE_ID })
      .int(BAD_RELEASE_ID)
      .min(1, BAD_RELEASE_ID)
      .max(2_000_000_000, BAD_RELEASE_ID)
      .optional(),
  ),
  shelfLocation: optionalText(60, "Keep the shelf location under 60 characters."),
  vatScheme: z.preprocess(blankToUndefined, z.enum(VAT_SCHEMES).optional()),
  /** What the shop paid, in pence; 0 is allowed (a copy given free with a collection). */
  // Pounds read into pence before the check, so the field stays optional as the form sees it (no `required`
  // without JavaScript); what cannot be read stays text and fails the number check with the message.
  purchasePrice: z.preprocess(
    (v) => {
      const given = blankToUndefined(v);
      if (given === undefined || (typeof given === "string" && given.length > 20)) return given;
      return typeof given === "string" || typeof given === "number" ? (poundsTextToPence(given) ?? given) : given;
    },
    z
      .number({ error: BAD_PURCHASE_PRICE })
      .int(BAD_PURCHASE_PRICE)
      .min(0, BAD_PURCHASE_PRICE)
      .max(999_999, BAD_PURCHASE_PRICE)
      .optional(),
  ),
  purchasedAt: z.preprocess(blankToUndefined, z.iso.date({ error: BAD_PURCHASE_DATE }).optional()),
  purchasedFrom: optionalText(200, "Keep the seller's name under 200 characters."),
});
export type UsedCopyInput = z.output<typeof usedCopySchema>;
