import { expect, test, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";

// GET /api/album-image against the built server and its seeded covers, and the /image-performance-test page.

async function firstCoverUrl(request: APIRequestContext): Promise<string> {
  const res = await request.get("/api/tracks?limit=1");
  expect(res.status()).toBe(200);
  const [track] = (await res.json()) as { coverUrl: string }[];
  expect(track?.coverUrl).toMatch(/^\/media\/covers\/[^/]+\.jpg$/);
  return track!.coverUrl;
}

const imageUrl = (url: string, params: string) => `/api/album-image?url=${encodeURIComponent(url)}&${params}`;

test.describe("GET /api/album-image", () => {
  test("returns WebP at the requested width for a seeded cover, cached for a year", async ({ request }) => {
    const coverUrl = await firstCoverUrl(request);
    const res = await request.get(imageUrl(coverUrl, "width=320&format=webp"));
    expect(res.status()).toBe(200);
    const headers = res.headers();
    expect(headers["content-type"]).toBe("image/webp");
    expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(headers["etag"]).toMatch(/^"[0-9a-f]{32}"$/);
    const meta = await sharp(await res.body()).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 320, height: 320 });

    // The second answer is the same variant (from the disk cache), and a revalidation gets 304.
    const again = await request.get(imageUrl(coverUrl, "width=320&format=webp"));
    expect(again.headers()["x-image-cache"]).toBe("hit");
    expect(Buffer.compare(await again.body(), await res.body())).toBe(0);
    const revalidated = await request.get(imageUrl(coverUrl, "width=320&format=webp"), {
      headers: { "if-none-match": headers["etag"]! },
    });
    expect(revalidated.status()).toBe(304);
  });

  test("crops to width × height, and picks the format from Accept when none is given", async ({ request }) => {
    const coverUrl = await firstCoverUrl(request);
    const jpeg = await request.get(imageUrl(coverUrl, "width=200&height=120&format=jpeg"));
    expect(jpeg.headers()["content-type"]).toBe("image/jpeg");
    expect(await sharp(await jpeg.body()).metadata()).toMatchObject({ format: "jpeg", width: 200, height: 120 });

    const avif = await request.get(imageUrl(coverUrl, "width=160"), {
      headers: { accept: "image/avif,image/webp,image/apng,image/*,*/*;q=0.8" },
    });
    expect(avif.status()).toBe(200);
    expect(avif.headers()["content-type"]).toBe("image/avif");
    expect(avif.headers()["vary"]?.toLowerCase()).toContain("accept");
    expect(await sharp(await avif.body()).metadata()).toMatchObject({ width: 160, height: 160 });
  });

  test("refuses anything but the shop's own image paths with a 400 JSON error", async ({ request, baseURL }) => {
    const refused = [
      "http://evil.example/a.jpg",
      "https://evil.example/media/covers/track-1.jpg",
      "//evil.example/a.jpg",
      `${baseURL}/media/covers/track-1.jpg`,
      "http://127.0.0.1/media/covers/track-1.jpg",
      "http://[::1]/media/covers/track-1.jpg",
      "http://localhost/media/covers/track-1.jpg",
      "http://169.254.169.254/latest/meta-data/",
      "file:///etc/passwd",
      "data:image/png;base64,iVBORw0KGgo=",
      "/media/covers/../../../etc/passwd",
      "/media/covers/%2e%2e/%2e%2e/etc/passwd.jpg",
      "/media/covers/..%2f..%2fpackage.json",
      "/media/covers\\..\\..\\package.json",
      "/media/covers/track-1.jpg\0.png",
      "/media/covers/track-1.jpg?x=1",
      "/media/audio/track-1.wav",
    ];
    for (const url of refused) {
      const res = await request.get(imageUrl(url, "width=100"));
      expect(res.status(), url).toBe(400);
      expect(res.headers()["content-type"]).toContain("application/json");
      expect((await res.json()).error, url).toMatch(/^Invalid url: /);
    }
    // Traversal written straight into the query string, not via encodeURIComponent.
    for (const raw of ["url=/media/covers/../../package.json", "url=%2Fmedia%2Fcovers%2F%2E%2E%2F%2E%2E%2Fpackage.json"]) {
      expect((await request.get(`/api/album-image?${raw}&width=100`)).status(), raw).toBe(400);
    }
  });

  test("answers 404 for a missing cover and 400 naming a bad parameter", async ({ request }) => {
    const missing = await request.get(imageUrl("/media/covers/no-such-record.jpg", "width=100"));
    expect(missing.status()).toBe(404);
    expect((await missing.json()).error).toContain("/media/covers/no-such-record.jpg");

    const coverUrl = await firstCoverUrl(request);
    for (const [params, field] of [
      ["width=abc", "width"],
      ["width=5000", "width"],
      ["width=100&quality=0", "quality"],
      ["width=100&format=gif", "format"],
    ] as const) {
      const res = await request.get(imageUrl(coverUrl, params));
      expect(res.status(), params).toBe(400);
      expect((await res.json()).error).toMatch(new RegExp(`^Invalid ${field}: `));
    }
  });
});

test.describe("/image-performance-test", () => {
  test("renders a grid of covers at several sizes and formats @no-js", async ({ page, javaScriptEnabled }) => {
    const response = await page.goto("/image-performance-test");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Image performance test | Needledrop");
    await expect(page.getByRole("heading", { level: 1, name: "Image performance test" })).toBeVisible();

    const grid = page.getByRole("list", { name: "Timed covers" });
    const images = grid.getByRole("img");
    await expect(images).toHaveCount(12);
    // Mixed mode: sizes cycle 160, 320, 640; formats change every three covers.
    await expect(images.nth(0)).toHaveAttribute("src", /^\/api\/album-image\?url=\/media\/covers\/.+&width=160&format=jpeg$/);
    await expect(images.nth(4)).toHaveAttribute("src", /&width=320&format=webp$/);
    await expect(images.nth(8)).toHaveAttribute("src", /&width=640&format=avif$/);
    for (const name of ["Mixed", "JPEG", "WebP", "AVIF", "160 px", "320 px", "640 px"]) {
      await expect(
        page.getByRole("navigation", { name: "Image variants" }).getByRole("link", { name, exact: true }).first(),
      ).toBeVisible();
    }

    if (!javaScriptEnabled) {
      // A <noscript> message (Playwright's text matching skips <noscript>, so it is found by test id).
      await expect(page.getByTestId("needs-javascript")).toBeVisible();
      await expect(page.getByTestId("needs-javascript")).toContainText("Timings need JavaScript");
      await expect(grid.locator('[data-image-status="no-js"]')).toHaveCount(12);
    }
  });

  test("chooses one format and size from plain links @no-js", async ({ page }) => {
    await page.goto("/image-performance-test");
    const variant = (name: string) =>
      page.getByRole("navigation", { name: "Image variants" }).getByRole("link", { name, exact: true });
    await variant("WebP").click();
    await expect(page).toHaveURL(/format=webp/);
    // The address changes before the new page is drawn: wait for it to mark WebP, or the next click can land on
    // the page being left and be lost.
    await expect(variant("WebP")).toHaveAttribute("aria-current", "page");
    await variant("320 px").click();
    await expect(page).toHaveURL(/size=320/);
    await expect(variant("320 px")).toHaveAttribute("aria-current", "page");
    await expect(page).toHaveURL(/format=webp/);
    const images = page.getByRole("list", { name: "Timed covers" }).getByRole("img");
    await expect(images).toHaveCount(12);
    for (let i = 0; i < 12; i++) await expect(images.nth(i)).toHaveAttribute("src", /&width=320&format=webp$/);
  });

  test("with JavaScript, times every image and rates it, and rates the page's web vitals", async ({ page }) => {
    test.setTimeout(60_000);
    const pageErrors: string[] = [];
    page.on("pageerror", (err) => pageErrors.push(err.message));
    await page.addInitScript(() => {
      const w = window as unknown as { cspViolations: string[] };
      w.cspViolations = [];
      document.addEventListener("securitypolicyviolation", (e) => w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.goto("/image-performance-test");
    const grid = page.getByRole("list", { name: "Timed covers" });

    // Hydrated first (server-rendered tiles say "no-js"), then every tile leaves "Measuring…" (first renders
    // of AVIF can take a few seconds on a cold cache).
    await expect(grid.locator('[data-image-status="no-js"]')).toHaveCount(0, { timeout: 15_000 });
    await expect(grid.locator('[data-image-status="pending"]')).toHaveCount(0, { timeout: 40_000 });
    await expect(grid.locator('[data-image-status="error"]')).toHaveCount(0);
    const measured = grid.locator('[data-image-status="measured"]');
    await expect(measured.first()).toBeVisible();
    await expect(measured.first()).toHaveAttribute("data-rating", /^(good|needs-improvement|poor)$/);
    await expect(measured.first()).toContainText(/\d+ ms/);
    await expect(measured.first()).toContainText(/Fast|Slow|Over timeout/);
    await expect(page.getByTestId("image-summary")).toContainText(/\d+ of 12 images timed/);
    await expect(page.getByTestId("needs-javascript")).toBeHidden();

    // Web vitals: LCP and CLS arrive by themselves; INP after an interaction.
    await expect(page.locator('[data-vital="LCP"]')).toHaveAttribute("data-rating", /^(good|needs-improvement|poor)$/, {
      timeout: 15_000,
    });
    await expect(page.locator('[data-vital="CLS"]')).toHaveAttribute("data-rating", /^(good|needs-improvement|poor)$/, {
      timeout: 15_000,
    });
    await page.getByRole("button", { name: "Show details" }).click();
    await expect(page.getByRole("button", { name: "Hide details" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.locator('[data-vital="INP"]')).toHaveAttribute("data-rating", /^(good|needs-improvement|poor)$/, {
      timeout: 15_000,
    });
    await expect(grid.getByText("Transferred").first()).toBeVisible();

    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test("fits a 390 px phone screen without sideways scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/image-performance-test");
    await expect(page.getByRole("list", { name: "Timed covers" }).getByRole("img")).toHaveCount(12);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
