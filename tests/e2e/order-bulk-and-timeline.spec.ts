/**
 * The orders list as a shop owner uses it: finds an order by its postcode however it is typed, ticks two orders
 * found by a record on them, prints their packing slips and exports them as CSV; then leaves a note on an order
 * and sees it in the order's timeline. With JavaScript on and off.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createRecord, logInAsAdmin, newAccount, ready } from "./support/shop";

/** A paid order for one copy of `recordId`, delivered to `postalCode`, through the shop's JSON checkout. */
async function paidOrderTo(request: APIRequestContext, baseURL: string, postalCode: string, recordId: number) {
  const res = await request.post("/api/orders", {
    headers: { origin: baseURL },
    data: {
      lines: [{ recordId, quantity: 1 }],
      email: newAccount("bulk").email,
      name: "Grace Hopper",
      addressLine1: "1 Record Row",
      city: "Lerwick",
      postalCode,
      idempotencyKey: crypto.randomUUID().replaceAll("-", ""),
      card: { cardNumber: "4242 4242 4242 4242", cardExpiry: "12/30", cardCvc: "123" },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { orderNumber: string }).orderNumber;
}

async function search(page: Page, javaScriptEnabled: boolean, text: string) {
  await page.goto("/admin/order-management");
  await ready(page, javaScriptEnabled);
  await page.getByLabel("Search orders").fill(text);
  await page.getByRole("button", { name: "Find orders" }).click();
  await expect(page).toHaveURL(/q=/);
}

const ordersTable = (page: Page) => page.getByRole("table", { name: "Orders" });

test.describe("the orders list's bulk actions and an order's timeline", () => {
  test.describe.configure({ timeout: 120_000 });

  test("finds by postcode, prints slips for and exports two ticked orders, and notes an order @no-js", async ({
    page,
    javaScriptEnabled,
    request,
    baseURL,
  }) => {
    const record = createRecord({ stock: 5 });
    const shetland = await paidOrderTo(request, baseURL!, "ZE2 9AA", record.id);
    const orkney = await paidOrderTo(request, baseURL!, "KW15 1AB", record.id);
    await logInAsAdmin(page, javaScriptEnabled, baseURL!);

    await test.step("a postcode typed in small letters without its space finds its order only", async () => {
      await search(page, javaScriptEnabled, "ze29aa");
      await expect(ordersTable(page).getByRole("link", { name: shetland })).toBeVisible();
      await expect(ordersTable(page).getByRole("link", { name: orkney })).toHaveCount(0);
    });

    await test.step("ticks the two orders of a record and prints their packing slips", async () => {
      await search(page, javaScriptEnabled, record.title);
      for (const n of [shetland, orkney]) await page.getByLabel(`Select order ${n}`).check();
      if (javaScriptEnabled) await expect(page.getByText("2 selected")).toBeVisible();
      await page.getByRole("button", { name: "Print packing slips" }).click();
      await expect(page.getByRole("heading", { name: "Packing slips" })).toBeVisible();
      await expect(page.getByText("2 orders · A4")).toBeVisible();
      for (const n of [shetland, orkney]) await expect(page.getByRole("article").filter({ hasText: n })).toHaveCount(1);
    });

    await test.step("exports the two ticked orders as CSV", async () => {
      await search(page, javaScriptEnabled, record.title);
      for (const n of [shetland, orkney]) await page.getByLabel(`Select order ${n}`).check();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Export selected (CSV)" }).click(),
      ]);
      const text = await (await download.createReadStream()).toArray().then((parts) => Buffer.concat(parts).toString("utf8"));
      const numbers = text
        .trim()
        .split(/\r?\n/)
        .slice(1)
        .map((line) => line.split(",")[0]);
      expect(numbers.sort()).toEqual([shetland, orkney].sort());
    });

    await test.step("a note on the order shows first in its timeline", async () => {
      await page.goto(`/admin/order-management/${shetland}`);
      await ready(page, javaScriptEnabled);
      const timeline = page.getByRole("list", { name: "Timeline" });
      await expect(timeline).toContainText("Placed");
      await page.getByLabel("Add a note for staff").fill("Customer rang: leave it with the neighbour.");
      await page.getByRole("button", { name: "Add note" }).click();
      await expect(timeline.getByRole("listitem").first()).toContainText("Customer rang: leave it with the neighbour.");
      await expect(timeline.getByRole("listitem").first()).toContainText("Note");
    });
  });
});
