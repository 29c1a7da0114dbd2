/** schema.org BlogPosting (an Article) for a magazine post, as JSON-LD. Pure: safe on server and browser. */
import { displayCoverUrl } from "~/domain/catalogue/cover";
import { DEFAULT_COVER_URL } from "~/domain/catalogue/hiding";
import { absoluteUrl, type JsonLd } from "~/domain/seo/structured-data";
import { artistPath, BLOG_PATH, postPath } from "./paths";
import type { PostDetail } from "./types";

export function articleJsonLd(post: PostDetail, origin: string): JsonLd {
  const url = absoluteUrl(origin, postPath(post.slug));
  const needledrop: JsonLd = { "@type": "Organization", name: "Needledrop", url: absoluteUrl(origin, "/") };
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    datePublished: post.publishedAt,
    dateModified: post.publishedAt,
    author: needledrop,
    publisher: needledrop,
    image: [absoluteUrl(origin, displayCoverUrl(post.coverUrl ?? "") || DEFAULT_COVER_URL)],
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    isPartOf: { "@type": "Blog", name: "Artist Stories", url: absoluteUrl(origin, BLOG_PATH) },
    about: { "@type": "MusicGroup", name: post.artist, url: absoluteUrl(origin, artistPath(post.artist)) },
    keywords: post.tags.join(", "),
    wordCount: post.wordCount,
    inLanguage: "en-GB",
  };
}
