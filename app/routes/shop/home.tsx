import { ArtistSpotlight } from "~/components/home/artist-spotlight";
import { BrowseTheRacks } from "~/components/home/browse-the-racks";
import { CrateDigPromo } from "~/components/home/crate-dig-promo";
import { Hero } from "~/components/home/hero";
import { RecordOfTheWeek } from "~/components/home/record-of-the-week";
import { RecentlyUpdated } from "~/components/home/recently-updated";
import { RecordShelf } from "~/components/home/record-shelf";
import { ShopPromo } from "~/components/home/shop-promo";
import { VinylTrivia } from "~/components/home/trivia";
import { VinylCareWidget } from "~/components/home/vinyl-care-widget";
import { VinylOfTheDay } from "~/components/home/vinyl-of-the-day";
import { pageMeta } from "~/lib/seo";
import { loadHomePage } from "./home.server";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ data: d }) =>
  pageMeta({
    title: "Independent Vinyl Record Shop",
    description: "New releases, pre-orders and best-selling vinyl from an independent UK record shop. Prices include VAT.",
    url: d?.canonicalUrl,
  });

export const loader = ({ context, url }: Route.LoaderArgs) => loadHomePage(context, url);

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
