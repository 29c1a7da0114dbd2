import { Router } from "express";
import { recommendationListSchema, toApiRecommendation } from "../contract/answers";
import { OPERATIONS } from "../contract/operations";
import { cache, contextOf, inputOf, NO_CACHE, routeOf, send } from "./helpers";

export const recommendationsApi = Router();

/**
 * GET /api/recommendations?history=12,7,9 (spec §7, §8): records like the history, each with its reason.
 * An empty history is an empty list without reading anything; ANY error is logged and answered with an
 * empty list, never a 500, because recommendations must never break the page that asks for them.
 */
recommendationsApi.get(routeOf(OPERATIONS.recommendations), cache(NO_CACHE), (req, res) => {
  try {
    const { history } = inputOf(OPERATIONS.recommendations, req).query;
    if (history.length === 0) return send(res, recommendationListSchema, []);
    const ctx = contextOf(res);
    const list = ctx.services.recommendations.forHistory(history, { today: ctx.today });
    send(
      res,
      recommendationListSchema,
      list.map((r) => toApiRecommendation(r, ctx.today)),
    );
  } catch (error) {
    console.error("[recommendations] GET /api/recommendations failed; answering an empty list.", error);
    send(res, recommendationListSchema, []);
  }
});
