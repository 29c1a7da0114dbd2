import { data } from "react-router";
import { Pagination } from "~/components/browse/pagination";
import { Explore } from "~/components/magazine/explore";
import { Masthead, SectionHeading } from "~/components/magazine/masthead";
import { parsePageParam } from "~/domain/shared/paging";
import { BLOG_PATH } from "~/domain/magazine/paths";
import { pagedPath } from "~/domain/shared/paging";
import { FeatureStory } from "~/components/magazine/story";
import { StoryGrid } from "~/components/magazine/story-grid";
import { displayCoverUrl } from "~/domain/catalogue/cover";
import { absoluteUrl } from "~/domain/seo/structured-data";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/blog-index";

export function loader({ context, url }: Route.LoaderArgs) {
  const page = parsePageParam(url.searchParams);
  const { magazine } = context.services;
  const result = page === null ? null : magazine.list({ page, today: context.today });
  if (!result) throw data(null, { status: 404 });
  return {
    ...result,
    tags: magazine.tags(context.today),
    artists: magazine.artists(context.today),
    canonicalUrl: absoluteUrl(url.origin, pagedPath(BLOG_PATH, result.page)),
    feedUrl: absoluteUrl(url.origin, `${BLOG_PATH}/rss.xml`),
  };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  if (!d) return [{ title: "404 Page Not Found | Needledrop" }];
  const cover = d.posts[0]?.coverUrl;
  return [
    ...pageMeta({
      title: d.page > 1 ? `Artist Stories – page ${d.page}` : "Artist Stories",
      description:
        "Artist Stories from Needledrop: the sessions, sleeves and people behind classic records, and what to look for when you buy them on vinyl.",
      url: d.canonicalUrl,
      image: cover ? absoluteUrl(new URL(d.canonicalUrl).origin, displayCoverUrl(cover)) : undefined,
    }),
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: "Artist Stories | Needledrop", href: d.feedUrl },
  ];
};

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  const { posts, page, pages, total, tags, artists } = loaderData;
  // The newest story leads the front page; later pages are plain rows.
  const lead = page === 1 ? posts[0] : undefined;
  const others = page === 1 ? posts.slice(1) : posts;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 lg:px-8 lg:py-10">
      <Masthead kicker="The Needledrop Magazine" title="Artist Stories">
        The sessions, sleeves and people behind the records we sell, and what to look for when you buy them on vinyl.
      </Masthead>
      {lead && (
        <section aria-label="Lead story" className="mt-8 lg:mt-12">
          <FeatureStory post={lead} badge="Lead story" priority />
        </section>
      )}
      <section aria-labelledby="latest-stories" className="mt-14">
        <SectionHeading id="latest-stories" kicker={`${total} ${total === 1 ? "story" : "stories"}`}>
          {page === 1 ? "Latest stories" : `More stories – page ${page} of ${pages}`}
        </SectionHeading>
        {others.length > 0 ? (
          <StoryGrid posts={others} />
        ) : (
          <p className="text-stone-600">{lead ? "More stories soon." : "No stories yet. Check back soon."}</p>
        )}
        <Pagination page={page} pages={pages} hrefFor={(n) => pagedPath(BLOG_PATH, n)} label="Magazine pages" />
      </section>
      <Explore tags={tags} artists={artists} />
    </div>
  );
}
