import { data } from "react-router";
import { Pagination } from "~/components/browse/pagination";
import { RecordGrid } from "~/components/record-grid";
import { Explore } from "~/components/magazine/explore";
import { MagazineKicker, Masthead, SectionHeading } from "~/components/magazine/masthead";
import { parsePageParam } from "~/domain/shared/paging";
import { artistPath } from "~/domain/magazine/paths";
import { pagedPath } from "~/domain/shared/paging";
import { StoryGrid } from "~/components/magazine/story-grid";
import { toApiTrack } from "~/domain/catalogue/record-api";
import { absoluteUrl } from "~/domain/seo/structured-data";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/blog-artist";

export function loader({ params, context, url }: Route.LoaderArgs) {
  const page = parsePageParam(url.searchParams);
  const { magazine } = context.services;
  const result = page === null ? null : magazine.byArtist(params.artistName, { page, today: context.today });
  if (!result) throw data(null, { status: 404 });
  return {
    ...result,
    records: magazine.recordsBy(result.artist, { today: context.today, limit: 12 }).map((r) => toApiTrack(r, context.today)),
    tags: magazine.tags(context.today),
    artists: magazine.artists(context.today),
    canonicalUrl: absoluteUrl(url.origin, pagedPath(artistPath(result.artist), result.page)),
  };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  if (!d) return [{ title: "404 Page Not Found | Needledrop" }];
  return pageMeta({
    title: `${d.artist} – Artist Stories${d.page > 1 ? ` – page ${d.page}` : ""}`,
    description: `Stories about ${d.artist} from the Needledrop magazine, and ${d.artist} records on vinyl in the shop.`,
    url: d.canonicalUrl,
  });
};

export default function BlogArtist({ loaderData }: Route.ComponentProps) {
  const { artist, posts, page, pages, total, records, tags, artists } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 lg:px-8 lg:py-10">
      <Masthead kicker={<MagazineKicker>Artist</MagazineKicker>} title={artist}>
        {total} {total === 1 ? "story" : "stories"} about {artist}, and their records in the shop.
      </Masthead>
      <section aria-labelledby="artist-stories" className="mt-10">
        <SectionHeading id="artist-stories" kicker="Read">
          Stories about {artist}
        </SectionHeading>
        <StoryGrid posts={posts} />
        <Pagination page={page} pages={pages} hrefFor={(n) => pagedPath(artistPath(artist), n)} label="Artist story pages" />
      </section>
      <section aria-labelledby="artist-records" className="mt-14">
        <SectionHeading id="artist-records" kicker="From the shop">
          {artist} on vinyl
        </SectionHeading>
        {records.length > 0 ? (
          <RecordGrid tracks={records} />
        ) : (
          <p className="text-stone-600">None of {artist}'s records is in stock right now. Check back soon.</p>
        )}
      </section>
      <Explore tags={tags} artists={artists} currentArtist={artist} />
    </div>
  );
}
