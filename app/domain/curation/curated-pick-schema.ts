/** The back office's forms for curated lists: one schema each for the form, its action, the service and tRPC. */
import { z } from "~/domain/shared/zod";
import { CURATED_LISTS, MAX_PICK_NOTE, readRecordRef } from "./curated-lists";

export const NAME_A_RECORD = "Enter a record's id (such as 123) or catalogue number (such as BLP 1577).";

export const curatedPickSchema = z.object({
  list: z.enum(CURATED_LISTS, { error: "Pick a list." }),
  record: z.string({ error: NAME_A_RECORD }).transform((v, ctx) => {
    const ref = readRecordRef(v);
    if (!ref) {
      ctx.addIssue({ code: "custom", message: NAME_A_RECORD });
      return z.NEVER;
    }
    return ref;
  }),
  note: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : v.trim()) : v),
    z.string().max(MAX_PICK_NOTE, `Keep the note under ${MAX_PICK_NOTE} characters.`).optional(),
  ),
});
export type CuratedPickInput = z.output<typeof curatedPickSchema>;

export const movePickSchema = z.object({
  pickId: z.coerce.number().int().positive(),
  direction: z.enum(["up", "down"], { error: "Move up or down." }),
});

export const removePickSchema = z.object({ pickId: z.coerce.number().int().positive() });
