import { recommendationsInputSchema } from "../../../app/domain/recommendations/history-query";
import { toApiRecommendation, type ApiRecommendation } from "../../contract/answers";
import { publicProcedure, router } from "../init";

export const recommendationsRouter = router({
  /**
   * Public like GET /api/recommendations: the history lives in the browser and nothing here is about an
   * account. Spec §7/§8: an empty history is an empty list, and any error while reading is logged and
   * answered with an empty list, never a failed query.
   */
  forHistory: publicProcedure.input(recommendationsInputSchema).query(({ ctx, input }): ApiRecommendation[] => {
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
