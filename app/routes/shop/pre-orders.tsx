import { EmptyState } from "~/components/browse/empty-state";
import { ListingResults } from "~/components/browse/listing-results";
import { ListingHeader } from "~/components/browse/listing-header";
import { rangeText } from "~/domain/browse/listing-text";
import { pagedPath } from "~/domain/shared/paging";
import { pagedListing } from "~/lib/paged-listing.server";
import { PreOrderGrid } from "~/components/browse/pre-order-grid";
import { pageMeta } from "~/lib/seo";
import { deliveryLeadText } from "~/domain/checkout/delivery";
import type { Route } from "./+types/pre-orders";

const PATH = "/pre-orders";

export function loader({ context, url }: Route.LoaderArgs) {
  return pagedListing(url, PATH, context.today, (page) => context.services.browse.preOrders({ today: context.today, page }));
}

export const meta: Route.MetaFunction = ({ data: d }) =>
  pageMeta({
    title: d && d.page > 1 ? `Pre-Orders – page ${d.page}` : "Pre-Orders",
    description: `Reserve upcoming vinyl before release day. Your card is charged when you order; delivery ${deliveryLeadText(true)}.`,
    url: d?.canonicalUrl,
  });

export default function PreOrders({ loaderData }: Route.ComponentProps) {
  const { tracks, total, page, pages, limit } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 lg:px-8 lg:py-8">
      <ListingHeader kicker="Coming soon" title="Pre-Orders">
        Reserve a copy before release day, soonest first. Your card is charged when you order; delivery takes{" "}
        {deliveryLeadText(true)}.
      </ListingHeader>
      <section id="results" aria-labelledby="results-heading" className="mt-6 scroll-mt-24">
        <h2 id="results-heading" className="sr-only">
          Upcoming releases
        </h2>
        <p role="status" className="text-sm font-semibold text-stone-700">
          {rangeText({ page, limit, total }, "pre-orders")}
        </p>
        <ListingResults
          shown={tracks.length}
          empty={
            <EmptyState title="No Pre-Orders Available" actions={[{ text: "See new releases", href: "/new-releases" }]}>
              Nothing is up for pre-order right now. New announcements arrive every week.
            </EmptyState>
          }
          page={page}
          pages={pages}
          hrefFor={(n) => pagedPath(PATH, n)}
          label="Pre-order pages"
        >
          <PreOrderGrid tracks={tracks} />
        </ListingResults>
      </section>
    </div>
  );
}
