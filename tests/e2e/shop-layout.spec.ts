import { expect, test, type Locator, type Page } from "@playwright/test";
import { ready } from "./support/shop";

// The shop's layout at a phone's width (390 px) and a laptop's (1280 px): the header search's suggestions, the
// chat button kept off the page's controls, /browse's columns, the shop's name in the phone header, the home
// page's length, search fields without the browser's clear button, and the crate dig's flip hint.

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
const WIDTHS = [
  { name: "390 px", viewport: PHONE },
  { name: "1280 px", viewport: LAPTOP },
] as const;

/** The chat's button where it is shown: on the side navigation's foot from 1024 px, in the header below. */
const launcher = (page: Page) => page.locator("#vinylbot-launcher, #vinylbot-header-launcher").locator("visible=true");
const banner = (page: Page) => page.getByRole("banner");
const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const cardButtons = (scope: Page | Locator) =>
  scope.getByRole("article").getByRole("button", { name: /^(Add to cart|Pre-order|Out of stock)/ });

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(target: Locator): Promise<Box> {
  const b = await target.boundingBox();
  expect(b, "the element has a box").not.toBeNull();
  return b!;
}

async function inViewport(page: Page, target: Locator): Promise<boolean> {
  const b = await target.boundingBox();
  const v = page.viewportSize()!;
  return !!b && b.y + b.height > 0 && b.y < v.height && b.x + b.width > 0 && b.x < v.width;
}

/** The chat button's box and the control's do not meet where the control is on screen now. */
async function expectClearHere(page: Page, target: Locator, where: string) {
  if (!(await inViewport(page, target))) return;
  const control = await box(target);
  const button = await box(launcher(page));
  const name = (await target.getAttribute("aria-label")) ?? (await target.textContent())?.trim();
  expect(overlaps(control, button), `"${name}" is under the chat button ${where}`).toBe(false);
}

/**
 * Checks a control where a shopper meets it: as the page opens, scrolled to the middle of the window, and from lg up
 * (where the button sits on the side navigation's foot) also at the page's end and at the very bottom of the window.
 * Below lg the button is in the sticky header, which covers whatever scrolls under it, button or not.
 */
async function expectClearOfLauncher(page: Page, target: Locator) {
  const laptop = page.viewportSize()!.width >= 1024;
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectClearHere(page, target, "as the page opens");
  await target.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await expectClearHere(page, target, "once scrolled to");
  if (laptop) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expectClearHere(page, target, "at the end of the page");
    await target.evaluate((el) => el.scrollIntoView({ block: "end" }));
    await expectClearHere(page, target, "at the bottom of the window");
  }
}

for (const { name, viewport } of WIDTHS) {
  test.describe(`at ${name}`, () => {
    test.use({ viewport });
    const phone = viewport.width < 640;
    // Many boxes on a busy machine.
    test.slow();

    test("the chat button covers none of the home page's links @no-js", async ({ page, javaScriptEnabled }) => {
      await page.goto("/");
      await ready(page, javaScriptEnabled);
      const viewAll = page.getByRole("link", { name: "View All" });
      expect(await viewAll.count()).toBeGreaterThanOrEqual(2);
      for (const link of await viewAll.all()) await expectClearOfLauncher(page, link);
      await expectClearOfLauncher(page, region(page, "Browse the Racks").getByRole("link"));
      for (const button of await cardButtons(region(page, "Pre-Orders")).all()) await expectClearOfLauncher(page, button);
    });

    test("the chat button covers neither the record page's buttons nor its details @no-js", async ({
      page,
      javaScriptEnabled,
    }) => {
      await page.goto("/track/1");
      await ready(page, javaScriptEnabled);
      const main = page.getByRole("main");
      await expectClearOfLauncher(page, main.getByRole("button", { name: /to favourites$/ }).first());
      await expectClearOfLauncher(
        page,
        main
          .locator("article")
          .first()
          .getByRole("button", { name: /^(Add to cart|Pre-order|Out of stock)/ }),
      );
      const values = main.locator("article dl dd");
      expect(await values.count()).toBeGreaterThanOrEqual(3);
      for (const value of await values.all()) await expectClearOfLauncher(page, value);
      for (const button of (await cardButtons(main).all()).slice(0, 4)) await expectClearOfLauncher(page, button);
    });

    test("the chat button covers no card button on /browse @no-js", async ({ page, javaScriptEnabled }) => {
      await page.goto("/browse");
      await ready(page, javaScriptEnabled);
      const results = region(page, "Results");
      const buttons = (await cardButtons(results).all()).slice(0, 9);
      expect(buttons.length).toBeGreaterThan(3);
      for (const button of buttons) await expectClearOfLauncher(page, button);
    });

    if (phone) {
      test("the phone filters' Clear all and Apply stay clear of the chat button @no-js", async ({ page, javaScriptEnabled }) => {
        await page.goto("/browse?genre=Jazz");
        await ready(page, javaScriptEnabled);
        await page.getByText("Filters (1)").click();
        const clearAll = page.locator("aside").getByRole("link", { name: "Clear all" });
        const apply = page.getByRole("button", { name: "Apply filters" });
        // Half way down the open filters the bar with both is pinned to the bottom of the window.
        await page.getByRole("group", { name: "Decade" }).scrollIntoViewIfNeeded();
        await expect(clearAll).toBeInViewport();
        const bar = await box(apply);
        expect(bar.y + bar.height).toBeGreaterThan(PHONE.height - 80); // pinned at the bottom of the window
        await expectClearHere(page, clearAll, "with the filters open");
        await expectClearHere(page, apply, "with the filters open");
      });
      test("the chat button sits in the header beside the search, opens the chat and gets focus back @no-js", async ({
        page,
        javaScriptEnabled,
      }) => {
        await page.goto("/browse");
        await ready(page, javaScriptEnabled);
        const button = banner(page).getByRole(javaScriptEnabled ? "button" : "link", { name: "Chat with VinylBot" });
        await expect(button).toBeVisible();
        await expect(page.locator("#vinylbot-launcher")).toBeHidden();
        const search = await box(banner(page).locator('input[type="search"]').first());
        const chat = await box(button);
        expect(Math.abs(chat.y + chat.height / 2 - (search.y + search.height / 2))).toBeLessThan(8); // on the search's line
        await button.click();
        if (!javaScriptEnabled) {
          await expect(page).toHaveURL(/\/help$/);
          await expect(page.getByRole("heading", { level: 1, name: "VinylBot help" })).toBeVisible();
          return;
        }
        const dialog = page.getByRole("dialog", { name: "VinylBot chat" });
        await expect(dialog).toBeVisible();
        await dialog.getByRole("button", { name: "Close chat" }).click();
        await expect(dialog).toHaveCount(0);
        await expect(button).toBeFocused();
      });
    } else {
      test("the chat button sits on the side navigation's foot, clear of its links", async ({ page }) => {
        await page.goto("/browse");
        await ready(page, true);
        const button = await box(launcher(page));
        expect(button.x + button.width).toBeLessThanOrEqual(256); // within the 16 rem side navigation
        const nav = page.getByRole("navigation", { name: "Main" });
        await nav.evaluate((el) => el.querySelectorAll("div").forEach((d) => (d.scrollTop = d.scrollHeight)));
        for (const link of await nav.getByRole("link").all()) await expectClearHere(page, link, "in the side navigation");
      });
    }

    test("/browse lays cards out so that their buttons stay on one line @no-js", async ({ page }) => {
      await page.goto("/browse");
      const cards = region(page, "Results").getByRole("article");
      await expect(cards.first()).toBeVisible();
      const tops = await cards.evaluateAll((els) => els.slice(0, 8).map((el) => Math.round(el.getBoundingClientRect().top)));
      const perRow = tops.filter((top) => top === tops[0]).length;
      expect(perRow).toBe(phone ? 2 : 3);
      // One line of text: a button no taller than its padding and one line, and its label not wider than it.
      const lines = await cardButtons(region(page, "Results")).evaluateAll((buttons) =>
        buttons.map((b) => {
          const style = getComputedStyle(b);
          const oneLine = parseFloat(style.lineHeight) + parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
          return {
            fits: b.getBoundingClientRect().height <= oneLine + 2 && b.scrollWidth <= b.clientWidth,
            width: b.clientWidth,
          };
        }),
      );
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.filter((l) => !l.fits)).toEqual([]);
    });

    test("the header shows the shop's name where the side navigation does not @no-js", async ({ page }) => {
      await page.goto("/browse");
      const name = banner(page).getByRole("link", { name: "Needledrop" });
      if (phone) {
        await expect(name).toBeVisible();
        await expect(name).toHaveAttribute("href", "/");
        // Name, icons and the search all inside the width, nothing pushed off the side.
        for (const control of await banner(page).getByRole("link").all()) {
          if (!(await control.isVisible())) continue;
          const b = await box(control);
          expect(b.x).toBeGreaterThanOrEqual(0);
          expect(b.x + b.width).toBeLessThanOrEqual(PHONE.width);
        }
      } else {
        await expect(name).toBeHidden();
        await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Needledrop" })).toBeVisible();
        await expect(banner(page).getByRole("link", { name: "Home", exact: true })).toBeVisible();
      }
    });

    test("the home page ends with a link to /browse instead of paging the racks @no-js", async ({ page, javaScriptEnabled }) => {
      await page.goto("/");
      await ready(page, javaScriptEnabled);
      const racks = region(page, "Browse the Racks");
      await expect(racks.getByRole("article")).toHaveCount(0);
      await expect(racks.getByRole("link", { name: "Next" })).toHaveCount(0);
      const link = racks.getByRole("link", { name: /^Browse all [\d,]+ records$/ });
      await expect(link).toHaveAttribute("href", "/browse");
      const advertised = Number((await link.textContent())!.replace(/\D/g, ""));
      if (phone) {
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        // About 11,600 px with eight more cards and a pager; the band is a few hundred.
        expect(height).toBeLessThan(10_600);
      }
      await link.click();
      await expect(page).toHaveURL(/\/browse$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const status = await region(page, "Results").getByRole("status").textContent();
      expect(Number(/of ([\d,]+) /.exec(status ?? "")?.[1]?.replace(/,/g, ""))).toBe(advertised);
    });

    test("search fields do without the browser's own clear button @no-js", async ({ page }) => {
      await page.goto("/browse?q=blue");
      await expect(page.locator("#site-search")).toHaveAttribute("type", "search");
      await expect(page.locator("#browse-q")).toHaveAttribute("type", "search");
      // The pseudo-element's computed style is not readable from the page, so read the shop's stylesheet.
      const hidden = await page.evaluate(() => {
        const rules: CSSRule[] = [];
        const walk = (list: CSSRuleList) => {
          for (const rule of Array.from(list)) {
            rules.push(rule);
            if ("cssRules" in rule) walk((rule as CSSGroupingRule).cssRules);
          }
        };
        for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
        return rules.some(
          (r) =>
            r instanceof CSSStyleRule &&
            r.selectorText.includes('input[type="search"]::-webkit-search-cancel-button') &&
            r.style.getPropertyValue("appearance") === "none",
        );
      });
      expect(hidden).toBe(true);
    });
  });
}

test.describe("the header search's suggestions", () => {
  test("on a phone they use the full width under the header", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the suggestions need JavaScript");
    await page.setViewportSize(PHONE);
    await page.goto("/");
    await ready(page, true);
    await page.getByRole("combobox", { name: "Search records" }).fill("blue");
    const listbox = page.getByRole("listbox", { name: "Search suggestions" });
    const options = listbox.getByRole("option");
    await expect(options.first()).toBeVisible();
    const popup = await box(listbox);
    expect(popup.x).toBeGreaterThanOrEqual(0);
    expect(popup.x + popup.width).toBeLessThanOrEqual(PHONE.width);
    expect(popup.width).toBeGreaterThanOrEqual(PHONE.width - 40);
    const header = await box(banner(page));
    expect(popup.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    // "See all n results" on one line; titles with room for more than a word.
    const seeAll = options.filter({ hasText: /^See all/ });
    expect((await box(seeAll)).height).toBeLessThanOrEqual(44);
    const title = options.first().locator("span span").first();
    expect((await box(title)).width).toBeGreaterThan(200);
  });

  test("on a laptop they hang under the field in the header", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the suggestions need JavaScript");
    await page.setViewportSize(LAPTOP);
    await page.goto("/");
    await ready(page, true);
    const field = page.getByRole("combobox", { name: "Search records" });
    await field.fill("blue");
    const listbox = page.getByRole("listbox", { name: "Search suggestions" });
    await expect(listbox.getByRole("option").first()).toBeVisible();
    const popup = await box(listbox);
    const input = await box(field);
    expect(Math.abs(popup.x - input.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(popup.width - input.width)).toBeLessThanOrEqual(1);
    expect(popup.x + popup.width).toBeLessThanOrEqual(LAPTOP.width);
  });

  test("without JavaScript the phone's search box spans the width and searches /browse @no-js", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    const field = page.locator("#site-search");
    // The search box and, beside it, the chat button fill the line. (With JavaScript the button's link is swapped
    // for a button as the page is taken over, so measure again until both are there.)
    await expect(async () => {
      const chat = await box(page.locator("#vinylbot-header-launcher"));
      expect((await box(field)).width + chat.width).toBeGreaterThanOrEqual(PHONE.width - 40);
    }).toPass();
    await field.fill("blue");
    await field.press("Enter");
    await expect(page).toHaveURL(/\/browse\?q=blue$/);
  });
});

test.describe("the crate dig's flip hint", () => {
  const CRATE = "/virtual-crate-dig?crate=genre:Jazz";

  test.describe("on a touch phone", () => {
    test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

    test("speaks of swiping, not of keys", async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "flipping by swipe or key needs JavaScript");
      await page.goto(CRATE);
      await ready(page, true);
      await expect(page.getByText("Swipe the sleeve left or right to flip.")).toBeVisible();
      await expect(page.getByText(/Flip with the/)).toBeHidden();
      await expect(page.getByText(/keys/)).toBeHidden();
    });
  });

  test.describe("on a laptop", () => {
    test.use({ viewport: LAPTOP });

    test("names the arrow keys", async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "flipping by swipe or key needs JavaScript");
      await page.goto(CRATE);
      await ready(page, true);
      await expect(page.getByText(/Flip with the/)).toBeVisible();
      await expect(page.getByText("Swipe the sleeve left or right to flip.")).toBeHidden();
    });
  });

  for (const { name, viewport } of WIDTHS) {
    test(`without JavaScript at ${name} it promises neither keys nor swipes, and Next flips @no-js`, async ({
      page,
      javaScriptEnabled,
    }) => {
      test.skip(javaScriptEnabled, "the hint appears once JavaScript runs");
      await page.setViewportSize(viewport);
      await page.goto(CRATE);
      await expect(page.getByText(/Flip with the|Swipe the sleeve/)).toHaveCount(0);
      await page.getByRole("link", { name: "Next", exact: true }).click();
      await expect(page.getByTestId("crate-position")).toHaveText(/^2 of/);
    });
  }
});
