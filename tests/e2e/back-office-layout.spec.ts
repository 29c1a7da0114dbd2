import { seriousProblems } from "./support/axe";
import { expect, test, type Page } from "@playwright/test";
import { coveredBy } from "./support/covered-by";
import { logInAsAdmin, newsletterCode, ready, TOAST, uniqueName, withDb } from "./support/shop";

// The back office's own layout: its top bar and navigation only (no shop sidebar, newsletter footer or chat), the
// page's full width for its tables at 1280 px, nothing wider than the screen at 390 px, a menu that opens without
// JavaScript, and toasts that keep clear of the page's heading and buttons.

/** The list pages; every table on them must show whole at 1280 px, and `tables` ones must have one to show. */
const PAGES: { path: string; tables: boolean }[] = [
  { path: "/admin", tables: false },
  { path: "/marketing-tools", tables: true },
  { path: "/admin/stock-management", tables: true },
  { path: "/admin/catalog-update", tables: true },
  { path: "/admin/email-marketing", tables: true },
  { path: "/admin/audit-log", tables: true },
  { path: "/admin/record-club", tables: false },
  { path: "/admin/staff", tables: true },
  { path: "/admin/schedule-management", tables: false },
  { path: "/admin/order-management", tables: false },
  { path: "/admin/discogs", tables: false },
  { path: "/admin/purchases", tables: false },
  { path: "/admin/stock-book", tables: false },
  { path: "/admin/delivery", tables: false },
  { path: "/admin/delivery/missing", tables: false },
  { path: "/admin/vat-report", tables: false },
  { path: "/admin/pre-orders", tables: false },
  { path: "/admin/limited", tables: true },
  { path: "/admin/drops", tables: false },
];

/** Each table in the page's main content that is wider than the box it scrolls in: "caption: 1130 > 1010". */
async function tablesCutOff(page: Page): Promise<{ count: number; cut: string[] }> {
  return page.locator("main table").evaluateAll((tables) => {
    const cut: string[] = [];
    for (const table of tables) {
      let box: HTMLElement | null = table.parentElement;
      while (box && !["auto", "scroll", "hidden"].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
      const scroller = box ?? document.documentElement;
      if (scroller.scrollWidth > scroller.clientWidth + 1) {
        const name = table.querySelector("caption")?.textContent ?? table.getAttribute("aria-label") ?? "table";
        cut.push(`${name}: ${scroller.scrollWidth} > ${scroller.clientWidth}`);
      }
    }
    return { count: tables.length, cut };
  });
}

/** The page's own column: the widest box around its heading, inside <main>, that does not also hold a navigation. */
function columnWidth(h1: Element): number {
  let width = 0;
  for (let box = h1.parentElement; box && box.tagName !== "MAIN"; box = box.parentElement)
    if (!box.querySelector('nav[aria-label="Back office"]')) width = Math.max(width, box.getBoundingClientRect().width);
  return width;
}

const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const BAD_CSV = [
  "catalogue_number,title,artist,price,release_date,stock",
  "LAY-1,Low Tide,Marram,14.00,2019-06-01,2",
  "LAY-2,High Tide With A Rather Long Title For A Narrow Screen,Marram,fourteen,2019-06-01,2",
  "LAY-3,,Marram,12.00,not a date,-4",
].join("\n");

/** Checks a CSV with bad rows on the import page and waits for the "File checked" toast. */
async function checkBadFile(page: Page) {
  await page.goto("/admin/catalog-update/import");
  await ready(page, true);
  await page.getByLabel("CSV file").setInputFiles({ name: "records.csv", mimeType: "text/csv", buffer: Buffer.from(BAD_CSV) });
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("import-error").first()).toBeVisible();
  const toast = page.locator(TOAST).filter({ hasText: "File checked" });
  await expect(toast).toBeVisible();
  // Wait for it to settle where it stays (it slides in).
  await expect
    .poll(async () => {
      const a = await toast.boundingBox();
      await page.waitForTimeout(150);
      const b = await toast.boundingBox();
      return a && b && a.y === b.y && a.x === b.x;
    })
    .toBe(true);
  return toast;
}

/** Headings and controls on screen that the toast's box overlaps: "h1 Import records". */
test.describe("back office layout at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("its own chrome, the full width, and every list table shown whole", async ({ page, baseURL }) => {
    test.slow();
    await logInAsAdmin(page, true, baseURL!);
    // A subscriber with a code, so the subscriber and discount code lists have rows.
    await newsletterCode(page.context().request, baseURL!, `${uniqueName("lay")}@example.com`);
    // A back-office code with every rule set: the widest row the discount code list has.
    withDb((db) =>
      db
        .prepare(
          `insert into discount_codes (code, name, kind, percent_off, amount_off_pence, min_spend_pence, first_order_only,
             max_redemptions, per_customer_limit, starts_at, expires_at)
           values (?, 'Spring sale for returning record club members', 'fixed', 100, 750, 3000, 0, 500, 2,
             '2020-01-01T00:00:00.000Z', '2099-12-31T23:59:59.000Z')`,
        )
        .run(uniqueName("SPRINGSALE").toUpperCase().slice(0, 24)),
    );

    // The seed's drop (on sale tomorrow): one drop's own page, whose address has its record's id.
    const drop = withDb((db) => db.prepare("select id from records where is_drop = 1 order by id limit 1").get()) as {
      id: number;
    };
    for (const { path, tables } of [...PAGES, { path: `/admin/drops/${drop.id}`, tables: false }]) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        // Soft checks: one run lists every page that falls short.
        // No shop sidebar, newsletter footer or chat: the back office's own navigation instead.
        expect.soft(await page.locator("#site-nav").count(), `${path}: shop sidebar`).toBe(0);
        expect.soft(await page.getByRole("form", { name: "Newsletter sign-up" }).count(), `${path}: newsletter form`).toBe(0);
        expect.soft(await page.getByRole("contentinfo").count(), `${path}: footer`).toBe(0);
        expect
          .soft(await page.getByRole("navigation", { name: "Back office" }).isVisible(), `${path}: back office navigation`)
          .toBe(true);
        expect
          .soft(
            await page
              .getByRole("banner")
              .getByRole("link", { name: /Needledrop/ })
              .getAttribute("href", { timeout: 1000 })
              .catch(() => null),
            `${path}: shop link`,
          )
          .toBe("/");
        const column = await page.locator("main h1").first().evaluate(columnWidth);
        expect.soft(column, `${path}: width of the page's column`).toBeGreaterThanOrEqual(1000);
        expect.soft(await pageOverflow(page), `${path}: page wider than the screen`).toBeLessThanOrEqual(0);
        const { count, cut } = await tablesCutOff(page);
        if (tables) expect.soft(count, `${path}: tables`).toBeGreaterThan(0);
        expect.soft(cut, `${path}: tables scrolling sideways`).toEqual([]);
      });
    }
  });

  test("the File checked toast covers neither the heading nor a button", async ({ page, baseURL }) => {
    await logInAsAdmin(page, true, baseURL!);
    const toast = await checkBadFile(page);
    const box = (await toast.boundingBox())!;
    const h1 = (await page.getByRole("heading", { level: 1, name: "Import records" }).boundingBox())!;
    const apart =
      box.y >= h1.y + h1.height || h1.y >= box.y + box.height || box.x >= h1.x + h1.width || h1.x >= box.x + box.width;
    expect(apart, `toast ${JSON.stringify(box)} over the heading ${JSON.stringify(h1)}`).toBe(true);
    expect(await coveredBy(page, box)).toEqual([]);
  });
});

for (const width of [390, 1280]) {
  test(`axe finds no serious problem in the frame at ${width} px, the menu open below 1024 px`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height: 900 });
    await logInAsAdmin(page, true, baseURL!);
    await page.goto("/admin/catalog-update");
    await ready(page, true);
    if (width < 1024) await page.getByRole("banner").getByText("Menu", { exact: true }).click();
    expect(await seriousProblems(page)).toEqual([]);
    await checkBadFile(page);
    expect(await seriousProblems(page)).toEqual([]);
  });
}

test.describe("back office layout at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("no page is wider than the screen, and the menu opens and leads to a section @no-js", async ({
    page,
    baseURL,
    javaScriptEnabled,
  }) => {
    test.slow();
    await logInAsAdmin(page, javaScriptEnabled, baseURL!);
    // Intake is one form in a reading-width column, not a list: only the width of the screen applies to it.
    for (const { path } of [...PAGES, { path: "/admin/catalog-update/import" }, { path: "/admin/intake" }]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await pageOverflow(page), `${path}: page wider than the screen`).toBeLessThanOrEqual(0);
    }

    await page.goto("/admin");
    await ready(page, javaScriptEnabled);
    const nav = page.getByRole("navigation", { name: "Back office" });
    await expect(nav).toBeHidden();
    await page.getByRole("banner").getByText("Menu", { exact: true }).click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: /^Stock(?! book)/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Stock" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Back office" })).toBeHidden();
  });

  test("the import's rows with errors read without sideways scrolling, and the toast keeps clear", async ({ page, baseURL }) => {
    await logInAsAdmin(page, true, baseURL!);
    const toast = await checkBadFile(page);
    const box = (await toast.boundingBox())!;
    const h1 = (await page.getByRole("heading", { level: 1, name: "Import records" }).boundingBox())!;
    const apart = box.y >= h1.y + h1.height || h1.y >= box.y + box.height;
    expect(apart, `toast ${JSON.stringify(box)} over the heading ${JSON.stringify(h1)}`).toBe(true);
    expect(await coveredBy(page, box)).toEqual([]);

    const rows = page.getByTestId("import-error");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText("Release date");
    // Each row fits the screen, and nothing in it scrolls sideways.
    for (const row of await rows.all()) {
      const r = (await row.boundingBox())!;
      expect(r.x).toBeGreaterThanOrEqual(0);
      expect(r.x + r.width).toBeLessThanOrEqual(390);
    }
    const scrolling = await page
      .getByTestId("import-errors")
      .evaluate((list) => [list, ...list.querySelectorAll("*")].filter((el) => el.scrollWidth > el.clientWidth + 1).length);
    expect(scrolling).toBe(0);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  });
});
