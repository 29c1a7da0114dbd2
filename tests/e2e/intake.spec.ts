import { expect, test } from "@playwright/test";
import { createRecord, expectToast, logInAsAdmin, ready, uniqueName, withDb } from "./support/shop";

// Intake from end to end with the keyboard alone: a barcode typed into the code field finds the shop's pressing,
// the grades, price and shelf are typed, Enter publishes, and the copy's shelf label opens. Tagged @no-js: it runs
// with JavaScript off too.

/** A valid EAN-13 no other test uses: a counter with its check digit. */
function uniqueEan(): string {
  const body = `29${String(Date.now()).slice(-7)}${String(Math.floor(Math.random() * 1000)).padStart(3, "0")}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return body + ((10 - (sum % 10)) % 10);
}

test("a copy is listed from its barcode with the keyboard only, and its shelf label opens @no-js", async ({
  page,
  javaScriptEnabled: js,
  baseURL,
}) => {
  const pressing = createRecord({ title: `Scanned Pressing ${uniqueName("")}`, stock: 2, pricePence: 2500 });
  const ean = uniqueEan();
  withDb((db) => db.prepare("update records set barcode = ? where id = ?").run(ean, pressing.id));
  await logInAsAdmin(page, js, baseURL!);
  await page.goto("/admin/intake");
  await ready(page, js);

  await test.step("the barcode, typed as a scanner types it, finds the pressing and goes straight to grading", async () => {
    await expect(page.getByLabel("Barcode or catalogue number")).toBeFocused();
    await page.keyboard.type(ean);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: `Grade and price: ${pressing.title}` })).toBeVisible();
    await expect(page.getByLabel("Record grade")).toBeFocused();
  });

  await test.step("grades, price and shelf typed, Enter publishes", async () => {
    await page.keyboard.type("vg+");
    await page.keyboard.press("Tab");
    await page.keyboard.type("vg");
    await page.keyboard.press("Tab");
    await page.keyboard.type("12.50");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Crate 7");
    await page.keyboard.press("Enter");
    await expectToast(page, js, "Listed");
    await expect(page.getByRole("status").filter({ hasText: "Listed #" })).toContainText("VG+/VG, £12.50 at Crate 7");
    // Back to an empty code field, ready for the next record.
    await expect(page.getByLabel("Barcode or catalogue number")).toHaveValue("");
    await expect(page.getByLabel("Barcode or catalogue number")).toBeFocused();
  });

  const copy = withDb(
    (db) =>
      db
        .prepare(
          "select id, media_grade as media, sleeve_grade as sleeve, price_pence as price, shelf_location as shelf, stock_quantity as stock from records where used_of_record_id = ?",
        )
        .get(pressing.id) as { id: number; media: string; sleeve: string; price: number; shelf: string; stock: number },
  );
  expect(copy).toMatchObject({ media: "VG+", sleeve: "VG", price: 1250, shelf: "Crate 7", stock: 1 });

  await test.step("the next copy keeps the shelf, and the label prints the copy's grades, price and place", async () => {
    await expect(page.getByRole("region", { name: /Listed today/ })).toContainText(`#${copy.id}`);
    await page.getByRole("link", { name: "Print its shelf label" }).click();
    await expect(page.getByRole("heading", { name: "Shelf labels" })).toBeVisible();
    const label = page.getByRole("article", { name: `Shelf label for #${copy.id}` });
    await expect(label).toContainText("£12.50");
    await expect(label).toContainText("Shelf Crate 7");
    await expect(label).toContainText(pressing.title);
    await expect(label.getByRole("img", { name: new RegExp(`QR code for .*/admin/catalog-update/${copy.id}$`) })).toBeVisible();
  });

  await test.step("a second copy bought from the public: price left blank for the suggestion, the price paid typed", async () => {
    await page.goto("/admin/intake");
    await ready(page, js);
    await page.keyboard.type(ean);
    await page.keyboard.press("Enter");
    await expect(page.getByLabel("Record grade")).toBeFocused();
    await page.keyboard.type("nm");
    await page.keyboard.press("Tab");
    await page.keyboard.type("nm");
    await expect(page.getByLabel("Shelf location")).toHaveValue("Crate 7");
    await page.getByLabel("VAT scheme").selectOption("margin");
    await page.getByLabel("Price paid (£)").fill("4.00");
    await page.keyboard.press("Enter");
    await expectToast(page, js, "Listed");
  });
  const second = withDb(
    (db) =>
      db
        .prepare(
          "select price_pence as price, vat_scheme as scheme, purchase_price_pence as paid, shelf_location as shelf from records where used_of_record_id = ? and id != ?",
        )
        .get(pressing.id, copy.id) as { price: number; scheme: string; paid: number; shelf: string },
  );
  // The suggestion with no sales yet: a share of the new £25.00 by grade, never the blank the form sent.
  expect(second).toMatchObject({ scheme: "margin", paid: 400, shelf: "Crate 7" });
  expect(second.price).toBeGreaterThan(0);
});
