import { expect, test, type Page } from "@playwright/test";
import {
  apiRegister,
  createRecord,
  logIn,
  logInAsAdmin,
  newAccount,
  ready,
  setCartCookie,
  stockOf,
  withDb,
} from "./support/shop";

// Limited records: before its on-sale time a record says when it goes on sale and the server refuses it whatever is
// posted (the cart, the checkout, the API); one per customer holds across accounts that share a delivery address,
// and the back office sees the refused attempt. Each test makes its own record.

const EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, "0")}`;

function makeLimited(record: { id: number }, facts: { limit: number | null; onSaleAt: string | null }) {
  withDb((db) =>
    db
      .prepare("update records set limit_per_customer = ?, on_sale_at = ? where id = ?")
      .run(facts.limit, facts.onSaleAt, record.id),
  );
}

const field = (page: Page, label: string) => page.locator("form#checkout").getByLabel(label, { exact: true });

async function checkOut(page: Page, javaScriptEnabled: boolean, details: { email: string; addressLine1: string }) {
  await page.goto("/checkout");
  await ready(page, javaScriptEnabled);
  await field(page, "Email").fill(details.email);
  await field(page, "Full name").fill("Ada Lovelace");
  await field(page, "Address line 1").fill(details.addressLine1);
  await field(page, "Town or city").fill("Leeds");
  await field(page, "Postcode").fill("ls1 4ap");
  await field(page, "Card number").fill("4242 4242 4242 4242");
  await field(page, "Expiry date").fill(EXPIRY);
  await field(page, "Security code").fill("123");
  await page.getByRole("button", { name: /^Pay £/ }).click();
}

test.describe("limited records", () => {
  test("before its on-sale time a record shows the time, and the cart, checkout and API refuse it @no-js", async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    const record = createRecord({ stock: 5 });
    // Two days ahead at 08:00 UTC: far enough that the test never crosses it.
    const onSaleAt = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 2, 8));
    makeLimited(record, { limit: 1, onSaleAt: onSaleAt.toISOString() });

    await test.step("the record page says the limit and when it goes on sale, with no Add to cart", async () => {
      await page.goto(record.path);
      await ready(page, javaScriptEnabled);
      await expect(page.getByText("Limited: 1 per customer")).toBeVisible();
      const time = page.locator(`time[datetime="${onSaleAt.toISOString()}"]`);
      await expect(time).toHaveText(/^On sale at \d{2}:\d{2} on \w+day \d{1,2} \w+ \d{4}$/);
      await expect(page.getByRole("button", { name: "Add to cart", exact: true })).toHaveCount(0);
      if (javaScriptEnabled)
        await expect(page.getByTestId("on-sale-notice")).toContainText(/Goes on sale in 1 day|Goes on sale in 2 days/);
      else await expect(page.getByTestId("on-sale-notice")).toContainText("It can't be bought before then.");
    });

    await test.step("posting to the cart anyway adds nothing", async () => {
      const res = await page.request.post("/cart", {
        form: { intent: "add", recordId: String(record.id), redirectTo: "/cart" },
        headers: { origin: baseURL! },
      });
      expect(res.ok()).toBe(true);
      await page.goto("/cart");
      await expect(page.getByRole("main")).not.toContainText(record.title);
    });

    await test.step("the checkout will not sell it, nor the API", async () => {
      await setCartCookie(page, baseURL!, [{ recordId: record.id, quantity: 1 }]);
      await page.goto("/checkout");
      await expect(page.getByRole("main")).toContainText("Not on sale yet");
      await expect(page.getByRole("button", { name: /^Pay £/ })).toHaveCount(0);
      const res = await page.request.post("/api/orders", {
        headers: { origin: baseURL! },
        data: {
          lines: [{ recordId: record.id, quantity: 1 }],
          email: "early@example.com",
          name: "Ada Lovelace",
          addressLine1: "1 Record Row",
          city: "London",
          postalCode: "SW1A 1AA",
          idempotencyKey: crypto.randomUUID().replaceAll("-", ""),
          card: { cardNumber: "4242 4242 4242 4242", cardExpiry: EXPIRY, cardCvc: "123" },
        },
      });
      expect(res.status()).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain("it can't be bought before then");
      expect(stockOf(record.id)).toBe(5);
    });
  });

  test("one per customer: a second account ordering to the same address is refused, and the back office sees it", async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    // Three sign-ins (two shoppers and the owner, with a second factor) on a busy machine.
    test.slow();
    const record = createRecord({ stock: 5 });
    makeLimited(record, { limit: 1, onSaleAt: null });
    const street = `${Math.floor(Math.random() * 900) + 100} Limited Lane`;
    const first = newAccount("lim");
    const second = newAccount("lim");
    await apiRegister(page.context().request, baseURL!, first);
    await page.context().clearCookies();
    await apiRegister(page.context().request, baseURL!, second);
    await page.context().clearCookies();

    await test.step("the first account buys its copy", async () => {
      await logIn(page, javaScriptEnabled, first);
      await setCartCookie(page, baseURL!, [{ recordId: record.id, quantity: 1 }]);
      await checkOut(page, javaScriptEnabled, { email: first.email, addressLine1: street });
      await expect(page).toHaveURL(/\/payment-confirmation\?order=ND-/);
    });

    await test.step("the second account, same address written differently, is refused plainly", async () => {
      await page.context().clearCookies();
      await logIn(page, javaScriptEnabled, second);
      await setCartCookie(page, baseURL!, [{ recordId: record.id, quantity: 1 }]);
      await checkOut(page, javaScriptEnabled, { email: second.email, addressLine1: `${street.toUpperCase()}.` });
      await expect(page.getByRole("main")).toContainText(
        `"${record.title}" is limited to 1 per customer, and an earlier order to this address already has 1.`,
      );
      expect(stockOf(record.id)).toBe(4);
    });

    await test.step("/admin/limited lists the record and the refused attempt", async () => {
      await logInAsAdmin(page, javaScriptEnabled, baseURL!);
      await page.goto("/admin/limited");
      await expect(page.getByRole("heading", { level: 1, name: "Limited records" })).toBeVisible();
      const records = page.getByRole("region", { name: "Records" });
      await expect(records.getByRole("row", { name: new RegExp(record.title) })).toContainText("1 per customer");
      const refusals = page.getByRole("region", { name: "Refused attempts" });
      const row = refusals.getByRole("row").filter({ hasText: record.title });
      await expect(row).toContainText(second.email);
      await expect(row).toContainText("Same address");
      await expect(row.getByRole("link", { name: /^ND-/ })).toBeVisible();
    });
  });
});
