import { EmptyState } from "~/components/browse/empty-state";
import { ListingResults } from "~/components/browse/listing-results";
import { ListingHeader } from "~/components/browse/listing-header";
import { rangeText } from "~/domain/browse/listing-text";
import { pagedPath } from "~/domain/shared/paging";
import { pagedListing } from "~/lib/paged-listing.server";
import { RecordGrid } from "~/components/record-grid";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/new-releases";

const PATH = "/new-releases";

export function loader({ context, url }: Route.LoaderArgs) {
  return pagedListing(url, PATH, context.today, (page) => context.services.browse.newReleases({ today: context.today, page }));
}

export const meta: Route.MetaFunction = ({ data: d }) =>
  pageMeta({
    title: d && d.page > 1 ? `New Releases – page ${d.page}` : "New Releases",
    description:
      "Vinyl released in the last 40 days, newest first: fresh pressings and reissues from an independent UK record shop.",
    url: d?.canonicalUrl,
  });

export default function NewReleases({ loaderData }: Route.ComponentProps) {
  const { tracks, total, page, pages, limit } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 lg:px-8 lg:py-8">
      <ListingHeader kicker="Just landed" title="New Releases">
        Vinyl released in the last 40 days, newest first.
      </ListingHeader>
      <section id="results" aria-labelledby="results-heading" className="mt-6 scroll-mt-24">
        <h2 id="results-heading" className="sr-only">
          New releases
        </h2>
        <p role="status" className="text-sm font-semibold text-stone-700">
          {rangeText({ page, limit, total }, "new releases")}
        </p>
        <ListingResults
          shown={tracks.length}
          empty={
            <EmptyState
              title="No new releases this month"
              actions={[
                { text: "See pre-orders", href: "/pre-orders" },
                { text: "Browse all vinyl", href: "/allvinyl" },
              ]}
            >
              Nothing has come out in the last 40 days. Reserve what is coming next instead.
            </EmptyState>
          }
          page={page}
          pages={pages}
          hrefFor={(n) => pagedPath(PATH, n)}
          label="New release pages"
        >
          <RecordGrid tracks={tracks} />
        </ListingResults>
      </section>
    </div>
  );
}
