/**
 * The back office's orders: find an order by number and by e-mail, pack it, ship it with a tracking number
 * (the customer sees it on /profile and gets the mail), refund a line, and cancel with a confirmation, with
 * JavaScript on and off; visitors and customers are kept out of every page.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  apiRegister,
  createRecord,
  lastMailText,
  logIn,
  logInAsAdmin,
  newAccount,
  ready,
  stockOf,
  type Account,
} from "./support/shop";

const TRACKING = "RR473124829GB";

/** A paid order placed by `account` through the shop's JSON API (the same checkout as the page). */
async function paidOrder(
  request: APIRequestContext,
  baseURL: string,
  account: Account,
  lines: { recordId: number; quantity: number }[],
) {
  const res = await request.post("/api/orders", {
    headers: { origin: baseURL },
    data: {
      lines,
      email: account.email,
      name: `Ada ${account.username}`,
      addressLine1: "1 Record Row",
      city: "London",
      postalCode: "SW1A 1AA",
      idempotencyKey: crypto.randomUUID().replaceAll("-", ""),
      card: { cardNumber: "4242 4242 4242 4242", cardExpiry: "12/30", cardCvc: "123" },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { orderNumber: string }).orderNumber;
}

async function findOrder(page: Page, javaScriptEnabled: boolean, search: string) {
  await page.goto("/admin/order-management");
  await ready(page, javaScriptEnabled);
  await page.getByLabel("Search orders").fill(search);
  await page.getByRole("button", { name: "Find orders" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(search).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
}

const statusOf = (page: Page) => page.getByTestId("order-status");

test.describe("order management", () => {
  // Each test walks several pages as two people: more than the default half minute on a busy machine.
  test.describe.configure({ timeout: 120_000 });
  test("an admin finds an order, packs it, ships it and refunds a line; the customer sees it shipped @no-js", async ({
    page,
    browser,
    javaScriptEnabled,
    baseURL,
  }) => {
    const customer = newAccount("buyer");
    const customerContext = await browser.newContext({ baseURL, javaScriptEnabled });
    const customerPage = await customerContext.newPage();
    await apiRegister(customerContext.request, baseURL!, customer);
    const lp = createRecord({ pricePence: 2999, stock: 3 });
    const other = createRecord({ pricePence: 1500, stock: 3 });
    const orderNumber = await paidOrder(customerContext.request, baseURL!, customer, [
      { recordId: lp.id, quantity: 2 },
      { recordId: other.id, quantity: 1 },
    ]);

    await logInAsAdmin(page, javaScriptEnabled, baseURL!);

    await test.step("finds it by number and by e-mail", async () => {
      await findOrder(page, javaScriptEnabled, orderNumber);
      const rows = page.getByRole("table", { name: "Orders" }).getByRole("row");
      await expect(rows).toHaveCount(2); // header + the order
      await expect(rows.nth(1)).toContainText(customer.email);
      await expect(rows.nth(1)).toContainText("Paid");
      await findOrder(page, javaScriptEnabled, customer.email);
      await page.getByRole("link", { name: orderNumber }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText(orderNumber);
      await expect(statusOf(page)).toHaveText(/Paid/);
      await expect(page.getByRole("link", { name: customer.email })).toBeVisible();
    });

    await test.step("packs it with a Royal Mail service", async () => {
      await ready(page, javaScriptEnabled);
      await page.getByLabel("Royal Mail service").selectOption("tracked_24");
      await page.getByRole("button", { name: "Mark packed" }).click();
      await expect(statusOf(page)).toHaveText(/Packed/);
      await expect(page.getByText("Royal Mail Tracked 24")).toBeVisible();
    });

    await test.step("a wrong tracking number is refused with its reason, not a crash", async () => {
      await ready(page, javaScriptEnabled);
      await page.getByLabel("Tracking number").fill("RR473124828GB");
      await page.getByRole("button", { name: "Mark shipped" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Not a Royal Mail tracking number" })).toBeVisible();
      await expect(statusOf(page)).toHaveText(/Packed/);
    });

    await test.step("ships it: the customer is mailed the tracking link and sees it on /profile", async () => {
      await ready(page, javaScriptEnabled);
      await page.getByLabel("Tracking number").fill(TRACKING.toLowerCase());
      await page.getByRole("button", { name: "Mark shipped" }).click();
      await expect(statusOf(page)).toHaveText(/Shipped/);
      await expect(page.getByRole("link", { name: TRACKING })).toBeVisible();
      await expect.poll(() => lastMailText(customer.email, /on its way/) ?? "").toContain(`tracking-results/${TRACKING}`);

      // Registering signed the customer in, in their own browser.
      await customerPage.goto("/profile");
      const row = customerPage.getByRole("listitem").filter({ hasText: orderNumber });
      await expect(row).toContainText("Shipped");
      await expect(row.getByRole("link", { name: TRACKING })).toHaveAttribute(
        "href",
        new RegExp(`tracking-results/${TRACKING}$`),
      );
    });

    await test.step("refunds one copy of a line", async () => {
      await ready(page, javaScriptEnabled);
      await page.getByLabel(`Copies of ${lp.title} to refund`).fill("1");
      // Sent copies come back through returns: the stock box starts unticked once the order has left.
      await expect(page.getByLabel("Put the items back in stock")).not.toBeChecked();
      await page.getByLabel("Reason", { exact: true }).selectOption({ label: "Damaged or faulty" });
      await page.getByRole("button", { name: "Review refund" }).click();
      // The first press only shows what will happen: nothing is paid yet.
      const review = page.getByRole("region", { name: `Refund £29.99 on order ${orderNumber}?` });
      await expect(review).toContainText(`1 × ${lp.title}`);
      await expect(review).toContainText("Damaged or faulty");
      await expect(statusOf(page)).toHaveText(/Shipped/);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await review.scrollIntoViewIfNeeded();
        await page.screenshot({ path: test.info().outputPath(`refund-review-${width}.png`), fullPage: false });
      }
      await page.getByRole("button", { name: "Back" }).click();
      await expect(page.getByLabel(`Copies of ${lp.title} to refund`)).toHaveValue("1");
      await page.getByRole("button", { name: "Review refund" }).click();
      await page.getByRole("button", { name: "Refund £29.99" }).click();
      await expect(statusOf(page)).toHaveText(/Partly refunded/);
      await expect(page.getByRole("region", { name: "Refunds" })).toContainText("£29.99");
      await expect(page.getByRole("list", { name: "Timeline" })).toContainText("Refunded £29.99");
      await expect.poll(() => lastMailText(customer.email, /Refund of £29\.99/) ?? "").toContain("We have refunded £29.99");
    });
    await customerContext.close();
  });

  test("cancelling asks first, then returns the stock and refunds @no-js", async ({
    page,
    javaScriptEnabled,
    baseURL,
    request,
  }) => {
    const customer = newAccount("cancel");
    await apiRegister(request, baseURL!, customer);
    const lp = createRecord({ pricePence: 2000, stock: 2 });
    const orderNumber = await paidOrder(request, baseURL!, customer, [{ recordId: lp.id, quantity: 2 }]);
    expect(stockOf(lp.id)).toBe(0);

    await logInAsAdmin(page, javaScriptEnabled, baseURL!);
    await page.goto(`/admin/order-management/${orderNumber}`);
    await ready(page, javaScriptEnabled);
    await page.getByRole("link", { name: "Cancel order…" }).click();
    await expect(page.getByRole("heading", { name: `Cancel order ${orderNumber}?` })).toBeVisible();
    await page.getByRole("link", { name: "Keep the order" }).click();
    await expect(statusOf(page)).toHaveText(/Paid/);
    expect(stockOf(lp.id)).toBe(0);

    await page.getByRole("link", { name: "Cancel order…" }).click();
    await page.getByLabel("Reason (the customer sees it)").fill("Sleeve damaged in the shop");
    await page.getByRole("button", { name: "Yes, cancel the order" }).click();
    await expect(statusOf(page)).toHaveText(/Cancelled/);
    await expect(page.getByRole("region", { name: "Refunds" })).toContainText("Sleeve damaged in the shop");
    expect(stockOf(lp.id)).toBe(2);
    await expect
      .poll(() => lastMailText(customer.email, /has been cancelled/) ?? "")
      .toContain("Reason: Sleeve damaged in the shop");
    await expect(page.getByRole("link", { name: "Cancel order…" })).toHaveCount(0);
  });

  test("the list filters by status and exports the same filter as CSV", async ({ page, javaScriptEnabled, baseURL, request }) => {
    const customer = newAccount("csv");
    await apiRegister(request, baseURL!, customer);
    const lp = createRecord({ pricePence: 1234, stock: 1 });
    const orderNumber = await paidOrder(request, baseURL!, customer, [{ recordId: lp.id, quantity: 1 }]);
    await logInAsAdmin(page, javaScriptEnabled, baseURL!);
    await page.goto(`/admin/order-management?q=${customer.email}&status=shipped`);
    await expect(page.getByText("No orders match these filters.")).toBeVisible();
    await page.goto(`/admin/order-management?q=${customer.email}&status=paid`);
    await expect(page.getByRole("link", { name: orderNumber })).toBeVisible();
    const href = await page.getByRole("link", { name: "Export all matching (CSV)" }).getAttribute("href");
    expect(href).toContain("status=paid");
    const res = await page.context().request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("text/csv");
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${orderNumber},`);
    expect(lines[1]).toContain(",12.34,");
  });
});

test.describe("order management is for admins only", () => {
  test("a visitor is sent to sign in and a customer is refused, on every page @no-js", async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    const paths = ["/admin/order-management", "/admin/order-management/ND-AAAAAAAA", "/admin/order-management/export.csv"];
    for (const path of paths) {
      const res = await page.request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(302);
      expect(res.headers().location).toBe(`/auth?${new URLSearchParams({ redirectTo: path })}`);
    }
    const customer = newAccount("nosy");
    await apiRegister(page.context().request, baseURL!, customer);
    await page.context().clearCookies();
    await logIn(page, javaScriptEnabled, customer);
    for (const path of paths) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(403);
    }
    const post = await page.request.post("/admin/order-management/ND-AAAAAAAA", {
      headers: { origin: baseURL! },
      form: { intent: "deliver" },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(403);
  });
});
