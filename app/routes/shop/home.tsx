import { z } from "~/domain/shared/zod";
import { ArtistSpotlight } from "~/components/home/artist-spotlight";
import { BrowseTheRacks } from "~/components/home/browse-the-racks";
import { CrateDigPromo } from "~/components/home/crate-dig-promo";
import { Hero } from "~/components/home/hero";
import { RecordOfTheWeek } from "~/components/home/record-of-the-week";
import { HOME_STAFF_PICKS } from "~/domain/curation/curated-lists";
import { RecentlyUpdated } from "~/components/home/recently-updated";
import { RecordShelf } from "~/components/home/record-shelf";
import { ShopPromo } from "~/components/home/shop-promo";
import { VinylTrivia } from "~/components/home/trivia";
import { VinylCareWidget } from "~/components/home/vinyl-care-widget";
import { VinylOfTheDay } from "~/components/home/vinyl-of-the-day";
import { parseBrowseQuery } from "~/domain/browse/browse-query-parse";
import { toApiTrack, toCardTrack } from "~/domain/catalogue/record-api";
import type { RecordItem } from "~/domain/catalogue/types";
import { pageMeta } from "~/lib/seo";
import { serializeJsonLd, storeJsonLd } from "~/domain/seo/structured-data";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ data: d }) =>
  pageMeta({
    title: "Independent Vinyl Record Shop",
    description: "New releases, pre-orders and best-selling vinyl from an independent UK record shop. Prices include VAT.",
    url: d?.canonicalUrl,
  });

/** /browse with no filters. */
const ALL_RECORDS = parseBrowseQuery(new URLSearchParams());

const search = z.object({
  trivia: z.literal("1").optional().catch(undefined),
});

export function loader({ context, url }: Route.LoaderArgs) {
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

/** Spec §2: the home page's eleven sections in order, then a link into /browse. */
export default function Home({ loaderData: data }: Route.ComponentProps) {
  return (
    <div className="space-y-16 pb-12 sm:space-y-24">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: data.jsonLd }} />
      <Hero slides={data.slides} />
      <RecordShelf
        id="pre-orders"
        title="Pre-Orders"
        eyebrow="Reserve before release day"
        action={{ href: "/pre-orders", label: "View All" }}
        tracks={data.preOrders}
        empty="No Pre-Orders Available"
      />
      <VinylOfTheDay record={data.vinylOfTheDay} today={data.today} />
      {data.recordOfTheWeek && <RecordOfTheWeek pick={data.recordOfTheWeek} />}
      <CrateDigPromo />
      <RecordShelf
        id="new-releases"
        title="New Releases"
        eyebrow="Out in the last 40 days"
        action={{ href: "/new-releases", label: "View All" }}
        tracks={data.newReleases}
        empty="No new releases right now. Check back soon!"
      />
      <ArtistSpotlight spotlight={data.artistSpotlight} />
      <RecordShelf
        id="best-sellers"
        title="Best Sellers"
        eyebrow="What collectors are buying"
        tracks={data.bestSellers}
        empty="No best sellers to show right now. Check back soon!"
      />
      {data.staffPicks.length > 0 && (
        <RecordShelf
          id="staff-picks"
          title="Staff picks"
          eyebrow="Picked behind the counter"
          action={{ href: "/virtual-crate-dig?crate=staff-picks", label: "Dig the crate" }}
          tracks={data.staffPicks}
          empty=""
        />
      )}
      <VinylTrivia initial={data.trivia} />
      <ShopPromo />
      <VinylCareWidget tips={data.careTips} />
      <RecentlyUpdated tracks={data.recentlyUpdated} />
      <BrowseTheRacks total={data.recordCount} />
    </div>
  );
}
