import { expect, test, type Page } from "@playwright/test";
import {
  apiRegister,
  createRecord,
  lastMailText,
  logIn,
  logInAsAdmin,
  newAccount,
  ready,
  uniqueName,
  withDb,
  TOAST,
} from "./support/shop";

// The release schedule (/admin/schedule-management): moving a release date tells customers waiting for the
// record once; a record scheduled to appear is hidden from the public until it is published. Tests tagged
// @no-js run with JavaScript on and off.

const PATH = "/admin/schedule-management";

async function expectToast(page: Page, javaScriptEnabled: boolean, title: string) {
  const toast = (javaScriptEnabled ? page.locator(TOAST) : page.getByRole("status")).filter({ hasText: title }).first();
  await expect(toast).toBeVisible();
}

/** A paid order by `email` with a pre-order line for the record, not yet shipped. */
function openPreOrder(recordId: number, email: string): string {
  const orderNumber = `ND-E2E-${uniqueName("")}`;
  withDb((db) => {
    const order = db
      .prepare(
        `insert into orders (order_number, email, status, shipping_name, address_line1, city, postal_code, items_pence,
           shipping_pence, total_pence, vat_pence, idempotency_key, paid_at)
         values (?, ?, 'paid', 'Pat Waiting', '1 Record Row', 'London', 'SW1A 1AA', 2500, 400, 2900, 483, ?, '2026-11-01T10:00:00.000Z')
         returning id`,
      )
      .get(orderNumber, email, uniqueName("key")) as { id: number };
    db.prepare(
      `insert into order_lines (order_id, record_id, title, artist, unit_price_pence, quantity, line_total_pence, is_pre_order)
       values (?, ?, 'T', 'A', 2500, 1, 2500, 1)`,
    ).run(order.id, recordId);
  });
  return orderNumber;
}

const releaseMails = (recordId: number) =>
  withDb(
    (db) =>
      (
        db.prepare("select count(*) as n from email_outbox where once_key like ?").get(`release-date:${recordId}:%`) as {
          n: number;
        }
      ).n,
  );

test.describe("release schedule", () => {
  // Each test signs in and walks several pages on a shared, busy machine.
  test.describe.configure({ timeout: 90_000 });
  test("an admin moves a pre-order's release date and its customer is told once @no-js", async ({
    page,
    baseURL,
    javaScriptEnabled,
  }) => {
    const js = javaScriptEnabled ?? true;
    // A month of its own far ahead, so the calendar holds this record alone.
    const year = 2040 + Math.floor(Math.random() * 40);
    const record = createRecord({ stock: 0, releaseDate: `${year}-03-14` });
    const email = `${uniqueName("waiting")}@example.com`;
    const orderNumber = openPreOrder(record.id, email);
    await logInAsAdmin(page, js, baseURL!);

    await page.goto(`${PATH}?month=${year}-03`);
    await ready(page, js);
    const entry = page.getByTestId("calendar-grid").getByTestId(`entry-${record.id}`);
    await expect(entry).toContainText(record.title);
    await expect(entry).toContainText("Pre-order");
    await entry.getByText("Change date").click();
    await entry.getByLabel(`New release date for ${record.title}`).fill(`${year}-04-02`);
    await entry.getByRole("button", { name: "Move date" }).click();
    await expectToast(page, js, "Release date moved; 1 customer told");
    await expect.poll(() => lastMailText(email, /New release date/)).toContain(orderNumber);
    expect(lastMailText(email, /New release date/)).toContain("2 April");

    // The same move again tells nobody twice.
    await page.goto(`${PATH}?month=${year}-04`);
    await ready(page, js);
    const moved = page.getByTestId("calendar-grid").getByTestId(`entry-${record.id}`);
    await moved.getByText("Change date").click();
    await moved.getByRole("button", { name: "Move date" }).click();
    await expectToast(page, js, "0 customers told");
    expect(releaseMails(record.id)).toBe(1);
  });

  test("a scheduled record is hidden from the public until it is published now @no-js", async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    const js = javaScriptEnabled ?? true;
    const record = createRecord({ title: `Hidden Harbour ${uniqueName("")}` });
    const visitor = await browser.newContext();
    const publicStatus = async () => (await visitor.request.get(record.path)).status();
    const publicSearch = async () => (await visitor.request.get(`/browse?q=${encodeURIComponent(record.title)}`)).text();
    expect(await publicStatus()).toBe(200);

    await logInAsAdmin(page, js, baseURL!);
    await page.goto(PATH);
    await ready(page, js);
    const form = page.getByRole("form", { name: "Schedule a record or post" });
    await form.getByLabel("Record number or post slug").fill(String(record.id));
    await form.getByLabel("Date", { exact: true }).fill("2099-01-01");
    await form.getByLabel("Time (London)").fill("09:00");
    await form.getByRole("button", { name: "Schedule" }).click();
    await expectToast(page, js, "Scheduled");
    await expect(page.getByTestId(`scheduled-record-${record.id}`)).toContainText("1 January 2099, 09:00");

    expect(await publicStatus()).toBe(404);
    expect(await publicSearch()).not.toContain(`href="${record.path}"`);

    await page.getByTestId(`scheduled-record-${record.id}`).getByRole("button", { name: "Publish now" }).click();
    await expectToast(page, js, "Published");
    await expect(page.getByTestId(`scheduled-record-${record.id}`)).toHaveCount(0);
    expect(await publicStatus()).toBe(200);
    expect(await publicSearch()).toContain(`href="${record.path}"`);
    await visitor.close();
  });

  test("bad input gets a message, not an error page @no-js", async ({ page, baseURL, javaScriptEnabled }) => {
    const js = javaScriptEnabled ?? true;
    await logInAsAdmin(page, js, baseURL!);
    await page.goto(PATH);
    await ready(page, js);
    const form = page.getByRole("form", { name: "Schedule a record or post" });
    await form.getByLabel("Record number or post slug").fill("999999999");
    await form.getByLabel("Date", { exact: true }).fill("2099-01-01");
    await form.getByLabel("Time (London)").fill("09:00");
    await form.getByRole("button", { name: "Schedule" }).click();
    await expect(page.getByRole("alert")).toContainText("No record with id 999999999");
  });

  test("a visitor is sent to sign in and a customer is refused @no-js", async ({ page, baseURL, javaScriptEnabled }) => {
    const js = javaScriptEnabled ?? true;
    await page.goto(`${PATH}?month=2026-12`);
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin%2Fschedule-management/);
    const customer = newAccount("cust");
    await apiRegister(page.context().request, baseURL!, customer);
    await page.context().clearCookies();
    await logIn(page, js, customer);
    const res = await page.goto(PATH);
    expect(res?.status()).toBe(403);
  });
});
