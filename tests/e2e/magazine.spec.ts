import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import { expect, test, type Locator, type Page } from "@playwright/test";

// The magazine ("Artist Stories"): every page with JavaScript on and off (@no-js runs in both projects).
// Posts written by these tests are dated 2000-01-01, so they only ever join the end of the list and never
// disturb the ordering that other tests, running in parallel, look at.

interface SeededPost {
  id: number;
  slug: string;
  title: string;
  artist: string;
  published_at: string;
}

const dbFile = () => path.join(process.env.E2E_DATA_DIR!, "e2e.db");

function withDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(dbFile());
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** The seeded posts, newest first (the ones tests add are older than all of them). */
const seededPosts = (): SeededPost[] =>
  withDb(
    (db) =>
      db
        .prepare(
          "select id, slug, title, artist, published_at from blog_posts where published_at > '2000-01-01' order by published_at desc, id desc",
        )
        .all() as SeededPost[],
  );

const slugsWithTag = (tag: string): string[] =>
  withDb((db) =>
    (
      db
        .prepare(
          "select p.slug from blog_posts p join blog_post_tags t on t.post_id = p.id where t.tag = ? order by p.published_at desc",
        )
        .all(tag) as { slug: string }[]
    ).map((r) => r.slug),
  );

const main = (page: Page) => page.getByRole("main");
const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });
/** The story links in the page's lists (not the topic and artist lists below them). */
const storyLinks = (page: Page) => main(page).locator("article h2 a, article h3 a");
/** An attribute of every element a locator finds (read without page scripts, so it works with JavaScript off). */
async function attributes(locator: Locator, name: string): Promise<string[]> {
  const out: string[] = [];
  for (const el of await locator.all()) out.push((await el.getAttribute(name)) ?? "");
  return out;
}
const storyDates = (page: Page) => attributes(main(page).locator("article time"), "datetime");

async function expectBlogEntryActive(page: Page) {
  await expect(nav(page).getByRole("link", { name: "Artist Stories" })).toHaveAttribute("aria-current", "page");
}

test.describe("magazine pages", () => {
  test("/blog leads with the newest story, lists six a page newest first and pages with plain links @no-js", async ({ page }) => {
    const posts = seededPosts();
    expect(posts.length).toBeGreaterThanOrEqual(12);
    const res = await page.goto("/blog");
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle("Artist Stories | Needledrop");
    await expect(page.getByRole("heading", { level: 1, name: "Artist Stories" })).toBeVisible();
    await expectBlogEntryActive(page);

    const lead = main(page).getByRole("region", { name: "Lead story" });
    await expect(lead.getByRole("heading", { level: 2 })).toHaveText(posts[0]!.title);
    await expect(storyLinks(page)).toHaveCount(6);
    await expect(storyLinks(page)).toHaveText(posts.slice(0, 6).map((p) => p.title));
    const firstDates = await storyDates(page);
    expect(firstDates).toEqual([...firstDates].sort().reverse());

    // The tag list with counts, and the artists.
    const topics = main(page).getByRole("region", { name: "Topics" });
    await expect(topics.getByRole("link", { name: /^Jazz \d+ stories$/ })).toHaveAttribute("href", "/blog/tag/jazz");
    await expect(topics.getByRole("link", { name: /^Collecting 6 stories$/ })).toBeVisible();
    await expect(
      main(page)
        .getByRole("region", { name: "Artists" })
        .getByRole("link", { name: /^Miles Davis/ }),
    ).toHaveAttribute("href", "/blog/artist/Miles%20Davis");

    await main(page).getByRole("navigation", { name: "Magazine pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(page.getByRole("region", { name: "Lead story" })).toHaveCount(0);
    await expect(storyLinks(page).first()).toHaveText(posts[6]!.title);
    const secondDates = await storyDates(page);
    expect(secondDates.length).toBe(6);
    expect(secondDates.every((d) => d <= firstDates.at(-1)!)).toBe(true);
    await expectBlogEntryActive(page);
  });

  test("a post shows title, artist, date, reading time, cover, body, tags, the artist's records and its neighbours @no-js", async ({
    page,
    javaScriptEnabled,
  }) => {
    const posts = seededPosts();
    const [newest, older] = [posts[0]!, posts[1]!];
    await page.goto("/blog");
    await main(page).getByRole("region", { name: "Lead story" }).getByRole("link", { name: newest.title }).click();
    await expect(page).toHaveURL(`/blog/${newest.slug}`);
    await expectBlogEntryActive(page);

    const article = main(page).getByRole("article").first();
    await expect(article.getByRole("heading", { level: 1 })).toHaveText(newest.title);
    await expect(article.getByRole("link", { name: newest.artist, exact: true })).toHaveAttribute(
      "href",
      `/blog/artist/${encodeURIComponent(newest.artist)}`,
    );
    await expect(article.locator(`time[datetime="${newest.published_at}"]`).first()).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    await expect(article.getByText(/\b\d+ min read$/).first()).toBeVisible();
    const cover = article.getByRole("img", { name: `A record by ${newest.artist}, the subject of this story` });
    await expect(cover).toBeVisible();
    if (javaScriptEnabled)
      await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await article.locator("h2").count()).toBeGreaterThan(1); // the body's own headings
    expect(await article.locator("p").count()).toBeGreaterThan(4);
    await expect(article.getByRole("heading", { name: "Filed under" })).toBeVisible();
    await expect(article.locator('a[href^="/blog/tag/"]').first()).toBeVisible();

    const records = main(page).getByRole("region", { name: `${newest.artist} on vinyl` });
    await expect(records.locator('a[href^="/vinyl/"]').first()).toBeVisible();
    await expect(records.getByRole("heading", { level: 3 }).first()).toBeVisible();

    const more = main(page).getByRole("navigation", { name: "More stories" });
    await expect(more.getByRole("link", { name: /Next story/ })).toHaveCount(0); // the newest has no newer one
    await more.getByRole("link", { name: /Previous story/ }).click();
    await expect(page).toHaveURL(`/blog/${older.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(older.title);
    await expect(
      main(page)
        .getByRole("navigation", { name: "More stories" })
        .getByRole("link", { name: /Next story/ }),
    ).toContainText(newest.title);
  });

  test("a tag page lists exactly the stories with that tag @no-js", async ({ page }) => {
    await page.goto("/blog");
    await main(page)
      .getByRole("region", { name: "Topics" })
      .getByRole("link", { name: /^Jazz / })
      .click();
    await expect(page).toHaveURL("/blog/tag/jazz");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Jazz");
    await expectBlogEntryActive(page);
    const expected = slugsWithTag("jazz");
    expect(expected.length).toBeGreaterThan(0);
    await expect(storyLinks(page)).toHaveCount(expected.length);
    expect(await attributes(storyLinks(page), "href")).toEqual(expected.map((s) => `/blog/${s}`));
    await expect(
      main(page)
        .getByRole("region", { name: "Topics" })
        .getByRole("link", { name: /^Jazz / }),
    ).toHaveAttribute("aria-current", "page");
    // Tags in the address are matched whatever their case; the canonical address is lower-case.
    await page.goto("/blog/tag/JAZZ");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Jazz");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/blog\/tag\/jazz$/);
  });

  test("an artist page lists the stories about them and their records, matching the name case-insensitively @no-js", async ({
    page,
  }) => {
    const artist = "Bob Marley & The Wailers";
    const posts = seededPosts().filter((p) => p.artist === artist);
    await page.goto("/blog");
    await main(page)
      .getByRole("region", { name: "Artists" })
      .getByRole("link", { name: new RegExp(`^${artist}`) })
      .click();
    await expect(page).toHaveURL("/blog/artist/Bob%20Marley%20%26%20The%20Wailers");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(artist);
    await expectBlogEntryActive(page);
    await expect(storyLinks(page)).toHaveText(posts.map((p) => p.title));
    const records = main(page).getByRole("region", { name: `${artist} on vinyl` });
    await expect(records.locator('a[href^="/vinyl/"]').first()).toBeVisible();
    await expect(records.getByText(artist).first()).toBeVisible();

    const res = await page.goto("/blog/artist/bob%20marley%20%26%20the%20WAILERS");
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(artist);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      /\/blog\/artist\/Bob%20Marley%20%26%20The%20Wailers$/,
    );
  });

  test("unknown slugs, tags, artists and pages get the 404 page @no-js", async ({ page }) => {
    for (const p of [
      "/blog/no-such-story",
      "/blog/tag/no-such-tag",
      "/blog/artist/Nobody%20We%20Know",
      "/blog/artist/Kind%20of%20Blue",
      "/blog?page=99",
      "/blog?page=0",
      "/blog?page=two",
      "/blog/tag/jazz?page=9",
    ]) {
      const res = await page.goto(p);
      expect(res?.status(), p).toBe(404);
      await expect(page.getByRole("heading", { name: "404 Page Not Found" }), p).toBeVisible();
    }
  });
});

test.describe("magazine for search engines and feed readers", () => {
  test("a post carries Article structured data and Open Graph article tags @no-js", async ({ page, baseURL }) => {
    const post = seededPosts().find((p) => p.artist === "Miles Davis")!;
    await page.goto(`/blog/${post.slug}`);
    const raw = await page.locator('script[type="application/ld+json"]').textContent();
    const ld = JSON.parse(raw!);
    expect(["Article", "BlogPosting"]).toContain(ld["@type"]);
    expect(ld).toMatchObject({
      headline: post.title,
      datePublished: post.published_at,
      author: { "@type": "Organization", name: "Needledrop" },
      mainEntityOfPage: { "@id": `${baseURL}/blog/${post.slug}` },
      about: { "@type": "MusicGroup", name: "Miles Davis" },
    });
    expect(ld.image[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/covers\/.+\.jpg$/);

    const og = (p: string) => page.locator(`meta[property="${p}"]`);
    await expect(og("og:type")).toHaveAttribute("content", "article");
    await expect(og("og:title")).toHaveAttribute("content", `${post.title} | Needledrop`);
    await expect(og("og:url")).toHaveAttribute("content", `${baseURL}/blog/${post.slug}`);
    await expect(og("og:image")).toHaveAttribute("content", /^http:\/\/.+\/media\/covers\//);
    await expect(og("article:published_time")).toHaveAttribute("content", post.published_at);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/blog/${post.slug}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\S/);

    await page.goto("/blog");
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      "href",
      `${baseURL}/blog/rss.xml`,
    );
  });

  test("the RSS feed is RSS 2.0 with an item per post and absolute links @no-js", async ({
    request,
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    const res = await request.get("/blog/rss.xml");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("application/rss+xml");
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml [^>]*\?>\s*<rss version="2.0"/);
    const posts = seededPosts();
    const links = [...xml.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>[\s\S]*?<\/item>/g)].map((m) => m[1]);
    for (const p of posts) expect(links).toContain(`${baseURL}/blog/${p.slug}`);
    expect(links.every((l) => /^http:\/\/127\.0\.0\.1:\d+\/blog\/[^/]+$/.test(l!))).toBe(true);

    if (javaScriptEnabled) {
      // A real XML parser agrees: well-formed, a channel, one <item> per link, each with title, link and date.
      await page.goto("/blog");
      const parsed = await page.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, "application/xml");
        const items = [...doc.querySelectorAll("channel > item")];
        return {
          error: doc.querySelector("parsererror")?.textContent ?? null,
          root: doc.documentElement.nodeName,
          channelTitle: doc.querySelector("channel > title")?.textContent,
          items: items.map((i) => ({
            title: i.querySelector("title")?.textContent,
            link: i.querySelector("link")?.textContent,
            date: i.querySelector("pubDate")?.textContent,
          })),
        };
      }, xml);
      expect(parsed.error).toBeNull();
      expect(parsed.root).toBe("rss");
      expect(parsed.channelTitle).toContain("Artist Stories");
      expect(parsed.items.length).toBe(links.length);
      expect(parsed.items[0]).toEqual({
        title: posts[0]!.title,
        link: `${baseURL}/blog/${posts[0]!.slug}`,
        date: expect.stringMatching(/GMT$/),
      });
    }
  });

  test("the sitemap lists /blog and every post, and keeps the shop's pages @no-js", async ({ request, baseURL }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    expect(xml).toContain(`<loc>${baseURL}/blog</loc>`);
    for (const p of seededPosts())
      expect(xml).toContain(`<loc>${baseURL}/blog/${p.slug}</loc><lastmod>${p.published_at}</lastmod>`);
    expect(xml).toContain(`<loc>${baseURL}/blog/tag/jazz</loc>`);
    for (const p of ["/browse", "/genres"]) expect(xml).toContain(`${p}</loc>`);
    expect(xml).toMatch(/\/vinyl\/\d+-/);
  });
});

test.describe("magazine safety and accessibility", () => {
  test("a post with a script, an onerror image and a javascript: link renders inert @no-js", async ({ page }, testInfo) => {
    const slug = `inert-${testInfo.project.name}-${Date.now()}`;
    const title = `Inert </script><script>window.pwned=1</script> <img src=x onerror=alert(1)>`;
    withDb((db) =>
      db
        .prepare(
          "insert into blog_posts (slug, title, artist, excerpt, body, cover_url, published_at) values (?, ?, ?, ?, ?, ?, ?)",
        )
        .run(
          slug,
          title,
          "Miles Davis",
          "Nothing here runs.",
          [
            "Opening words.",
            "<script>alert(1); window.pwned = 1</script>",
            "<img src=x onerror=alert(1)>",
            '<img src="/media/covers/track-1.jpg" onerror="alert(2)" onload="window.pwned=2">',
            "[x](javascript:alert(1))",
            '<a href="JaVaScRiPt:alert(3)" onclick="alert(4)">y</a>',
            '<svg onload="alert(5)"></svg><iframe src="javascript:alert(6)"></iframe>',
            '<p onmouseover="alert(7)" style="position:fixed;inset:0">Hover</p>',
            "[Elsewhere](https://example.com/page)",
            "Closing words.",
          ].join("\n\n"),
          "/media/covers/track-1.jpg",
          "2000-01-01",
        ),
    );
    const dialogs: string[] = [];
    page.on("dialog", async (d) => {
      dialogs.push(d.message());
      await d.dismiss();
    });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    const res = await page.goto(`/blog/${slug}`);
    expect(res?.status()).toBe(200);
    const article = main(page).getByRole("article").first();
    await expect(article.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(article.getByText("Opening words.")).toBeVisible();
    await expect(article.getByText("Closing words.")).toBeVisible();
    await article.getByText("Hover").hover();
    await article.getByText("x", { exact: true }).click();

    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    // Only the JSON-LD script, whose text is data; no element with an event handler or a script address.
    await expect(article.locator("script")).toHaveCount(1);
    await expect(article.locator('script[type="application/ld+json"]')).toHaveCount(1);
    await expect(main(page).locator("[onerror], [onload], [onclick], [onmouseover]")).toHaveCount(0);
    await expect(main(page).locator('[href^="javascript:" i], [src^="javascript:" i]')).toHaveCount(0);
    await expect(main(page).locator('img[src="x"], svg[onload], iframe, [style*="position:fixed"]')).toHaveCount(0);
    await expect(article.getByRole("link", { name: "Elsewhere" })).toHaveAttribute("rel", "noopener noreferrer");
    // The JSON-LD did not let the title out of its <script>, and reads back as the title.
    const ld = JSON.parse((await article.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld.headline).toBe(title);
    if (testInfo.project.use.javaScriptEnabled !== false) {
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    }
  });

  for (const width of [390, 1280]) {
    test(`axe finds no serious or critical problem on the magazine's pages at ${width} px`, async ({ page }) => {
      // Four full axe scans: several seconds each on a small machine.
      test.slow();
      await page.setViewportSize({ width, height: 900 });
      const post = seededPosts()[1]!;
      for (const p of ["/blog", `/blog/${post.slug}`, "/blog/tag/jazz", `/blog/artist/${encodeURIComponent(post.artist)}`]) {
        await page.goto(p);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        const { violations } = await new AxeBuilder({ page }).analyze();
        const bad = violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
        expect(bad, p).toEqual([]);
      }
    });
  }
});
