import { expect, test, type Page } from "@playwright/test";
// The working-day rule itself (weekends, bank holidays) is pinned by its unit tests; here it must be what pages say.
import { addWorkingDays } from "../../app/domain/shared/working-days";
import { createRecord, ready, setCartCookie, uniqueName, withDb } from "./support/shop";

// One rule each, seen where shoppers meet it: the delivery promise (checkout, confirmation, record page,
// VinylBot), addresses (unknown genres, slug-only record addresses), new-release counts, genre order, the
// footer form's spacing, structured data and toasts. Every test runs at 390 px and 1280 px; those tagged
// @no-js also without JavaScript.

const GB = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const gbDate = (iso: string) => GB.format(new Date(`${iso}T00:00:00Z`));
const londonToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(),
  );
const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/[\s-]+/g, "-");

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const raw = await page.locator('script[type="application/ld+json"]').allTextContents();
  return raw.map((r) => JSON.parse(r) as Record<string, unknown>);
}

for (const width of [390, 1280]) {
  test.describe(`shop rules at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a pre-order is promised 1–14 working days from its release, the same words everywhere @no-js", async ({
      page,
      javaScriptEnabled,
      baseURL,
    }) => {
      const release = addDays(londonToday(), 5);
      const preOrder = createRecord({ stock: 0, releaseDate: release });
      const inStock = createRecord({ stock: 3 });
      await page.goto(preOrder.path);
      await expect(page.getByRole("main")).toContainText("delivery takes 1–14 working days after release.");

      await setCartCookie(page, baseURL!, [
        { recordId: preOrder.id, quantity: 1 },
        { recordId: inStock.id, quantity: 1 },
      ]);
      await page.goto("/checkout");
      await ready(page, javaScriptEnabled);
      const promise = `Estimated delivery: 1–14 working days after release on ${gbDate(release)} (between ${gbDate(
        addWorkingDays(release, 1),
      )} and ${gbDate(addWorkingDays(release, 14))}).`;
      await expect(page.getByRole("complementary", { name: "Order summary" })).toContainText(promise);

      // Without a pre-order: 1–5 working days from today.
      await setCartCookie(page, baseURL!, [{ recordId: inStock.id, quantity: 1 }]);
      await page.goto("/checkout");
      const today = londonToday();
      await expect(page.getByRole("complementary", { name: "Order summary" })).toContainText(
        `Estimated delivery: 1–5 working days (between ${gbDate(addWorkingDays(today, 1))} and ${gbDate(addWorkingDays(today, 5))}).`,
      );

      // VinylBot's answer (its no-JavaScript help page holds the same words) counts the same working days.
      await page.goto("/help");
      const help = page.getByRole("main");
      await expect(help).toContainText("Standard delivery takes 1–5 working days with Royal Mail");
      await expect(help).toContainText("pre-orders arrive 1–14 working days after release");
    });

    test("an unknown genre answers 404 and lists the real genres @no-js", async ({ page }) => {
      const response = await page.goto("/browse?genre=Nonexistent");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "No such genre" })).toBeVisible();
      await expect(page.getByRole("main")).toContainText("We have no genre called “Nonexistent”");
      await expect(page.getByRole("main")).not.toContainText("Nonexistent records");
      const genres = page.getByRole("region", { name: "Our genres" }).getByRole("listitem");
      const names = await genres.allTextContents();
      expect(names.length).toBeGreaterThan(5);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en-GB", { sensitivity: "base" })));
      await page.getByRole("region", { name: "Our genres" }).getByRole("link", { name: "Jazz", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Jazz records" })).toBeVisible();
      // A real genre in another case still works.
      expect((await page.goto("/browse?genre=jazz"))?.status()).toBe(200);
    });

    test("a slug-only record address finds its record, or offers the choices @no-js", async ({ page }) => {
      const one = createRecord({ title: `Only Pressing ${uniqueName("")}` });
      const slug = slugOf(`${one.artist} ${one.title}`);
      await page.goto(`/vinyl/${slug}`);
      await expect(page).toHaveURL(new RegExp(`${one.path}$`));
      await expect(page.getByRole("heading", { level: 1, name: one.title })).toBeVisible();

      const title = `Twin Pressing ${uniqueName("")}`;
      const a = createRecord({ title });
      const b = createRecord({ title });
      const response = await page.goto(`/vinyl/${slugOf(`${a.artist} ${title}`)}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: "Which record did you mean?" })).toBeVisible();
      const main = page.getByRole("main");
      await expect(main.locator(`a[href="${a.path}"]`).first()).toBeVisible();
      await expect(main.locator(`a[href="${b.path}"]`).first()).toBeVisible();

      expect((await page.goto("/vinyl/no-such-record-at-all-anywhere"))?.status()).toBe(404);
    });

    test("the crate dig's New in and /new-releases count the same records, demo titles in neither @no-js", async ({ page }) => {
      await page.goto("/new-releases");
      const status =
        (await page
          .getByRole("status")
          .filter({ hasText: /of \d+ new releases?/ })
          .first()
          .textContent()) ?? "";
      const total = Number(/of ([\d,]+) new release/.exec(status)![1]!.replace(/,/g, ""));
      expect(total).toBeGreaterThan(0);
      const placeholders = withDb(
        (db) =>
          db
            .prepare(
              "select title from records where title in ('Midnight Drive','Electric Dreams','Summer Nights','Rhythm & Blues','Digital Horizon','Neon City','Lunar Phase','Cosmic Journey','Urban Echoes','Electronic Vibes')",
            )
            .all() as { title: string }[],
      ).map((r) => r.title);
      for (const t of placeholders) await expect(page.getByRole("main")).not.toContainText(t);

      await page.goto("/virtual-crate-dig");
      const tile = page.getByRole("link").filter({ has: page.getByRole("heading", { name: "New in", exact: true }) });
      await expect(tile).toContainText(`${Math.min(total, 60)} record`);
    });

    test("genre pickers run A–Z and the footer form keeps no empty error space @no-js", async ({ page, javaScriptEnabled }) => {
      await page.goto("/genres");
      await ready(page, javaScriptEnabled);
      const footer = page.getByRole("form", { name: "Newsletter sign-up" });
      const options = (await footer.getByRole("combobox").locator("option").allTextContents()).slice(1);
      expect(options.length).toBeGreaterThan(10);
      expect(options).toEqual([...options].sort((a, b) => a.localeCompare(b, "en-GB", { sensitivity: "base" })));

      const select = await footer.getByRole("combobox").boundingBox();
      const button = await footer.getByRole("button", { name: "Subscribe" }).boundingBox();
      // The select, then the button a normal gap below: no line held empty for an error.
      expect(button!.y - (select!.y + select!.height)).toBeLessThanOrEqual(16);
      const email = await footer.getByLabel("Email address").boundingBox();
      const genreLabel = await footer.getByText("Favourite genre", { exact: true }).boundingBox();
      expect(genreLabel!.y - (email!.y + email!.height)).toBeLessThanOrEqual(16);

      if (javaScriptEnabled) {
        await footer.getByRole("button", { name: "Subscribe" }).click();
        await expect(footer.getByText("Please enter a valid email address")).toBeVisible();
        await expect(footer.getByRole("button", { name: "Subscribe" })).toBeInViewport();
      }
    });

    test("structured data: the shop as a Store, and no rating without a count @no-js", async ({ page }) => {
      await page.goto("/");
      const store = (await jsonLd(page)).find((d) => d["@type"] === "Store")!;
      expect(store).toMatchObject({ priceRange: "£5–£100", currenciesAccepted: "GBP", knowsLanguage: "en-GB" });
      expect(store.openingHoursSpecification).toEqual([
        expect.objectContaining({ opens: "09:00", closes: "17:30" }),
        expect.objectContaining({ dayOfWeek: ["https://schema.org/Saturday"], opens: "10:00", closes: "16:00" }),
      ]);
      const record = createRecord();
      await page.goto(record.path);
      const product = (await jsonLd(page)).find((d) => d["@type"] === "Product")!;
      expect(product).not.toHaveProperty("aggregateRating");
    });

    test("one toast at a time; the add-to-cart toast goes after 3 seconds", async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "toasts that come and go need JavaScript");
      const a = createRecord({ stock: 5 });
      await page.goto(a.path);
      await ready(page, true);
      const add = page.getByRole("button", { name: "Add to cart", exact: true });
      const toasts = page.locator("[data-sonner-toast]");
      // How long each toast stays in the page, timed by the page itself: the test runner's own clock would count
      // its polling delays on a busy machine.
      await page.evaluate(() => {
        const shownFor: number[] = [];
        const addedAt = new WeakMap<Element, number>();
        (window as unknown as { shownFor: number[] }).shownFor = shownFor;
        const toastsIn = (node: Node) =>
          node instanceof Element
            ? [...(node.matches("[data-sonner-toast]") ? [node] : []), ...node.querySelectorAll("[data-sonner-toast]")]
            : [];
        new MutationObserver((changes) => {
          for (const change of changes) {
            for (const node of change.addedNodes) for (const toast of toastsIn(node)) addedAt.set(toast, performance.now());
            for (const node of change.removedNodes)
              for (const toast of toastsIn(node)) {
                const at = addedAt.get(toast);
                if (at !== undefined) shownFor.push(performance.now() - at);
              }
          }
        }).observe(document.body, { childList: true, subtree: true });
      });
      await add.click();
      await expect(toasts.filter({ hasText: "Added to cart" })).toBeVisible();
      await add.click();
      // A pointer resting on a toast pauses its timer: move it away.
      await page.mouse.move(0, 0);
      await expect(page.getByRole("banner")).toContainText("2"); // the second add has landed
      await expect(toasts).toHaveCount(1);
      await expect(toasts).toHaveCount(0, { timeout: 8000 });
      const shownFor = await page.evaluate(() => (window as unknown as { shownFor: number[] }).shownFor);
      const last = shownFor.at(-1)!;
      // 3 s and the exit animation; the 5 s default would be 5.2 s at the least. Timers run late, never early.
      expect(last, `toasts shown for ${shownFor.map(Math.round).join(", ")} ms`).toBeGreaterThan(2900);
      expect(last).toBeLessThan(5000); // not the 5 s default
    });
  });
}
