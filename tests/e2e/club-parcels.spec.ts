import { expect, test, type Page } from "@playwright/test";
import { apiRegister, createRecord, expectToast, logIn, logInAsAdmin, newAccount, ready, withDb } from "./support/shop";

// A record club member's parcel, end to end: the member joins with a delivery address; the back office makes the
// month's parcels; the parcel waits in the shipping queue marked as the club's, is packed and dispatched with a
// tracking number; the member sees it, with its record and tracking, on /profile. The sign-up's address part runs
// with JavaScript off too (@no-js).

const todayInLondon = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());

/** Plan, genre, delivery address and the test card, typed into the sign-up form. */
async function fillSignUp(page: Page, postcode: string) {
  const form = page.locator("form#club-sign-up");
  await form.getByRole("radio", { name: /One LP a month/ }).check();
  await form.getByLabel("Favourite genre", { exact: true }).selectOption("Jazz");
  await form.getByLabel("Full name").fill("Ann Lee");
  await form.getByLabel("Address line 1").fill("1 Groove Street");
  await form.getByLabel("Town or city").fill("Leeds");
  await form.getByLabel("Postcode").fill(postcode);
  await form.getByLabel("Card number").fill("4242 4242 4242 4242");
  await form.getByLabel("Expiry date").fill("12/30");
  await form.getByLabel("Security code").fill("123");
}

async function joinWithAddress(page: Page, javaScriptEnabled: boolean, baseURL: string) {
  const account = newAccount("parcel");
  await apiRegister(page.context().request, baseURL, account);
  await page.context().clearCookies();
  await logIn(page, javaScriptEnabled, account);
  await page.goto("/subscribe");
  await ready(page, javaScriptEnabled);
  await expect(page.getByRole("heading", { name: "Delivery address" })).toBeVisible();
  // A postcode that is not a UK one: told so on the field, nothing joined.
  await fillSignUp(page, "75001");
  await page.getByRole("button", { name: "Join the record club" }).click();
  await expect(page.getByText("Please enter a UK postcode, such as SW1A 1AA")).toBeVisible();
  await ready(page, javaScriptEnabled);
  await fillSignUp(page, "ls1 4ap");
  await page.getByRole("button", { name: "Join the record club" }).click();
  await expect(page).toHaveURL(/\/subscription-confirmation$/);
  const row = withDb(
    (db) =>
      db
        .prepare("select m.* from club_memberships m join users u on u.id = m.user_id where u.username = ?")
        .get(account.username) as Record<string, unknown>,
  );
  expect(row).toMatchObject({ delivery_name: "Ann Lee", address_line1: "1 Groove Street", postal_code: "LS1 4AP" });
  return { account, membershipId: row.id as number };
}

test("signing up asks for the delivery address and refuses a bad postcode @no-js", async ({
  page,
  javaScriptEnabled,
  baseURL,
}) => {
  await joinWithAddress(page, javaScriptEnabled, baseURL!);
  await page.goto("/profile#club");
  await expect(page.getByTestId("club-address")).toContainText("Ann Lee, 1 Groove Street, Leeds LS1 4AP");
});

test("a member's parcel goes from the month's parcels through the shipping queue to their profile", async ({
  page,
  browser,
  javaScriptEnabled,
  baseURL,
}) => {
  test.skip(!javaScriptEnabled, "The sign-up's no-JavaScript part is the test above; the rest is the back office's.");
  // A sign-up, a member of staff's sign-in with a second factor, and the parcel's whole way out: a long test.
  test.slow();
  const { membershipId } = await joinWithAddress(page, true, baseURL!);
  // Its first record ships today, whatever day of the month the test runs on.
  withDb((db) => db.prepare("update club_memberships set next_shipment_on = ? where id = ?").run(todayInLondon(), membershipId));

  const admin = await (await browser.newContext({ baseURL })).newPage();
  await logInAsAdmin(admin, true, baseURL!);
  const record = createRecord({ title: `Parcel Pick ${Date.now()}`, stock: 3 });
  await admin.goto("/admin/record-club");
  await ready(admin, true);
  const pick = admin.getByTestId("pick-one-lp");
  await pick.getByLabel("Record number").fill(String(record.id));
  await pick.getByRole("button", { name: "Choose" }).click();
  await expectToast(admin, true, "Pick saved");
  await admin.getByRole("button", { name: "Make this month’s parcels" }).click();
  await expectToast(admin, true, "Parcels made");

  // Taking a pick back asks first (next month's, so this month's parcel is not touched).
  const next = admin.getByTestId("pick-next-one-lp");
  await next.getByLabel("Record number").fill(String(record.id));
  await next.getByRole("button", { name: "Choose" }).click();
  await expectToast(admin, true, "Pick saved");
  await admin
    .getByTestId("pick-next-one-lp")
    .getByRole("link", { name: /Remove pick/ })
    .click();
  await admin.getByRole("link", { name: "Keep the pick" }).click();
  await expect(admin.getByTestId("pick-next-one-lp")).toContainText("· chosen");
  await admin
    .getByTestId("pick-next-one-lp")
    .getByRole("link", { name: /Remove pick/ })
    .click();
  await admin.getByRole("button", { name: "Yes, take it back" }).click();
  await expectToast(admin, true, "Pick taken back");
  await expect(admin.getByTestId("pick-next-one-lp")).toContainText("· default");

  const orderNumber = withDb(
    (db) =>
      (
        db
          .prepare("select o.order_number as n from club_parcels p join orders o on o.id = p.order_id where p.membership_id = ?")
          .get(membershipId) as { n: string }
      ).n,
  );
  const memberRow = admin.getByRole("row").filter({ hasText: orderNumber });
  await expect(memberRow).toContainText("1 Groove Street, Leeds LS1 4AP");
  // Made once: a second run makes nothing new.
  await admin.getByRole("button", { name: "Make this month’s parcels" }).click();
  await expectToast(admin, true, "Parcels made");
  expect(withDb((db) => db.prepare("select count(*) as n from club_parcels where membership_id = ?").get(membershipId))).toEqual({
    n: 1,
  });

  await admin.goto("/admin/shipping-management");
  await ready(admin, true);
  const toPack = admin.getByRole("region", { name: /^To pack/ });
  const parcel = toPack.getByRole("listitem").filter({ hasText: orderNumber });
  await expect(parcel.getByTestId("club-parcel")).toHaveText("Record club");
  await expect(parcel).toContainText(record.title);
  await expect(toPack.getByLabel(`Royal Mail service for ${orderNumber}`)).toHaveValue("tracked_48");
  await toPack.getByLabel(`Select ${orderNumber}`).check();
  await toPack.getByRole("button", { name: "Mark packed" }).click();
  const packed = admin.getByRole("region", { name: /^Packed, waiting for the post/ });
  await packed.getByLabel(`Select ${orderNumber}`).check();
  await packed.getByLabel(`Tracking number for ${orderNumber}`).fill("AB123456785GB");
  await packed.getByRole("button", { name: "Mark shipped" }).click();
  await expectToast(admin, true, "1 order dispatched");
  await expect(admin.getByRole("link", { name: orderNumber })).toHaveCount(0);

  await page.goto("/profile#club");
  await ready(page, true);
  const sent = page.getByTestId("club-parcel");
  await expect(sent).toContainText(`${record.title} by ${record.artist}`);
  await expect(sent).toContainText(/Dispatched \d{1,2} \w{3} \d{4}/);
  await expect(sent.getByRole("link", { name: "AB123456785GB" })).toHaveAttribute("href", /royalmail\.com/);
  await admin.context().close();
});
