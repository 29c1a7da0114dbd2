import { expect, test, type Page } from "@playwright/test";
import { createRecord, ready, setCartCookie, stockOf, uniqueName, withDb, type TestRecord } from "./support/shop";

// A drop's fair queue (docs/decisions/0088-fair-drops.md): the waiting room works without JavaScript, a ballot at
// the on-sale time lets shoppers in as copies allow, and a hold is checked when the order is placed. The on-sale
// time and a hold's end are moved in the database instead of waited for. All browsers here come from one address,
// so one network: a second browser is refused a place of its own.

test.describe.configure({ mode: "serial" });

const PAYS = "4242 4242 4242 4242";
const EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, "0")}`;
const field = (page: Page, label: string) => page.locator("form#checkout").getByLabel(label, { exact: true });

function dropOf(stock: number): TestRecord {
  const record = createRecord({ stock });
  const onSaleAt = new Date(Date.now() + 10 * 60_000).toISOString();
  withDb((db) =>
    db.prepare("update records set is_drop = 1, on_sale_at = ?, limit_per_customer = 1 where id = ?").run(onSaleAt, record.id),
  );
  return record;
}
const goOnSale = (record: TestRecord) =>
  withDb((db) =>
    db.prepare("update records set on_sale_at = ? where id = ?").run(new Date(Date.now() - 1000).toISOString(), record.id),
  );
const placeOf = (record: TestRecord) =>
  withDb((db) => db.prepare("select * from drop_entries where record_id = ?").all(record.id));

async function fillCheckout(page: Page) {
  await field(page, "Email").fill(`${uniqueName("drop")}@example.com`);
  await field(page, "Full name").fill("Ada Lovelace");
  await field(page, "Address line 1").fill("12 Groove Street");
  await field(page, "Town or city").fill("Leeds");
  await field(page, "Postcode").fill("ls1 4ap");
  await field(page, "Card number").fill(PAYS);
  await field(page, "Expiry date").fill(EXPIRY);
  await field(page, "Security code").fill("123");
}

test("a shopper waits before the on-sale time, is let in with a hold shown as a time, and buys the copy @no-js", async ({
  page,
  javaScriptEnabled,
}) => {
  const record = dropOf(1);
  await page.goto(record.path);
  await expect(page).toHaveURL(`/drops/${record.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "You are in the queue" })).toBeVisible();
  await expect(page.getByText("everyone here is put in a random order")).toBeVisible();
  await expect(page.getByText("This page refreshes itself every 15 seconds.")).toBeVisible();

  goOnSale(record);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "It's your turn" })).toBeVisible();
  await expect(page.getByText(/^A copy is held for you until \d\d:\d\d\./)).toBeVisible();
  await page.getByRole("button", { name: "Put it in my cart and check out" }).click();
  await expect(page).toHaveURL("/checkout");
  await ready(page, javaScriptEnabled);
  await expect(page.getByText(/is held for you until \d\d:\d\d/)).toBeVisible();
  await fillCheckout(page);
  await page.getByRole("button", { name: /^Pay £/ }).click();
  await expect(page).toHaveURL(/\/payment-confirmation\?order=ND-/);
  expect(stockOf(record.id)).toBe(0);
  expect(placeOf(record)).toMatchObject([{ status: "bought" }]);
});

test("a second browser without a hold is refused, and a hold that ends on the payment step charges nothing @no-js", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  const record = dropOf(1);
  await page.goto(`/drops/${record.id}`);
  goOnSale(record);
  await page.reload();
  await page.getByRole("button", { name: "Put it in my cart and check out" }).click();
  await ready(page, javaScriptEnabled);

  const other = await browser.newContext({ javaScriptEnabled });
  const second = await other.newPage();
  await second.goto(`/drops/${record.id}`);
  await expect(second.getByText("Someone on your network already has a place in this queue")).toBeVisible();
  await setCartCookie(second, baseURL!, [{ recordId: record.id, quantity: 1 }]);
  await second.goto("/checkout");
  await ready(second, javaScriptEnabled);
  await fillCheckout(second);
  await second.getByRole("button", { name: /^Pay £/ }).click();
  await expect(second.getByText("This record is sold through its queue")).toBeVisible();
  await other.close();

  await fillCheckout(page);
  withDb((db) =>
    db
      .prepare("update drop_entries set hold_expires_at = ? where record_id = ?")
      .run(new Date(Date.now() - 1000).toISOString(), record.id),
  );
  await page.getByRole("button", { name: /^Pay £/ }).click();
  await expect(
    page.getByText(/Your hold ended at \d\d:\d\d and the copy went to the next in line\. Nothing has been charged\./),
  ).toBeVisible();
  expect(stockOf(record.id)).toBe(1);
});

// A client asking for the waiting page thousands of times is answered 429 with its place unchanged: an HTTP test
// (server/http/waiting-room.test.ts) holds it, since here it would use up the allowance of every browser of the run.
