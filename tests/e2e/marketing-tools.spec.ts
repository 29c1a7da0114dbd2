/**
 * Discount codes as rules (/marketing-tools): an admin creates a fixed-amount code with a minimum spend, a shopper
 * is refused it below the minimum and given exactly its amount above it, and the back office shows its use; then
 * the admin edits the code and switches it off.
 * The whole flow is plain forms, so it runs with JavaScript on and off.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createRecord, expectToast, logInAsAdmin, ready, setCartCookie, uniqueName } from "./support/shop";

const EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, "0")}`;
const field = (page: Page, label: string) => page.locator("form#checkout").getByLabel(label, { exact: true });
const summary = (page: Page) => page.getByRole("complementary", { name: "Order summary" });
const payButton = (page: Page) => page.getByRole("button", { name: /^Pay £/ });
const codeRow = (page: Page, code: string) =>
  page.getByRole("table", { name: "Discount codes and their use" }).getByRole("row").filter({ hasText: code });

async function expectRow(scope: ReturnType<Page["getByRole"]>, label: string, value: string) {
  const exact = new RegExp(`^${label.replace(/[()]/g, "\\$&")}$`);
  await expect(scope.locator("dt", { hasText: exact }).locator("xpath=following-sibling::dd[1]")).toHaveText(value);
}

test.describe("marketing tools", () => {
  test.describe.configure({ timeout: 120_000 });

  test("an admin creates a £7.50 code for spends of £30 or more; a shopper gets exactly £7.50 off at checkout @no-js", async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    const code = uniqueName("SAVE")
      .toUpperCase()
      .replace(/[^A-Z0-9-]/g, "")
      .slice(0, 24);
    await logInAsAdmin(page, javaScriptEnabled, baseURL!);

    await test.step("the admin creates the code with the form", async () => {
      await page.goto("/marketing-tools");
      await ready(page, javaScriptEnabled);
      await expect(page.getByRole("heading", { level: 1, name: "Marketing tools" })).toBeVisible();
      const form = page.getByRole("region", { name: "New discount code" });
      await form.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
      await form.getByLabel("Description", { exact: true }).fill("Browser test: £7.50 off £30");
      await form.getByLabel("Fixed amount off the goods").check();
      await form.getByLabel("Amount", { exact: true }).fill("7.50");
      await form.getByLabel("Minimum spend (£, optional)").fill("30");
      await form.getByRole("button", { name: "Create code" }).click();
      await expectToast(page, javaScriptEnabled, `${code} is ready to use.`);
      const row = codeRow(page, code);
      await expect(row).toContainText("£7.50 off");
      await expect(row).toContainText("spend £30.00 or more");
    });

    await test.step("the same code again is refused with a clear message", async () => {
      const form = page.getByRole("region", { name: "New discount code" });
      await form.getByLabel("Code", { exact: true }).fill(code);
      await form.getByLabel("Description", { exact: true }).fill("Again");
      await form.getByLabel("Amount", { exact: true }).fill("5");
      await form.getByRole("button", { name: "Create code" }).click();
      await expect(form.getByLabel("Code", { exact: true })).toHaveAccessibleDescription(/That code is already taken/);
      // The table, the form and its error: axe (which runs in the page, so with JavaScript) finds nothing serious.
      if (javaScriptEnabled) {
        const results = await new AxeBuilder({ page })
          .include("section[aria-labelledby='codes-heading']")
          .include("#discount-form")
          .analyze();
        const serious = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
        expect(serious).toEqual([]);
      }
    });

    const record = createRecord({ stock: 5, pricePence: 2500 });
    await page.context().clearCookies();

    await test.step("below the minimum spend the code is refused, naming it", async () => {
      await setCartCookie(page, baseURL!, [{ recordId: record.id, quantity: 1 }]);
      await page.goto("/checkout");
      await ready(page, javaScriptEnabled);
      await field(page, "Discount or gift voucher code (optional)").fill(code);
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(field(page, "Discount or gift voucher code (optional)")).toHaveAccessibleDescription(
        "Spend £30.00 or more to use this code.",
      );
      await expect(payButton(page)).toHaveText("Pay £29.00");
    });

    await test.step("two copies (£50.00) get exactly £7.50 off, and the order is paid with it", async () => {
      await setCartCookie(page, baseURL!, [{ recordId: record.id, quantity: 2 }]);
      await page.goto("/checkout");
      await ready(page, javaScriptEnabled);
      const email = `${uniqueName("saver")}@example.com`;
      await field(page, "Email").fill(email);
      await field(page, "Full name").fill("Ada Lovelace");
      await field(page, "Address line 1").fill("12 Groove Street");
      await field(page, "Town or city").fill("Leeds");
      await field(page, "Postcode").fill("ls1 4ap");
      await field(page, "Discount or gift voucher code (optional)").fill(code.toLowerCase());
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page.getByText(`${code} applied`)).toBeVisible();
      await expectRow(summary(page), `Discount (${code})`, "−£7.50");
      await expectRow(summary(page), "Total", "£46.50");
      await field(page, "Card number").fill("4242 4242 4242 4242");
      await field(page, "Expiry date").fill(EXPIRY);
      await field(page, "Security code").fill("123");
      await payButton(page).click();
      await expect(page).toHaveURL(/\/payment-confirmation\?order=ND-/);
      const main = page.getByRole("main");
      await expectRow(main, "Discount", "−£7.50");
      await expectRow(main, "Total", "£46.50");
    });

    await test.step("the back office shows the use and the money given away", async () => {
      await logInAsAdmin(page, javaScriptEnabled, baseURL!);
      await page.goto("/marketing-tools");
      await ready(page, javaScriptEnabled);
      const row = codeRow(page, code);
      await expect(row).toContainText("1 order");
      await expect(row).toContainText("£7.50");
    });

    await test.step("the admin changes the amount, then switches the code off", async () => {
      await page.getByRole("link", { name: `Edit ${code}` }).click();
      const form = page.getByRole("region", { name: `Edit ${code}` });
      await expect(form.getByLabel("Amount", { exact: true })).toHaveValue("7.50");
      await form.getByLabel("Amount", { exact: true }).fill("8");
      await form.getByRole("button", { name: "Save code" }).click();
      await expectToast(page, javaScriptEnabled, `${code} is updated.`);
      const row = codeRow(page, code);
      await expect(row).toContainText("£8.00 off");
      await row.getByRole("button", { name: `Switch off ${code}` }).click();
      await expectToast(page, javaScriptEnabled, `${code} can no longer be used.`);
      await expect(row.getByRole("button", { name: `Switch on ${code}` })).toBeVisible();
    });
  });
});
