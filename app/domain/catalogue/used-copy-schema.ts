/** The back office's form for a used copy: one schema for the form, its action, the service and tRPC. */
import { z } from "~/domain/shared/zod";
import { poundsTextToPence } from "~/domain/catalogue/record-fields";
import { GRADES, MAX_CONDITION_NOTE, readGrade } from "./grades";

export const PICK_A_GRADE = "Pick a grade.";
export const BAD_COPY_PRICE = "Enter a price in pounds, such as 12.50.";
export const COPY_PRICE_RANGE = "The price must be between £0.01 and £9,999.99.";

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
});
export type UsedCopyInput = z.output<typeof usedCopySchema>;
