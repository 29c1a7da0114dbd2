import { hrefWith, NO_FILTERS, SORTS } from "~/domain/browse/browse-query";
import { parseBrowseQuery } from "~/domain/browse/browse-query-parse";
import { EmptyState } from "~/components/browse/empty-state";
import { ListingResults } from "~/components/browse/listing-results";
import { ListingHeader } from "~/components/browse/listing-header";
import { formatCount, rangeText } from "~/domain/browse/listing-text";
import { SortForm } from "~/components/browse/sort-select";
import { RecordGrid } from "~/components/record-grid";
import { toCardTrack } from "~/domain/catalogue/record-api";
import { absoluteUrl } from "~/domain/seo/structured-data";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/all-vinyl";

const PATH = "/allvinyl";
const LIST_SORTS = SORTS.filter((s) => s !== "relevance");

export function loader({ context, url }: Route.LoaderArgs) {
  const { sort, page } = parseBrowseQuery(url.searchParams); // search text and filters belong to /browse
  const { items, ...result } = context.services.browse.list({ ...NO_FILTERS, sort, page }, { today: context.today });
  const query = { ...NO_FILTERS, sort, page: result.page };
  return {
    ...result,
    query,
    tracks: items.map((r) => toCardTrack(r, context.today)),
    canonicalUrl: absoluteUrl(url.origin, hrefWith(PATH, { ...query, sort: "newest" }, { page: result.page })),
  };
}

export const meta: Route.MetaFunction = ({ data: d }) =>
  pageMeta({
    title: d && d.page > 1 ? `All Vinyl – page ${d.page}` : "All Vinyl",
    description: `Every record in the shop${d ? `, ${formatCount(d.total)} in all` : ""}: new pressings, reissues and pre-orders on vinyl, priced in pounds with VAT included.`,
    url: d?.canonicalUrl,
  });

export default function AllVinyl({ loaderData }: Route.ComponentProps) {
  const { query, tracks, total, page, pages, limit } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 lg:px-8 lg:py-8">
      <ListingHeader kicker="The whole collection" title="All Vinyl">
        Every record on our shelves and every one on its way. Want something particular?{" "}
        <a href="/browse" className="font-semibold text-label underline-offset-2 hover:underline">
          Filter and search in Browse
        </a>
        .
      </ListingHeader>
      <section id="results" aria-labelledby="results-heading" className="mt-6 scroll-mt-24">
        <h2 id="results-heading" className="sr-only">
          Records
        </h2>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p role="status" className="text-sm font-semibold text-stone-700">
            {rangeText({ page, limit, total })}
          </p>
          <SortForm action={PATH} value={query.sort} sorts={LIST_SORTS} defaultSort="newest" />
        </div>
        <ListingResults
          shown={tracks.length}
          empty={
            <EmptyState title="No records yet" actions={[{ text: "Back to the shop", href: "/" }]}>
              The shelves are being restocked. Please check back soon.
            </EmptyState>
          }
          page={page}
          pages={pages}
          hrefFor={(n) => hrefWith(PATH, query, { page: n })}
          label="Record pages"
        >
          <RecordGrid tracks={tracks} />
        </ListingResults>
      </section>
    </div>
  );
}
