/** Shapes of the magazine ("Artist Stories") as the server hands them to the pages. */

/** A post as it appears in a list: no body. */
export interface PostSummary {
  id: number;
  slug: string;
  title: string;
  artist: string;
  excerpt: string;
  /** The cover of the artist's first record, or null (the default cover is shown). */
  coverUrl: string | null;
  /** ISO date, e.g. "2026-01-14". */
  publishedAt: string;
  tags: string[];
  /** Words / 200, rounded up. */
  readingMinutes: number;
}

/** A whole post: the body is sanitised HTML, rendered from Markdown on the server. */
export interface PostDetail extends PostSummary {
  html: string;
  wordCount: number;
}

export interface PostLink {
  slug: string;
  title: string;
  artist: string;
}

export interface TagCount {
  tag: string;
  count: number;
}

export interface ArtistCount {
  artist: string;
  count: number;
}

export interface PostPage {
  posts: PostSummary[];
  total: number;
  page: number;
  pages: number;
  perPage: number;
}
