/** The campaign forms' rules: one schema each for the form, its action, the service, tRPC and the tests. */
import { GENRES } from "~/domain/catalogue/genres";
import { readRecordRef, type RecordRef } from "~/domain/curation/curated-lists";
import { newsletterEmailSchema } from "~/domain/newsletter/newsletter-schema";
import { z } from "~/domain/shared/zod";
import { MAX_BODY, MAX_FEATURED, MAX_SUBJECT, SEGMENTS, segmentNeedsGenre } from "./campaign-rules";

export const NAME_FEATURED = `List up to ${MAX_FEATURED} records by id (such as 123) or catalogue number (such as BLP 1577), separated by commas.`;
export const PICK_GENRE = "Pick the genre this segment is about.";

const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : v);

/** "123, BLP 1577" (commas or new lines) → record references, each named once. */
export function readFeaturedRefs(text: string): RecordRef[] | null {
  const parts = text
    .split(/[,\n]/)
    .map((p) => p.trim())
    .filter((p) => p !== "");
  const refs: RecordRef[] = [];
  const seen = new Set<string>();
  for (const part of parts) {
    const ref = readRecordRef(part);
    if (!ref) return null;
    const key = "id" in ref ? `#${ref.id}` : ref.catalogNumber.toUpperCase();
    if (!seen.has(key)) refs.push(ref);
    seen.add(key);
  }
  return refs;
}

export const campaignSchema = z
  .object({
    subject: z.preprocess(
      trimmed,
      z
        .string({ error: "Give the campaign a subject." })
        .min(1, "Give the campaign a subject.")
        .max(MAX_SUBJECT, `Keep the subject under ${MAX_SUBJECT} characters.`),
    ),
    body: z.preprocess(
      (v) => (typeof v === "string" ? v.replace(/\r\n/g, "\n").trim() : v),
      z
        .string({ error: "Write the campaign's text." })
        .min(1, "Write the campaign's text.")
        .max(MAX_BODY, `Keep the text under ${MAX_BODY.toLocaleString("en-GB")} characters.`),
    ),
    featured: z
      .string({ error: NAME_FEATURED })
      .max(1000, NAME_FEATURED)
      .optional()
      // Absent (the back office's form, which adds them from a search) keeps the draft's; "" names none.
      .transform((v, ctx) => {
        if (v === undefined) return undefined;
        const refs = readFeaturedRefs(v);
        if (!refs || refs.length > MAX_FEATURED) {
          ctx.addIssue({ code: "custom", message: NAME_FEATURED });
          return z.NEVER;
        }
        return refs;
      }),
    segment: z.enum(SEGMENTS, { error: "Pick who receives it." }),
    genre: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.enum(GENRES, { error: PICK_GENRE }).optional()),
  })
  .superRefine((v, ctx) => {
    if (segmentNeedsGenre(v.segment) && !v.genre) ctx.addIssue({ code: "custom", path: ["genre"], message: PICK_GENRE });
  })
  // A genre only belongs to the segments that use it.
  .transform((v) => ({ ...v, genre: segmentNeedsGenre(v.segment) ? (v.genre ?? null) : null }));

export type CampaignInput = z.output<typeof campaignSchema>;
export type CampaignFormInput = z.input<typeof campaignSchema>;

export const campaignIdSchema = z.object({ campaignId: z.coerce.number().int().positive() });

/** The campaign page's "Send a test" form: the address (the campaign is the page's). */
export const testAddressSchema = z.object({ email: newsletterEmailSchema });
export const testSendSchema = campaignIdSchema.extend(testAddressSchema.shape);

/** Who a segment would reach now, asked before the campaign is saved. */
export const audienceSchema = z
  .object({
    segment: z.enum(SEGMENTS, { error: "Pick who receives it." }),
    genre: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.enum(GENRES, { error: PICK_GENRE }).optional()),
  })
  .superRefine((v, ctx) => {
    if (segmentNeedsGenre(v.segment) && !v.genre) ctx.addIssue({ code: "custom", path: ["genre"], message: PICK_GENRE });
  });
export type AudienceInput = z.output<typeof audienceSchema>;

/** Sending asks for the number the page showed, so a segment that grew or shrank since is said before it goes. */
export const sendCampaignSchema = campaignIdSchema.extend({
  expected: z.coerce.number().int().min(0),
});

/** The campaign page's "Send" form: the number it showed, and the box that says the admin has checked the mail. */
export const sendFormSchema = sendCampaignSchema.pick({ expected: true }).extend({
  confirm: z.literal("yes", { error: "Tick the box to confirm, then send." }),
});

/** A record added to or taken off a draft's featured records (the draft is the page's). */
export const featureRecordSchema = z.object({ recordId: z.coerce.number().int().positive().max(2_147_483_647) });

/** The campaign page's record search, read from `?find=`: a bad value is no search rather than an error. */
export const findRecordsSchema = z.object({
  find: z.string().trim().max(100).optional().catch(undefined),
});

/** Deleting a draft takes nothing but the campaign, which is the page's. */
export const removeDraftSchema = z.object({});
