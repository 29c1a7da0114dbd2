import { data } from "react-router";
import { Pagination } from "~/components/browse/pagination";
import { Explore } from "~/components/magazine/explore";
import { MagazineKicker, Masthead } from "~/components/magazine/masthead";
import { parsePageParam } from "~/domain/shared/paging";
import { tagLabel, tagPath } from "~/domain/magazine/paths";
import { pagedPath } from "~/domain/shared/paging";
import { StoryGrid } from "~/components/magazine/story-grid";
import { absoluteUrl } from "~/domain/seo/structured-data";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/blog-tag";

export function loader({ params, context, url }: Route.LoaderArgs) {
  const page = parsePageParam(url.searchParams);
  const { magazine } = context.services;
  const result = page === null ? null : magazine.byTag(params.tag, { page, today: context.today });
  if (!result) throw data(null, { status: 404 });
  return {
    ...result,
    tags: magazine.tags(context.today),
    artists: magazine.artists(context.today),
    canonicalUrl: absoluteUrl(url.origin, pagedPath(tagPath(result.tag), result.page)),
  };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  if (!d) return [{ title: "404 Page Not Found | Needledrop" }];
  const label = tagLabel(d.tag);
  return pageMeta({
    title: `${label} – Artist Stories${d.page > 1 ? ` – page ${d.page}` : ""}`,
    description: `${d.total} ${d.total === 1 ? "story" : "stories"} about ${label.toLowerCase()} from the Needledrop magazine, with the records to match.`,
    url: d.canonicalUrl,
  });
};

export default function BlogTag({ loaderData }: Route.ComponentProps) {
  const { tag, posts, page, pages, total, tags, artists } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 lg:px-8 lg:py-10">
      <Masthead kicker={<MagazineKicker>Topic</MagazineKicker>} title={tagLabel(tag)}>
        {total} {total === 1 ? "story" : "stories"} filed under {tagLabel(tag).toLowerCase()}.
      </Masthead>
      <section aria-label={`Stories about ${tagLabel(tag)}`} className="mt-10">
        <StoryGrid posts={posts} headingLevel={2} />
        <Pagination page={page} pages={pages} hrefFor={(n) => pagedPath(tagPath(tag), n)} label="Topic pages" />
      </section>
      <Explore tags={tags} artists={artists} currentTag={tag} />
    </div>
  );
}
