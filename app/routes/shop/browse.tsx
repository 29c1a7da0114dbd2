import { data, redirect, Link } from "react-router";
import { ActiveFilters } from "~/components/browse/active-filters";
import {
  browseTitle,
  canonicalBrowsePath,
  defaultSort,
  hasFilters,
  hrefWith,
  isIndexable,
  NO_FILTERS,
  SORTS,
  withoutEmptyParams,
} from "~/domain/browse/browse-query";
import { parseBrowseQuery } from "~/domain/browse/browse-query-parse";
import { EmptyState } from "~/components/browse/empty-state";
import { FacetPanel, FILTER_FORM_ID } from "~/components/browse/facet-panel";
import { foldLabels, MORE_LABELS, MORE_PARAM } from "~/domain/browse/label-fold";
import { ListingResults } from "~/components/browse/listing-results";
import { ListingHeader } from "~/components/browse/listing-header";
import { formatCount, rangeText } from "~/domain/browse/listing-text";
import { SortSelect } from "~/components/browse/sort-select";
import { RecordGrid } from "~/components/record-grid";
import { toCardTrack } from "~/domain/catalogue/record-api";
import { sortGenres, unknownGenres } from "~/domain/catalogue/genres";
import { GenreLinkList } from "~/components/browse/genre-tiles";
import { absoluteUrl } from "~/domain/seo/structured-data";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/browse";

const PATH = "/browse";

export function loader({ context, url }: Route.LoaderArgs) {
  // A GET form sends its empty boxes too ("?q=&min="): tidy the address once, server-side.
  const tidy = withoutEmptyParams(url);
  if (tidy !== null) throw redirect(tidy);
  const asked = parseBrowseQuery(url.searchParams);
  const counts = context.services.browse.genreCounts({ today: context.today });
  const missing = unknownGenres(asked.genres, Object.keys(counts));
  if (missing.length > 0) {
    // Not "Nonexistent records" over an empty grid: a 404 that names the genres we do have.
    return data({ unknownGenres: missing, genres: sortGenres(Object.keys(counts)) }, { status: 404 });
  }
  const { items, facets, ...result } = context.services.browse.browse(asked, { today: context.today });
  const query = { ...asked, page: result.page }; // a page past the end shows the last one
  const allLabels = url.searchParams.get(MORE_PARAM) === MORE_LABELS;
  const labels = foldLabels(facets.label, allLabels);
  return {
    ...result,
    facets: { ...facets, label: labels.shown },
    labels: { all: allLabels, hidden: labels.hidden },
    query,
    tracks: items.map((r) => toCardTrack(r, context.today)),
    canonicalUrl: absoluteUrl(url.origin, canonicalBrowsePath(PATH, query)),
  };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  if (!d) return pageMeta({ title: "Browse records", description: "Browse and search our vinyl records." });
  if ("unknownGenres" in d) {
    return [{ title: "No such genre | Needledrop" }, { name: "robots", content: "noindex, follow" }];
  }
  const title = `${browseTitle(d.query)}${d.page > 1 ? ` – page ${d.page}` : ""}`;
  const description = d.query.q
    ? `${formatCount(d.total)} vinyl records matching “${d.query.q}” at Needledrop, the independent UK record shop.`
    : `Browse ${formatCount(d.total)} vinyl records by genre, format, label, decade and price. Prices in pounds, VAT included.`;
  const robots = isIndexable(d.query) ? [] : [{ name: "robots", content: "noindex, follow" }];
  return [...pageMeta({ title, description, url: d.canonicalUrl }), ...robots];
};

function NoSuchGenre({ asked, genres }: { asked: string[]; genres: string[] }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 lg:px-8 lg:py-8">
      <ListingHeader kicker="404" title="No such genre">
        We have no genre called {asked.map((g) => `“${g}”`).join(" or ")}. Pick one of ours, or browse every record.
      </ListingHeader>
      <section aria-labelledby="real-genres" className="mt-8 rounded-2xl bg-white p-5 ring-1 ring-stone-200 sm:p-7">
        <h2 id="real-genres" className="font-display text-xl font-bold sm:text-2xl">
          Our genres
        </h2>
        <GenreLinkList names={genres} />
        <p className="mt-6 text-sm">
          <Link to={PATH} className="font-semibold underline underline-offset-2 hover:text-needle-dark">
            Browse all records
          </Link>
        </p>
      </section>
    </div>
  );
}

export default function Browse({ loaderData }: Route.ComponentProps) {
  if ("unknownGenres" in loaderData) return <NoSuchGenre asked={loaderData.unknownGenres} genres={loaderData.genres} />;
  const { query, tracks, facets, labels, total, page, pages, limit } = loaderData;
  const filtered = hasFilters(query);
  const emptyActions = [
    filtered
      ? { text: "Clear filters", href: hrefWith(PATH, query, { ...NO_FILTERS, q: query.q }) }
      : { text: "Clear search", href: PATH },
    ...(filtered && query.q ? [{ text: "Browse all records", href: PATH }] : []),
  ];
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 lg:px-8 lg:py-8">
      <ListingHeader kicker="The catalogue" title={browseTitle(query)}>
        {query.q
          ? "Matches in titles, artists, labels, catalogue numbers and genres."
          : "Every record in the shop, in stock or on pre-order. Narrow it down by genre, format, label, decade or price."}
      </ListingHeader>
      <div className="mt-6 grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
        <FacetPanel action={PATH} query={query} facets={facets} labels={labels} />
        <section id="results" aria-labelledby="results-heading" className="min-w-0 scroll-mt-24">
          <h2 id="results-heading" className="sr-only">
            Results
          </h2>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p role="status" className="text-sm font-semibold text-stone-700">
              {rangeText({ page, limit, total })}
            </p>
            <SortSelect
              value={query.sort}
              sorts={query.q ? SORTS : SORTS.filter((s) => s !== "relevance")}
              defaultSort={defaultSort(query.q)}
              form={FILTER_FORM_ID}
            />
          </div>
          <div className="mt-3">
            <ActiveFilters path={PATH} query={query} />
          </div>
          <ListingResults
            shown={tracks.length}
            empty={
              <EmptyState title="No records match" actions={emptyActions}>
                {query.q ? `Nothing matches “${query.q}”` : "Nothing matches these filters"}
                {filtered && query.q ? " with these filters" : ""}. Try fewer filters or another spelling.
              </EmptyState>
            }
            page={page}
            pages={pages}
            hrefFor={(n) => hrefWith(PATH, query, { page: n })}
            label="Result pages"
          >
            <RecordGrid tracks={tracks} />
          </ListingResults>
        </section>
      </div>
    </div>
  );
}
