import { expect, test, type Page } from "@playwright/test";
import { apiRegister, createRecord, logIn, logInAsAdmin, newAccount, ready, uniqueName, withDb } from "./support/shop";

// The back office's business analysis page: figures for a chosen period drawn as server-rendered SVG charts,
// the period chosen with a GET form, each figure as CSV, and the guard. Tests tagged @no-js run without
// JavaScript too.

const PAGE = "/admin/business-analysis";

/** Paid orders for one record, straight in the database: `count` orders of `quantity` each, paid hours ago. */
function paidOrders(recordId: number, count: number, quantity: number, pricePence: number) {
  withDb((db) => {
    for (let i = 0; i < count; i++) {
      const key = uniqueName("analysis");
      const total = quantity * pricePence + 400;
      const order = db
        .prepare(
          `insert into orders (order_number, email, status, shipping_name, address_line1, city, postal_code, items_pence,
             shipping_pence, total_pence, vat_pence, idempotency_key, paid_at)
           values (?, ?, 'paid', 'Analysis Buyer', '1 Chart Street', 'Leeds', 'LS1 4DY', ?, 400, ?, ?, ?,
             strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?))
           returning id`,
        )
        .get(
          `ND-${key.toUpperCase().slice(-10)}`,
          `${key}@example.com`,
          total - 400,
          total,
          Math.round(total / 6),
          `key-${key}`,
          `-${i * 20 + 1} hours`,
        ) as {
        id: number;
      };
      db.prepare(
        `insert into order_lines (order_id, record_id, title, artist, unit_price_pence, quantity, line_total_pence)
         values (?, ?, 'Analysis', 'The Test Pressings', ?, ?, ?)`,
      ).run(order.id, recordId, pricePence, quantity, quantity * pricePence);
    }
  });
}

/** A record of its own on a label of its own, bought enough to be this period's top seller. */
function bestSeller() {
  const label = `Chart Label ${uniqueName("")}`;
  const record = createRecord({ title: `Chart Topper ${uniqueName("")}`, pricePence: 3000, stock: 10 });
  withDb((db) => db.prepare("update records set label = ? where id = ?").run(label, record.id));
  paidOrders(record.id, 6, 40, 3000);
  return { record, label };
}

async function open(page: Page, js: boolean, path = PAGE) {
  await page.goto(path);
  await ready(page, js);
}

test.describe("business analysis", () => {
  test.describe.configure({ timeout: 90_000 });

  test("an admin reads the figures, changes the period and reading with the form @no-js", async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    const { record, label } = bestSeller();
    await logInAsAdmin(page, javaScriptEnabled, baseURL!);
    await open(page, javaScriptEnabled, "/admin");
    await page.getByRole("link", { name: "Business analysis" }).first().click();
    await expect(page).toHaveURL(/\/admin\/business-analysis$/);
    await ready(page, javaScriptEnabled);
    await expect(page.getByRole("heading", { level: 1, name: "Business analysis" })).toBeVisible();

    // The last 30 days by day: a bar per day, and the record among the top sellers with its 240 units.
    const revenue = page.getByRole("region", { name: "Revenue" });
    await expect(revenue.locator("svg[data-chart=time]:visible rect.fill-amber-600")).toHaveCount(30 + 1); // + legend
    const top = page.getByRole("region", { name: "Top sellers" });
    await top.getByText("Show as a table").click();
    await expect(top.getByRole("row").filter({ hasText: record.title })).toContainText("240");
    const labels = page.getByRole("region", { name: "By label" });
    await expect(labels.locator("svg:visible")).toContainText(label.slice(0, 14));
    await labels.getByText("Show as a table").click();
    await expect(labels.getByRole("row").filter({ hasText: label })).toContainText("£7,200.00");

    // The last 7 days by week: the form is a GET, so the choice is in the address.
    const form = page.getByRole("search", { name: "Choose the period" });
    await form.getByLabel("Period", { exact: true }).selectOption("7d");
    await form.getByLabel("Read", { exact: true }).selectOption("week");
    await form.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/preset=7d/);
    await expect(page).toHaveURL(/granularity=week/);
    await expect(page.getByText(/\(7 days\), against/)).toBeVisible();
    const weeks = await revenue.locator("svg[data-chart=time]:visible rect.fill-amber-600").count();
    expect(weeks - 1).toBeGreaterThanOrEqual(1);
    expect(weeks - 1).toBeLessThanOrEqual(2);

    // A custom period that runs backwards is refused with a message, the form kept.
    await form.getByLabel("Period", { exact: true }).selectOption("custom");
    await form.getByLabel("From", { exact: true }).fill("2026-03-01");
    await form.getByLabel("To", { exact: true }).fill("2026-02-01");
    await form.getByRole("button", { name: "Show" }).click();
    await expect(page.getByRole("alert")).toContainText("must not be before");
    await expect(form.getByLabel("Period", { exact: true })).toHaveValue("custom");
  });

  test("each figure downloads as CSV for the chosen period, and bad input is a 400", async ({ page, baseURL }) => {
    const { label } = bestSeller();
    await logInAsAdmin(page, true, baseURL!);
    await open(page, true, `${PAGE}?preset=90d&granularity=month`);
    const link = page.getByRole("region", { name: "By label" }).getByRole("link", { name: /Download CSV/ });
    await expect(link).toHaveAttribute("href", /figure=label&preset=90d&granularity=month/);
    const download = page.waitForEvent("download");
    await link.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^needledrop-label-\d{4}-\d{2}-\d{2}\.csv$/);
    const res = await page.request.get(`${PAGE}.csv?figure=label&preset=90d`);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("text/csv");
    const text = await res.text();
    expect(text).toContain("Label,Units,Revenue £");
    expect(text).toContain(`${label},240,7200.00`);
    expect((await page.request.get(`${PAGE}.csv?figure=nope`)).status()).toBe(400);
    expect((await page.request.get(`${PAGE}.csv?figure=sales&preset=custom&from=2020-01-01&to=2026-01-01`)).status()).toBe(400);
    expect((await page.request.get(`${PAGE}?granularity=hour`)).status()).toBe(400);
  });

  test("a customer is refused the page and its CSV", async ({ page, baseURL }) => {
    const account = newAccount("shopper");
    await apiRegister(page.context().request, baseURL!, account);
    await page.context().clearCookies();
    await logIn(page, true, account);
    expect((await page.request.get(PAGE)).status()).toBe(403);
    expect((await page.request.get(`${PAGE}.csv?figure=sales`)).status()).toBe(403);
  });

  for (const width of [1280, 390]) {
    test(`the charts fit and read at ${width} px`, async ({ page, baseURL }, testInfo) => {
      bestSeller();
      await page.setViewportSize({ width, height: 900 });
      await logInAsAdmin(page, true, baseURL!);
      await open(page, true);
      const charts = page.locator("svg[data-chart]:visible");
      expect(await charts.count()).toBeGreaterThanOrEqual(8);
      for (const chart of await charts.all()) {
        const box = await chart.boundingBox();
        expect(box!.width).toBeLessThanOrEqual(width);
        await expect(chart.locator("title").first()).not.toBeEmpty();
      }
      // Axis labels are whole pounds, en-GB.
      await expect(
        page
          .getByRole("region", { name: "Revenue" })
          .locator("svg:visible text")
          .filter({ hasText: /^£[\d,]+$/ })
          .first(),
      ).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: testInfo.outputPath(`business-analysis-${width}.png`), fullPage: true });
    });
  }
});
