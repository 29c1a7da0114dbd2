import { expect, test, type Page } from "@playwright/test";
import { apiRegister, newAccount, ready, setUpTwoFactor, totpCode, withDb, type Account } from "./support/shop";

const accountMenu = (page: Page, username: string) =>
  page.getByRole("banner").getByLabel(`Account menu for ${username}`, { exact: true });

/** The password step: for an account with a second factor it ends on the code step, not signed in. */
async function passwordStep(page: Page, javaScriptEnabled: boolean, account: Account, at = "/auth?redirectTo=%2Ffavorites") {
  await page.goto(at);
  await ready(page, javaScriptEnabled);
  await page.getByLabel("Username", { exact: true }).fill(account.username);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Enter your code" })).toBeVisible({ timeout: 15_000 });
  await ready(page, javaScriptEnabled);
}

/** Signs out through the header's account menu (a <details>, so it opens without JavaScript too). */
async function signOut(page: Page, javaScriptEnabled: boolean, username: string) {
  await ready(page, javaScriptEnabled);
  await accountMenu(page, username).click();
  await page.getByRole("banner").getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Log in or register" })).toBeVisible();
}

test.describe("two-factor sign-in @no-js", () => {
  test("a customer turns it on from the profile, then signs in with a code, and with a recovery code once", async ({
    page,
    baseURL,
    javaScriptEnabled,
  }) => {
    test.setTimeout(90_000);
    const account = newAccount("tfa");
    await apiRegister(page.context().request, baseURL!, account);

    const { secret, recoveryCodes } = await test.step("turns it on from /profile", async () => {
      await page.goto("/profile");
      await ready(page, javaScriptEnabled);
      const section = page.getByRole("region", { name: "Two-factor sign-in" });
      await expect(section).toContainText("Off.");
      await section.getByRole("link", { name: "Set up two-factor sign-in" }).click();
      await expect(page).toHaveURL(/\/profile\/two-factor$/);
      await expect(page.getByRole("img", { name: /QR code/ }).locator("svg")).toBeVisible();
      // A wrong code first: refused, and the same key stays on the page.
      await ready(page, javaScriptEnabled);
      const shown = (await page.getByTestId("two-factor-secret").textContent())!.trim();
      await page.getByLabel("6-digit code from the app").fill(totpCode(shown, -5));
      await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
      await expect(page.getByText("That code is not right, or it has been used already.").first()).toBeVisible();
      await expect(page.getByTestId("two-factor-secret")).toHaveText(shown);
      const setUp = await setUpTwoFactor(page, javaScriptEnabled);
      expect(setUp.secret).toBe(shown);
      expect(setUp.recoveryCodes.every((c) => /^[A-Z2-7]{5}-[A-Z2-7]{5}$/.test(c))).toBe(true);
      await expect(page.getByText("This is the only time they are shown")).toBeVisible();
      // Only a sealed secret is kept: the key shown is nowhere in the stored row.
      const stored = withDb(
        (db) =>
          db
            .prepare(
              "select secret_encrypted as s from totp_credentials where user_id = (select id from users where username = ?)",
            )
            .get(account.username) as { s: string },
      );
      expect(stored.s).not.toContain(shown.replace(/ /g, ""));
      await page.getByRole("link", { name: /continue/ }).click();
      await expect(page.getByRole("region", { name: "Two-factor sign-in" })).toContainText("On:");
      return setUp;
    });

    await test.step("signs in: the password, then a code from the app", async () => {
      await signOut(page, javaScriptEnabled, account.username);
      await passwordStep(page, javaScriptEnabled, account);
      await expect(page).toHaveURL(/\/auth\/two-factor\?redirectTo=%2Ffavorites$/);
      await expect(accountMenu(page, account.username)).toHaveCount(0);
      // The set-up used this step's code: the next step's is what the app shows next.
      await page.getByLabel("6-digit code").fill(totpCode(secret, 1));
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(accountMenu(page, account.username)).toBeVisible({ timeout: 15_000 });
      await expect(page).toHaveURL(/\/favorites$/);
    });

    await test.step("a recovery code signs in once", async () => {
      await signOut(page, javaScriptEnabled, account.username);
      await passwordStep(page, javaScriptEnabled, account, "/auth");
      // Having started on the code field first changes nothing (its message on leaving it must not move the link).
      await page.getByLabel("6-digit code").focus();
      await page.getByRole("link", { name: "Use a recovery code instead" }).click();
      await page.getByLabel("Recovery code").fill(recoveryCodes[0]!.toLowerCase());
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(accountMenu(page, account.username)).toBeVisible({ timeout: 15_000 });

      await signOut(page, javaScriptEnabled, account.username);
      await passwordStep(page, javaScriptEnabled, account, "/auth");
      await page.getByRole("link", { name: "Use a recovery code instead" }).click();
      await page.getByLabel("Recovery code").fill(recoveryCodes[0]!);
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByText("That code is not right, or it has been used already.").first()).toBeVisible();
      await expect(accountMenu(page, account.username)).toHaveCount(0);
    });
  });
});

test("an owner without a second factor is sent to set one up before the back office, then on to it", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "once is enough: the set-up form is the one above");
  const account = newAccount("owner");
  await apiRegister(page.context().request, baseURL!, account);
  withDb((db) => db.prepare("update users set role = 'admin' where username = ?").run(account.username));
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/profile\/two-factor\?redirectTo=%2Fadmin$/);
  await expect(page.getByRole("note")).toContainText("Your staff role needs two-factor sign-in");
  await setUpTwoFactor(page, javaScriptEnabled);
  await page.getByRole("link", { name: /continue/ }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  // An owner may not turn it off.
  await page.goto("/profile/two-factor");
  await expect(page.getByText("Your staff role needs two-factor sign-in, so it stays on.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Turn off" })).toHaveCount(0);
});
