import { and, asc, count, desc, eq, gt, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { Feed } from "feed";
import { artistPath, BLOG_PATH, postPath } from "../../app/domain/magazine/paths";
import type { ArtistCount, PostDetail, PostLink, PostPage, PostSummary, TagCount } from "../../app/domain/magazine/types";
import type { RecordItem } from "../../app/domain/catalogue/types";
import { createKeptByKey } from "../../app/domain/shared/kept-by-key";
import type { Db } from "../../db/client";
import { createReadCache } from "../../db/read-cache";
import { blogPosts, blogPostTags, records } from "../../db/schema";
import { countWords, readingMinutes, renderMarkdown } from "../markdown";
import { visibleSql } from "./visibility";
import { toRecordItem } from "./record-mapper";

/** Spec: /blog shows six posts a page. */
export const POSTS_PER_PAGE = 6;
/** Posts in the RSS feed, newest first. */
export const FEED_SIZE = 20;

const summaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  artist: blogPosts.artist,
  excerpt: blogPosts.excerpt,
  body: blogPosts.body,
  coverUrl: blogPosts.coverUrl,
  publishedAt: blogPosts.publishedAt,
};
type SummaryRow = { [K in keyof typeof summaryColumns]: (typeof blogPosts.$inferSelect)[K] };

const newestFirst = [desc(blogPosts.publishedAt), desc(blogPosts.id)];

/** A post's publication as a Date: a scheduled instant as it is, a plain date at its midnight (UTC). */
const publicationDate = (value: string) => new Date(value.length > 10 ? value : `${value}T00:00:00Z`);

/** Artist names compare the way people type them: case, spacing and accents' encoding aside. */
const artistKey = (name: string) => name.normalize("NFC").trim().replace(/\s+/g, " ").toLocaleLowerCase("en-GB");

/**
 * The magazine ("Artist Stories"). A post is public from its publication date (the shop's today) on;
 * unknown or future slugs, tags and artists read as null, which the pages turn into their 404.
 */
export function createMagazineService(db: Db) {
  const cached = createReadCache(db);
  // Rendering is keyed by the Markdown itself, so an edited body is rendered afresh and nothing goes stale.
  const renders = createKeptByKey<{ html: string; words: number }>(500);
  function render(body: string) {
    return renders(body, () => {
      const html = renderMarkdown(body);
      return { html, words: countWords(html) };
    });
  }

  /**
   * Public from the publication date (a date, the shop's today) or the scheduled instant (an ISO time,
   * the clock's now, db/clock.ts). A date alone never passes the second test early: the UTC date is never
   * ahead of London's.
   */
  const published = (today: string) => or(lte(blogPosts.publishedAt, today), sql`${blogPosts.publishedAt} <= shop_now()`)!;

  function tagsOf(ids: number[]): Map<number, string[]> {
    const byPost = new Map<number, string[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return byPost;
    // rowid order is the order the tags were written in, so a post's main tag stays first.
    const rows = db
      .select({ postId: blogPostTags.postId, tag: blogPostTags.tag })
      .from(blogPostTags)
      .where(inArray(blogPostTags.postId, ids))
      .orderBy(sql`rowid`)
      .all();
    for (const r of rows) byPost.get(r.postId)?.push(r.tag);
    return byPost;
  }

  function toSummaries(rows: SummaryRow[]): PostSummary[] {
    const tags = tagsOf(rows.map((r) => r.id));
    return rows.map(({ body, ...r }) => ({
      ...r,
      tags: tags.get(r.id) ?? [],
      readingMinutes: readingMinutes(render(body).words),
    }));
  }

  /** One page of the posts matching `where`, newest first; null for a page past the end. */
  function paged(where: SQL, page: number, perPage: number): PostPage | null {
    if (!Number.isSafeInteger(page) || page < 1) return null;
    const total = db.select({ n: count() }).from(blogPosts).where(where).get()?.n ?? 0;
    const pages = Math.max(1, Math.ceil(total / perPage));
    if (page > pages) return null;
    const rows = db
      .select(summaryColumns)
      .from(blogPosts)
      .where(where)
      .orderBy(...newestFirst)
      .limit(perPage)
      .offset((page - 1) * perPage)
      .all();
    return { posts: toSummaries(rows), total, page, pages, perPage };
  }

  function neighbour(post: SummaryRow, today: string, direction: "older" | "newer"): PostLink | null {
    const cmp = direction === "older" ? lt : gt;
    const row = db
      .select({ slug: blogPosts.slug, title: blogPosts.title, artist: blogPosts.artist })
      .from(blogPosts)
      .where(
        and(
          published(today),
          or(
            cmp(blogPosts.publishedAt, post.publishedAt),
            and(eq(blogPosts.publishedAt, post.publishedAt), cmp(blogPosts.id, post.id)),
          ),
        ),
      )
      .orderBy(...(direction === "older" ? newestFirst : [asc(blogPosts.publishedAt), asc(blogPosts.id)]))
      .limit(1)
      .get();
    return row ?? null;
  }

  const service = {
    /** The magazine's front page: every published post, newest first, six a page. */
    list({ page = 1, today, perPage = POSTS_PER_PAGE }: { page?: number; today: string; perPage?: number }): PostPage | null {
      return paged(published(today), page, perPage);
    },

    /** One post with its rendered body and its older (previous) and newer (next) neighbours, or null. */
    post(slug: string, today: string): { post: PostDetail; previous: PostLink | null; next: PostLink | null } | null {
      const row = db
        .select(summaryColumns)
        .from(blogPosts)
        .where(and(eq(blogPosts.slug, slug), published(today)))
        .get();
      if (!row) return null;
      const [summary] = toSummaries([row]);
      const { html, words } = render(row.body);
      return {
        post: { ...summary!, html, wordCount: words },
        previous: neighbour(row, today, "older"),
        next: neighbour(row, today, "newer"),
      };
    },

    /** Every tag on a published post with its number of posts, most used first. */
    tags(today: string): TagCount[] {
      return cached(`magazine:tags:${today}`, () =>
        db
          .select({ tag: blogPostTags.tag, count: count() })
          .from(blogPostTags)
          .innerJoin(blogPosts, eq(blogPosts.id, blogPostTags.postId))
          .where(published(today))
          .groupBy(blogPostTags.tag)
          .orderBy(desc(count()), asc(blogPostTags.tag))
          .all(),
      );
    },

    /** Posts with a tag (tags are lower-case; the address may not be), or null when none has it. */
    byTag(tag: string, { page = 1, today, perPage = POSTS_PER_PAGE }: { page?: number; today: string; perPage?: number }) {
      const wanted = tag.trim().toLowerCase();
      if (!wanted) return null;
      const tagged = db.select({ id: blogPostTags.postId }).from(blogPostTags).where(eq(blogPostTags.tag, wanted));
      const result = paged(and(published(today), inArray(blogPosts.id, tagged))!, page, perPage);
      return result && result.total > 0 ? { tag: wanted, ...result } : null;
    },

    /** Artists with published posts, A–Z, with their number of posts. */
    artists(today: string): ArtistCount[] {
      return cached(`magazine:artists:${today}`, () =>
        db
          .select({ artist: blogPosts.artist, count: count() })
          .from(blogPosts)
          .where(published(today))
          .groupBy(blogPosts.artist)
          .all()
          .sort((a, b) => a.artist.localeCompare(b.artist, "en-GB")),
      );
    },

    /** The artist as spelled in the posts, matched case-insensitively, or null when no post is about them. */
    findArtist(name: string, today: string): string | null {
      const key = artistKey(name);
      return service.artists(today).find((a) => artistKey(a.artist) === key)?.artist ?? null;
    },

    /** Posts about an artist (the name matched case-insensitively), or null when there are none. */
    byArtist(name: string, { page = 1, today, perPage = POSTS_PER_PAGE }: { page?: number; today: string; perPage?: number }) {
      const artist = service.findArtist(name, today);
      if (artist === null) return null;
      const result = paged(and(published(today), eq(blogPosts.artist, artist))!, page, perPage);
      return result ? { artist, ...result } : null;
    },

    /** The artist's records that the shop lists (the hiding rule applies), oldest catalogue entry first. */
    recordsBy(artist: string, { today, limit }: { today: string; limit: number }): RecordItem[] {
      return db
        .select()
        .from(records)
        .where(and(eq(records.artist, artist), visibleSql(today)))
        .orderBy(asc(records.id))
        .limit(limit)
        .all()
        .map(toRecordItem);
    },

    /** Published posts' addresses for the sitemap. */
    sitemapEntries(today: string): { slug: string; publishedAt: string }[] {
      return db
        .select({ slug: blogPosts.slug, publishedAt: blogPosts.publishedAt })
        .from(blogPosts)
        .where(published(today))
        .orderBy(...newestFirst)
        .all();
    },

    /** RSS 2.0 of the newest posts, every link absolute. */
    rss({ origin, today }: { origin: string; today: string }): string {
      const latest = service.list({ today, perPage: FEED_SIZE });
      const posts = latest?.posts ?? [];
      const abs = (path: string) => new URL(path, origin).href;
      const feed = new Feed({
        title: "Artist Stories | Needledrop",
        description: "Stories behind the records: the artists, the sessions and what to look for on vinyl, from Needledrop.",
        id: abs(BLOG_PATH),
        link: abs(BLOG_PATH),
        language: "en-GB",
        copyright: `© ${today.slice(0, 4)} Needledrop`,
        generator: "Needledrop",
        updated: publicationDate(posts[0]?.publishedAt ?? today),
        feedLinks: { rss: abs(`${BLOG_PATH}/rss.xml`) },
      });
      for (const p of posts) {
        const link = abs(postPath(p.slug));
        feed.addItem({
          title: p.title,
          id: link,
          guid: link,
          link,
          date: publicationDate(p.publishedAt),
          description: p.excerpt,
          category: [{ name: p.artist, domain: abs(artistPath(p.artist)) }, ...p.tags.map((name) => ({ name }))],
        });
      }
      return feed.rss2();
    },
  };
  return service;
}

export type MagazineService = ReturnType<typeof createMagazineService>;
