import { z } from "zod";
import { MAX_HISTORY_IDS, toApiRecommendation, type ApiRecommendation } from "../../api/schemas";
import { DEFAULT_LIMIT, MAX_LIMIT } from "../../services/recommendations";
import { publicProcedure, router } from "../init";

export const forHistoryInput = z.object({
  /** A listening history, most recent first (spec §4); ids past the first 50 are ignored. */
  history: z
    .array(z.number().int().positive())
    .max(1_000)
    .transform((ids) => ids.slice(0, MAX_HISTORY_IDS)),
  limit: z.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
});

export const recommendationsRouter = router({
  /**
   * Public like GET /api/recommendations: the history lives in the browser and nothing here is about an
   * account. Spec §7/§8: an empty history is an empty list, and any error while reading is logged and
   * answered with an empty list, never a failed query.
   */
  forHistory: publicProcedure.input(forHistoryInput).query(({ ctx, input }): ApiRecommendation[] => {
    if (input.history.length === 0) return [];
    try {
      return ctx.services.recommendations
        .forHistory(input.history, { today: ctx.today, limit: input.limit })
        .map((r) => toApiRecommendation(r, ctx.today));
    } catch (error) {
      console.error("[recommendations] tRPC forHistory failed; answering an empty list.", error);
      return [];
    }
  }),
});
