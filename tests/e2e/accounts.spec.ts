import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { lastMailText, ready, setUpTwoFactor, withDb } from "./support/shop";

// Accounts (spec §4 session, §5 validation, §6 roles, §8 toasts). Tests tagged @no-js run in both projects:
// the forms post to the server and must work without JavaScript, and the same steps must hold once it runs.
// Tests without the tag check what only the browser does (validation as you leave a field).

// ---------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------

interface Account {
  username: string;
  email: string;
  password: string;
}

/** Tests run in parallel on one database, so every test makes its own accounts. */
function uniqueName(): string {
  return `u${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
}

function newAccount(): Account {
  const username = uniqueName();
  return { username, email: `${username}@example.com`, password: "groove-secret-1" };
}

/**
 * A toast (spec §8): with JavaScript a sonner toast; without, the same words in a <noscript> status banner.
 * `destructive` checks the error styling of failures.
 */
async function expectToast(
  page: Page,
  javaScriptEnabled: boolean,
  title: string,
  description?: string,
  { destructive = false }: { destructive?: boolean } = {},
) {
  const toast = (javaScriptEnabled ? page.locator("[data-sonner-toast]") : page.getByRole("status")).filter({ hasText: title });
  await expect(toast.first()).toBeVisible();
  if (description) await expect(toast.first()).toContainText(description);
  if (javaScriptEnabled) {
    await expect(toast.first()).toHaveAttribute("data-type", destructive ? "error" : "success");
  } else {
    await expect(toast.first()).toHaveClass(destructive ? /border-red/ : /border-emerald/);
  }
}

/** An input's own error message: linked with aria-describedby and marked aria-invalid. */
async function expectFieldError(input: Locator, message: string) {
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toHaveAccessibleDescription(message);
}

async function expectFieldValid(input: Locator) {
  await expect(input).not.toHaveAttribute("aria-invalid", "true");
}

const userMenu = (page: Page, username: string) =>
  page.getByRole("banner").getByLabel(`Account menu for ${username}`, { exact: true });
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** Fills and sends the registration form on /auth?tab=register. */
async function fillRegister(page: Page, a: { username: string; email: string; password: string; confirmPassword?: string }) {
  await page.getByLabel("Username", { exact: true }).fill(a.username);
  await page.getByLabel("Email", { exact: true }).fill(a.email);
  await page.getByLabel("Password", { exact: true }).fill(a.password);
  await page.getByLabel("Confirm password", { exact: true }).fill(a.confirmPassword ?? a.password);
  await page.getByRole("button", { name: "Create account" }).click();
}

/** Fills and sends the login form of the /auth page already open. */
async function fillLogin(page: Page, username: string, password: string) {
  await page.getByLabel("Username", { exact: true }).fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

async function logIn(page: Page, javaScriptEnabled: boolean, username: string, password: string, at = "/auth") {
  await page.goto(at);
  await ready(page, javaScriptEnabled);
  await fillLogin(page, username, password);
}

/** Logs out through the header's user menu (a <details>, so it opens without JavaScript too). */
async function logOutFromMenu(page: Page, javaScriptEnabled: boolean, username: string) {
  await ready(page, javaScriptEnabled);
  await userMenu(page, username).click();
  await page.getByRole("banner").getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Log in or register" })).toBeVisible();
}

/** Registers through the JSON API on a request context of its own (so the page stays signed out). */
async function apiRegister(request: APIRequestContext, baseURL: string, account: Account) {
  const res = await request.post("/api/register", {
    headers: { origin: baseURL },
    data: { username: account.username, email: account.email, password: account.password },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** The newest reset link mailed to `email`, read from the delivered mail (MAIL_DIR: no SMTP in the e2e server). */
function latestResetLink(email: string): string | null {
  const text = lastMailText(email, /Reset/);
  const match = text ? /\/reset-password\?token=[a-z2-7]+/.exec(text) : null;
  return match ? match[0] : null;
}

// ---------------------------------------------------------------------------------------------------------
// The whole journey
// ---------------------------------------------------------------------------------------------------------

test.describe("account journey", () => {
  test("register, log out, log in, edit the profile and change the password @no-js", async ({
    page,
    javaScriptEnabled,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const account = newAccount();
    const newPassword = "needle-drop-2";

    await test.step("register: signed in, user menu with the username, 'Registration successful'", async () => {
      await page.goto("/auth?tab=register");
      await ready(page, javaScriptEnabled);
      await fillRegister(page, account);
      await expect(page).toHaveURL(/\/$/);
      await expectToast(page, javaScriptEnabled, "Registration successful", account.username);
      await expect(userMenu(page, account.username)).toBeVisible();
      await expect(userMenu(page, account.username)).toContainText(account.username);
      await expect(page.getByRole("banner").getByRole("link", { name: "Log in or register" })).toHaveCount(0);
      await expect(mainNav(page).getByRole("link", { name: "Login/Register" })).toHaveCount(0);
    });

    await test.step("log out from the user menu: 'Logged out'", async () => {
      await logOutFromMenu(page, javaScriptEnabled, account.username);
      await expectToast(page, javaScriptEnabled, "Logged out", "You have been successfully logged out.");
      await expect(userMenu(page, account.username)).toHaveCount(0);
      await expect(mainNav(page).getByRole("link", { name: "Login/Register" })).toBeVisible();
    });

    await test.step("log in: 'Login successful' / 'Welcome back, {username}!'", async () => {
      await logIn(page, javaScriptEnabled, account.username, account.password);
      await expect(page).toHaveURL(/\/$/);
      await expectToast(page, javaScriptEnabled, "Login successful", `Welcome back, ${account.username}!`);
      await expect(userMenu(page, account.username)).toBeVisible();
    });

    await test.step("profile: name, city, postcode and favourite genres are saved", async () => {
      await ready(page, javaScriptEnabled);
      await userMenu(page, account.username).click();
      await page.getByRole("banner").getByRole("link", { name: "Profile" }).click();
      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByRole("heading", { level: 1, name: "Your profile" })).toBeVisible();
      await expect(page.getByText(`Signed in as ${account.username}`)).toBeVisible();
      await expect(page.getByLabel("Email", { exact: true })).toHaveValue(account.email);

      await page.getByLabel("First name").fill("Ada");
      await page.getByLabel("Last name").fill("Lovelace");
      await page.getByLabel("Town or city").fill("Manchester");
      await page.getByLabel("Postcode").fill("M1 1AA");
      await page.getByRole("checkbox", { name: "Jazz", exact: true }).check();
      await page.getByRole("checkbox", { name: "Soul", exact: true }).check();
      await page.getByRole("button", { name: "Save details" }).click();
      await expectToast(page, javaScriptEnabled, "Profile saved");

      // A fresh load (not a reload: without JavaScript that would post the form again).
      await page.goto("/profile");
      await expect(page.getByLabel("First name")).toHaveValue("Ada");
      await expect(page.getByLabel("Last name")).toHaveValue("Lovelace");
      await expect(page.getByLabel("Town or city")).toHaveValue("Manchester");
      await expect(page.getByLabel("Postcode")).toHaveValue("M1 1AA");
      await expect(page.getByRole("checkbox", { name: "Jazz", exact: true })).toBeChecked();
      await expect(page.getByRole("checkbox", { name: "Soul", exact: true })).toBeChecked();
      await expect(page.getByRole("checkbox", { name: "Rock", exact: true })).not.toBeChecked();
    });

    const current = page.getByLabel("Current password");
    const next = page.getByLabel("New password", { exact: true });
    const confirm = page.getByLabel("Confirm new password");
    const change = page.getByRole("button", { name: "Change password" });

    await test.step("password change: the current password is required", async () => {
      await ready(page, javaScriptEnabled);
      await next.fill(newPassword);
      await confirm.fill(newPassword);
      await change.click();
      await expectFieldError(current, "Enter your current password");
    });

    await test.step("password change: a wrong current password is refused", async () => {
      await current.fill("not-my-password");
      await next.fill(newPassword);
      await confirm.fill(newPassword);
      await change.click();
      const form = page.locator("form#password");
      await expect(form.getByRole("alert")).toHaveText("Current password is incorrect");
      await expectToast(page, javaScriptEnabled, "Could not save", "Current password is incorrect", { destructive: true });
    });

    await test.step("password change: the right current password changes it and ends other sessions", async () => {
      // Another device, signed in before the change.
      const other = await request.post("/api/login", {
        headers: { origin: baseURL! },
        data: { username: account.username, password: account.password },
      });
      expect(other.status()).toBe(200);
      expect((await request.get("/api/user")).status()).toBe(200);

      await current.fill(account.password);
      await next.fill(newPassword);
      await confirm.fill(newPassword);
      await change.click();
      await expectToast(page, javaScriptEnabled, "Password changed", "Other devices have been signed out.");
      await expect(page.locator("form#password").getByRole("alert")).toHaveCount(0);
      expect((await request.get("/api/user")).status(), "the other device is signed out").toBe(401);
      // The session making the change stays signed in.
      await page.goto("/profile");
      await expect(page.getByRole("heading", { level: 1, name: "Your profile" })).toBeVisible();
    });

    await test.step("after the change the old password fails and the new one works", async () => {
      await logOutFromMenu(page, javaScriptEnabled, account.username);
      await logIn(page, javaScriptEnabled, account.username, account.password);
      await expect(page).toHaveURL(/\/auth/);
      await expect(page.locator("form#login").getByRole("alert")).toHaveText("Invalid username or password");
      await expectToast(page, javaScriptEnabled, "Login failed", "Invalid username or password", { destructive: true });
      await expect(userMenu(page, account.username)).toHaveCount(0);

      await logIn(page, javaScriptEnabled, account.username, newPassword);
      await expect(page).toHaveURL(/\/$/);
      await expectToast(page, javaScriptEnabled, "Login successful", `Welcome back, ${account.username}!`);
      await expect(userMenu(page, account.username)).toBeVisible();
    });
  });
});

// ---------------------------------------------------------------------------------------------------------
// Validation (spec §5)
// ---------------------------------------------------------------------------------------------------------

test.describe("account menu", () => {
  for (const width of [390, 1280]) {
    test(`closes on Escape, on a click outside and once an item is chosen (${width} px)`, async ({ page, request, baseURL }) => {
      test.slow(); // registration and sign-in hash passwords on purpose
      await page.setViewportSize({ width, height: 844 });
      const account = newAccount();
      await apiRegister(request, baseURL!, account);
      await logIn(page, true, account.username, account.password);
      await expect(userMenu(page, account.username)).toBeVisible();
      const menu = page.getByRole("banner").locator("details");
      const profile = page.getByRole("banner").getByRole("link", { name: "Profile" });

      await userMenu(page, account.username).click();
      await expect(profile).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(profile).toBeHidden();
      await expect(menu).not.toHaveAttribute("open");
      await expect(userMenu(page, account.username)).toBeFocused();

      await userMenu(page, account.username).click();
      await expect(profile).toBeVisible();
      await page.getByRole("main").click({ position: { x: 5, y: 5 } });
      await expect(profile).toBeHidden();

      await userMenu(page, account.username).click();
      await profile.click();
      await expect(page).toHaveURL(/\/profile$/);
      await expect(profile).toBeHidden();
      // Choosing the page already shown closes it too.
      await userMenu(page, account.username).click();
      await profile.click();
      await expect(profile).toBeHidden();
    });
  }
});

test.describe("validation", () => {
  test("login form: the spec's messages on submit, and nothing is signed in @no-js", async ({ page, javaScriptEnabled }) => {
    const posts: string[] = [];
    page.on("request", (r) => r.method() === "POST" && posts.push(r.url()));
    await page.goto("/auth");
    await ready(page, javaScriptEnabled);
    const username = page.getByLabel("Username", { exact: true });
    const password = page.getByLabel("Password", { exact: true });

    // Empty form.
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expectFieldError(username, "Username must be at least 3 characters");
    await expectFieldError(password, "Password must be at least 6 characters");

    // Too short.
    await fillLogin(page, "ab", "12345");
    await expectFieldError(username, "Username must be at least 3 characters");
    await expectFieldError(password, "Password must be at least 6 characters");
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Log in or register" })).toBeVisible();

    // With JavaScript the browser catches it: nothing is sent. Without, the server answered each time.
    if (javaScriptEnabled) expect(posts).toEqual([]);
    else expect(posts.length).toBe(2);
  });

  test("register form: the spec's messages on submit, 'Passwords do not match' on the confirm field @no-js", async ({
    page,
    javaScriptEnabled,
  }) => {
    const posts: string[] = [];
    page.on("request", (r) => r.method() === "POST" && posts.push(r.url()));
    const account = newAccount();
    await page.goto("/auth?tab=register");
    await ready(page, javaScriptEnabled);
    const username = page.getByLabel("Username", { exact: true });
    const email = page.getByLabel("Email", { exact: true });
    const password = page.getByLabel("Password", { exact: true });
    const confirm = page.getByLabel("Confirm password", { exact: true });

    await fillRegister(page, { username: "ab", email: "not-an-email", password: "12345", confirmPassword: "123" });
    await expectFieldError(username, "Username must be at least 3 characters");
    await expectFieldError(email, "Invalid email address");
    await expectFieldError(password, "Password must be at least 6 characters");
    await expectFieldError(confirm, "Password confirmation must be at least 6 characters");
    // Still the register tab.
    await expect(page.getByRole("button", { name: "Create account" })).toBeVisible();

    await fillRegister(page, { ...account, confirmPassword: `${account.password}x` });
    await expectFieldError(confirm, "Passwords do not match");
    await expectFieldValid(username);
    await expectFieldValid(email);
    await expectFieldValid(password);
    await expect(page.getByRole("banner").getByRole("link", { name: "Log in or register" })).toBeVisible();

    if (javaScriptEnabled) expect(posts).toEqual([]);
    else expect(posts.length).toBe(2);
    const created = withDb((db) => db.prepare("select count(*) as n from users where username = ?").get(account.username)) as {
      n: number;
    };
    expect(created.n).toBe(0);
  });

  test("login form validates a field when it is left, and clears the message as it is corrected", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "validation on blur needs JavaScript");
    await page.goto("/auth");
    await ready(page, javaScriptEnabled);
    const username = page.getByLabel("Username", { exact: true });
    const password = page.getByLabel("Password", { exact: true });

    await username.fill("ab");
    await expectFieldValid(username); // not while typing
    await username.blur();
    await expectFieldError(username, "Username must be at least 3 characters");
    await expectFieldValid(password); // untouched fields stay quiet

    await password.fill("12345");
    await password.blur();
    await expectFieldError(password, "Password must be at least 6 characters");

    await username.fill("abc");
    await expectFieldValid(username);
    await password.fill("123456");
    await expectFieldValid(password);
  });

  test("register form validates each field when it is left", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "validation on blur needs JavaScript");
    await page.goto("/auth?tab=register");
    await ready(page, javaScriptEnabled);
    const username = page.getByLabel("Username", { exact: true });
    const email = page.getByLabel("Email", { exact: true });
    const password = page.getByLabel("Password", { exact: true });
    const confirm = page.getByLabel("Confirm password", { exact: true });

    await username.fill("ab");
    await username.blur();
    await expectFieldError(username, "Username must be at least 3 characters");

    await email.fill("not-an-email");
    await email.blur();
    await expectFieldError(email, "Invalid email address");

    await password.fill("12345");
    await password.blur();
    await expectFieldError(password, "Password must be at least 6 characters");

    await confirm.fill("123");
    await confirm.blur();
    await expectFieldError(confirm, "Password confirmation must be at least 6 characters");

    await password.fill("secret1");
    await expectFieldValid(password);
    await confirm.fill("secret2");
    await confirm.blur();
    await expectFieldError(confirm, "Passwords do not match");
    await confirm.fill("secret1");
    await expectFieldValid(confirm);

    await email.fill("fan@example.com");
    await expectFieldValid(email);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Registration conflicts
// ---------------------------------------------------------------------------------------------------------

test.describe("registration conflicts", () => {
  test("a taken username gives 'Registration failed' and says so @no-js", async ({
    page,
    javaScriptEnabled,
    request,
    baseURL,
  }) => {
    const first = newAccount();
    await apiRegister(request, baseURL!, first);

    await page.goto("/auth?tab=register");
    await ready(page, javaScriptEnabled);
    await fillRegister(page, { ...first, email: `other-${first.email}` });
    await expectToast(page, javaScriptEnabled, "Registration failed", `The username "${first.username}" is already taken.`, {
      destructive: true,
    });
    await expect(page.locator("form#register").getByRole("alert")).toHaveText(
      `The username "${first.username}" is already taken.`,
    );
    // Still signed out, still on the register form with the username kept.
    await expect(page.getByRole("banner").getByRole("link", { name: "Log in or register" })).toBeVisible();
    await expect(page.getByLabel("Username", { exact: true })).toHaveValue(first.username);

    // A taken email is refused the same way.
    await fillRegister(page, { ...newAccount(), email: first.email });
    await expect(page.locator("form#register").getByRole("alert")).toHaveText(`An account with ${first.email} already exists.`);
    await expectToast(page, javaScriptEnabled, "Registration failed", `An account with ${first.email} already exists.`, {
      destructive: true,
    });
  });
});

// ---------------------------------------------------------------------------------------------------------
// Protected routes and redirects (spec §2, §6)
// ---------------------------------------------------------------------------------------------------------

test.describe("protected routes", () => {
  test("signed out, /profile and /admin go to /auth with redirectTo, and signing in lands back on /profile @no-js", async ({
    page,
    javaScriptEnabled,
    request,
    baseURL,
  }) => {
    // The server answers with a redirect (no protected page is rendered first).
    for (const [from, to] of [
      ["/profile", "/auth?redirectTo=%2Fprofile"],
      ["/admin", "/auth?redirectTo=%2Fadmin"],
    ] as const) {
      const res = await page.request.get(from, { maxRedirects: 0 });
      expect(res.status(), from).toBeGreaterThanOrEqual(300);
      expect(res.status(), from).toBeLessThan(400);
      expect(res.headers()["location"], from).toBe(to);
    }

    await page.goto("/admin");
    await expect(page).toHaveURL(`${baseURL}/auth?redirectTo=%2Fadmin`);

    const account = newAccount();
    await apiRegister(request, baseURL!, account);
    await page.goto("/profile");
    await expect(page).toHaveURL(`${baseURL}/auth?redirectTo=%2Fprofile`);
    await ready(page, javaScriptEnabled);
    await fillLogin(page, account.username, account.password);
    await expect(page).toHaveURL(`${baseURL}/profile`);
    await expect(page.getByRole("heading", { level: 1, name: "Your profile" })).toBeVisible();
    await expectToast(page, javaScriptEnabled, "Login successful", `Welcome back, ${account.username}!`);

    // Signed in, /auth sends you on to redirectTo rather than showing the form.
    await page.goto("/auth?redirectTo=%2Fprofile");
    await expect(page).toHaveURL(`${baseURL}/profile`);
  });

  test("the register tab keeps redirectTo, so a new account also lands back on /profile @no-js", async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    const account = newAccount();
    await page.goto("/profile");
    await expect(page).toHaveURL(`${baseURL}/auth?redirectTo=%2Fprofile`);
    await ready(page, javaScriptEnabled);
    await page.getByRole("link", { name: "Register", exact: true }).click();
    await expect(page).toHaveURL(/tab=register/);
    await expect(page).toHaveURL(/redirectTo=%2Fprofile/);
    await ready(page, javaScriptEnabled);
    await fillRegister(page, account);
    await expect(page).toHaveURL(`${baseURL}/profile`);
    await expect(page.getByText(`Signed in as ${account.username}`)).toBeVisible();
    await expectToast(page, javaScriptEnabled, "Registration successful", account.username);
  });

  test("a redirectTo to another host lands on / instead @no-js", async ({ page, javaScriptEnabled, request, baseURL }) => {
    const account = newAccount();
    await apiRegister(request, baseURL!, account);
    await page.goto("/auth?redirectTo=https://evil.example");
    await ready(page, javaScriptEnabled);
    await fillLogin(page, account.username, account.password);
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(userMenu(page, account.username)).toBeVisible();

    // A protocol-relative address is refused too (here straight from the loader, already signed in).
    await page.goto("/auth?redirectTo=//evil.example/x");
    await expect(page).toHaveURL(`${baseURL}/`);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Roles (spec §6)
// ---------------------------------------------------------------------------------------------------------

test.describe("roles", () => {
  test("a customer sees no admin entries and gets 403 on admin pages; an admin gets the dashboard @no-js", async ({
    page,
    javaScriptEnabled,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const account = newAccount();
    await apiRegister(request, baseURL!, account);

    await test.step("customer", async () => {
      await logIn(page, javaScriptEnabled, account.username, account.password);
      await expect(userMenu(page, account.username)).toBeVisible();
      await expect(mainNav(page).getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);
      await ready(page, javaScriptEnabled);
      await userMenu(page, account.username).click();
      await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeVisible();
      await expect(page.getByRole("banner").getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);

      for (const p of ["/admin", "/admin/order-management", "/marketing-tools"]) {
        const res = await page.goto(p);
        expect(res?.status(), p).toBe(403);
        await expect(page.getByRole("heading", { level: 1, name: "403 Forbidden" }), p).toBeVisible();
        await expect(page.getByRole("navigation", { name: "Back office" })).toHaveCount(0);
      }
    });

    withDb((db) => db.prepare("update users set role = 'admin' where username = ?").run(account.username));

    await test.step("admin, after logging in again", async () => {
      await page.goto("/");
      await logOutFromMenu(page, javaScriptEnabled, account.username);
      await logIn(page, javaScriptEnabled, account.username, account.password);
      await expect(userMenu(page, account.username)).toBeVisible();
      // An owner must have a second factor before any back-office page.
      await setUpTwoFactor(page, javaScriptEnabled);
      await expect(mainNav(page).getByRole("link", { name: "Admin", exact: true })).toHaveAttribute("href", "/admin");

      await ready(page, javaScriptEnabled);
      await userMenu(page, account.username).click();
      const dashboardItem = page.getByRole("banner").getByRole("link", { name: "Admin Dashboard" });
      await expect(dashboardItem).toBeVisible();
      await dashboardItem.click();
      await expect(page).toHaveURL(`${baseURL}/admin`);
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
      await expect(page.getByText(`signed in as ${account.username}`)).toBeVisible();
      // The back office's own navigation lists every section, the current one marked.
      const nav = page.getByRole("navigation", { name: "Back office" });
      for (const title of [
        "Dashboard",
        "Orders",
        "Shipping",
        "Stock",
        "Catalogue",
        "Schedule",
        "Email marketing",
        "Business analysis",
        "Instagram",
        "Marketing tools",
      ]) {
        // The name may carry a count ("Returns 2 waiting"), but "Stock" is not "Stock book".
        await expect(nav.getByRole("link", { name: new RegExp(`^${title}(?! [a-z])`) })).toBeVisible();
      }
      await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");

      const res = await page.goto("/admin");
      expect(res?.status()).toBe(200);
      // The orders page is built: an admin is let through to it.
      const section = await page.goto("/admin/order-management");
      expect(section?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
    });
  });
});

// ---------------------------------------------------------------------------------------------------------
// Password reset
// ---------------------------------------------------------------------------------------------------------

test.describe("password reset", () => {
  test("the e-mailed link sets a new password once and signs in @no-js", async ({
    page,
    javaScriptEnabled,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const account = newAccount();
    await apiRegister(request, baseURL!, account);
    const newPassword = "fresh-pressing-3";
    const sentPanel = page.getByRole("status").filter({ has: page.getByRole("heading", { name: "Password Reset Email Sent" }) });
    const sentText = "If the email is associated with an account, you'll receive instructions to reset your password.";

    await test.step("an unknown email gets the same answer and no mail", async () => {
      const unknown = `nobody-${uniqueName()}@example.com`;
      await page.goto("/reset-password");
      await ready(page, javaScriptEnabled);
      await page.getByLabel("Email", { exact: true }).fill(unknown);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await expect(sentPanel).toBeVisible();
      await expect(sentPanel).toContainText(sentText);
      await expectToast(page, javaScriptEnabled, "Password Reset Email Sent", sentText);
      expect(latestResetLink(unknown)).toBeNull();
    });

    await test.step("the account's email gets the same answer and a link in the outbox", async () => {
      await page.goto("/reset-password");
      await ready(page, javaScriptEnabled);
      await page.getByLabel("Email", { exact: true }).fill(account.email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await expect(sentPanel).toBeVisible();
      await expect(sentPanel).toContainText(sentText);
      await expectToast(page, javaScriptEnabled, "Password Reset Email Sent", sentText);
    });

    await expect.poll(() => latestResetLink(account.email)).not.toBeNull();
    const link = latestResetLink(account.email)!;

    await test.step("the link sets a new password and signs in", async () => {
      // apiRegister left `request` signed in: a session from before the reset.
      expect((await request.get("/api/user")).status()).toBe(200);
      await page.goto(link);
      await ready(page, javaScriptEnabled);
      await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
      await page.getByLabel("New password", { exact: true }).fill(newPassword);
      await page.getByLabel("Confirm new password").fill(newPassword);
      await page.getByRole("button", { name: "Set new password" }).click();
      await expect(page).toHaveURL(`${baseURL}/`);
      await expect(userMenu(page, account.username)).toBeVisible();
      await expectToast(page, javaScriptEnabled, "Password changed");
      expect((await request.get("/api/user")).status(), "sessions from before the reset end").toBe(401);
    });

    await test.step("the same link a second time fails", async () => {
      await logOutFromMenu(page, javaScriptEnabled, account.username);
      await page.goto(link);
      await ready(page, javaScriptEnabled);
      await page.getByLabel("New password", { exact: true }).fill("third-password-4");
      await page.getByLabel("Confirm new password").fill("third-password-4");
      await page.getByRole("button", { name: "Set new password" }).click();
      await expect(page.getByRole("main").getByRole("alert")).toContainText("This reset link is invalid or has expired.");
      await expectToast(page, javaScriptEnabled, "Password Reset Failed", "This reset link is invalid or has expired.", {
        destructive: true,
      });
      await expect(userMenu(page, account.username)).toHaveCount(0);
    });

    await test.step("the old password no longer works, the new one does", async () => {
      await logIn(page, javaScriptEnabled, account.username, account.password);
      await expect(page.locator("form#login").getByRole("alert")).toHaveText("Invalid username or password");
      await expectToast(page, javaScriptEnabled, "Login failed", "Invalid username or password", { destructive: true });
      await logIn(page, javaScriptEnabled, account.username, newPassword);
      await expect(page).toHaveURL(`${baseURL}/`);
      await expect(userMenu(page, account.username)).toBeVisible();
    });
  });
});

// ---------------------------------------------------------------------------------------------------------
// Session cookie and /api/user
// ---------------------------------------------------------------------------------------------------------

test.describe("session", () => {
  test("the session cookie is HttpOnly and SameSite=Lax, and /api/user follows the session @no-js", async ({
    page,
    javaScriptEnabled,
    context,
    request,
    baseURL,
  }) => {
    const account = newAccount();
    await apiRegister(request, baseURL!, account);

    const signedOut = await page.request.get("/api/user");
    expect(signedOut.status()).toBe(401);

    await logIn(page, javaScriptEnabled, account.username, account.password);
    await expect(userMenu(page, account.username)).toBeVisible();

    const session = (await context.cookies()).find((c) => c.name === "session");
    expect(session, "session cookie").toBeDefined();
    expect(session!.httpOnly).toBe(true);
    expect(session!.sameSite).toBe("Lax");
    expect(session!.path).toBe("/");
    if (javaScriptEnabled) {
      // HttpOnly: scripts on the page cannot read it.
      expect(await page.evaluate(() => document.cookie)).not.toContain("session=");
    }

    const signedIn = await page.request.get("/api/user");
    expect(signedIn.status()).toBe(200);
    const user = (await signedIn.json()) as Record<string, unknown>;
    expect(user).toMatchObject({ username: account.username, email: account.email, role: "customer" });
    for (const key of Object.keys(user)) expect(key.toLowerCase(), "no password field").not.toContain("password");
    expect(JSON.stringify(user)).not.toContain("$argon2");

    await logOutFromMenu(page, javaScriptEnabled, account.username);
    expect((await context.cookies()).find((c) => c.name === "session")).toBeUndefined();
    expect((await page.request.get("/api/user")).status()).toBe(401);
  });
});
