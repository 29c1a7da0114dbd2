import { Router, type Response } from "express";
import { toApiTrack } from "../../app/domain/catalogue/record-api";
import type { RecordItem } from "../../app/domain/catalogue/types";
import { artistSpotlightAnswerSchema, featuredVinylSchema, trackListSchema, triviaListSchema } from "../contract/answers";
import { OPERATIONS } from "../contract/operations";
import { cache, contextOf, inputOf, PUBLIC_5_MIN, routeOf, send } from "./helpers";

/**
 * The home page's data as spec §7 calls (the same picks the page shows, the same all day for every client),
 * answered in the spec's shapes.
 */
export const homeApi = Router();

const api = (today: string) => (r: RecordItem) => toApiTrack(r, today);

/** The home page's picks for today (spec §2 list sizes). */
function homeSections(res: Response) {
  const ctx = contextOf(res);
  return { ctx, sections: ctx.services.home.sections({ today: ctx.today }) };
}

homeApi.get(routeOf(OPERATIONS.newReleases), cache(PUBLIC_5_MIN), (req, res) => {
  inputOf(OPERATIONS.newReleases, req);
  const { ctx, sections } = homeSections(res);
  send(res, trackListSchema, sections.newReleases.map(api(ctx.today)));
});

/** The home page's "Recently Updated" (spec §2 section 11). */
homeApi.get(routeOf(OPERATIONS.recentProducts), cache(PUBLIC_5_MIN), (req, res) => {
  inputOf(OPERATIONS.recentProducts, req);
  const { ctx, sections } = homeSections(res);
  send(res, trackListSchema, sections.recentlyUpdated.map(api(ctx.today)));
});

homeApi.get(routeOf(OPERATIONS.preOrders), cache(PUBLIC_5_MIN), (req, res) => {
  inputOf(OPERATIONS.preOrders, req);
  const { ctx, sections } = homeSections(res);
  send(res, trackListSchema, sections.preOrders.map(api(ctx.today)));
});

/** Vinyl of the Day: one record, or null when nothing qualifies. */
homeApi.get(routeOf(OPERATIONS.featuredVinyl), cache(PUBLIC_5_MIN), (req, res) => {
  inputOf(OPERATIONS.featuredVinyl, req);
  const ctx = contextOf(res);
  const record = ctx.services.home.vinylOfTheDay(ctx.today);
  send(res, featuredVinylSchema, record && toApiTrack(record, ctx.today));
});

homeApi.get(routeOf(OPERATIONS.artistSpotlight), cache(PUBLIC_5_MIN), (req, res) => {
  inputOf(OPERATIONS.artistSpotlight, req);
  const ctx = contextOf(res);
  const spotlight = ctx.services.home.artistSpotlight(ctx.today);
  send(
    res,
    artistSpotlightAnswerSchema,
    spotlight && { artist: spotlight.artist, bio: spotlight.bio, tracks: spotlight.tracks.map(api(ctx.today)) },
  );
});

/** The trivia panel's questions (spec §9: 3), asked for only once the panel is shown. */
homeApi.get(routeOf(OPERATIONS.vinylTrivia), cache(PUBLIC_5_MIN), (req, res) => {
  inputOf(OPERATIONS.vinylTrivia, req);
  send(res, triviaListSchema, contextOf(res).services.home.trivia());
});
