import { expect, test, type Page } from "@playwright/test";
import { apiRegister, createRecord, expectToast, logIn, logInAsAdmin, newAccount, ready, withDb } from "./support/shop";

// The record club: a visitor is sent to sign in; a member joins on /subscribe with the test card, sees the
// confirmation, and on /profile pauses, resumes, skips a month, cancels at period end and sees a failed
// renewal. The back office lists members by status and chooses the month's pick. Tests tagged @no-js run with
// JavaScript on and off, each at a phone and a desktop width.

const WIDTHS = [390, 1280] as const;

/** Chooses the plan and genre and types the delivery address and the card into the sign-up form (not the footer's newsletter form). */
async function fillSignUp(page: Page, number: string) {
  const form = page.locator("form#club-sign-up");
  await form.getByRole("radio", { name: /Two LPs a month/ }).check();
  await form.getByLabel("Favourite genre", { exact: true }).selectOption("Jazz");
  await form.getByLabel("Full name").fill("Ann Lee");
  await form.getByLabel("Address line 1").fill("1 Groove Street");
  await form.getByLabel("Town or city").fill("Leeds");
  await form.getByLabel("Postcode").fill("LS1 4AP");
  await form.getByLabel("Card number").fill(number);
  await form.getByLabel("Expiry date").fill("12/30");
  await form.getByLabel("Security code").fill("123");
}

async function clubAction(page: Page, javaScriptEnabled: boolean, button: string, toast: string) {
  await page.getByRole("button", { name: button, exact: true }).click();
  await expectToast(page, javaScriptEnabled, toast);
  await ready(page, javaScriptEnabled);
}

for (const width of WIDTHS) {
  test(`joining and running a membership at ${width} px @no-js`, async ({ page, javaScriptEnabled, baseURL }) => {
    // Every step of a membership, each a page of its own: a long test, given the time of one.
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    const account = newAccount("club");
    await apiRegister(page.context().request, baseURL!, account);
    await page.context().clearCookies();

    await page.goto("/subscribe");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fsubscribe$/);
    await logIn(page, javaScriptEnabled, account);
    await page.goto("/subscribe");
    await ready(page, javaScriptEnabled);
    await expect(page.getByRole("heading", { level: 1, name: "The Needledrop record club" })).toBeVisible();
    await expect(page.getByText("£26.00").first()).toBeVisible();
    await expect(page.getByText("Includes VAT (£4.33) and delivery.")).toBeVisible();

    // A declined card: told so, and no membership.
    await fillSignUp(page, "4000 0000 0000 0002");
    await page.getByRole("button", { name: "Join the record club" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Your card was declined" })).toBeVisible();
    const userId = withDb(
      (db) => (db.prepare("select id from users where username = ?").get(account.username) as { id: number }).id,
    );
    const memberships = () =>
      withDb((db) => db.prepare("select * from club_memberships where user_id = ?").all(userId) as Record<string, unknown>[]);
    expect(memberships()).toHaveLength(0);

    // The test card pays.
    await ready(page, javaScriptEnabled);
    await fillSignUp(page, "4242 4242 4242 4242");
    await page.getByRole("button", { name: "Join the record club" }).click();
    await expect(page).toHaveURL(/\/subscription-confirmation$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to the record club" })).toBeVisible();
    await expect(page.getByTestId("club-plan")).toHaveText("Two LPs a month");
    await expect(page.getByTestId("club-first-shipment")).toHaveText(/^\d{1,2} \w+ \d{4}$/);
    const [row] = memberships();
    expect(row).toMatchObject({ status: "active", plan: "two-lp", favourite_genre: "Jazz", payment_token: "pm_test_4242" });
    expect(JSON.stringify(row)).not.toContain("4242424242424242");

    // Already a member: no second sign-up.
    await page.goto("/subscribe");
    await expect(page.getByRole("heading", { name: "You are a member" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Join the record club" })).toHaveCount(0);

    await page.goto("/profile#club");
    await ready(page, javaScriptEnabled);
    const status = page.getByTestId("club-status");
    await expect(status).toHaveText("Active");
    await clubAction(page, javaScriptEnabled, "Pause membership", "Membership paused");
    await expect(status).toHaveText("Paused");
    await clubAction(page, javaScriptEnabled, "Resume membership", "Membership resumed");
    await expect(status).toHaveText("Active");
    await clubAction(page, javaScriptEnabled, "Skip next month", "Next month skipped");
    await expect(page.getByText(/You are skipping next month: nothing is charged on \d{1,2} \w+ \d{4}/)).toBeVisible();
    await clubAction(page, javaScriptEnabled, "Cancel membership", "Membership cancelled");
    await expect(status).toHaveText("Ends at period end");
    await expect(page.getByText(/Your membership ends on \d{1,2} \w+ \d{4}\. Nothing more will be charged\./)).toBeVisible();
    await clubAction(page, javaScriptEnabled, "Keep my membership", "Your membership carries on");
    await expect(status).toHaveText("Active");

    // A failed renewal, as the renewal sweep leaves it (the sweep itself is covered by server/services/club.test.ts).
    withDb((db) =>
      db
        .prepare(
          `update club_memberships set status = 'past_due', failed_attempts = 1, first_failed_on = '2026-12-25',
             next_retry_on = '2026-12-26', payment_token = 'pm_test_0002' where user_id = ?`,
        )
        .run(userId),
    );
    // A fresh load (not a jump to the #club anchor of the page already open).
    await page.goto("/profile");
    await ready(page, javaScriptEnabled);
    await expect(status).toHaveText("Payment failed");
    await expect(
      page.getByRole("alert").filter({ hasText: "Payment failed — we’ll try again on 26 December 2026." }),
    ).toBeVisible();
    await clubAction(page, javaScriptEnabled, "Cancel membership", "Membership cancelled");
    await expect(page.getByRole("link", { name: "Join the record club" })).toBeVisible();
    expect(memberships()[0]).toMatchObject({ status: "cancelled" });
  });

  test(`the back office lists members and chooses the month's pick at ${width} px @no-js`, async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    // A customer's sign-up and a member of staff's sign-in with a second factor before the lists: a long test.
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    const customer = newAccount("clubcust");
    await apiRegister(page.context().request, baseURL!, customer);
    await page.context().clearCookies();
    await logIn(page, javaScriptEnabled, customer);
    const refused = await page.goto("/admin/record-club");
    expect(refused?.status()).toBe(403);

    await logInAsAdmin(page, javaScriptEnabled, baseURL!);
    await page.goto("/admin/record-club");
    await ready(page, javaScriptEnabled);
    await expect(page.getByRole("heading", { level: 1, name: "Record club" })).toBeVisible();
    await expect(page.getByRole("heading", { name: /^Members \(\d+\)$/ })).toBeVisible();

    await page.getByLabel("Status").selectOption("cancelled");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/status=cancelled/);
    for (const cell of await page.getByRole("table").locator("tbody tr td:nth-child(3)").allTextContents()) {
      expect(cell).toBe("Cancelled");
    }

    const record = createRecord({ title: `Club Pick ${width}` });
    const pick = page.getByTestId("pick-one-lp");
    await pick.getByLabel("Record number").fill(String(record.id));
    await pick.getByRole("button", { name: "Choose" }).click();
    await expectToast(page, javaScriptEnabled, "Pick saved");
    await expect(page.getByTestId("pick-one-lp")).toContainText(`${record.title} by ${record.artist}`);
    await expect(page.getByTestId("pick-one-lp")).toContainText("· chosen");
    const audited = withDb((db) =>
      db.prepare("select count(*) as n from audit_log where entity_type = 'club-pick' and after like ?").get(`%${record.id}%`),
    ) as { n: number };
    expect(audited.n).toBeGreaterThan(0);

    await ready(page, javaScriptEnabled);
    await page.getByTestId("pick-one-lp").getByLabel("Record number").fill("99999999");
    await page.getByTestId("pick-one-lp").getByRole("button", { name: "Choose" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "There is no record number 99999999." })).toBeVisible();
  });
}
