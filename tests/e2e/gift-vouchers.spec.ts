import { expect, test, type Page } from "@playwright/test";
import { seriousProblems } from "./support/axe";
import { lastMailText, ready, uniqueName } from "./support/shop";

// Buying gift vouchers (/gift-vouchers): a printable voucher whose code is shown once, one e-mailed to someone
// today (its mail read from MAIL_DIR), and the balance check. Tests tagged @no-js run in both projects: the pages
// are plain forms posted to the server. The offline test card provider takes the payments.

const PAYS = "4242 4242 4242 4242";
const EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, "0")}`;
const CODE = /[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}/;

const field = (page: Page, label: string) => page.locator("form#gift-voucher").getByLabel(label, { exact: true });

async function openShop(page: Page, javaScriptEnabled: boolean) {
  await page.goto("/gift-vouchers");
  await ready(page, javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "Gift vouchers" })).toBeVisible();
}

async function pay(page: Page, buyer: string) {
  await field(page, "Your e-mail address").fill(buyer);
  await field(page, "Card number").fill(PAYS);
  await field(page, "Expiry date").fill(EXPIRY);
  await field(page, "Security code").fill("123");
  await page.getByRole("button", { name: "Buy gift voucher" }).click();
}

test.describe("gift vouchers", () => {
  test("a printable voucher: bought with the test card, its code shown once, its balance checked @no-js", async ({
    page,
    javaScriptEnabled,
  }) => {
    const buyer = `${uniqueName("giftbuyer")}@example.com`;
    let code = "";
    await test.step("the footer leads to the page, which has no serious accessibility problem", async () => {
      await page.goto("/");
      await page.getByRole("contentinfo").getByRole("link", { name: "Gift Vouchers" }).click();
      await ready(page, javaScriptEnabled);
      await expect(page).toHaveURL(/\/gift-vouchers$/);
      // Axe runs in the page: with JavaScript only.
      if (javaScriptEnabled) expect(await seriousProblems(page)).toEqual([]);
    });

    await test.step("£50, printed, with a message", async () => {
      await page.getByText("£50", { exact: true }).click();
      await page.getByText("Print it yourself").click();
      await field(page, "Their name").fill("Grace");
      await page.getByLabel(/Your message/).fill("Happy birthday!");
      await pay(page, buyer);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(/your £50\.00 gift voucher is paid/);
    });

    await test.step("the voucher shows its code once, the amount, the message and the last day", async () => {
      const voucher = page.getByRole("article", { name: "Your gift voucher" });
      await expect(voucher.getByTestId("voucher-amount")).toHaveText("£50");
      await expect(voucher).toContainText("For Grace");
      await expect(voucher).toContainText("Happy birthday!");
      await expect(voucher).toContainText(/Valid until \d{1,2} \w+ \d{4}/);
      code = (await voucher.getByTestId("voucher-code").textContent()) ?? "";
      expect(code).toMatch(CODE);
      await page.reload();
      await expect(page.getByRole("status")).toContainText(
        `This voucher’s code has been shown already (it ends in ${code.slice(-4)})`,
      );
      await expect(page.getByTestId("voucher-code")).toHaveCount(0);
    });

    await test.step("the buyer's receipt has the amount and no code", async () => {
      await expect.poll(() => lastMailText(buyer, /receipt/)).toContain("Gift voucher: £50.00");
      expect(lastMailText(buyer, /receipt/)).not.toMatch(CODE);
    });

    await test.step("the balance check finds it, typed in small letters with spaces", async () => {
      await page.goto("/gift-vouchers/balance");
      await ready(page, javaScriptEnabled);
      await page.getByLabel("Voucher code").fill(code.toLowerCase().replaceAll("-", " "));
      await page.getByRole("button", { name: "Check the balance" }).click();
      await expect(page.getByTestId("balance-answer")).toContainText("£50.00");
      await expect(page.getByTestId("balance-answer")).toContainText(`Voucher ending ${code.slice(-4)}`);
    });
  });

  test("a voucher e-mailed to someone today reaches them with its code @no-js", async ({ page, javaScriptEnabled }) => {
    const buyer = `${uniqueName("giftgiver")}@example.com`;
    const friend = `${uniqueName("giftfriend")}@example.com`;
    await openShop(page, javaScriptEnabled);
    await page.getByText("Another amount", { exact: true }).click();
    await field(page, "Another amount in pounds (£5 to £250, whole pounds)").fill("35");
    await field(page, "Their name").fill("Ada");
    await field(page, "Their e-mail address").fill(friend);
    await page.getByLabel(/Your message/).fill("For your record player");
    await pay(page, buyer);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/your £35\.00 gift voucher is paid/);
    await expect(page.getByTestId("voucher-sending")).toContainText(`We have e-mailed it to Ada (${friend})`);
    await expect.poll(() => lastMailText(friend)).toMatch(CODE);
    expect(lastMailText(friend)).toContain("For your record player");
    expect(lastMailText(friend)).toContain("£35.00");
  });

  test("bad amounts and days are refused beside their fields @no-js", async ({ page, javaScriptEnabled }) => {
    await openShop(page, javaScriptEnabled);
    await page.getByText("Another amount", { exact: true }).click();
    await field(page, "Another amount in pounds (£5 to £250, whole pounds)").fill("10.50");
    await field(page, "Their name").fill("Ada");
    await field(page, "Their e-mail address").fill("ada@example.com");
    await field(page, "Day to send it").fill("2020-01-01");
    await pay(page, `${uniqueName("giftbad")}@example.com`);
    await expect(page.getByText("Please choose a whole number of pounds.")).toBeVisible();
    await expect(page.getByText("Please choose today or later for the day to send it.")).toBeVisible();
  });
});
