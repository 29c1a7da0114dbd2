import { Router } from "express";
import { SEARCH_CACHE_SECONDS } from "../../app/domain/search/search-rules";
import { OPERATIONS } from "../contract/operations";
import { contextOf, inputOf, routeOf } from "./helpers";

export const searchApi = Router();

/**
 * GET /api/search?q= (spec §7): the dropdown's records as [{ id, title, artist, coverUrl }], best first, at most
 * 8; [] below 2 non-space characters. The total ("See all {n} results") travels in X-Total-Count.
 */
searchApi.get(routeOf(OPERATIONS.search), (req, res) => {
  const { q } = inputOf(OPERATIONS.search, req).query;
  const ctx = contextOf(res);
  const { items, total } = ctx.services.search.suggest(q, { today: ctx.today });
  res.set("Cache-Control", `public, max-age=${SEARCH_CACHE_SECONDS}`);
  res.set("X-Total-Count", String(total));
  res.json(items);
});
