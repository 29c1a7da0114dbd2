import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  apiRegister,
  createRecord,
  expectToast,
  lastMailText,
  logIn,
  logInAsAdmin,
  newAccount,
  ready,
  uniqueName,
  withDb,
} from "./support/shop";

// The Want button: a guest wants a sold-out record, confirms that want from the mail, the back office books
// goods in, the alert lands in the outbox with a link to the record, and the record goes into the cart; a want
// someone else posts for that address is answered alike and stopped from its own mail. Then a signed-in
// customer's wants on the profile. At a phone's and a desktop's width; @no-js runs with JavaScript off too.

const WIDTHS = [390, 1280] as const;

/** The newest mail to `to` matching `subject`, once the server has written it to MAIL_DIR. */
async function mailTo(to: string, subject: RegExp): Promise<string> {
  await expect.poll(() => lastMailText(to, subject), { timeout: 15_000 }).toBeTruthy();
  return lastMailText(to, subject)!;
}

/** An absolute link in a mail: it starts at the configured origin; the browser follows its path here. */
function linkIn(text: string, pattern: RegExp): string {
  const found = pattern.exec(text)?.[0];
  expect(found, `no link matching ${pattern} in:\n${text}`).toBeTruthy();
  expect(found).toMatch(/^http:\/\/localhost:\d+\//);
  const url = new URL(found!);
  return url.pathname + url.search;
}

/** Two more confirmed addresses want the record, so it heads the most-wanted list whatever other tests left. */
function twoMoreWants(recordId: number) {
  withDb((db) => {
    for (const tag of ["a", "b"]) {
      const address = db
        .prepare(
          "insert into want_addresses (email, confirmed_at) values (?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) returning id",
        )
        .get(`${uniqueName(`also-${tag}`)}@example.com`) as { id: number };
      db.prepare("insert into wants (address_id, record_id, back_in_stock) values (?, ?, 1)").run(address.id, recordId);
    }
  });
}

/**
 * In a browser of its own (the shopper's stays signed out): the record heads "Most wanted" on the dashboard and
 * the stock page, then goods in through the back office.
 */
async function receiveDelivery(
  browser: Browser,
  js: boolean,
  baseURL: string,
  rec: { id: number; title: string },
  quantity: number,
  width: number,
) {
  const context = await browser.newContext({ javaScriptEnabled: js, baseURL, viewport: { width, height: 900 } });
  const admin = await context.newPage();
  const recordId = rec.id;
  try {
    await logInAsAdmin(admin, js, baseURL);
    for (const at of ["/admin", "/admin/stock-management"]) {
      await admin.goto(at);
      const mostWanted = admin.getByRole("region", { name: "Most wanted" });
      // At the head of the list: the same spec at the other width may hold the head with 3 wants at this moment.
      await expect(mostWanted.getByRole("listitem").filter({ hasText: rec.title })).toContainText("3 wants");
      await expect(mostWanted.getByRole("listitem").first()).toContainText("3 wants");
      if (at === "/admin") await shoot(admin, mostWanted, `dashboard-most-wanted-${width}.png`);
    }
    await admin.goto("/admin/stock-management/goods-in");
    await ready(admin, js);
    await admin.getByLabel("Delivery lines").fill(`#${recordId}, ${quantity}`);
    await admin.getByRole("button", { name: "Receive delivery" }).click();
    await expectToast(admin, js, `${quantity} copies of 1 line received.`);
  } finally {
    await context.close();
  }
}

async function shoot(page: Page, locator: ReturnType<Page["locator"]>, file: string) {
  await locator.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath(file), fullPage: false });
}

test.describe("wants and alerts", () => {
  test.describe.configure({ timeout: 120_000 });

  for (const width of WIDTHS) {
    test(`a guest wants a sold-out record, confirms, and the restock alert leads to the cart at ${width}px @no-js`, async ({
      page,
      browser,
      javaScriptEnabled,
      baseURL,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const rec = createRecord({ stock: 0, title: `Wanted Pressing ${uniqueName("")}` });
      const email = `${uniqueName("fan")}@example.com`;

      await test.step("the sold-out record page offers Want with an email field; bad input says why", async () => {
        await page.goto(rec.path);
        await ready(page, javaScriptEnabled);
        await expect(page.getByRole("button", { name: "Out of stock" })).toBeDisabled();
        const want = page.getByRole("region", { name: "Want it when it is back?" });
        await expect(want.getByLabel("it is back in stock")).toBeChecked();
        await want.getByLabel("Your email").fill(email);
        await want.getByLabel("the price drops below £").fill("cheap");
        await want.getByRole("button", { name: "Want" }).click();
        await expect(page.getByRole("alert").filter({ hasText: "Enter a price in pounds, such as 12.50." })).toBeVisible();
        await shoot(page, want, `want-form-${width}-error.png`);
        await want.getByLabel("the price drops below £").fill("");
        await want.getByRole("button", { name: "Want" }).click();
        await expectToast(page, javaScriptEnabled, "Check your inbox");
        await expect(page).toHaveURL(new RegExp(`${rec.path}$`));
        await shoot(page, page.getByRole("region", { name: "Want it when it is back?" }), `want-form-${width}.png`);
      });

      await test.step("the mailed link confirms the want, which names the record and its alert", async () => {
        const confirm = await mailTo(email, /Confirm your Needledrop record alerts/);
        expect(confirm).toMatch(/Stop this alert: http:\/\/\S+\/wants\/unsubscribe\?token=[a-z2-7]{32}/);
        await page.goto(linkIn(confirm, /http:\/\/\S+\/wants\/confirm\?token=[a-z2-7]{32}/));
        await ready(page, javaScriptEnabled);
        await expect(
          page.getByText(`Send alerts about The Test Pressings – ${rec.title} (back in stock) to ${email}?`),
        ).toBeVisible();
        await shoot(page, page.getByRole("heading", { name: "Confirm your alerts" }), `want-confirm-${width}.png`);
        await page.getByRole("button", { name: "Confirm my alerts" }).click();
        await expect(page.getByRole("status").filter({ hasText: "Confirmed" })).toBeVisible();
      });

      twoMoreWants(rec.id);
      await receiveDelivery(browser, javaScriptEnabled, baseURL!, rec, 2, width);

      await test.step("one alert in the outbox links to the record, whose add-to-cart button is ready", async () => {
        const alert = await mailTo(email, /is back in stock/);
        expect(alert).toMatch(/\/wants\/unsubscribe\?want=\d+&token=[a-z2-7]{32}/);
        expect(alert).toMatch(/\/wants\/unsubscribe\?token=[a-z2-7]{32}/);
        await page.goto(linkIn(alert, new RegExp(`http://\\S+/vinyl/${rec.id}-\\S+`)));
        await ready(page, javaScriptEnabled);
        await expect(page).toHaveURL(new RegExp(`${rec.path}$`));
        await page.getByRole("button", { name: "Add to cart", exact: true }).click();
        await expectToast(page, javaScriptEnabled, "Added to cart");
      });

      await test.step("anyone else naming the address gets the same answer, and its mail's stop link ends that want", async () => {
        const before = await mailTo(email, /Confirm your Needledrop record alerts/);
        const other = createRecord({ stock: 0, title: `Unasked Pressing ${uniqueName("")}` });
        await page.context().clearCookies();
        await page.goto(other.path);
        await ready(page, javaScriptEnabled);
        const want = page.getByRole("region", { name: "Want it when it is back?" });
        await want.getByLabel("Your email").fill(email);
        await want.getByRole("button", { name: "Want" }).click();
        await expectToast(page, javaScriptEnabled, "Check your inbox");
        await expect
          .poll(() => lastMailText(email, /Confirm your Needledrop record alerts/), { timeout: 15_000 })
          .not.toBe(before);
        const mail = lastMailText(email, /Confirm your Needledrop record alerts/)!;
        await page.goto(linkIn(mail, /http:\/\/\S+\/wants\/unsubscribe\?token=[a-z2-7]{32}/));
        await ready(page, javaScriptEnabled);
        await expect(page.getByText(`Stop alerts about The Test Pressings – ${other.title} to ${email}?`)).toBeVisible();
        await expect(page.getByRole("button", { name: "Stop all alerts" })).toHaveCount(0);
        await shoot(page, page.getByRole("heading", { name: "Stop record alerts" }), `want-stop-pending-${width}.png`);
        await page.getByRole("button", { name: "Stop alerts for this record" }).click();
        await expect(page.getByRole("status").filter({ hasText: `No more alerts about this record to ${email}.` })).toBeVisible();
        await page.goto(linkIn(mail, /http:\/\/\S+\/wants\/confirm\?token=[a-z2-7]{32}/));
        await expect(page.getByText("This confirmation link is invalid or has already been used.")).toBeVisible();
      });
    });

    test(`a customer's wants on the profile: change the alert, then remove it at ${width}px @no-js`, async ({
      page,
      javaScriptEnabled,
      baseURL,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const account = newAccount("wanter");
      await apiRegister(page.context().request, baseURL!, account);
      await page.context().clearCookies();
      await logIn(page, javaScriptEnabled, account);
      const soldOut = createRecord({ stock: 0, title: `Profile Want ${uniqueName("")}` });
      const preOrder = createRecord({
        stock: 0,
        releaseDate: `${new Date().getFullYear() + 1}-06-01`,
        title: `Profile Pre ${uniqueName("")}`,
      });

      const inStock = createRecord({ stock: 4, pricePence: 3000, title: `Profile Cheaper ${uniqueName("")}` });
      await page.goto(inStock.path);
      await ready(page, javaScriptEnabled);
      await expect(page.getByRole("region", { name: /^Want it when it is/ })).toHaveCount(0);
      await page.getByText("Want it cheaper? Get a price alert").click();
      await page.getByLabel("the price drops below £").fill("£24.99");
      await page.getByRole("button", { name: "Want", exact: true }).click();
      await expectToast(page, javaScriptEnabled, "Want saved");

      for (const rec of [soldOut, preOrder]) {
        await page.goto(rec.path);
        await ready(page, javaScriptEnabled);
        const want = page.getByRole("region", { name: /^Want it when it is/ });
        await expect(want).toContainText(`Alerts go to ${account.email}`);
        await want.getByRole("button", { name: "Want" }).click();
        await expectToast(page, javaScriptEnabled, "Want saved");
      }

      await page.goto("/profile#wants");
      await ready(page, javaScriptEnabled);
      const list = page.getByRole("region", { name: "Your wants" });
      await expect(list.getByRole("listitem")).toHaveCount(3);
      await expect(list.getByRole("listitem").filter({ hasText: inStock.title })).toContainText("Alerts: under £24.99");
      const item = list.getByRole("listitem").filter({ hasText: soldOut.title });
      await expect(item).toContainText("Alerts: back in stock");
      await shoot(page, list, `profile-wants-${width}.png`);

      await item.getByLabel(`Price below, in pounds, for ${soldOut.title}`).fill("19.50");
      await item.getByRole("button", { name: `Save alerts for ${soldOut.title}` }).click();
      await expectToast(page, javaScriptEnabled, "Want saved");
      await expect(list.getByRole("listitem").filter({ hasText: soldOut.title })).toContainText(
        "Alerts: back in stock, under £19.50",
      );

      await list
        .getByRole("listitem")
        .filter({ hasText: preOrder.title })
        .getByRole("button", { name: `Remove ${preOrder.title}` })
        .click();
      await expectToast(page, javaScriptEnabled, "Want removed");
      await expect(list.getByRole("listitem")).toHaveCount(2);
    });
  }
});
