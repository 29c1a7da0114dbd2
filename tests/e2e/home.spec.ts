import { expect, test, type Page } from "@playwright/test";
import { TRIVIA } from "../../db/seed/content/trivia";

// Spec §2 "Home page sections", in order. The hero's region is named by its h1, the others by their h2.
const SECTIONS = [
  "Premium Vinyl Collection",
  "Pre-Orders",
  "Vinyl of the Day",
  "Virtual Crate Dig",
  "New Releases",
  "Artist Spotlight",
  "Best Sellers",
  "Vinyl Trivia",
  "Find Your Next Favourite Record",
  "Vinyl Care",
  "Recently Updated",
] as const;

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const firstQuestions = TRIVIA.slice(0, 3);

test.describe("home page", () => {
  test("shows the eleven sections of spec §2 in order @no-js", async ({ page }) => {
    await page.goto("/");
    const headings = (await page.locator("main").locator("h1, h2").allTextContents()).map((h) => h.trim());
    expect(headings.slice(0, SECTIONS.length)).toEqual([...SECTIONS]);
    for (const name of SECTIONS) await expect(region(page, name)).toBeVisible();
    // A band leading to /browse follows the eleven sections.
    expect(headings[SECTIONS.length]).toBe("Browse the Racks");
  });

  test("the hero is a single slide without slideshow controls @no-js", async ({ page }) => {
    await page.goto("/");
    const hero = region(page, "Premium Vinyl Collection");
    await expect(hero.getByRole("heading", { level: 1, name: "Premium Vinyl Collection" })).toBeVisible();
    await expect(hero.getByRole("link", { name: "Shop Collection" })).toHaveAttribute("href", "/allvinyl");
    await expect(hero.getByRole("button")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /slide/i })).toHaveCount(0);
  });

  test("lists 4 pre-orders, 4 new releases, 4 best sellers and 2 recently updated, each record once @no-js", async ({ page }) => {
    await page.goto("/");
    const preOrders = region(page, "Pre-Orders");
    await expect(preOrders.getByRole("article")).toHaveCount(4);
    for (const card of await preOrders.getByRole("article").all()) await expect(card).toContainText("Pre-Order");
    await expect(preOrders.getByRole("link", { name: "View All" })).toHaveAttribute("href", "/pre-orders");

    const newReleases = region(page, "New Releases");
    await expect(newReleases.getByRole("article")).toHaveCount(4);
    await expect(newReleases.getByRole("link", { name: "View All" })).toHaveAttribute("href", "/new-releases");

    await expect(region(page, "Best Sellers").getByRole("article")).toHaveCount(4);
    await expect(region(page, "Recently Updated").getByRole("article")).toHaveCount(2);

    const links: string[] = [];
    for (const name of ["Pre-Orders", "New Releases", "Best Sellers", "Recently Updated"]) {
      for (const card of await region(page, name).getByRole("article").all()) {
        links.push((await card.getByRole("link").first().getAttribute("href")) ?? "");
      }
    }
    expect(links).toHaveLength(14);
    expect(new Set(links).size).toBe(14);
    for (const card of await region(page, "Best Sellers").getByRole("article").all()) {
      await expect(card).toContainText(/£\d+\.\d{2}/);
    }
  });

  test("Vinyl of the Day shows a featured record, the same on every visit @no-js", async ({ page }) => {
    await page.goto("/");
    const votd = region(page, "Vinyl of the Day");
    const title = votd.getByRole("heading", { level: 3 });
    await expect(title).toHaveCount(1);
    const featured = await title.textContent();
    await expect(votd.getByRole("img")).toHaveAttribute("alt", /^Cover of /);
    await expect(votd).toContainText(/£\d+\.\d{2}/);
    await expect(votd).toContainText("Label");
    await expect(votd).toContainText(/Released\s*\d{1,2} [A-Z][a-z]+ \d{4}/);
    await expect(votd.getByRole("link", { name: "View Details" })).toHaveAttribute("href", /^\/track\/\d+$/);
    await expect(votd.getByRole("link", { name: "More Like This" })).toHaveAttribute("href", /^\/browse\?genre=[^&]+$/);

    await page.reload();
    await expect(region(page, "Vinyl of the Day").getByRole("heading", { level: 3 })).toHaveText(featured ?? "");
  });

  test("Artist Spotlight shows the artist, a bio, a featured release and a search link @no-js", async ({ page }) => {
    await page.goto("/");
    const spotlight = region(page, "Artist Spotlight");
    const artist = (await spotlight.getByRole("heading", { level: 3 }).first().textContent())?.trim() ?? "";
    expect(artist).not.toBe("");
    await expect(spotlight.getByRole("article")).toHaveCount(1);
    await expect(spotlight.getByRole("article")).toContainText(artist);
    await expect(spotlight.getByRole("link", { name: `Explore ${artist}` })).toHaveAttribute(
      "href",
      `/browse?q=${encodeURIComponent(artist)}`,
    );
    expect((await spotlight.locator("p").allTextContents()).join(" ").length).toBeGreaterThan(200);
  });

  test("promos and the care widget link where the spec says @no-js", async ({ page }) => {
    await page.goto("/");
    await expect(region(page, "Virtual Crate Dig").getByRole("link", { name: "Start Digging" })).toHaveAttribute(
      "href",
      "/virtual-crate-dig",
    );
    const promo = region(page, "Find Your Next Favourite Record");
    await expect(promo.getByRole("link", { name: "Browse All Vinyl" })).toHaveAttribute("href", "/allvinyl");
    await expect(promo.getByRole("link", { name: "See New Releases" })).toHaveAttribute("href", "/new-releases");
    const care = region(page, "Vinyl Care");
    await expect(care.getByRole("heading", { level: 3 })).toHaveCount(3);
    await expect(care.getByRole("link", { name: "Read the Vinyl Care Guide" })).toHaveAttribute("href", "/vinyl-care");
  });

  test("trivia is not in the page until it is asked for @no-js", async ({ page, request }) => {
    const html = await (await request.get("/")).text();
    for (const q of firstQuestions) expect(html).not.toContain(q.question);
    await page.goto("/");
    await expect(page.getByText(firstQuestions[0]!.question)).toHaveCount(0);
  });

  test("the trivia toggle fetches the questions once, when first opened", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    let triviaRequests = 0;
    page.on("request", (r) => {
      if (r.url().includes("trivia=1")) triviaRequests += 1;
    });
    await page.goto("/");
    const trivia = region(page, "Vinyl Trivia");
    // The button appears once the page has hydrated (before that the toggle is a plain link).
    const show = trivia.getByRole("button", { name: "Test Your Knowledge" });
    await expect(show).toHaveAttribute("aria-expanded", "false");
    await expect(show).toHaveAttribute("aria-controls", "trivia-panel");
    expect(triviaRequests).toBe(0);

    const fetched = page.waitForResponse((r) => r.url().includes("trivia=1") && r.status() === 200);
    await show.click();
    await fetched;
    const panel = page.locator("#trivia-panel");
    await expect(panel.locator("ol > li")).toHaveCount(3);
    const correct = panel.locator('[data-correct="true"]');
    await expect(correct).toHaveCount(3);
    for (const [i, q] of firstQuestions.entries()) {
      await expect(panel.getByRole("heading", { level: 3, name: q.question })).toBeVisible();
      await expect(panel.locator("ol > li").nth(i).getByRole("listitem")).toHaveCount(q.options.length);
      await expect(correct.nth(i)).toContainText(q.options[q.answer]!);
      await expect(panel.getByText(q.explanation)).toBeVisible();
    }

    const hide = trivia.getByRole("button", { name: "Hide Trivia" });
    await expect(hide).toHaveAttribute("aria-expanded", "true");
    await hide.click();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(/\/$/);

    await trivia.getByRole("button", { name: "Test Your Knowledge" }).click();
    await expect(panel.locator("ol > li")).toHaveCount(3);
    expect(triviaRequests).toBe(1);
    expect(errors).toEqual([]);
  });

  test("the trivia toggle works without JavaScript through links @no-js", async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "with JavaScript the toggle is a button (previous test)");
    await page.goto("/");
    const trivia = region(page, "Vinyl Trivia");
    await trivia.getByRole("link", { name: "Test Your Knowledge" }).click();
    await expect(page).toHaveURL(/\/\?trivia=1#trivia$/);
    const panel = page.locator("#trivia-panel");
    await expect(panel.locator("ol > li")).toHaveCount(3);
    await expect(panel.locator('[data-correct="true"]')).toHaveCount(3);
    for (const q of firstQuestions) await expect(panel.getByText(q.explanation)).toBeVisible();

    const hide = trivia.getByRole("link", { name: "Hide Trivia" });
    await expect(hide).toHaveAttribute("href", "/#trivia");
    await hide.click();
    await expect(page).toHaveURL(/\/#trivia$/);
    await expect(page.getByText(firstQuestions[0]!.question)).toHaveCount(0);
  });
});

test.describe("home page on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("fits the screen without sideways scrolling @no-js", async ({ page }) => {
    await page.goto("/");
    await expect(region(page, "Premium Vinyl Collection")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
