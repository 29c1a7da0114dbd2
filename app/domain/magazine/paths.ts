/** Addresses of the magazine's pages, in one place for links, canonical URLs, the feed and the sitemap. */

export const BLOG_PATH = "/blog";

export const postPath = (slug: string) => `${BLOG_PATH}/${encodeURIComponent(slug)}`;

export const tagPath = (tag: string) => `${BLOG_PATH}/tag/${encodeURIComponent(tag)}`;

/** Artist names go in the address as they are, URL-encoded ("Bob%20Marley%20%26%20The%20Wailers"). */
export const artistPath = (artist: string) => `${BLOG_PATH}/artist/${encodeURIComponent(artist)}`;

/** "classic-albums" → "Classic Albums". */
export function tagLabel(tag: string): string {
  return tag
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

/** "3 min read". */
export const readingTimeText = (minutes: number) => `${minutes} min read`;
