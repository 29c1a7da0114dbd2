import { expect, test, type Browser, type Page } from "@playwright/test";
import { createRecord, expectToast, lastMailText, logInAsAdmin, ready, setCartCookie, uniqueName, withDb } from "./support/shop";

// Pre-orders charged when they ship: the owner's setting, a shopper's card saved at checkout ("you will be charged
// when it ships"), goods-in and the release-day batch charging the saved cards and printing the paid orders' slips,
// and a card declined at dispatch paid through the mailed link with another card. Works without JavaScript.

const PAYS = "4242 4242 4242 4242";
/** Saved fine at checkout, declined when charged later (Stripe's test card of the same number behaves so). */
const DECLINES_LATER = "4000 0000 0000 0341";
const EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, "0")}`;
const todayInLondon = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());

const statusOf = (orderNumber: string) =>
  withDb((db) => db.prepare("select status from orders where order_number = ?").pluck().get(orderNumber)) as string;

async function fillCard(page: Page, form: string, number: string) {
  await page.locator(form).getByLabel("Card number", { exact: true }).fill(number);
  await page.locator(form).getByLabel("Expiry date", { exact: true }).fill(EXPIRY);
  await page.locator(form).getByLabel("Security code", { exact: true }).fill("123");
}

/** A guest's checkout of one copy of the pressing with `card`, in a browser of its own: the order number. */
async function preOrder(
  browser: Browser,
  baseURL: string,
  javaScriptEnabled: boolean,
  recordId: number,
  email: string,
  card: string,
) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  const page = await context.newPage();
  await setCartCookie(page, baseURL, [{ recordId, quantity: 1 }]);
  await page.goto("/checkout");
  await ready(page, javaScriptEnabled);
  await expect(page.getByTestId("pre-order-charge-notice")).toContainText("You will be charged when it ships.");
  const field = (label: string) => page.locator("form#checkout").getByLabel(label, { exact: true });
  await field("Email").fill(email);
  await field("Full name").fill("Ada Lovelace");
  await field("Address line 1").fill("12 Groove Street");
  await field("Town or city").fill("Leeds");
  await field("Postcode").fill("ls1 4ap");
  await fillCard(page, "form#checkout", card);
  await page.getByRole("button", { name: /^Pay £/ }).click();
  await expect(page.getByTestId("charged-when-ships")).toContainText("You will be charged when it ships.");
  const orderNumber = new URL(page.url()).searchParams.get("order")!;
  return { context, page, orderNumber };
}

test("a pre-order charged at dispatch: card saved, charged in the release-day batch, a decline paid by the mailed link @no-js", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  await logInAsAdmin(page, javaScriptEnabled, baseURL!);
  await page.goto("/admin/pre-orders");
  await ready(page, javaScriptEnabled);
  await page.getByLabel(/Charged at dispatch/).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, javaScriptEnabled, "Pre-order charging saved");

  const pressing = createRecord({ stock: 0, releaseDate: `${new Date().getFullYear() + 1}-05-01` });
  const first = await preOrder(browser, baseURL!, javaScriptEnabled, pressing.id, `${uniqueName("early")}@example.com`, PAYS);
  const declinedEmail = `${uniqueName("declined")}@example.com`;
  const second = await preOrder(browser, baseURL!, javaScriptEnabled, pressing.id, declinedEmail, DECLINES_LATER);
  expect(statusOf(first.orderNumber)).toBe("card_saved");
  expect(statusOf(second.orderNumber)).toBe("card_saved");

  // The pressing arrives on its release day: goods-in sets a copy aside for each saved-card order.
  withDb((db) => db.prepare("update records set release_date = ? where id = ?").run(todayInLondon(), pressing.id));
  await page.goto("/admin/stock-management/goods-in");
  await ready(page, javaScriptEnabled);
  await page.getByLabel("Delivery lines").fill(`#${pressing.id}, 2`);
  await page.getByRole("button", { name: "Receive delivery" }).click();
  await expectToast(page, javaScriptEnabled, "Allocated to 2 pre-orders");

  // The dispatch queue's batch charges both cards: one is paid and printed, the other declined and held.
  await page.goto("/admin/shipping-management");
  await ready(page, javaScriptEnabled);
  const batch = page.getByTestId("pre-order-batch").filter({ hasText: pressing.title });
  await expect(batch).toContainText(first.orderNumber);
  await batch.getByRole("button", { name: "Charge 2 and print slips" }).click();
  await expect(page).toHaveURL(/\/admin\/shipping-management\/print\?kind=slips/);
  await expect(page.getByText(first.orderNumber).first()).toBeVisible();
  await expect(page.getByText(second.orderNumber)).toHaveCount(0);
  expect(statusOf(first.orderNumber)).toBe("paid");
  expect(statusOf(second.orderNumber)).toBe("card_saved");

  // Run again: nobody is charged twice, the declined order stays held.
  await page.goto("/admin/shipping-management");
  await page.getByTestId("pre-order-batch").filter({ hasText: pressing.title }).getByRole("button").click();
  await expect(page).toHaveURL(/\/admin\/shipping-management\/print\?kind=slips/);
  expect(
    withDb((db) =>
      db
        .prepare("select count(*) from audit_log where action = 'dispatch charge taken' and entity_id = ?")
        .pluck()
        .get(first.orderNumber),
    ),
  ).toBe(1);

  // The declined shopper's mail links to a page that takes another card.
  const mail = lastMailText(declinedEmail, /card was declined/);
  const link = /https?:\/\/[^/\s]+(\/pay\/[^\s?]+\?token=[a-z2-7]{32})/.exec(mail ?? "")?.[1];
  expect(link, "the pay link in the mail").toBeTruthy();
  const payPage = second.page;
  await payPage.goto(link!);
  await ready(payPage, javaScriptEnabled);
  await expect(payPage.getByRole("heading", { level: 1, name: "Pay for your pre-order" })).toBeVisible();
  await fillCard(payPage, "form#pay-held-order", PAYS);
  await payPage.getByRole("button", { name: /^Pay £/ }).click();
  await expect(payPage.getByRole("status").filter({ hasText: "is paid" })).toBeVisible();
  expect(statusOf(second.orderNumber)).toBe("paid");
  await first.context.close();
  await second.context.close();
});
