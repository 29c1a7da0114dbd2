import { expect, test, type Locator, type Page } from "@playwright/test";
import { ready } from "./support/shop";

// The catalogue pages (issue "Storefront" item 3). Tests tagged @no-js run in both projects: the GET forms
// and plain links must work without JavaScript, and the same steps must hold once it runs.

const results = (page: Page) => page.getByRole("region", { name: "Results", exact: true });
const filters = (page: Page) => page.getByRole("complementary", { name: "Filters", exact: true });

/** The "N" of "Showing 1–24 of N records". */
async function totalIn(region: Locator): Promise<number> {
  const text = (await region.getByRole("status").textContent()) ?? "";
  const match = /of ([\d,]+) /.exec(text);
  return match ? Number(match[1]!.replace(/,/g, "")) : 0;
}

/** The count printed beside a facet option ("Jazz, 32 records"). */
async function facetCount(option: Locator): Promise<number> {
  const text = (await option.locator("xpath=ancestor::label[1]").textContent()) ?? "";
  return Number(/([\d,]+)\s*records/.exec(text)?.[1]?.replace(/,/g, "") ?? Number.NaN);
}

/** Pounds on each card, in order. */
async function prices(region: Locator): Promise<number[]> {
  const texts = await region.getByRole("article").allTextContents();
  return texts.map((t) => {
    const price = /£([\d,]+\.\d{2})/.exec(t)?.[1];
    // A card without a price once failed this file with nothing but NaN to go on: say which card it was.
    if (price === undefined) throw new Error(`A record card shows no price: "${t}"`);
    return Number(price.replace(/,/g, ""));
  });
}

test.describe("browse", () => {
  test("the label list shows the top labels and sends the rest on request, keeping them while filtering @no-js", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/browse");
    await ready(page, javaScriptEnabled);
    const labels = filters(page).getByRole("group", { name: "Label" }).getByRole("checkbox");
    await expect(labels).toHaveCount(10);
    const more = filters(page).getByRole("button", { name: /^More labels \(\d+\)$/ });
    const hidden = Number(/\((\d+)\)/.exec((await more.textContent()) ?? "")?.[1]);
    expect(hidden).toBeGreaterThan(20);
    await more.click();
    await expect(page).toHaveURL(/[?&]more=labels(&|$)/);
    await expect(labels).toHaveCount(10 + hidden);
    await ready(page, javaScriptEnabled);

    // A label from further down: it filters, and the whole list stays.
    // Checked by its value: other tests add records (and labels) meanwhile, so "the last box" may move.
    const name = (await labels.last().getAttribute("value"))!;
    const box = filters(page).locator(`input[name="label"][value=${JSON.stringify(name)}]`);
    await box.check();
    if (!javaScriptEnabled) await filters(page).getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/[?&]label=/);
    expect(new URL(page.url()).searchParams.getAll("label")).toEqual([name]);
    await expect(page).toHaveURL(/[?&]more=labels(&|$)/);
    await expect(box).toBeChecked();
  });

  test("facets and sort go into the URL and narrow the results through the GET form @no-js", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.slow(); // six full page loads of /browse, the heaviest listing
    await page.goto("/browse");
    await ready(page, javaScriptEnabled);
    await expect(page.getByRole("heading", { level: 1, name: "Browse records" })).toBeVisible();
    const all = await totalIn(results(page));
    expect(all).toBeGreaterThan(24);
    await expect(results(page).getByRole("article")).toHaveCount(24);

    const jazz = filters(page).getByRole("checkbox", { name: /^Jazz\b/ });
    await expect(jazz).toBeVisible(); // a sidebar on desktop, even without JavaScript
    const jazzCount = await facetCount(jazz);
    expect(jazzCount).toBeGreaterThan(0);

    await jazz.check();
    await filters(page).getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/[?&]genre=Jazz(&|$)/);
    await expect(page.getByRole("heading", { level: 1, name: "Jazz records" })).toBeVisible();
    // The facet count promised exactly what the filter gives.
    expect(await totalIn(results(page))).toBe(jazzCount);
    await expect(filters(page).getByRole("checkbox", { name: /^Jazz\b/ })).toBeChecked();

    await filters(page)
      .getByRole("checkbox", { name: /^In stock only/ })
      .check();
    await page.getByRole("combobox", { name: "Sort by" }).selectOption({ label: "Price: low to high" });
    await filters(page).getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/[?&]stock=1(&|$)/);
    await expect(page).toHaveURL(/[?&]sort=price-asc(&|$)/);
    await expect(page).toHaveURL(/[?&]genre=Jazz(&|$)/);
    await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("price-asc");
    await expect(page.getByRole("link", { name: "Remove filter Jazz" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Remove filter In stock" })).toBeVisible();

    const narrowed = await totalIn(results(page));
    expect(narrowed).toBeGreaterThan(0);
    expect(narrowed).toBeLessThanOrEqual(jazzCount);
    // With JavaScript the sorted list may render a moment after the address changes.
    const ascending = (p: number[]) => p.length > 0 && p.every((v, i) => i === 0 || p[i - 1]! <= v);
    await expect.poll(async () => ascending(await prices(results(page)))).toBe(true);
    // "In stock only": nothing sold out and nothing still to come.
    for (const badge of await results(page).getByRole("article").allTextContents()) {
      expect(badge).not.toMatch(/Not In Stock|Pre-Order/);
    }
  });

  test("format, decade and price facets narrow the results @no-js", async ({ page, javaScriptEnabled }) => {
    await page.goto("/browse");
    await ready(page, javaScriptEnabled);
    await filters(page).getByRole("spinbutton", { name: "Min price (£)" }).fill("20");
    await filters(page).getByRole("spinbutton", { name: "Max price (£)" }).fill("30");
    await filters(page).getByRole("checkbox", { name: /^LP\b/ }).check();
    await filters(page)
      .getByRole("checkbox", { name: /^1990s\b/ })
      .check();
    await filters(page).getByRole("button", { name: "Apply filters" }).click();

    await expect(page).toHaveURL(/[?&]format=Vinyl\+LP(&|$)/);
    await expect(page).toHaveURL(/[?&]decade=1990(&|$)/);
    await expect(page).toHaveURL(/[?&]min=20(&|$)/);
    await expect(page).toHaveURL(/[?&]max=30(&|$)/);
    // Empty boxes never reach the address.
    await expect(page).not.toHaveURL(/[?&]q=(&|$)/);
    await expect(page.getByRole("link", { name: "Remove filter £20.00–£30.00" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Remove filter 1990s" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Remove filter LP" })).toBeVisible();

    const cards = results(page).getByRole("article");
    expect(await cards.count()).toBeGreaterThan(0);
    for (const price of await prices(results(page))) {
      expect(price).toBeGreaterThanOrEqual(20);
      expect(price).toBeLessThanOrEqual(30);
    }
    // Each card ends with its price and its format label: "£24.99LP" (not "Double LP").
    for (const text of await cards.getByRole("link").allTextContents()) expect(text).toMatch(/\.\d{2}LP$/);
  });

  test("removing a chip drops just that filter @no-js", async ({ page, javaScriptEnabled }) => {
    await page.goto("/browse?genre=Jazz&decade=1970");
    await ready(page, javaScriptEnabled);
    await expect(filters(page).getByRole("checkbox", { name: /^Jazz\b/ })).toBeChecked();
    await page.getByRole("link", { name: "Remove filter Jazz" }).click();
    await expect(page).toHaveURL(/\/browse\?decade=1970$/);
    await expect(filters(page).getByRole("checkbox", { name: /^Jazz\b/ })).not.toBeChecked();
    await expect(filters(page).getByRole("checkbox", { name: /^1970s\b/ })).toBeChecked();
    await expect(page.getByRole("link", { name: "Remove filter Jazz" })).toHaveCount(0);
  });

  test("search text comes from the URL and sorts by relevance @no-js", async ({ page }) => {
    const response = await page.goto("/browse?q=blue");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Search results for “blue”" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("");
    await expect(page.getByRole("combobox", { name: "Sort by" }).locator("option:checked")).toHaveText("Relevance");
    await expect(filters(page).getByRole("searchbox", { name: "Keywords" })).toHaveValue("blue");
    await expect(results(page).getByRole("article").first()).toContainText(/blue/i);
    await expect(page).toHaveTitle("Search results for “blue” | Needledrop");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
  });

  test("a search typed into the filters keeps the chosen facets @no-js", async ({ page, javaScriptEnabled }) => {
    await page.goto("/browse?genre=Rock");
    await ready(page, javaScriptEnabled);
    await filters(page).getByRole("searchbox", { name: "Keywords" }).fill("the");
    await filters(page).getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/[?&]q=the(&|$)/);
    await expect(page).toHaveURL(/[?&]genre=Rock(&|$)/);
    await expect(page.getByRole("heading", { level: 1, name: "Search results for “the”" })).toBeVisible();
  });

  test("pages 24 records at a time with page links @no-js", async ({ page, javaScriptEnabled }) => {
    await page.goto("/browse");
    // A click in the moment React takes the page over can be cut short by the filter form settling the address.
    await ready(page, javaScriptEnabled);
    const pager = page.getByRole("navigation", { name: "Result pages" });
    await expect(pager.getByRole("link", { name: "Page 1", exact: true })).toHaveAttribute("aria-current", "page");
    const firstTitle = await results(page).getByRole("heading", { level: 3 }).first().textContent();
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|#|$)/);
    await expect(results(page).getByRole("status")).toHaveText(/^Showing 25–48 of/);
    await expect(pager.getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(pager.getByRole("link", { name: "Previous" })).toBeVisible();
    await expect(results(page).getByRole("heading", { level: 3 }).first()).not.toHaveText(firstTitle ?? "");
    await expect(results(page).getByRole("article")).toHaveCount(24);
  });

  test("no matches: a clear empty state with a way back @no-js", async ({ page }) => {
    await page.goto("/browse?q=zzqxv-no-such-record");
    await expect(page.getByRole("heading", { name: "No records match" })).toBeVisible();
    await expect(results(page).getByRole("article")).toHaveCount(0);
    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(page).toHaveURL(/\/browse$/);
    await expect(results(page).getByRole("article")).toHaveCount(24);

    await page.goto("/browse?label=No%20Such%20Label");
    await expect(page.getByRole("heading", { name: "No records match" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Clear filters" })).toHaveAttribute("href", "/browse");
  });

  test("bad query values fall back to defaults instead of failing @no-js", async ({ page }) => {
    const response = await page.goto("/browse?page=abc&sort=loudest&min=ten&decade=1234&format=Shellac&stock=maybe");
    expect(response?.status()).toBe(200);
    await expect(results(page).getByRole("article")).toHaveCount(24);
    await expect(page.getByRole("combobox", { name: "Sort by" }).locator("option:checked")).toHaveText("Newest");
  });

  test("empty form fields are tidied out of the address @no-js", async ({ page }) => {
    await page.goto("/browse?q=&genre=Jazz&min=&max=");
    await expect(page).toHaveURL(/\/browse\?genre=Jazz$/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/browse\?genre=Jazz$/);
    await expect(page).toHaveTitle("Jazz records | Needledrop");
  });

  test("on a phone the filters fold into a panel @no-js", async ({ page, javaScriptEnabled }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/browse");
    await ready(page, javaScriptEnabled);
    const jazz = filters(page).getByRole("checkbox", { name: /^Jazz\b/ });
    await expect(jazz).toBeHidden();
    await filters(page).getByText("Filters", { exact: true }).click();
    await expect(jazz).toBeVisible();
    await jazz.check();
    await filters(page).getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/[?&]genre=Jazz(&|$)/);
    await expect(results(page).getByRole("article").first()).toBeVisible();
  });

  test("with JavaScript a ticked box applies at once, without a page load", async ({ page }) => {
    await page.goto("/browse");
    await ready(page, true);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await filters(page)
      .getByRole("checkbox", { name: /^Soul\b/ })
      .check();
    await expect(page).toHaveURL(/\/browse\?genre=Soul(&|$)/);
    await expect(page.getByRole("heading", { level: 1, name: "Soul records" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await page.getByRole("combobox", { name: "Sort by" }).selectOption({ label: "Artist A–Z" });
    await expect(page).toHaveURL(/[?&]sort=artist(&|$)/);
    await page.getByRole("link", { name: "Remove filter Soul" }).click();
    await expect(page).toHaveURL(/\/browse\?sort=artist$/);
    await expect(filters(page).getByRole("checkbox", { name: /^Soul\b/ })).not.toBeChecked();
  });
});

test.describe("listings", () => {
  test("new releases: the last 40 days of vinyl @no-js", async ({ page }) => {
    const response = await page.goto("/new-releases");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "New Releases" })).toBeVisible();
    await expect(page).toHaveTitle("New Releases | Needledrop");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/new-releases$/);
    const list = page.getByRole("region", { name: "New releases", exact: true });
    expect(await list.getByRole("article").count()).toBeGreaterThan(0);
    // Nothing here is a pre-order: those are not released yet.
    for (const text of await list.getByRole("article").allTextContents()) expect(text).not.toContain("Pre-Order");
  });

  test("all vinyl: every record with sort and paging @no-js", async ({ page, javaScriptEnabled }) => {
    await page.goto("/allvinyl");
    await ready(page, javaScriptEnabled);
    await expect(page.getByRole("heading", { level: 1, name: "All Vinyl" })).toBeVisible();
    const list = page.getByRole("region", { name: "Records", exact: true });
    await expect(list.getByRole("article")).toHaveCount(24);
    await page.getByRole("combobox", { name: "Sort by" }).selectOption({ label: "Price: high to low" });
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Sort" }).click();
    await expect(page).toHaveURL(/\/allvinyl\?sort=price-desc$/);
    const descending = (p: number[]) => p.length > 0 && p.every((v, i) => i === 0 || p[i - 1]! >= v);
    await expect.poll(async () => descending(await prices(list))).toBe(true);
    const first = await prices(list);
    await page.getByRole("navigation", { name: "Record pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/allvinyl\?sort=price-desc&page=2(#results)?$/);
    await expect(list.getByRole("status")).toHaveText(/^Showing 25–48 of/);
    const second = await prices(list);
    expect(Math.max(...second)).toBeLessThanOrEqual(Math.min(...first));
  });

  test("pre-orders: soonest first, each card with its release date @no-js", async ({ page }) => {
    await page.goto("/pre-orders");
    await expect(page.getByRole("heading", { level: 1, name: "Pre-Orders" })).toBeVisible();
    const items = page
      .getByRole("region", { name: "Upcoming releases", exact: true })
      .getByRole("listitem")
      .filter({ has: page.getByRole("article") });
    expect(await items.count()).toBeGreaterThan(0);
    const texts = await items.allTextContents();
    const dates = texts.map((t) => {
      const match = /Pre-order · Out (\d{1,2} [A-Z][a-z]+ \d{4})/.exec(t);
      expect(match, t).not.toBeNull();
      return Date.parse(`${match![1]} UTC`);
    });
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
    for (const d of dates) expect(d).toBeGreaterThan(today - 86_400_000); // after today (London may be a day ahead of UTC)
    for (const t of texts) expect(t).toContain("Pre-Order");
  });

  test("genres: coloured tiles with counts that open /browse?genre=… @no-js", async ({ page }) => {
    await page.goto("/genres");
    await expect(page.getByRole("heading", { level: 1, name: "Genres" })).toBeVisible();
    const tiles = page.getByRole("region", { name: "All genres", exact: true });
    const jazz = tiles.getByRole("link", { name: /^Jazz\s*,/ });
    await expect(jazz).toHaveAttribute("href", "/browse?genre=Jazz");
    await expect(jazz).toContainText(/\d+ records?/);
    const count = Number(/(\d[\d,]*) records?/.exec((await jazz.textContent()) ?? "")?.[1]?.replace(/,/g, ""));
    await expect(tiles.getByRole("link", { name: /^R&B\s*,/ })).toHaveAttribute("href", "/browse?genre=R%26B");
    const az = page.getByRole("region", { name: "Genres A–Z", exact: true });
    const names = await az.getByRole("link").allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en-GB")));

    await jazz.click();
    await expect(page).toHaveURL(/\/browse\?genre=Jazz$/);
    await expect(page.getByRole("heading", { level: 1, name: "Jazz records" })).toBeVisible();
    expect(await totalIn(results(page))).toBe(count);
  });
});
