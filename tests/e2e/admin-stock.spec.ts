import { expect, test, type Page } from "@playwright/test";
import {
  apiRegister,
  createRecord,
  logIn,
  logInAsAdmin,
  newAccount,
  ready,
  stockOf,
  uniqueName,
  withDb,
  TOAST,
} from "./support/shop";

// The back office's stock pages: finding low stock, adjusting with a reason, goods in that allocates a
// pre-order, and the guard. Tests tagged @no-js run with JavaScript off too.

const STOCK = "/admin/stock-management";

/** A paid order with one pre-order line waiting for its pressing, straight in the database. */
function openPreOrder(recordId: number, quantity: number): string {
  const orderNumber = `ND-${uniqueName("").toUpperCase().slice(-8)}`;
  withDb((db) => {
    const order = db
      .prepare(
        `insert into orders (order_number, email, status, shipping_name, address_line1, city, postal_code, items_pence,
           shipping_pence, total_pence, vat_pence, idempotency_key, paid_at)
         values (?, ?, 'paid', 'Pre Orderer', '1 Wait Street', 'Leeds', 'LS1 4DY', 2500, 0, 2500, 417, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
         returning id`,
      )
      .get(orderNumber, `${orderNumber.toLowerCase()}@example.com`, `key-${orderNumber}`) as { id: number };
    db.prepare(
      `insert into order_lines (order_id, record_id, title, artist, unit_price_pence, quantity, line_total_pence, is_pre_order)
       values (?, ?, 'Pre-ordered', 'The Test Pressings', 2500, ?, ?, 1)`,
    ).run(order.id, recordId, quantity, 2500 * quantity);
    db.prepare(`insert into stock_movements (record_id, change, reason, order_id) values (?, ?, 'pre_order', ?)`).run(
      recordId,
      -quantity,
      order.id,
    );
  });
  return orderNumber;
}

const allocatedAt = (orderNumber: string) =>
  withDb(
    (db) =>
      (
        db
          .prepare("select l.allocated_at as at from order_lines l join orders o on o.id = l.order_id where o.order_number = ?")
          .get(orderNumber) as { at: string | null }
      ).at,
  );

/** A success toast: with JavaScript a sonner toast; without, the <noscript> status banner. */
async function expectToast(page: Page, js: boolean, text: string) {
  const toast = (js ? page.locator(TOAST) : page.getByRole("status")).filter({ hasText: text });
  await expect(toast.first()).toBeVisible();
}

async function openStock(page: Page, js: boolean, path = STOCK) {
  await page.goto(path);
  await ready(page, js);
}

test.describe("stock management", () => {
  // Each test walks several pages and posts as an admin; the shared test machine can be slow.
  test.describe.configure({ timeout: 90_000 });
  test("an admin filters low stock, adjusts with a reason and sees the movement @no-js", async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    const admin = await logInAsAdmin(page, javaScriptEnabled, baseURL!);
    const low = createRecord({ title: `Low Shelf ${uniqueName("")}`, stock: 2 });
    const plenty = createRecord({ title: `${low.title} Plenty`, stock: 40 });

    await openStock(page, javaScriptEnabled);
    await expect(page.getByRole("heading", { level: 1, name: "Stock" })).toBeVisible();
    const filters = page.getByRole("search", { name: "Filter stock" });
    // The table's headings sort it, keeping the search, and the filter form shows the sort they chose.
    await filters.getByLabel("Search").fill(low.title);
    await filters.getByRole("button", { name: "Apply" }).click();
    const levels = page.getByRole("table", { name: "Stock levels" });
    await levels.getByRole("link", { name: "Stock", exact: true }).click();
    await expect(page).toHaveURL(/sort=stock-asc/);
    await expect(levels.getByRole("columnheader", { name: "Stock" })).toHaveAttribute("aria-sort", "ascending");
    await expect(levels.getByRole("row").nth(1)).toContainText(low.title);
    await levels.getByRole("link", { name: "Stock", exact: true }).click();
    await expect(page).toHaveURL(/sort=stock-desc/);
    await expect(levels.getByRole("row").nth(1)).toContainText(plenty.title);
    await expect(filters.getByLabel("Sort")).toHaveValue("stock-desc");
    await expect(filters.getByLabel("Search")).toHaveValue(low.title);

    await filters.getByLabel("Show").selectOption("low");
    await filters.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/filter=low/);
    const table = page.getByRole("table");
    await expect(table.getByRole("link", { name: low.title, exact: true })).toBeVisible();
    await expect(table.getByRole("link", { name: plenty.title })).toHaveCount(0);
    await expect(table.getByRole("row").filter({ hasText: low.title })).toContainText("Low");

    // A quick adjustment from the row keeps the filters.
    const row = page.getByRole("form", { name: `Adjust stock of ${low.title}` });
    await row.getByLabel("Reason").selectOption("delivery");
    await row.getByLabel("Change").fill("1");
    await row.getByRole("button", { name: "Apply" }).click();
    await expectToast(page, javaScriptEnabled, "Now 3 in stock (+1).");
    await expect(page).toHaveURL(/filter=low/);
    expect(stockOf(low.id)).toBe(3);

    await table.getByRole("link", { name: low.title, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: low.title })).toBeVisible();
    await ready(page, javaScriptEnabled);
    const adjust = page.getByRole("region", { name: "Adjust stock" });
    await adjust.getByLabel("Reason").selectOption("damaged");
    await adjust.getByLabel(/^Change/).fill("-1");
    await adjust.getByLabel("Note (optional)").fill("Scuffed sleeve");
    await adjust.getByRole("button", { name: "Apply change" }).click();
    await expectToast(page, javaScriptEnabled, "Now 2 in stock (-1).");
    const newest = page.getByRole("table").getByRole("row").nth(1);
    await expect(newest).toContainText("Damaged");
    await expect(newest).toContainText("-1");
    await expect(newest).toContainText(admin.username);
    await expect(newest).toContainText("Scuffed sleeve");
    await expect(page.getByRole("listitem").filter({ hasText: "stock damaged (Scuffed sleeve)" })).toContainText(
      "Stock: 3 → Stock: 2",
    );

    // Taking away more than is there is refused with the reason, and changes nothing.
    await adjust.getByLabel("Reason").selectOption("damaged");
    await adjust.getByLabel(/^Change/).fill("-5");
    await adjust.getByRole("button", { name: "Apply change" }).click();
    await expect(adjust.getByRole("alert")).toHaveText(
      `Only 2 of "${low.title}" in stock: cannot take away 5. Nothing was changed.`,
    );
    expect(stockOf(low.id)).toBe(2);

    const count = page.getByRole("region", { name: "Set to counted" });
    await count.getByLabel("Copies counted on the shelf").fill("7");
    await count.getByRole("button", { name: "Set to counted" }).click();
    await expectToast(page, javaScriptEnabled, "Now 7 in stock (+5).");
    await expect(page.getByRole("table").getByRole("row").nth(1)).toContainText("Counted 7");
    expect(stockOf(low.id)).toBe(7);
  });

  test("goods in for two records allocates the pre-order's copies to its open order @no-js", async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    await logInAsAdmin(page, javaScriptEnabled, baseURL!);
    const catNo = `GI-${uniqueName("").toUpperCase()}`;
    const plain = createRecord({ stock: 0 });
    withDb((db) => db.prepare("update records set catalog_number = ? where id = ?").run(catNo, plain.id));
    const pressing = createRecord({ stock: 0, releaseDate: `${new Date().getFullYear() + 1}-03-01` });
    const waiting = openPreOrder(pressing.id, 2);
    expect(allocatedAt(waiting)).toBeNull();

    await openStock(page, javaScriptEnabled, `${STOCK}/goods-in`);
    const lines = page.getByLabel("Delivery lines");
    // A bad line first: nothing is received, and the line is named.
    await lines.fill(`${catNo}, 3\nno-such-record, 1`);
    await page.getByRole("button", { name: "Receive delivery" }).click();
    await expect(page.getByRole("alert")).toHaveText("Nothing was received: fix these lines first.");
    await expect(page.getByRole("listitem").filter({ hasText: "Line 2: no record has catalogue number" })).toBeVisible();
    expect(stockOf(plain.id)).toBe(0);

    await lines.fill(`${catNo}, 3\n#${pressing.id}, 3`);
    await page.getByRole("button", { name: "Receive delivery" }).click();
    await expectToast(
      page,
      javaScriptEnabled,
      `6 copies of 2 lines received. Allocated to 1 pre-order, now ready to pack: ${waiting}.`,
    );
    expect(stockOf(plain.id)).toBe(3);
    expect(stockOf(pressing.id)).toBe(1);
    expect(allocatedAt(waiting)).not.toBeNull();

    await openStock(page, javaScriptEnabled, `${STOCK}/${pressing.id}`);
    const rows = page.getByRole("table").getByRole("row");
    await expect(rows.nth(1)).toContainText(`Allocated pre-order ${waiting}`);
    await expect(rows.nth(1).getByRole("link", { name: waiting })).toHaveAttribute("href", `/admin/order-management/${waiting}`);
    await expect(rows.nth(2)).toContainText("Delivery received");
  });

  test("a visitor is sent to sign in and a customer is refused @no-js", async ({ page, javaScriptEnabled, baseURL }) => {
    const rec = createRecord({ stock: 1 });
    for (const path of [STOCK, `${STOCK}/goods-in`, `${STOCK}/${rec.id}`]) {
      await page.goto(path);
      await expect(page).toHaveURL(`${baseURL}/auth?redirectTo=${encodeURIComponent(path)}`);
    }
    const customer = newAccount("stockcust");
    await apiRegister(page.context().request, baseURL!, customer);
    await page.context().clearCookies();
    await logIn(page, javaScriptEnabled, customer);
    for (const path of [STOCK, `${STOCK}/goods-in`, `${STOCK}/${rec.id}`]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(403);
    }
    const post = await page.request.post(`${STOCK}/${rec.id}`, {
      headers: { origin: baseURL! },
      form: { intent: "adjust", reason: "delivery", change: "5" },
    });
    expect(post.status()).toBe(403);
    expect(stockOf(rec.id)).toBe(1);
  });
});
