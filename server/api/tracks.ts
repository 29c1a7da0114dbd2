import { Router } from "express";
import { z } from "zod";
import { toApiTrack } from "../../app/domain/catalogue/record-api";
import { contextOf, parseQuery } from "./helpers";

const query = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(24),
});

export const tracksApi = Router();

/** GET /api/tracks: the spec's array of tracks; paging totals travel in headers. */
tracksApi.get("/tracks", (req, res) => {
  const { page, limit } = parseQuery(query, req);
  const ctx = contextOf(res);
  const result = ctx.services.catalogue.list({ page, limit, today: ctx.today });
  res.set("X-Total-Count", String(result.total));
  res.set("X-Page", String(result.page));
  res.set("X-Total-Pages", String(result.pages));
  res.set("Cache-Control", "public, max-age=300");
  res.json(result.items.map((r) => toApiTrack(r, ctx.today)));
});

tracksApi.get("/tracks/:id", (req, res) => {
  const { id } = parseQuery(z.object({ id: z.coerce.number().int().positive() }), { query: req.params });
  const ctx = contextOf(res);
  const track = toApiTrack(ctx.services.catalogue.byId(id), ctx.today);
  res.set("Cache-Control", "public, max-age=300");
  res.json(track);
});
