import { expect, test } from "@playwright/test";

test.describe("walking skeleton", () => {
  test("home page is server-rendered from SQLite @no-js", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Needledrop/);
    await expect(page.getByRole("heading", { level: 1, name: "Premium Vinyl Collection" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Shop Collection" })).toHaveAttribute("href", "/allvinyl");
    // Records from the seeded database, each with a price in pounds.
    const bestSellers = page.getByRole("region", { name: "Best Sellers", exact: true });
    await expect(bestSellers.getByRole("article")).toHaveCount(4);
    await expect(bestSellers.getByRole("article").first()).toContainText(/£\d+\.\d{2}/);
  });

  test("side navigation shows the spec's sections @no-js", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const section of ["Discover", "Browse", "Magazine", "Your Library"]) {
      await expect(nav.getByRole("heading", { name: section })).toBeAttached();
    }
    await expect(nav.getByRole("link", { name: "Login/Register" })).toHaveAttribute("href", "/auth");
    await expect(nav.getByRole("link", { name: "Admin" })).toHaveCount(0);
  });

  test("unknown paths get the spec's 404 page with a 404 status @no-js", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
    await expect(page).toHaveTitle("404 Page Not Found | Needledrop");
  });

  test("pages hydrate under the CSP without violations", async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { cspViolations: string[] };
      w.cspViolations = [];
      document.addEventListener("securitypolicyviolation", (e) => w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const errors: string[] = [];
    page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
    page.on("pageerror", (err) => errors.push(err.message));
    await page.goto("/");
    // Hydrated: the header search's suggestions come through the typed tRPC client.
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const suggest = page.waitForResponse((r) => r.url().includes("/trpc/search.suggest") && r.status() === 200);
    await page.getByRole("combobox", { name: "Search records" }).fill("blue");
    await suggest;
    await expect(page.getByRole("listbox", { name: "Search suggestions" }).getByRole("option").first()).toBeVisible();
    await page.goto("/track/1");
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("hydration keeps the server's document, and a client navigation updates it", async ({ page }) => {
    // A hydration that paired the wrong elements would nest a second <html>, or drop the stylesheet.
    const errors: string[] = [];
    page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
    page.on("pageerror", (err) => errors.push(err.message));
    const shape = () =>
      page.evaluate(() => ({
        roots: document.querySelectorAll("html, head, body").length,
        stylesheets: document.querySelectorAll('head > link[rel="stylesheet"]').length,
        applied: document.styleSheets.length > 0,
      }));
    // The blog's head has a feed link; the image test page's has a preload for each eager cover.
    for (const path of ["/blog", "/image-performance-test", "/"]) {
      await page.goto(path);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      expect(await shape(), path).toEqual({ roots: 3, stylesheets: 1, applied: true });
    }
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "New Releases" }).click();
    await expect(page).toHaveURL(/\/new-releases$/);
    await expect(page).toHaveTitle(/^New Releases/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("New Releases");
    expect(await shape()).toEqual({ roots: 3, stylesheets: 1, applied: true });
    expect(errors).toEqual([]);
  });

  test("covers are generated locally and served", async ({ request }) => {
    const tracks = (await (await request.get("/api/tracks?limit=3")).json()) as { coverUrl: string; audioUrl: string }[];
    for (const t of tracks) {
      const cover = await request.get(t.coverUrl);
      expect(cover.status()).toBe(200);
      expect(cover.headers()["content-type"]).toBe("image/jpeg");
      const audio = await request.get(t.audioUrl);
      expect(audio.status()).toBe(200);
      expect(audio.headers()["content-type"]).toMatch(/audio\/(wav|wave|x-wav)/);
    }
  });
});

test.describe("the built server's HTTP rules", () => {
  test("hashed assets are cached for a year", async ({ request }) => {
    // Read the server's HTML: after hydration React Router drops its inline module script from the DOM.
    const html = await (await request.get("/")).text();
    const asset = /\/assets\/[^"']+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const res = await request.get(asset!);
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toContain("max-age=31536000");
    expect(res.headers()["cache-control"]).toContain("immutable");
  });

  test("a POST with a foreign Origin is refused with 403", async ({ request }) => {
    const res = await request.post("/api/tracks", { headers: { origin: "https://evil.example" }, data: {} });
    expect(res.status()).toBe(403);
  });

  test("a 2 MB body gets 413 and broken JSON gets 400", async ({ request, baseURL }) => {
    const big = await request.post("/api/tracks", {
      headers: { origin: baseURL!, "content-type": "application/json" },
      data: JSON.stringify({ x: "y".repeat(2 * 1024 * 1024) }),
    });
    expect(big.status()).toBe(413);
    const broken = await request.post("/api/tracks", {
      headers: { origin: baseURL!, "content-type": "application/json" },
      // A Buffer is sent as-is; Playwright would JSON-encode a string body.
      data: Buffer.from('{"broken":'),
    });
    expect(broken.status()).toBe(400);
    expect((await broken.json()).error).toBe("Malformed JSON in request body.");
  });
});
