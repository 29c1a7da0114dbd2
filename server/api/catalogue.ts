import { Router } from "express";
import { genresWithAtLeast } from "../../app/domain/catalogue/genres";
import { toApiTrack } from "../../app/domain/catalogue/record-api";
import { genreCountsSchema, genreListSchema } from "../contract/answers";
import { OPERATIONS } from "../contract/operations";
import { cache, contextOf, inputOf, PUBLIC_5_MIN, routeOf, send } from "./helpers";

/** The catalogue calls of spec §7: records a page at a time, one record, and the genres. */
export const catalogueApi = Router();

/** GET /api/tracks: the spec's array of tracks; paging totals travel in headers. */
catalogueApi.get(routeOf(OPERATIONS.listTracks), cache(PUBLIC_5_MIN), (req, res) => {
  const { page, limit } = inputOf(OPERATIONS.listTracks, req).query;
  const ctx = contextOf(res);
  const result = ctx.services.catalogue.list({ page, limit, today: ctx.today });
  res.set({ "X-Total-Count": String(result.total), "X-Page": String(result.page), "X-Total-Pages": String(result.pages) });
  res.json(result.items.map((r) => toApiTrack(r, ctx.today)));
});

catalogueApi.get(routeOf(OPERATIONS.getTrack), cache(PUBLIC_5_MIN), (req, res) => {
  const { id } = inputOf(OPERATIONS.getTrack, req).params;
  const ctx = contextOf(res);
  res.json(toApiTrack(ctx.services.catalogue.byId(id), ctx.today));
});

catalogueApi.get(routeOf(OPERATIONS.genreCounts), cache(PUBLIC_5_MIN), (req, res) => {
  inputOf(OPERATIONS.genreCounts, req);
  const ctx = contextOf(res);
  send(res, genreCountsSchema, ctx.services.browse.genreCounts({ today: ctx.today }));
});

/** The newsletter's genre select: every genre with at least one visible record, alphabetical. */
catalogueApi.get(routeOf(OPERATIONS.genres), cache(PUBLIC_5_MIN), (req, res) => {
  inputOf(OPERATIONS.genres, req);
  const ctx = contextOf(res);
  send(res, genreListSchema, genresWithAtLeast(ctx.services.browse.genreCounts({ today: ctx.today }), 1));
});
