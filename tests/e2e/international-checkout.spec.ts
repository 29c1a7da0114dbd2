import { expect, test, type Locator, type Page } from "@playwright/test";
import { createRecord, ready, setCartCookie, uniqueName } from "./support/shop";

// Delivery abroad at checkout (issue 41): the country chosen re-prices the order, with JavaScript (on change) and
// without (the Update delivery button); the VAT line and the import notice follow the destination. The browser
// tests' shop has an IOSS number, so a small order to Ireland is charged Irish VAT at checkout.

const EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, "0")}`;
const field = (page: Page, label: string) => page.locator("form#checkout").getByLabel(label, { exact: true });
const summary = (page: Page) => page.getByRole("complementary", { name: "Order summary" });
const payButton = (page: Page) => page.getByRole("button", { name: /^Pay £/ });

async function expectRow(scope: Locator, label: string, value: string) {
  const exact = new RegExp(`^${label.replace(/[()]/g, "\\$&")}$`);
  await expect(scope.locator("dt", { hasText: exact }).locator("xpath=following-sibling::dd[1]")).toHaveText(value);
}

/** Choose a country: with JavaScript the change re-prices at once; without, the Update delivery button does. */
async function chooseCountry(page: Page, code: string, name: string, javaScriptEnabled: boolean) {
  await page.locator("form#checkout").getByLabel("Country").selectOption(code);
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Update delivery" }).click();
  await expect(page.getByRole("group", { name: `Delivery to ${name}` })).toBeVisible();
}

async function fillAddress(page: Page, a: { email: string; city: string; postalCode: string; phone?: string }) {
  await field(page, "Email").fill(a.email);
  await field(page, "Full name").fill("Aoife Byrne");
  await field(page, "Address line 1").fill("1 Grafton Street");
  await field(page, "Town or city").fill(a.city);
  await page
    .locator("form#checkout")
    .getByLabel(/^Postcode/)
    .fill(a.postalCode);
  if (a.phone)
    await page
      .locator("form#checkout")
      .getByLabel(/^Phone/)
      .fill(a.phone);
}

async function payWithTestCard(page: Page, total: string) {
  await field(page, "Card number").fill("4242 4242 4242 4242");
  await field(page, "Expiry date").fill(EXPIRY);
  await field(page, "Security code").fill("123");
  await expect(payButton(page)).toHaveText(`Pay ${total}`);
  await payButton(page).click();
  await expect(page).toHaveURL(/\/payment-confirmation\?order=ND-/);
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
}

test.describe("checkout abroad", () => {
  test("a 2-LP order to Dublin is charged Ireland's VAT under IOSS and paid with the test card @no-js", async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    const record = createRecord({ stock: 5, pricePence: 2500 });
    await setCartCookie(page, baseURL!, [{ recordId: record.id, quantity: 2 }]);
    await page.goto("/checkout");
    await ready(page, javaScriptEnabled);
    const email = `${uniqueName("dublin")}@example.com`;

    await test.step("the United Kingdom comes first and is chosen; the cart is priced as before", async () => {
      await expect(page.locator("form#checkout").getByLabel("Country")).toHaveValue("GB");
      await expectRow(summary(page), "Total", "£54.00");
    });

    await test.step("choosing Ireland re-prices: no UK VAT, International Standard, Irish VAT added", async () => {
      await fillAddress(page, { email, city: "Dublin", postalCode: "D02 X285" });
      await chooseCountry(page, "IE", "Ireland", javaScriptEnabled);
      await expectRow(summary(page), "Subtotal (2 records)", "£41.66");
      await expectRow(summary(page), "Shipping (Royal Mail International Standard)", "£11.00");
      await expectRow(summary(page), "VAT (Ireland 23%)", "£12.11");
      await expectRow(summary(page), "Total", "£64.77");
      await expect(page.getByTestId("vat-notice")).toContainText("VAT for Ireland (23%) is included in your total");
      // What was typed is kept.
      await expect(field(page, "Email")).toHaveValue(email);
      await expect(page.locator("form#checkout").getByLabel(/^Postcode/)).toHaveValue("D02 X285");
    });

    await test.step("paid, the confirmation shows the country, the service and the VAT line", async () => {
      await payWithTestCard(page, "£64.77");
      const main = page.getByRole("main");
      await expectRow(main, "VAT (Ireland 23%)", "£12.11");
      await expectRow(main, "Total", "£64.77");
      await expect(main.getByTestId("delivery-line")).toHaveText("Sent by Royal Mail International Standard to Ireland.");
      await expect(main.locator("address")).toContainText("Ireland");
    });
  });

  test("an order to Jersey is an export: no UK VAT, the import notice before Pay @no-js", async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    const record = createRecord({ stock: 5, pricePence: 2500 });
    await setCartCookie(page, baseURL!, [{ recordId: record.id, quantity: 2 }]);
    await page.goto("/checkout");
    await ready(page, javaScriptEnabled);
    await chooseCountry(page, "JE", "Jersey", javaScriptEnabled);
    await expectRow(summary(page), "Total", "£45.66");
    await expect(summary(page).getByTestId("summary-vat")).toHaveText("No UK VAT (export)");
    await expect(page.getByTestId("vat-notice")).toContainText("Import duties, taxes and a handling fee may be charged");
    await fillAddress(page, { email: `${uniqueName("jersey")}@example.com`, city: "St Helier", postalCode: "JE2 3AB" });
    await payWithTestCard(page, "£45.66");
    await expect(page.getByRole("main").getByTestId("summary-vat")).toHaveText("No UK VAT (export)");
    await expect(page.getByTestId("delivery-line")).toContainText("to Jersey.");
  });
});
