import { expect, test, type Page } from "@playwright/test";
import { logInAsAdmin, ready, TOAST, withDb } from "./support/shop";

// The back office's delivery rates (/admin/delivery). Tests tagged @no-js also run with JavaScript off.
// Each project edits its own zone's table and puts it back, so the shop's prices are as before for other tests.

/** A success toast: with JavaScript a sonner toast; without, the <noscript> status banner. */
async function expectToast(page: Page, js: boolean, text: string) {
  const toast = (js ? page.locator(TOAST) : page.getByRole("status")).filter({ hasText: text });
  await expect(toast.first()).toBeVisible();
}

test.describe("delivery rates back office", () => {
  test("adds a rate band, is refused a bad one, sees the change in the audit log and removes it again @no-js", async ({
    page,
    baseURL,
    javaScriptEnabled,
  }) => {
    const js = javaScriptEnabled ?? true;
    const [zone, price] = js ? ["usa", "44.95"] : ["world", "48.95"];
    await logInAsAdmin(page, js, baseURL!);
    await page.goto("/admin/delivery");
    await expect(page.getByRole("heading", { level: 1, name: "Delivery rates and customs" })).toBeVisible();
    await ready(page, js);

    const table = page.locator(`form#rates-${zone}-intl_tracked`);
    const newGrams = table.getByLabel("New band: up to grams").first();
    const newPrice = table.getByLabel("New band: price in pounds").first();

    // A band without a whole number of grams is refused beside its field, and nothing is saved.
    await newGrams.fill("lots");
    await newPrice.fill(price);
    await table.getByRole("button", { name: "Save rates" }).click();
    await expect(table.getByText("Enter the weight in whole grams, such as 750")).toBeVisible();

    await table.getByLabel("New band: up to grams").first().fill("4000");
    await table.getByLabel("New band: price in pounds").first().fill(price);
    await table.getByRole("button", { name: "Save rates" }).click();
    await expectToast(page, js, "Rates saved");
    const row = table.locator("tr", { has: page.locator('input[value="4000"]') });
    await expect(row.locator('input[value="' + price + '"]')).toBeVisible();

    // The audit log has the change, before and after.
    await page.goto("/admin/audit-log?type=delivery-rates");
    await expect(page.getByText(`up to 3000 g £`).first()).toBeVisible();
    await expect(page.getByText(`up to 4000 g £${price}`).first()).toBeVisible();

    // Removing the band puts the table back.
    await page.goto("/admin/delivery");
    await ready(page, js);
    await table
      .locator("tr", { has: page.locator('input[value="4000"]') })
      .getByRole("checkbox")
      .check();
    await table.getByRole("button", { name: "Save rates" }).click();
    await expectToast(page, js, "Rates saved");
    await expect(table.locator('input[value="4000"]')).toHaveCount(0);
  });

  test("refuses a nonsense euro rate and saves a real one @no-js", async ({ page, baseURL, javaScriptEnabled }) => {
    const js = javaScriptEnabled ?? true;
    await logInAsAdmin(page, js, baseURL!);
    await page.goto("/admin/delivery");
    await ready(page, js);
    const form = page.locator("form#exchange-rate");
    const current = await form.getByLabel("Euros per pound").inputValue();
    await form.getByLabel("Euros per pound").fill("10");
    await form.getByRole("button", { name: "Save euro rate" }).click();
    await expect(form.getByText("A pound buys between €0.50 and €3.00: check the rate")).toBeVisible();
    // The same rate again: other tests price EU orders with it.
    await form.getByLabel("Euros per pound").fill(current);
    await form.getByRole("button", { name: "Save euro rate" }).click();
    await expectToast(page, js, "Euro rate saved");
  });

  test("a record missing customs facts is listed, and its tariff code and origin are saved from its page @no-js", async ({
    page,
    baseURL,
    javaScriptEnabled,
  }) => {
    const js = javaScriptEnabled ?? true;
    await logInAsAdmin(page, js, baseURL!);
    await page.goto("/admin/delivery/missing");
    await expect(page.getByRole("heading", { level: 1, name: "Records missing customs facts" })).toBeVisible();
    const link = page
      .getByRole("table")
      .getByRole("link")
      .nth(js ? 0 : 1);
    const href = (await link.getAttribute("href"))!;
    const recordId = Number(/catalog-update\/(\d+)/.exec(href)![1]);
    await page.goto(`/admin/catalog-update/${recordId}`);
    await ready(page, js);
    const customs = page.locator("#customs");
    // The values the defaults give a 12" LP, so the shop's other tests price and declare it as before.
    await customs.getByLabel("Tariff (HS) code").fill("8523");
    await customs.getByRole("button", { name: "Save shipping and customs" }).click();
    await expect(customs.getByText("A tariff code is 6 to 10 digits, such as 852380 or 8523 80 90 00")).toBeVisible();
    await customs.getByLabel("Tariff (HS) code").fill("8523.80");
    await customs.getByLabel("Country of origin").selectOption("GB");
    await customs.getByRole("button", { name: "Save shipping and customs" }).click();
    await expectToast(page, js, "Shipping and customs saved");
    const saved = withDb(
      (db) => db.prepare("select hs_code as hs, origin_country as origin from records where id = ?").get(recordId) as object,
    );
    expect(saved).toEqual({ hs: "852380", origin: "GB" });
    await expect(page.getByText("customs facts saved").first()).toBeVisible();
  });
});
