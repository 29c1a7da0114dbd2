import { Router } from "express";
import { z } from "zod";
import { MAX_SEARCH_CHARS, SEARCH_CACHE_SECONDS } from "../../app/domain/search/search-rules";
import { contextOf, parseQuery } from "./helpers";

const query = z.object({
  q: z.string().max(MAX_SEARCH_CHARS, `at most ${MAX_SEARCH_CHARS} characters`).default(""),
});

export const searchApi = Router();

/**
 * GET /api/search?q= (spec §7): the dropdown's records as [{ id, title, artist, coverUrl }], best first, at most
 * 8; [] below 2 non-space characters. The total ("See all {n} results") travels in X-Total-Count.
 */
searchApi.get("/search", (req, res) => {
  const { q } = parseQuery(query, req);
  const ctx = contextOf(res);
  const { items, total } = ctx.services.search.suggest(q, { today: ctx.today });
  res.set("Cache-Control", `public, max-age=${SEARCH_CACHE_SECONDS}`);
  res.set("X-Total-Count", String(total));
  res.json(items);
});
