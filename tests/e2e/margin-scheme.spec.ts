import { expect, test } from "@playwright/test";
import { createRecord, expectToast, logInAsAdmin, ready, setCartCookie, uniqueName, withDb } from "./support/shop";

// The VAT margin scheme end to end: the back office buys a collection from the public, prints its purchase record,
// a shopper buys one of its copies (shown no VAT for it, with the scheme's words), and the copy's sale is in the
// stock book with its margin and VAT. Tagged @no-js: the back office's forms and the checkout work without JavaScript.

const EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, "0")}`;

test.describe.configure({ timeout: 120_000 });

test("buy a collection → print its record → sell a copy → see it in the stock book @no-js", async ({
  page,
  javaScriptEnabled: js,
  baseURL,
}, testInfo) => {
  const pressing = createRecord({ title: `Collected Pressing ${uniqueName("")}`, pricePence: 2000, stock: 3 });
  const catalogueId = withDb(
    (db) => (db.prepare("select catalogue_id as c from records where id = ?").get(pressing.id) as { c: string }).c,
  );
  const seller = `Pat Seller ${uniqueName("")}`;
  let reference = "";

  await test.step("the back office buys two copies from the public", async () => {
    await logInAsAdmin(page, js, baseURL!);
    await page.goto("/admin/purchases/new");
    await ready(page, js);
    await page.getByLabel("Seller's name").fill(seller);
    await page.getByLabel("Seller's address").fill("1 High Street\nLeeds LS1 1AA");
    await expect(page.getByLabel(/^Margin scheme/)).toBeChecked();
    const row = (i: number, label: string) => page.getByLabel(`${label} (row ${i + 1})`);
    await row(0, "Pressing (catalogue id or title and artist)").fill(catalogueId);
    await row(0, "Record grade").selectOption("VG+");
    await row(0, "Sleeve grade").selectOption("VG");
    await row(0, "Price paid (£)").fill("4.00");
    await row(0, "Selling price (£)").fill("10.00");
    await row(1, "Pressing (catalogue id or title and artist)").fill(catalogueId);
    await row(1, "Record grade").selectOption("G");
    await row(1, "Sleeve grade").selectOption("G");
    await row(1, "Price paid (£)").fill("12");
    await row(1, "Selling price (£)").fill("10");
    await page.getByRole("button", { name: "Buy and list these copies" }).click();
    await expectToast(page, js, "2 copies are on sale");
    await expect(page).toHaveURL(/\/admin\/purchases\/PU-[A-Z2-7]{8}$/);
    reference = page.url().split("/").at(-1)!;
  });

  await test.step("its purchase record prints on A4 with the seller, each copy and price, the total and lines to sign", async () => {
    const sheet = page.locator(".purchase-sheet");
    await expect(sheet).toContainText(seller);
    await expect(sheet).toContainText("Leeds LS1 1AA");
    await expect(sheet.getByRole("row").filter({ hasText: "VG+/VG" })).toContainText("£4.00");
    await expect(sheet.getByRole("row").filter({ hasText: "G/G" })).toContainText("£12.00");
    await expect(sheet.getByRole("row").filter({ hasText: "Total paid" })).toContainText("£16.00");
    await expect(sheet).toContainText("Seller's signature");
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("navigation").first()).toBeHidden();
    await page.emulateMedia({ media: "screen" });
    if (js) await page.pdf({ path: testInfo.outputPath("purchase-record.pdf"), format: "A4" });
  });

  const [cheap] = withDb(
    (db) =>
      db
        .prepare(
          "select r.id from records r join stock_purchases p on p.id = r.stock_purchase_id where p.reference = ? order by r.id",
        )
        .all(reference) as {
        id: number;
      }[],
  );

  await test.step("a shopper buys the £4 copy for £10 with a new record: no VAT is shown for the copy", async () => {
    await page.context().clearCookies();
    await setCartCookie(page, baseURL!, [
      { recordId: pressing.id, quantity: 1 },
      { recordId: cheap!.id, quantity: 1 },
    ]);
    await page.goto("/checkout");
    await ready(page, js);
    const form = page.locator("form#checkout");
    await form.getByLabel("Email", { exact: true }).fill(`margin-${uniqueName("")}@example.com`);
    await form.getByLabel("Full name", { exact: true }).fill("Sam Buyer");
    await form.getByLabel("Address line 1", { exact: true }).fill("12 Groove Street");
    await form.getByLabel("Town or city", { exact: true }).fill("Leeds");
    await form.getByLabel("Postcode", { exact: true }).fill("LS1 4AP");
    await form.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
    await form.getByLabel("Expiry date", { exact: true }).fill(EXPIRY);
    await form.getByLabel("Security code", { exact: true }).fill("123");
    await page.getByRole("button", { name: /^Pay £/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
    // £20 + £4 shipping carry £4.00; the copy's £1.00 is not shown.
    await expect(page.getByText("Includes VAT (20%) on new records and shipping £4.00")).toBeVisible();
    await expect(page.getByTestId("margin-scheme-note")).toContainText("Margin scheme – second-hand goods");
  });

  await test.step("the stock book shows the copy bought for £4 and sold for £10: margin £6.00, VAT £1.00", async () => {
    await logInAsAdmin(page, js, baseURL!);
    await page.goto("/admin/stock-book");
    await ready(page, js);
    const row = page
      .getByRole("row")
      // The stock number's own cell: the number may also turn up inside another row's text (a seller's name).
      .filter({ has: page.getByRole("cell", { name: String(cheap!.id), exact: true }) })
      .filter({ hasText: seller });
    await expect(row).toContainText("£4.00");
    await expect(row).toContainText("£10.00");
    await expect(row).toContainText("£6.00");
    await expect(row).toContainText("£1.00");
    await expect(row).toContainText("Sam Buyer");
  });
});
