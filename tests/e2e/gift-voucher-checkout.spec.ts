import { expect, test, type Locator, type Page } from "@playwright/test";
import { createRecord, ready, setCartCookie, uniqueName } from "./support/shop";
import { createVoucher, voucherBalance } from "./support/vouchers";

// Paying with gift vouchers at checkout (issue 40, "Gift vouchers and store credit" 3): the one code box takes a
// voucher code as the shopper types it, the voucher pays up to its balance and the card the rest, or the voucher pays
// it all and there is no card step. Tests tagged @no-js run in both projects: the vouchers travel with the form.

const EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, "0")}`;
const field = (page: Page, label: string) => page.locator("form#checkout").getByLabel(label, { exact: true });
const summary = (page: Page) => page.getByRole("complementary", { name: "Order summary" });

async function expectRow(scope: Locator, label: string, value: string) {
  const row = scope.locator("dl > div").filter({ has: scope.page().locator("dt", { hasText: new RegExp(`^${label}$`) }) });
  await expect(row.locator("dd")).toHaveText(value);
}

async function fillDetails(page: Page) {
  await field(page, "Email").fill(`${uniqueName("voucher")}@example.com`);
  await field(page, "Full name").fill("Ada Lovelace");
  await field(page, "Address line 1").fill("12 Groove Street");
  await field(page, "Town or city").fill("Leeds");
  await field(page, "Postcode").fill("ls1 4ap");
}

async function applyCode(page: Page, code: string) {
  await field(page, "Discount or gift voucher code (optional)").fill(code);
  await page.locator("form#checkout").getByRole("button", { name: "Apply", exact: true }).click();
}

test.describe("paying with a gift voucher", () => {
  test("part by voucher (typed in lower case with spaces), the rest by test card @no-js", async ({
    page,
    baseURL,
    javaScriptEnabled,
  }) => {
    // £25.00 record + £4.00 delivery = £29.00; the voucher holds £20.00.
    const record = createRecord({ pricePence: 2500, stock: 3 });
    const voucher = createVoucher(2000);
    await setCartCookie(page, baseURL!, [{ recordId: record.id, quantity: 1 }]);
    await page.goto("/checkout");
    await ready(page, javaScriptEnabled);
    await fillDetails(page);
    await applyCode(page, voucher.code.toLowerCase().replaceAll("-", " "));

    const applied = page.getByRole("list", { name: "Gift vouchers applied" });
    await expect(applied.getByRole("listitem")).toHaveCount(1);
    await expect(applied).toContainText(`····${voucher.last4}`);
    await expect(applied).toContainText("Pays £20.00");
    await expect(field(page, "Discount or gift voucher code (optional)")).toHaveValue("");
    await expectRow(summary(page), "Total", "£29.00");
    await expectRow(summary(page), `Paid by gift voucher ····${voucher.last4}`, "−£20.00");
    await expectRow(summary(page), "To pay", "£9.00");

    // What was typed before Apply is still there; the card pays what is left.
    await expect(field(page, "Town or city")).toHaveValue("Leeds");
    await field(page, "Card number").fill("4242 4242 4242 4242");
    await field(page, "Expiry date").fill(EXPIRY);
    await field(page, "Security code").fill("123");
    await page.getByRole("button", { name: "Pay £9.00" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
    const totals = page.getByRole("region", { name: "Your records" });
    await expectRow(totals, "Total", "£29.00");
    await expectRow(totals, "Paid by gift voucher", "−£20.00");
    await expectRow(totals, "Paid by card", "£9.00");
    expect(voucherBalance(voucher.id)).toBe(0);
  });

  test("wholly by voucher: no card step, paid at once @no-js", async ({ page, baseURL, javaScriptEnabled }) => {
    const record = createRecord({ pricePence: 2500, stock: 3 });
    const small = createVoucher(1000);
    const big = createVoucher(5000);
    await setCartCookie(page, baseURL!, [{ recordId: record.id, quantity: 1 }]);
    await page.goto("/checkout");
    await ready(page, javaScriptEnabled);
    await fillDetails(page);
    await applyCode(page, small.code);
    await expectRow(summary(page), "To pay", "£19.00");
    await applyCode(page, big.code);

    const applied = page.getByRole("list", { name: "Gift vouchers applied" });
    await expect(applied.getByRole("listitem")).toHaveCount(2);
    await expectRow(summary(page), "To pay", "£0.00");
    await expect(page.getByTestId("paid-by-vouchers")).toContainText("no card is needed");
    await expect(field(page, "Card number")).toHaveCount(0);
    // Taking one off brings the card back; putting it back takes it away again.
    await page.getByRole("button", { name: `Remove gift voucher ending ${big.last4}` }).click();
    await expect(applied.getByRole("listitem")).toHaveCount(1);
    await expect(field(page, "Card number")).toBeVisible();
    await applyCode(page, big.code);
    await expectRow(summary(page), "To pay", "£0.00");

    await page.getByRole("button", { name: "Place order, paid by gift voucher" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
    const totals = page.getByRole("region", { name: "Your records" });
    await expectRow(totals, "Paid by gift voucher", "−£29.00");
    await expectRow(totals, "Paid by card", "£0.00");
    expect([voucherBalance(small.id), voucherBalance(big.id)]).toEqual([0, 3100]);
  });

  test("a code that is no voucher's says so, and places nothing", async ({ page, baseURL, javaScriptEnabled }) => {
    const record = createRecord({ pricePence: 2500, stock: 3 });
    await setCartCookie(page, baseURL!, [{ recordId: record.id, quantity: 1 }]);
    await page.goto("/checkout");
    await ready(page, javaScriptEnabled);
    await applyCode(page, "abcd efgh jkmn pqrs");
    await expect(page.getByText("That code does not match a gift voucher or a discount code.")).toBeVisible();
    await expect(page.getByRole("list", { name: "Gift vouchers applied" })).toHaveCount(0);
  });
});
