import { GenreLinkList, GenreTiles } from "~/components/browse/genre-tiles";
import { ListingHeader } from "~/components/browse/listing-header";
import { GENRE_LIST_THRESHOLD, genresWithAtLeast } from "~/domain/catalogue/genres";
import { absoluteUrl } from "~/domain/seo/structured-data";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/genres";

export function loader({ context, url }: Route.LoaderArgs) {
  const counts = context.services.browse.genreCounts({ today: context.today });
  return {
    genres: Object.entries(counts)
      .map(([name, count]) => ({ name, count }))
      .sort((a, b) => a.name.localeCompare(b.name, "en-GB")),
    // Spec §3/§9: the genres with 5 or more records, alphabetically.
    listed: genresWithAtLeast(counts),
    canonicalUrl: absoluteUrl(url.origin, "/genres"),
  };
}

export const meta: Route.MetaFunction = ({ data: d }) =>
  pageMeta({
    title: "Genres",
    description:
      "Shop vinyl by genre: rock, jazz, soul, electronic, hip-hop, reggae and more, with the number of records in each.",
    url: d?.canonicalUrl,
  });

export default function Genres({ loaderData }: Route.ComponentProps) {
  const { genres, listed } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 lg:px-8 lg:py-8">
      <ListingHeader kicker="Dig by sound" title="Genres">
        Pick a crate. Each tile opens every record we have in that genre.
      </ListingHeader>
      <section aria-labelledby="genre-tiles" className="mt-8">
        <h2 id="genre-tiles" className="sr-only">
          All genres
        </h2>
        {genres.length > 0 ? <GenreTiles genres={genres} /> : <p className="text-stone-600">No genres to show yet.</p>}
      </section>
      {listed.length > 0 && (
        <section aria-labelledby="genre-list" className="mt-12 rounded-2xl bg-white p-5 ring-1 ring-stone-200 sm:p-7">
          <h2 id="genre-list" className="font-display text-xl font-bold sm:text-2xl">
            Genres A–Z
          </h2>
          <p className="mt-1 text-sm text-stone-600">Genres with {GENRE_LIST_THRESHOLD} or more records.</p>
          <GenreLinkList names={listed} />
        </section>
      )}
    </div>
  );
}
