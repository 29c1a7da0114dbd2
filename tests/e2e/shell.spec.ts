import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { ready } from "./support/shop";

test.describe("layout", () => {
  test("below 1024 px the side navigation slides in with focus managed, and closes on Escape, an outside click and navigation", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const open = page.getByRole("button", { name: "Open menu" });
    await expect(nav).toBeHidden();
    await expect(open).toHaveAttribute("aria-expanded", "false");

    await open.click();
    await expect(nav).toBeVisible();
    await expect(open).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("button", { name: "Close menu" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await page.getByTestId("menu-backdrop").click({ position: { x: 350, y: 400 } });
    await expect(nav).toBeHidden();

    await open.click();
    await nav.getByRole("link", { name: "Pre-Orders" }).click();
    await expect(page).toHaveURL(/\/pre-orders$/);
    await expect(nav).toBeHidden();
  });

  test("the menu opens without JavaScript too @no-js", async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "JavaScript path tested above");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole("button", { name: "Close menu" }).click();
    await expect(nav).toBeHidden();
  });

  test("on wide screens the navigation is always there and marks the current page @no-js", async ({ page }) => {
    await page.goto("/genres");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link", { name: "Genres" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
  });

  for (const width of [390, 1280]) {
    test(`every route change starts at the top at once, not with a scroll from the old position (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 844 });
      await page.goto("/");
      await ready(page, true);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
      // Every scroll position the new page passes through: a smooth scroll from the footer shows many on its way up;
      // an instant one none but 0 (and at most one clamp when the shorter page replaces the longer one).
      await page.evaluate(() => {
        const seen: number[] = [];
        (window as unknown as { seenScroll: number[] }).seenScroll = seen;
        window.addEventListener("scroll", () => location.pathname === "/new-releases" && seen.push(window.scrollY));
      });
      await page.getByRole("contentinfo").getByRole("link", { name: "New Releases" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "New Releases" })).toBeVisible();
      await page.waitForTimeout(1500);
      const seen = await page.evaluate(() => (window as unknown as { seenScroll: number[] }).seenScroll);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(new Set(seen.filter((y) => y > 0)).size, `positions passed through: ${seen.join(", ")}`).toBeLessThanOrEqual(1);
    });
  }
});

test.describe("addresses", () => {
  test("old addresses redirect permanently @no-js", async ({ request }) => {
    const moved: [string, string][] = [
      ["/pre-order", "/pre-orders"],
      ["/vinyl-explorer", "/virtual-crate-dig"],
    ];
    for (const [from, to] of moved) {
      const res = await request.get(from, { maxRedirects: 0 });
      expect(res.status(), from).toBe(301);
      expect(new URL(res.headers()["location"]!, "http://x").pathname).toBe(to);
    }
  });

  test("record addresses 301 to the canonical /vinyl/{id}-{slug} @no-js", async ({ request }) => {
    const [track] = (await (await request.get("/api/tracks?limit=1")).json()) as { id: number }[];
    for (const from of [`/track/${track!.id}`, `/vinyl/${track!.id}`, `/pre-order/${track!.id}-wrong-slug`]) {
      const res = await request.get(from, { maxRedirects: 0 });
      expect(res.status(), from).toBe(301);
      expect(res.headers()["location"]).toMatch(new RegExp(`^/vinyl/${track!.id}-[a-z0-9-]+$`));
    }
  });

  test("unknown records and paths get the 404 page, and so does the development outbox in production @no-js", async ({
    page,
  }) => {
    for (const path of ["/track/999999", "/vinyl/not-a-record", "/no/such/page", "/dev/outbox"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    }
  });
});

test.describe("search engines", () => {
  test("a record page's structured data parses back to the record, even with </script> in the title @no-js", async ({ page }) => {
    const db = new Database(path.join(process.env.E2E_DATA_DIR!, "e2e.db"));
    const title = 'Live </script><script>window.pwned=1</script> & "Loud"';
    const { id } = db
      .prepare(
        `insert into records (catalogue_id, title, artist, genre, cover_url, audio_url, duration, price_pence, label,
          format, catalog_number, release_date, stock_quantity, rating, condition)
         values (?, ?, 'Test Pressing', 'Rock', '/media/covers/track-1.jpg', '/media/audio/track-1.wav', 8, 1999,
          'Needle Records', 'Vinyl LP', 'NR 001', '2020-01-01', 3, 4.5, 'new') returning id`,
      )
      .get(`e2e-script-${Date.now()}-${Math.random()}`, title) as { id: number };
    db.close();

    await page.goto(`/track/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    const raw = await page.locator('script[type="application/ld+json"]').textContent();
    expect(raw).not.toContain("</script");
    const data = JSON.parse(raw!);
    expect(data["@type"]).toBe("Product");
    expect(data.name).toBe(`${title} by Test Pressing`);
    expect(data.sku).toBe("NR 001");
    expect(data.offers).toMatchObject({
      price: "19.99",
      priceCurrency: "GBP",
      availability: "https://schema.org/InStock",
      itemCondition: "https://schema.org/NewCondition",
    });
    expect(data.offers.shippingDetails.shippingRate.value).toBe("4.00");
    expect(data).not.toHaveProperty("aggregateRating"); // no review count is stored
  });

  test("every page has a title, description, canonical link and Open Graph tags @no-js", async ({ page }) => {
    test.slow(); // seven full page loads, the listings among them
    const [track] = (await (await page.request.get("/api/tracks?limit=1")).json()) as { id: number }[];
    for (const path of ["/", "/browse", "/new-releases", "/allvinyl", "/pre-orders", "/genres", `/track/${track!.id}`]) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(/\S.*\| Needledrop|Needledrop \|/);
      await expect(page.locator('meta[name="description"]'), path).toHaveAttribute("content", /\S.{20,}/);
      await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute("href", /^http/);
      await expect(page.locator('meta[property="og:title"]'), path).toHaveAttribute("content", /\S/);
    }
  });

  test("sitemap lists the pages and every visible record; robots points at it @no-js", async ({ request }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    expect(xml).toContain("<urlset");
    for (const p of [
      "/browse",
      "/new-releases",
      "/allvinyl",
      "/pre-orders",
      "/genres",
      "/virtual-crate-dig",
      "/vinyl-care",
      "/blog",
    ]) {
      expect(xml).toContain(`${p}</loc>`);
    }
    const total = Number((await request.get("/api/tracks?limit=1")).headers()["x-total-count"]);
    expect(xml.match(/\/vinyl\/\d+-/g)?.length).toBe(total);
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toMatch(/Sitemap: http.*\/sitemap\.xml/);
    expect(robots).toContain("Disallow: /admin");
  });
});
