import { expect, test, type Page } from "@playwright/test";
import { apiRegister, logIn, newAccount, ready, setUpTwoFactor } from "./support/shop";

// A passkey belongs to a site's host name, and browsers refuse an IP address as one: this spec opens the shop as
// localhost (the relying party the server is configured with when PUBLIC_ORIGIN is unset), not 127.0.0.1.
test.use({ baseURL: `http://localhost:${Number(process.env.E2E_PORT ?? 3210)}` });

/** Chromium's virtual authenticator, on this page's target: a platform passkey that verifies its user at once. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test("a customer adds a passkey, then passes the sign-in step with it", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const account = newAccount("pk");
  await apiRegister(page.context().request, baseURL!, account);
  // Registering signed the context in; sign in again through the form, as a customer would.
  await page.context().clearCookies();
  await logIn(page, true, account);
  await setUpTwoFactor(page, true);

  const { cdp, authenticatorId } = await virtualAuthenticator(page);

  await test.step("adds a passkey on /profile/two-factor", async () => {
    await page.goto("/profile/two-factor");
    await ready(page, true);
    const section = page.getByRole("region", { name: "Passkeys" });
    await expect(section).toContainText("You have no passkeys yet.");
    await section.getByRole("button", { name: "Add a passkey" }).click();
    await expect(section.getByRole("status")).toContainText("ready to use");
    const list = section.getByRole("list", { name: "Your passkeys" }).getByRole("listitem");
    await expect(list).toHaveCount(1);
    await expect(list).toContainText(/Passkey added \d{1,2} \w{3} \d{4}/);
    await expect(list).toContainText("Not used yet");
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
  });

  await test.step("signs out, and back in with the password and the passkey", async () => {
    await page.context().clearCookies();
    await page.goto("/auth?redirectTo=%2Ffavorites");
    await ready(page, true);
    await page.getByLabel("Username", { exact: true }).fill(account.username);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Enter your code" })).toBeVisible({ timeout: 15_000 });
    await ready(page, true);
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await expect(page).toHaveURL(/\/favorites$/, { timeout: 15_000 });
    await expect(page.getByRole("banner").getByLabel(`Account menu for ${account.username}`, { exact: true })).toBeVisible();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: `Welcome back, ${account.username}!` })).toBeVisible();
  });

  await test.step("the list shows it used, and a plain form removes it", async () => {
    await page.goto("/profile/two-factor");
    await ready(page, true);
    const section = page.getByRole("region", { name: "Passkeys" });
    const item = section.getByRole("listitem");
    await expect(item).toContainText("Last used");
    await item.getByRole("button", { name: /^Remove Passkey added/ }).click();
    await expect(section).toContainText("You have no passkeys yet.");
  });
});
