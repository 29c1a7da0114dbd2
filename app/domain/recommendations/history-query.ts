/**
 * A listening history as the recommendations calls receive it (spec §4, §7): record ids, most recent
 * first. GET /api/recommendations reads `?history=12,7,9`; tRPC takes an array. Both keep positive whole
 * ids once, in order, and read at most MAX_HISTORY_IDS; a bad history is an empty one, never an error.
 */
import { z } from "~/domain/shared/zod";

export const MAX_HISTORY_IDS = 50;
export const DEFAULT_RECOMMENDATIONS = 8;
export const MAX_RECOMMENDATIONS = 50;

/** Record ids as given: positive whole numbers, each once, in order, at most `max`. */
export function cleanHistory(ids: readonly unknown[], max = MAX_HISTORY_IDS): number[] {
  const out: number[] = [];
  for (const id of ids) {
    if (out.length >= max) break;
    if (typeof id === "number" && Number.isSafeInteger(id) && id > 0 && !out.includes(id)) out.push(id);
  }
  return out;
}

/** `?history=12,7,9`: anything that is not an id is ignored; a repeated parameter is joined. */
export const historyParam = z
  .preprocess(
    (v) => (Array.isArray(v) ? v.join(",") : v),
    z
      .string()
      .max(4_000)
      .catch("")
      .optional()
      .transform((text) =>
        cleanHistory(
          (text ?? "")
            .split(",")
            .map((part) => part.trim())
            .filter((part) => /^\d{1,15}$/.test(part))
            .map(Number),
        ),
      ),
  )
  .describe("Comma-joined record ids, most recent first; non-numeric parts ignored, at most 50 read");

export const recommendationsQuerySchema = z.object({ history: historyParam });

/** The tRPC form: an array of ids and an optional number of suggestions. */
export const recommendationsInputSchema = z.object({
  history: z
    .array(z.number().int().positive())
    .max(1_000)
    .transform((ids) => cleanHistory(ids)),
  limit: z.number().int().min(1).max(MAX_RECOMMENDATIONS).default(DEFAULT_RECOMMENDATIONS),
});
