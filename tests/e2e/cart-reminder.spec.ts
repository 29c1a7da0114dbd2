import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { createRecord, lastMailText, logInAsAdmin, ready, uniqueName, withDb } from "./support/shop";
import { lastMailTo, mailInDir } from "../setup/mail-dir";
import path from "node:path";

// Cart reminders: a guest adds a record, types an address at checkout and leaves; a day later (the test dates
// the cart back; the e2e server sweeps every second) one reminder arrives, its link brings the cart back in a
// browser without cookies, and its stop link opts the address out. Tagged @no-js: every step is plain links
// and forms. Screenshots of the mail and of the dashboard's figures go to the test's output folder.

const SUBJECT = /still in your cart/;
const mailDir = () => path.join(process.env.E2E_DATA_DIR!, "mail");

/** Dates the remembered cart of `email` back by 25 hours, past the 24-hour delay. */
const leaveForADay = (email: string) =>
  withDb((db) =>
    db
      .prepare("update reminder_carts set changed_at = ? where email = ?")
      .run(new Date(Date.now() - 25 * 3_600_000).toISOString(), email),
  );

/** The path and query of a mailed link, to open on the test server (mail links use the configured origin). */
function linkIn(text: string, pagePath: string): string {
  const match = new RegExp(`(https?://[^/\\s]+)(${pagePath}\\?token=[a-z2-7]{32})`).exec(text);
  expect(match, `a ${pagePath} link`).not.toBeNull();
  return match![2]!;
}

async function screenshotMail(page: Page, html: string, file: string) {
  await page.setContent(html);
  await page.screenshot({ path: file, fullPage: true });
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test(`a guest who left a cart gets one reminder; its link brings the cart back, its stop link opts out @no-js`, async ({
      page,
      javaScriptEnabled,
    }, testInfo) => {
      const record = createRecord({ pricePence: 2750, stock: 3 });
      const email = `${uniqueName("remind")}@example.com`;

      await page.goto(record.path);
      await ready(page, javaScriptEnabled);
      await page.getByRole("button", { name: "Add to cart", exact: true }).click();
      await expect
        .poll(async () => (await page.context().cookies()).find((c) => c.name === "needledrop-cart")?.value)
        .toBe(`${record.id}x1`);

      await page.goto("/checkout");
      await ready(page, javaScriptEnabled);
      const form = page.locator("form#checkout");
      await expect(form.getByTestId("reminder-note")).toContainText("one reminder of your cart");
      await form.getByLabel("Email", { exact: true }).fill(email);
      // The Apply button posts the whole form: the address is remembered though nothing is paid.
      await form.getByLabel(/Discount or gift voucher code/).fill("NOTACODE");
      await form.getByRole("button", { name: "Apply", exact: true }).click();
      await expect(form.getByText("That discount code isn't valid.")).toBeVisible();
      await expect
        .poll(() => withDb((db) => db.prepare("select count(*) n from reminder_carts where email = ?").get(email)))
        .toEqual({
          n: 1,
        });

      // Leave: another device, no cookies. Nothing is sent before the delay.
      await page.context().clearCookies();
      await page.waitForTimeout(1500);
      expect(lastMailText(email, SUBJECT)).toBeUndefined();
      leaveForADay(email);
      await expect.poll(() => lastMailText(email, SUBJECT), { timeout: 15_000 }).toBeDefined();
      const mail = lastMailTo(mailDir(), email, SUBJECT)!;
      expect(mail.text).toContain(record.title);
      expect(mail.text).toContain("1 × £27.50");
      expect(mail.headers?.["List-Unsubscribe"]).toMatch(/^<https?:\/\/[^>]+\/cart-reminders\/stop\?token=[a-z2-7]{32}>$/);
      const mailFile = testInfo.outputPath(`reminder-mail-${width}.png`);
      await screenshotMail(page, mail.html!, mailFile);
      expect(fs.statSync(mailFile).size).toBeGreaterThan(1000);

      // The link brings the cart back in this cookie-less browser.
      await page.goto(linkIn(mail.text, "/cart/restore"));
      await ready(page, javaScriptEnabled);
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.getByRole("main").getByText(record.title).first()).toBeVisible();

      // The sweep goes on running: still one reminder for this cart.
      await page.waitForTimeout(2000);
      expect(mailInDir(mailDir()).filter((m) => m.to === email && SUBJECT.test(m.subject))).toHaveLength(1);

      // Opting out asks first, then stops every cart reminder to the address.
      await page.goto(linkIn(mail.text, "/cart-reminders/stop"));
      await ready(page, javaScriptEnabled);
      await expect(page.getByText(`Stop sending cart reminders to ${email}?`)).toBeVisible();
      await page.getByRole("button", { name: "Stop cart reminders" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Cart reminders stopped" })).toBeVisible();
      expect(withDb((db) => db.prepare("select count(*) n from cart_reminder_opt_outs where email = ?").get(email))).toEqual({
        n: 1,
      });
    });

    test("the dashboard counts reminders sent and those that led to an order", async ({
      page,
      javaScriptEnabled,
      baseURL,
    }, testInfo) => {
      await logInAsAdmin(page, javaScriptEnabled, baseURL!);
      await page.goto("/admin");
      await ready(page, javaScriptEnabled);
      const section = page.getByRole("region", { name: "Cart reminders, 30 days" });
      await expect(section).toBeVisible();
      await expect(section.getByTestId("reminders-sent")).toContainText("Reminders sent");
      await expect(section.getByTestId("reminders-ordered")).toContainText("Led to an order");
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`dashboard-${width}.png`), fullPage: true });
    });
  });
}
