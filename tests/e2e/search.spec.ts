import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ready } from "./support/shop";

// The header's search (spec §2 Search, §5, §9; issue "Discovery"). Tests tagged @no-js run in both projects:
// without JavaScript the box is a plain GET form to /browse; with it, a combobox with a dropdown.

const box = (page: Page) => page.getByRole("combobox", { name: "Search records" });
const listbox = (page: Page) => page.getByRole("listbox", { name: "Search suggestions" });
const options = (page: Page) => listbox(page).getByRole("option");
const SUGGEST = "/trpc/search.suggest";

/** With JavaScript, wait until React has taken the page over: the box only becomes a combobox then. */
async function boxReady(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  await ready(page, true);
  await expect(box(page)).toBeVisible();
}

/** Records the times of the dropdown's requests. */
function watchSuggest(page: Page): number[] {
  const times: number[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith(SUGGEST)) times.push(Date.now());
  });
  return times;
}

/** "N" of "Showing 1–24 of N records" on /browse. */
async function browseTotal(page: Page): Promise<number> {
  const text = (await page.getByRole("region", { name: "Results", exact: true }).getByRole("status").textContent()) ?? "";
  return Number(/of ([\d,]+) /.exec(text)?.[1]?.replace(/,/g, "") ?? 0);
}

test.describe("header search with JavaScript", () => {
  test.beforeEach(async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the dropdown needs JavaScript");
    await page.goto("/");
    await boxReady(page, javaScriptEnabled);
  });

  test("asks 300 ms after the typing stops, says 'Searching...', then shows up to 8 records and 'See all {n} results'", async ({
    page,
    javaScriptEnabled,
  }) => {
    // The page's own clock: when each keystroke landed and when each dropdown request left (a busy test
    // machine can only make timers late, never early, so this holds however loaded it is).
    await page.addInitScript((path) => {
      const log = { inputs: [] as number[], requests: [] as { at: number; url: string }[] };
      (window as unknown as { __searchLog: typeof log }).__searchLog = log;
      document.addEventListener("input", () => log.inputs.push(performance.now()), true);
      const fetch = window.fetch;
      window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
        const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
        if (url.includes(path)) log.requests.push({ at: performance.now(), url });
        return fetch.call(this, input, init);
      };
    }, SUGGEST);
    await page.goto("/");
    await boxReady(page, javaScriptEnabled);
    // Hold the answer back a little, so 'Searching...' can be seen.
    await page.route(`**${SUGGEST}**`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await expect(box(page)).toHaveAttribute("aria-expanded", "false");
    await box(page).pressSequentially("the", { delay: 40 });
    await expect(listbox(page)).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: "Searching..." })).toBeVisible();
    await expect(box(page)).toHaveAttribute("aria-expanded", "true");

    await expect(options(page)).toHaveCount(9); // 8 records and "See all"
    const seeAll = options(page).last();
    await expect(seeAll).toHaveText(/^See all [\d,]+ results$/);
    const total = Number((await seeAll.textContent())!.replace(/\D/g, ""));
    expect(total).toBeGreaterThan(8);
    await expect(options(page).first()).toHaveAttribute("href", /^\/vinyl\/\d+-/);
    await expect(options(page).first().locator("img")).toHaveAttribute("src", /^\/api\/album-image\?url=.+&width=64&height=64$/);

    const log = await page.evaluate(
      () => (window as unknown as { __searchLog: { inputs: number[]; requests: { at: number; url: string }[] } }).__searchLog,
    );
    expect(log.inputs).toHaveLength(3);
    expect(log.requests.length).toBeGreaterThanOrEqual(1);
    for (const request of log.requests) {
      const lastInput = Math.max(...log.inputs.filter((at) => at <= request.at));
      expect(request.at - lastInput, "no request within 300 ms of a keystroke").toBeGreaterThanOrEqual(299);
      expect(decodeURIComponent(request.url)).not.toContain('"q":"t"'); // never for a single character
    }
    expect(decodeURIComponent(log.requests.at(-1)!.url)).toContain('"q":"the"');

    // "See all" is /browse?q= with the same total.
    await seeAll.click();
    await expect(page).toHaveURL(/\/browse\?q=the$/);
    expect(await browseTotal(page)).toBe(total);
    await expect(box(page)).toHaveAttribute("aria-expanded", "false");
    await expect(box(page)).toHaveValue("the");
  });

  test("the open dropdown passes axe (combobox, listbox and options wired up)", async ({ page }) => {
    await box(page).fill("beatles");
    await expect(options(page)).toHaveCount(4);
    await box(page).press("ArrowDown");
    await expect(options(page).first()).toHaveAttribute("aria-selected", "true");
    const results = await new AxeBuilder({ page }).include("header").analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  test("says so when nothing matches", async ({ page }) => {
    await box(page).fill("zzqxv");
    await expect(page.getByRole("status").filter({ hasText: 'No results found for "zzqxv"' })).toBeVisible();
    await expect(options(page)).toHaveCount(0);
  });

  test("forgives a typo: 'beatels' lists The Beatles", async ({ page }) => {
    await box(page).fill("beatels");
    await expect(options(page).first()).toContainText("The Beatles");
    await expect(options(page).last()).toHaveText("See all 3 results");
  });

  test("arrow keys move through the options and Enter opens the active record", async ({ page }) => {
    await box(page).fill("beatles");
    await expect(options(page)).toHaveCount(4);
    await expect(box(page)).not.toHaveAttribute("aria-activedescendant", /./);

    await box(page).press("ArrowDown");
    const first = options(page).nth(0);
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(box(page)).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
    await box(page).press("ArrowDown");
    await expect(options(page).nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(first).toHaveAttribute("aria-selected", "false");
    await box(page).press("ArrowUp");
    await box(page).press("ArrowUp"); // wraps to "See all"
    await expect(options(page).last()).toHaveAttribute("aria-selected", "true");
    await box(page).press("ArrowDown"); // and back round to the first
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(box(page)).toBeFocused();

    const title = (await first.locator("span span").first().textContent())!;
    const href = (await first.getAttribute("href"))!;
    await box(page).press("Enter");
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(box(page)).toHaveAttribute("aria-expanded", "false");
    await expect(listbox(page)).toBeHidden();
  });

  test("Escape closes the dropdown and keeps the text; typing opens it again", async ({ page }) => {
    await box(page).fill("blue");
    await expect(options(page).first()).toBeVisible();
    await box(page).press("Escape");
    await expect(listbox(page)).toBeHidden();
    await expect(box(page)).toHaveAttribute("aria-expanded", "false");
    await expect(box(page)).toHaveValue("blue");
    await box(page).press("ArrowDown"); // reopens
    await expect(options(page).first()).toBeVisible();
    await page.getByRole("contentinfo").click({ position: { x: 4, y: 4 } }); // a click elsewhere closes it too
    await expect(listbox(page)).toBeHidden();
  });

  test("choosing a result with the mouse opens it and closes the dropdown", async ({ page }) => {
    await box(page).fill("kind of blue");
    const option = options(page).filter({ hasText: "Kind of Blue" });
    await option.click();
    await expect(page).toHaveURL(/\/vinyl\/\d+-miles-davis-kind-of-blue$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kind of Blue");
    await expect(listbox(page)).toBeHidden();
  });

  test("Enter with no option chosen searches /browse and closes the dropdown", async ({ page }) => {
    await box(page).fill("radiohead");
    await expect(options(page).first()).toBeVisible();
    await box(page).press("Enter");
    await expect(page).toHaveURL(/\/browse\?q=radiohead$/);
    await expect(listbox(page)).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("radiohead");
  });

  test("below 2 characters there is no dropdown and no request", async ({ page }) => {
    const requests = watchSuggest(page);
    await box(page).fill("r");
    await box(page).press("ArrowDown");
    await page.waitForTimeout(500);
    await expect(listbox(page)).toBeHidden();
    expect(requests).toHaveLength(0);
    await box(page).fill("ra");
    await expect(options(page).first()).toBeVisible();
    await box(page).fill("r"); // deleting back closes it at once
    await expect(listbox(page)).toBeHidden();
  });
});

test.describe("header search, with or without JavaScript", () => {
  test("an empty or blank search is never submitted @no-js", async ({ page, javaScriptEnabled }) => {
    await page.goto("/genres");
    await boxReady(page, javaScriptEnabled);
    const search = page.getByRole(javaScriptEnabled ? "combobox" : "searchbox", { name: "Search records" });
    await search.focus();
    await search.press("Enter");
    await search.fill("   ");
    await search.press("Enter");
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/genres$/);
  });

  test("the box is a GET form to /browse?q= @no-js", async ({ page, javaScriptEnabled }) => {
    await page.goto("/");
    await boxReady(page, javaScriptEnabled);
    // Without JavaScript it is a plain search box, with no combobox semantics to promise a dropdown.
    const search = page.getByRole(javaScriptEnabled ? "combobox" : "searchbox", { name: "Search records" });
    await search.fill("sigur ros");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/browse\?q=sigur(\+|%20)ros$/);
    const results = page.getByRole("region", { name: "Results", exact: true });
    await expect(results.getByRole("article").filter({ hasText: "Ágætis byrjun" })).toBeVisible(); // accents ignored
    await expect(page.getByRole("searchbox", { name: "Search records" }).or(box(page))).toHaveValue("sigur ros");
  });
});
