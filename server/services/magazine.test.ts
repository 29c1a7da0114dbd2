import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shouldHideRecord } from "../../app/domain/catalogue/hiding";
import { blogPosts, blogPostTags, records } from "../../db/schema";
import { BLOG_POSTS } from "../../db/seed/content";
import { seededTestDb, TEST_TODAY, type TestDb } from "../../tests/setup/test-db";
import { countWords, readingMinutes, renderMarkdown } from "../markdown";
import { createMagazineService, POSTS_PER_PAGE } from "./magazine";
import { toRecordItem } from "./record-mapper";

const newestFirst = [...BLOG_POSTS].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));

describe("magazine service on the seeded posts", () => {
  let t: TestDb;
  let magazine: ReturnType<typeof createMagazineService>;
  beforeAll(async () => {
    t = await seededTestDb();
    magazine = createMagazineService(t.db);
  });
  afterAll(() => t.cleanup());

  it("has at least 12 posts, each about an artist the shop lists records by", () => {
    expect(BLOG_POSTS.length).toBeGreaterThanOrEqual(12);
    for (const post of BLOG_POSTS) {
      expect(magazine.recordsBy(post.artist, { today: TEST_TODAY, limit: 50 }).length, post.artist).toBeGreaterThan(0);
    }
  });

  it("lists posts newest first, six a page, and has no page past the end", () => {
    const first = magazine.list({ today: TEST_TODAY })!;
    expect(first.perPage).toBe(POSTS_PER_PAGE);
    expect(first.total).toBe(BLOG_POSTS.length);
    expect(first.pages).toBe(Math.ceil(BLOG_POSTS.length / 6));
    expect(first.posts).toHaveLength(6);
    const all = Array.from({ length: first.pages }, (_, i) => magazine.list({ page: i + 1, today: TEST_TODAY })!.posts).flat();
    expect(all.map((p) => p.slug)).toEqual(newestFirst.map((p) => p.slug));
    expect(magazine.list({ page: first.pages + 1, today: TEST_TODAY })).toBeNull();
    expect(magazine.list({ page: 0, today: TEST_TODAY })).toBeNull();
    expect(magazine.list({ page: 1.5, today: TEST_TODAY })).toBeNull();
  });

  it("gives each post in a list its tags in their written order, its cover and its reading time", () => {
    const [newest] = magazine.list({ today: TEST_TODAY })!.posts;
    const seeded = newestFirst[0]!;
    expect(newest).toMatchObject({
      slug: seeded.slug,
      title: seeded.title,
      artist: seeded.artist,
      excerpt: seeded.excerpt,
      tags: seeded.tags,
    });
    expect(newest!.coverUrl).toMatch(/^\/media\/covers\//);
    expect(newest!.readingMinutes).toBe(Math.ceil(countWords(renderMarkdown(seeded.body)) / 200));
    expect(newest).not.toHaveProperty("body");
  });

  it("shows a post with its rendered body, and its older and newer neighbours", () => {
    const slugs = newestFirst.map((p) => p.slug);
    slugs.forEach((slug, i) => {
      const found = magazine.post(slug, TEST_TODAY)!;
      expect(found.post.slug).toBe(slug);
      expect(found.next?.slug ?? null).toBe(slugs[i - 1] ?? null);
      expect(found.previous?.slug ?? null).toBe(slugs[i + 1] ?? null);
    });
    const { post } = magazine.post("kind-of-blue-why-everyone-starts-here", TEST_TODAY)!;
    expect(post.html).toContain("<h2>Two sessions, very little rehearsal</h2>");
    expect(post.html).toContain("<blockquote>");
    expect(post.wordCount).toBeGreaterThan(300);
    expect(post.readingMinutes).toBe(readingMinutes(post.wordCount));
  });

  it("returns null for an unknown slug", () => {
    expect(magazine.post("no-such-post", TEST_TODAY)).toBeNull();
    expect(magazine.post("", TEST_TODAY)).toBeNull();
  });

  it("counts tags over the published posts, most used first", () => {
    const expected = new Map<string, number>();
    for (const p of BLOG_POSTS) for (const tag of p.tags) expected.set(tag, (expected.get(tag) ?? 0) + 1);
    const tags = magazine.tags(TEST_TODAY);
    expect(new Map(tags.map((t) => [t.tag, t.count]))).toEqual(expected);
    for (let i = 1; i < tags.length; i++) {
      const [a, b] = [tags[i - 1]!, tags[i]!];
      expect(a.count > b.count || (a.count === b.count && a.tag < b.tag)).toBe(true);
    }
  });

  it("finds posts by tag, whatever the case in the address, and null for an unknown tag", () => {
    const jazz = magazine.byTag("jazz", { today: TEST_TODAY })!;
    const expected = newestFirst.filter((p) => p.tags.includes("jazz")).map((p) => p.slug);
    expect(jazz.tag).toBe("jazz");
    expect(jazz.posts.map((p) => p.slug)).toEqual(expected);
    expect(jazz.total).toBe(expected.length);
    expect(magazine.byTag("JAZZ", { today: TEST_TODAY })!.posts.map((p) => p.slug)).toEqual(expected);
    expect(magazine.byTag("no-such-tag", { today: TEST_TODAY })).toBeNull();
    expect(magazine.byTag("", { today: TEST_TODAY })).toBeNull();
    expect(magazine.byTag("jazz", { page: 2, today: TEST_TODAY })).toBeNull();
  });

  it("finds posts by artist case-insensitively, giving the artist as the posts spell it", () => {
    const marley = magazine.byArtist("bob MARLEY & the wailers", { today: TEST_TODAY })!;
    expect(marley.artist).toBe("Bob Marley & The Wailers");
    expect(marley.posts.map((p) => p.slug)).toEqual(["catch-a-fire-reggae-goes-global"]);
    expect(magazine.byArtist("  miles   davis ", { today: TEST_TODAY })!.artist).toBe("Miles Davis");
    expect(magazine.findArtist("RADIOHEAD", TEST_TODAY)).toBe("Radiohead");
  });

  it("returns null for an artist with no posts, even one the shop sells", () => {
    expect(magazine.byArtist("Nobody At All", { today: TEST_TODAY })).toBeNull();
    const written = new Set(BLOG_POSTS.map((p) => p.artist));
    const unwritten = t.db
      .select({ artist: records.artist })
      .from(records)
      .all()
      .find((r) => !written.has(r.artist))!;
    expect(magazine.byArtist(unwritten.artist, { today: TEST_TODAY })).toBeNull();
  });

  it("lists the artists written about, A–Z", () => {
    const artists = magazine.artists(TEST_TODAY).map((a) => a.artist);
    expect(artists).toEqual([...new Set(BLOG_POSTS.map((p) => p.artist))].sort((a, b) => a.localeCompare(b, "en-GB")));
  });

  it("gives an artist's records exactly as the shop lists them (the hiding rule applies)", () => {
    for (const artist of ["Miles Davis", "The Beatles"]) {
      const expected = t.db
        .select()
        .from(records)
        .where(eq(records.artist, artist))
        .all()
        .map(toRecordItem)
        .filter((r) => !shouldHideRecord(r, { today: TEST_TODAY }))
        .map((r) => r.id)
        .sort((a, b) => a - b);
      expect(magazine.recordsBy(artist, { today: TEST_TODAY, limit: 50 }).map((r) => r.id)).toEqual(expected);
    }
    expect(magazine.recordsBy("Miles Davis", { today: TEST_TODAY, limit: 1 })).toHaveLength(1);
  });

  it("builds an RSS 2.0 feed of the newest posts with absolute links", () => {
    const xml = magazine.rss({ origin: "https://shop.example", today: TEST_TODAY });
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\s*<rss version="2.0"/);
    const items = xml.match(/<item>[\s\S]*?<\/item>/g) ?? [];
    expect(items).toHaveLength(BLOG_POSTS.length);
    expect(items[0]).toContain(`<link>https://shop.example/blog/${newestFirst[0]!.slug}</link>`);
    for (const item of items) expect(item).toMatch(/<link>https:\/\/shop\.example\/blog\/[a-z0-9-]+<\/link>/);
    expect(xml).toContain("<link>https://shop.example/blog</link>");
    expect(xml).toContain('<atom:link href="https://shop.example/blog/rss.xml" rel="self" type="application/rss+xml"/>');
  });

  it("gives the sitemap every published post", () => {
    expect(magazine.sitemapEntries(TEST_TODAY).map((e) => e.slug)).toEqual(newestFirst.map((p) => p.slug));
  });
});

describe("magazine service with posts added", () => {
  let t: TestDb;
  let magazine: ReturnType<typeof createMagazineService>;
  const XSS_SLUG = "inert-payloads";
  beforeAll(async () => {
    t = await seededTestDb();
    magazine = createMagazineService(t.db);
    const insert = (slug: string, publishedAt: string, body: string, tags: string[]) => {
      const { id } = t.db
        .insert(blogPosts)
        .values({ slug, title: slug, artist: "Miles Davis", excerpt: "x", body, publishedAt })
        .returning({ id: blogPosts.id })
        .get();
      if (tags.length)
        t.db
          .insert(blogPostTags)
          .values(tags.map((tag) => ({ postId: id, tag })))
          .run();
    };
    insert(
      XSS_SLUG,
      "2026-11-20",
      'Hello\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1))\n\n<a href="https://example.com" onclick="alert(1)">out</a>',
      ["security"],
    );
    insert("from-the-future", "2026-12-25", "Not yet.", ["future-only"]);
  });
  afterAll(() => t.cleanup());

  it("renders a post's body with none of its payloads active", () => {
    const { html } = magazine.post(XSS_SLUG, TEST_TODAY)!.post;
    expect(html).toContain("Hello");
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain("alert(1)");
    expect(html).not.toMatch(/onerror|onclick/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).toContain("<p>x</p>");
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">out</a>');
  });

  it("keeps a post hidden until its publication date, everywhere", () => {
    expect(magazine.post("from-the-future", TEST_TODAY)).toBeNull();
    expect(magazine.post("from-the-future", "2026-12-25")).not.toBeNull();
    expect(magazine.byTag("future-only", { today: TEST_TODAY })).toBeNull();
    expect(magazine.tags(TEST_TODAY).map((x) => x.tag)).not.toContain("future-only");
    expect(magazine.list({ today: TEST_TODAY })!.total).toBe(BLOG_POSTS.length + 1);
    expect(magazine.sitemapEntries(TEST_TODAY).map((e) => e.slug)).not.toContain("from-the-future");
    expect(magazine.rss({ origin: "https://x.example", today: TEST_TODAY })).not.toContain("from-the-future");
    // The newest published post no longer has a "next": the future one is not linked.
    expect(magazine.post(XSS_SLUG, TEST_TODAY)!.next).toBeNull();
  });

  it("sees new posts at once: cached tag counts are dropped on a write", () => {
    expect(magazine.tags(TEST_TODAY).find((x) => x.tag === "security")?.count).toBe(1);
    const id = t.db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, XSS_SLUG)).get()!.id;
    t.db
      .delete(blogPostTags)
      .where(and(eq(blogPostTags.postId, id), eq(blogPostTags.tag, "security")))
      .run();
    expect(magazine.tags(TEST_TODAY).find((x) => x.tag === "security")).toBeUndefined();
  });
});
