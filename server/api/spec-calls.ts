import { Router, type RequestHandler, type Response } from "express";
import type { z } from "zod";
import { genresWithAtLeast } from "../../app/domain/catalogue/genres";
import { toApiTrack } from "../../app/domain/catalogue/record-api";
import type { RecordItem } from "../../app/domain/catalogue/types";
import { contextOf, parseQuery } from "./helpers";
import { openApiDocument } from "./openapi";
import {
  artistSpotlightAnswerSchema,
  featuredVinylSchema,
  genreCountsSchema,
  genreListSchema,
  noQuery,
  recommendationListSchema,
  recommendationsQuery,
  toApiRecommendation,
  trackListSchema,
  triviaListSchema,
} from "./schemas";

/**
 * Spec §7 calls for the home page's data, the newsletter's genre list and recommendations: thin shims
 * over the same services the pages use (Zod-checked input → service → the spec's shapes), plus the
 * OpenAPI document of every /api call. The answer types come from ./schemas, so a shim cannot send a
 * shape its documented schema does not allow.
 */
export const specCallsApi = Router();

/** Spec §9: GET answers may be cached publicly for 300 seconds, or not at all. */
export const PUBLIC_5_MIN = "public, max-age=300";
/** Spec §7: anything about a user or orders is never cached (recommendations use both). */
export const NO_CACHE = "no-cache";

const cache =
  (value: string): RequestHandler =>
  (_req, res, next) => {
    res.set("Cache-Control", value);
    next();
  };

/** Sends `body` typed by its documented schema (checked at compile time; the contract test checks it live). */
function send<S extends z.ZodType>(res: Response, _schema: S, body: z.output<S>): void {
  res.json(body);
}

const api = (today: string) => (r: RecordItem) => toApiTrack(r, today);

/** The home page's picks for today (spec §2 list sizes), the same all day for every client. */
function homeSections(res: Response) {
  const ctx = contextOf(res);
  return { ctx, sections: ctx.services.home.sections({ today: ctx.today }) };
}

specCallsApi.get("/genre-counts", cache(PUBLIC_5_MIN), (req, res) => {
  parseQuery(noQuery, req);
  const ctx = contextOf(res);
  send(res, genreCountsSchema, ctx.services.browse.genreCounts({ today: ctx.today }));
});

/** The newsletter's genre select: every genre with at least one visible record, alphabetical. */
specCallsApi.get("/genres", cache(PUBLIC_5_MIN), (req, res) => {
  parseQuery(noQuery, req);
  const ctx = contextOf(res);
  send(res, genreListSchema, genresWithAtLeast(ctx.services.browse.genreCounts({ today: ctx.today }), 1));
});

specCallsApi.get("/new-releases", cache(PUBLIC_5_MIN), (req, res) => {
  parseQuery(noQuery, req);
  const { ctx, sections } = homeSections(res);
  send(res, trackListSchema, sections.newReleases.map(api(ctx.today)));
});

/** The home page's "Recently Updated" (spec §2 section 11). */
specCallsApi.get("/recent-products", cache(PUBLIC_5_MIN), (req, res) => {
  parseQuery(noQuery, req);
  const { ctx, sections } = homeSections(res);
  send(res, trackListSchema, sections.recentlyUpdated.map(api(ctx.today)));
});

specCallsApi.get("/pre-orders", cache(PUBLIC_5_MIN), (req, res) => {
  parseQuery(noQuery, req);
  const { ctx, sections } = homeSections(res);
  send(res, trackListSchema, sections.preOrders.map(api(ctx.today)));
});

/** Vinyl of the Day: one record, or null when nothing qualifies. */
specCallsApi.get("/featured-vinyl", cache(PUBLIC_5_MIN), (req, res) => {
  parseQuery(noQuery, req);
  const ctx = contextOf(res);
  const record = ctx.services.home.vinylOfTheDay(ctx.today);
  send(res, featuredVinylSchema, record && toApiTrack(record, ctx.today));
});

specCallsApi.get("/artist-spotlight", cache(PUBLIC_5_MIN), (req, res) => {
  parseQuery(noQuery, req);
  const ctx = contextOf(res);
  const spotlight = ctx.services.home.artistSpotlight(ctx.today);
  send(
    res,
    artistSpotlightAnswerSchema,
    spotlight && { artist: spotlight.artist, bio: spotlight.bio, tracks: spotlight.tracks.map(api(ctx.today)) },
  );
});

/** The trivia panel's questions (spec §9: 3), asked for only once the panel is shown. */
specCallsApi.get("/vinyl-trivia", cache(PUBLIC_5_MIN), (req, res) => {
  parseQuery(noQuery, req);
  send(res, triviaListSchema, contextOf(res).services.home.trivia());
});

/**
 * GET /api/recommendations?history=12,7,9 (spec §7, §8): records like the history, each with its reason.
 * An empty history is an empty list without reading anything; ANY error is logged and answered with an
 * empty list, never a 500, because recommendations must never break the page that asks for them.
 */
specCallsApi.get("/recommendations", cache(NO_CACHE), (req, res) => {
  try {
    const { history } = parseQuery(recommendationsQuery, req);
    if (history.length === 0) return send(res, recommendationListSchema, []);
    const ctx = contextOf(res);
    const list = ctx.services.recommendations.forHistory(history, { today: ctx.today });
    send(res, recommendationListSchema, list.map((r) => toApiRecommendation(r, ctx.today)));
  } catch (error) {
    console.error("[recommendations] GET /api/recommendations failed; answering an empty list.", error);
    send(res, recommendationListSchema, []);
  }
});

/** The OpenAPI 3.1 document of every /api call, generated from ./schemas (built once, on first request). */
let document: ReturnType<typeof openApiDocument> | undefined;
specCallsApi.get("/openapi.json", cache(PUBLIC_5_MIN), (_req, res) => {
  document ??= openApiDocument();
  res.json(document);
});
