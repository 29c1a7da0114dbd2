import { data, Link } from "react-router";
import { CoverImage } from "~/components/cover-image";
import { RecordGrid } from "~/components/record-grid";
import { ArticleBody } from "~/components/magazine/article-body";
import { articleJsonLd } from "~/domain/magazine/article-json-ld";
import { MagazineTrail, SectionHeading } from "~/components/magazine/masthead";
import { artistPath, postPath, tagLabel, tagPath } from "~/domain/magazine/paths";
import { PostNav } from "~/components/magazine/post-nav";
import { PostDateline } from "~/components/magazine/story";
import { displayCoverUrl } from "~/domain/catalogue/cover";
import { DEFAULT_COVER_URL } from "~/domain/catalogue/hiding";
import { toApiTrack } from "~/domain/catalogue/record-api";
import { absoluteUrl, serializeJsonLd } from "~/domain/seo/structured-data";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/blog-post";

export function loader({ params, context, url }: Route.LoaderArgs) {
  const { magazine } = context.services;
  const found = magazine.post(params.slug, context.today);
  if (!found) throw data(null, { status: 404 });
  const { origin } = url;
  return {
    ...found,
    records: magazine.recordsBy(found.post.artist, { today: context.today, limit: 8 }).map((r) => toApiTrack(r, context.today)),
    canonicalUrl: absoluteUrl(origin, postPath(found.post.slug)),
    imageUrl: absoluteUrl(origin, displayCoverUrl(found.post.coverUrl ?? "") || DEFAULT_COVER_URL),
    jsonLd: serializeJsonLd(articleJsonLd(found.post, origin)),
  };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  if (!d) return [{ title: "404 Page Not Found | Needledrop" }];
  const { post } = d;
  return [
    ...pageMeta({ title: post.title, description: post.excerpt, url: d.canonicalUrl, image: d.imageUrl, type: "article" }),
    { property: "og:image:alt", content: `Cover of a record by ${post.artist}` },
    { property: "article:published_time", content: post.publishedAt },
    { property: "article:section", content: "Artist Stories" },
    ...post.tags.map((tag) => ({ property: "article:tag", content: tagLabel(tag) })),
    { name: "twitter:card", content: "summary_large_image" },
  ];
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, previous, next, records, jsonLd } = loaderData;
  const mainTag = post.tags[0];
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 lg:px-8 lg:py-10">
      <article>
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
        <header className="grid gap-8 border-b-4 border-double border-ink pb-8 lg:grid-cols-12 lg:items-end lg:gap-12">
          <div className="lg:col-span-7">
            <MagazineTrail>
              {mainTag && (
                <>
                  <li aria-hidden className="text-stone-600">
                    /
                  </li>
                  <li>
                    <Link to={tagPath(mainTag)} className="text-stone-700 hover:text-needle-dark hover:underline">
                      {tagLabel(mainTag)}
                    </Link>
                  </li>
                </>
              )}
            </MagazineTrail>
            <h1 className="mt-4 font-display text-4xl leading-[1.02] font-black tracking-tight text-balance text-ink sm:text-6xl">
              {post.title}
            </h1>
            <p className="mt-5 font-display text-xl leading-relaxed text-stone-700 italic sm:text-2xl">{post.excerpt}</p>
            <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-2 border-t border-ink pt-3">
              <p className="text-sm">
                <span className="text-stone-600">Words by </span>
                <span className="font-semibold">Needledrop</span>
                <span className="text-stone-600"> · On </span>
                <Link to={artistPath(post.artist)} className="font-semibold text-needle-dark hover:underline">
                  {post.artist}
                </Link>
              </p>
              <PostDateline post={post} />
            </div>
          </div>
          <div className="relative lg:col-span-5">
            <div
              aria-hidden
              className="absolute top-[5%] -right-2 hidden h-[90%] w-[90%] rounded-full bg-[repeating-radial-gradient(circle,#2b241c_0_2px,#16130f_2px_5px)] sm:block lg:-right-6"
            >
              <div className="absolute inset-[36%] rounded-full bg-needle">
                <div className="absolute inset-[44%] rounded-full bg-paper" />
              </div>
            </div>
            <figure className="relative sm:w-[90%]">
              <CoverImage
                src={post.coverUrl ?? ""}
                alt={`A record by ${post.artist}, the subject of this story`}
                width={600}
                height={600}
                priority
                sizes="(min-width: 1408px) 370px, (min-width: 1024px) calc((100vw - 320px) * 0.37), (min-width: 640px) calc((100vw - 32px) * 0.9), calc(100vw - 32px)"
                className="aspect-square w-full rounded-sm object-cover shadow-2xl"
              />
            </figure>
          </div>
        </header>
        <div className="mx-auto mt-10 max-w-[68ch]">
          <ArticleBody html={post.html} />
          <footer className="mt-12 border-t-2 border-ink pt-5">
            <h2 className="text-xs font-bold tracking-[0.25em] text-stone-700 uppercase">Filed under</h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {post.tags.map((tag) => (
                <li key={tag}>
                  <Link
                    to={tagPath(tag)}
                    className="inline-block rounded-full border border-stone-300 bg-white px-3 py-1.5 text-sm font-semibold hover:border-needle-dark hover:text-needle-dark"
                  >
                    {tagLabel(tag)}
                  </Link>
                </li>
              ))}
            </ul>
          </footer>
        </div>
      </article>
      <section aria-labelledby="artist-records" className="mt-16">
        <SectionHeading id="artist-records" kicker="From the shop">
          {post.artist} on vinyl
        </SectionHeading>
        {records.length > 0 ? (
          <RecordGrid tracks={records} />
        ) : (
          <p className="text-stone-600">None of {post.artist}'s records is in stock right now. Check back soon.</p>
        )}
        <p className="mt-6">
          <Link to={artistPath(post.artist)} className="text-sm font-semibold text-needle-dark hover:underline">
            All stories about {post.artist}
          </Link>
        </p>
      </section>
      <div className="mt-16">
        <PostNav previous={previous} next={next} />
      </div>
    </div>
  );
}
