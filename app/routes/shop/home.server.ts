/** The home page's sections, each record shaped as its card shows it. */
import type { AppLoadContext } from "react-router";
import { parseBrowseQuery } from "~/domain/browse/browse-query-parse";
import { toApiTrack, toCardTrack } from "~/domain/catalogue/record-api";
import type { RecordItem } from "~/domain/catalogue/types";
import { HOME_STAFF_PICKS } from "~/domain/curation/curated-lists";
import { serializeJsonLd, storeJsonLd } from "~/domain/seo/structured-data";
import { z } from "~/domain/shared/zod";

/** /browse with no filters. */
const ALL_RECORDS = parseBrowseQuery(new URLSearchParams());

const search = z.object({
  trivia: z.literal("1").optional().catch(undefined),
});

export function loadHomePage(context: AppLoadContext, url: URL) {
  const params = search.parse(Object.fromEntries(url.searchParams));
  const { browse, home, curation, slides } = context.services;
  const today = context.today;
  // Cards get only what a card shows: the loader data is serialised into the page next to the markup.
  const card = (r: RecordItem) => toCardTrack(r, today);
  const s = home.sections({ today });
  return {
    today,
    canonicalUrl: new URL("/", url).href,
    // Written here, not in the component: the structured-data rules then stay out of the browser's first load.
    jsonLd: serializeJsonLd(storeJsonLd(url.origin)),
    // Set in the back office; none active leaves the hero its default slide.
    slides: slides.active(),
    preOrders: s.preOrders.map(card),
    vinylOfTheDay: s.vinylOfTheDay && toApiTrack(s.vinylOfTheDay, today),
    newReleases: s.newReleases.map(card),
    // The spotlight shows one featured release.
    artistSpotlight: s.artistSpotlight && { ...s.artistSpotlight, tracks: s.artistSpotlight.tracks.slice(0, 1).map(card) },
    bestSellers: s.bestSellers.map(card),
    // Curated in the back office; each band shows only when something on the list is on show.
    staffPicks: curation.onShow("staff-picks", today, HOME_STAFF_PICKS).map((p) => card(p.record)),
    recordOfTheWeek: curation
      .onShow("record-of-the-week", today, 1)
      .map((p) => ({ record: card(p.record), note: p.note }))
      .at(0),
    careTips: s.careTips,
    recentlyUpdated: s.recentlyUpdated.map(card),
    // Spec §4: read only once shown (?trivia=1 from the no-JS link, or the toggle's fetcher).
    trivia: params.trivia ? home.trivia() : null,
    // How many records /browse lists without filters, counted by its own rule, for the last band's link.
    recordCount: browse.count(ALL_RECORDS, { today }),
  };
}
