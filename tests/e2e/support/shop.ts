/**
 * Shared helpers for the shop's browser tests (cart, favourites, checkout). Every spec file shares one
 * database per run, and tests run in parallel in two projects (JavaScript on and off), so each test makes
 * its own account and its own record with the stock it needs, straight in the run's SQLite file.
 */
import path from "node:path";
import Database from "better-sqlite3";
import { lastMailTo } from "../../setup/mail-dir";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";

export interface Account {
  username: string;
  email: string;
  password: string;
}

export function uniqueName(prefix = "u"): string {
  return `${prefix}${Date.now()}${Math.random().toString(36).slice(2, 7)}`;
}

export function newAccount(prefix = "u"): Account {
  const username = uniqueName(prefix);
  return { username, email: `${username}@example.com`, password: "groove-secret-1" };
}

/** The text of the newest mail the server delivered to `to` (into MAIL_DIR), or undefined. */
export function lastMailText(to: string, subject?: RegExp): string | undefined {
  return lastMail(to, subject)?.text;
}

/** The newest mail the server delivered to `to` (into MAIL_DIR), headers and all, or undefined. */
export function lastMail(to: string, subject?: RegExp) {
  return lastMailTo(path.join(process.env.E2E_DATA_DIR!, "mail"), to, subject);
}

/** The run's SQLite file (shared with the server; see playwright.config.ts). */
export function withDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, "e2e.db"));
  try {
    db.pragma("busy_timeout = 5000");
    return fn(db);
  } finally {
    db.close();
  }
}

export interface TestRecord {
  id: number;
  title: string;
  artist: string;
  pricePence: number;
  /** The canonical record page, e.g. /vinyl/812-the-fixtures-test-record-abc. */
  path: string;
}

/**
 * Inserts a record of its own for one test (a real cover from the seed, so it is not hidden), with the
 * stock and price the test needs. No genre, so the genre counts other specs check stay as seeded. `releaseDate` after today makes it a pre-order.
 */
export function createRecord(
  options: { title?: string; pricePence?: number; stock?: number; releaseDate?: string } = {},
): TestRecord {
  const title = options.title ?? `Test Pressing ${uniqueName("")}`;
  const artist = "The Test Pressings";
  return withDb((db) => {
    const donor = db.prepare("select cover_url, audio_url from records where catalogue_id = 'track-1'").get() as {
      cover_url: string;
      audio_url: string;
    };
    const row = db
      .prepare(
        `insert into records (catalogue_id, title, artist, genre, cover_url, audio_url, duration, price_pence, format, release_date, stock_quantity)
         values (?, ?, ?, null, ?, ?, 180, ?, 'LP', ?, ?) returning id`,
      )
      .get(
        `test-${uniqueName("")}`,
        title,
        artist,
        donor.cover_url,
        donor.audio_url,
        options.pricePence ?? 2500,
        options.releaseDate ?? "2020-01-01",
        options.stock ?? 5,
      ) as { id: number };
    const slug = `${artist} ${title}`
      .toLowerCase()
      .replace(/[^\w\s-]/g, "")
      .trim()
      .replace(/\s+/g, "-");
    return { id: row.id, title, artist, pricePence: options.pricePence ?? 2500, path: `/vinyl/${row.id}-${slug}` };
  });
}

/**
 * A graded used copy of `pressing`, on the shelf, as the back office lists one (its own row, catalogue id
 * `{pressing}-used-{n}`, one unit): its record id.
 */
export function createUsedCopy(pressing: TestRecord, copy: { media: string; sleeve: string; pricePence?: number }): number {
  return withDb((db) => {
    const parent = db.prepare("select * from records where id = ?").get(pressing.id) as Record<string, unknown>;
    const n =
      (db.prepare("select count(*) as n from records where used_of_record_id = ?").get(pressing.id) as { n: number }).n + 1;
    const row = db
      .prepare(
        `insert into records (catalogue_id, title, artist, genre, cover_url, audio_url, duration, price_pence, format, release_date,
           stock_quantity, low_stock_threshold, condition, used_of_record_id, media_grade, sleeve_grade)
         values (?, ?, ?, null, ?, ?, 180, ?, 'LP', ?, 1, 0, 'used', ?, ?, ?) returning id`,
      )
      .get(
        `${parent.catalogue_id as string}-used-${n}`,
        pressing.title,
        pressing.artist,
        parent.cover_url,
        parent.audio_url,
        copy.pricePence ?? 1400,
        parent.release_date,
        pressing.id,
        copy.media,
        copy.sleeve,
      ) as { id: number };
    return row.id;
  });
}

export function stockOf(recordId: number): number {
  return withDb((db) => (db.prepare("select stock_quantity as s from records where id = ?").get(recordId) as { s: number }).s);
}

/** Registers through the JSON API on a request context of its own (so the page stays signed out). */
export async function apiRegister(request: APIRequestContext, baseURL: string, account: Account): Promise<void> {
  const res = await request.post("/api/register", {
    headers: { origin: baseURL },
    data: { username: account.username, email: account.email, password: account.password },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** A newsletter subscription's 10% code, through the JSON API. */
export async function newsletterCode(request: APIRequestContext, baseURL: string, email: string): Promise<string> {
  const res = await request.post("/api/subscribe", { headers: { origin: baseURL }, data: { email, favoriteGenre: "Jazz" } });
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as { discountCode?: string; subscriber?: { discountCode?: string } };
  const code = body.discountCode ?? body.subscriber?.discountCode;
  expect(code).toBeTruthy();
  return code!;
}

/** With JavaScript, wait until React Router has taken the page over; without, there is nothing to wait for. */
/** With JavaScript, waits until React has hydrated the page (its handlers are attached), see app/root.tsx. */
export async function ready(page: Page, javaScriptEnabled: boolean): Promise<void> {
  if (javaScriptEnabled) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Logs in through the /auth form (works with and without JavaScript). */
export async function logIn(page: Page, javaScriptEnabled: boolean, account: Account, at = "/auth"): Promise<void> {
  await page.goto(at);
  await ready(page, javaScriptEnabled);
  await page.getByLabel("Username", { exact: true }).fill(account.username);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  // Signing in checks an argon2id hash and loads the next page: on a busy machine that takes more than 5 s.
  await expect(page.getByRole("banner").getByLabel(`Account menu for ${account.username}`, { exact: true })).toBeVisible({
    timeout: 15_000,
  });
}

/** Puts a cart straight into the browser (the cookie the shop keeps it in): "id×quantity" lines. */
export async function setCartCookie(
  page: Page,
  baseURL: string,
  lines: { recordId: number; quantity: number }[],
  code?: string,
): Promise<void> {
  const value = lines.map((l) => `${l.recordId}x${l.quantity}`).join(".") + (code ? `~${code}` : "");
  await page.context().addCookies([{ name: "needledrop-cart", value, url: baseURL }]);
}

/**
 * A fresh account made an admin (an owner) straight in the database, then signed in on `page` and given a second
 * factor, which owners must have before any back-office page (back-office tests). Returns the account with its key.
 */
export async function logInAsAdmin(
  page: Page,
  javaScriptEnabled: boolean,
  baseURL: string,
): Promise<Account & { twoFactorSecret: string }> {
  const account = newAccount("admin");
  await apiRegister(page.context().request, baseURL, account);
  withDb((db) => db.prepare("update users set role = 'admin' where username = ?").run(account.username));
  await page.context().clearCookies();
  await logIn(page, javaScriptEnabled, account);
  const { secret } = await setUpTwoFactor(page, javaScriptEnabled);
  return { ...account, twoFactorSecret: secret };
}

/**
 * The code an authenticator app shows for `secret` (the key as /profile/two-factor prints it), `stepsAhead` 30-second
 * steps from now. A code is accepted once per step, and one step either side of now: a second sign-in within the
 * same 30 seconds as the set-up takes the next step's code (stepsAhead 1).
 */
export function totpCode(secret: string, stepsAhead = 0): string {
  const key = decodeBase32IgnorePadding(secret.replace(/\s+/g, "").toUpperCase());
  return generateHOTP(key, BigInt(Math.floor(Date.now() / 30_000) + stepsAhead), 6);
}

/**
 * Turns on two-factor sign-in for the signed-in person on `page`, at /profile/two-factor (where a back-office page
 * sends an owner without one; the page is opened if not already there): reads the key shown, enters its code, and
 * returns the key and the recovery codes shown once. The page is left on the recovery codes.
 */
export async function setUpTwoFactor(
  page: Page,
  javaScriptEnabled: boolean,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  if (!new URL(page.url()).pathname.startsWith("/profile/two-factor")) await page.goto("/profile/two-factor");
  await ready(page, javaScriptEnabled);
  const secret = (await page.getByTestId("two-factor-secret").textContent())!.trim();
  await page.getByLabel("6-digit code from the app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  return { secret, recoveryCodes: (await codes.allTextContents()).map((c) => c.trim()) };
}

/**
 * setUpTwoFactor for a person signed in on a request context rather than a page (no browser): the set-up page's form
 * posted as a browser without JavaScript would; the context keeps the renewed session's cookie.
 */
export async function apiSetUpTwoFactor(request: APIRequestContext, baseURL: string): Promise<{ secret: string }> {
  const page = await request.get("/profile/two-factor");
  expect(page.status()).toBe(200);
  const secret = /data-testid="two-factor-secret"[^>]*>([A-Z2-7 ]+)</.exec(await page.text())?.[1]?.trim();
  expect(secret, "the key on /profile/two-factor").toBeTruthy();
  const res = await request.post("/profile/two-factor", {
    headers: { origin: baseURL },
    form: { intent: "enable", secret: secret!, code: totpCode(secret!) },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { secret: secret! };
}

/** A toast with JavaScript: the shop's float (sonner's), the back office's sit in the page (data-toast). */
export const TOAST = "[data-sonner-toast], [data-toast]";

/** A toast saying `text`: with JavaScript a sonner toast; without, the <noscript> status banner. */
export async function expectToast(page: Page, javaScriptEnabled: boolean, text: string): Promise<void> {
  const toast = (javaScriptEnabled ? page.locator(TOAST) : page.getByRole("status")).filter({ hasText: text });
  await expect(toast.first()).toBeVisible();
}

/** A paid guest order for one copy of each record, placed through the shop's JSON checkout with the test card. */
export async function apiPaidOrder(
  request: APIRequestContext,
  baseURL: string,
  email: string,
  recordIds: number[],
): Promise<string> {
  const res = await request.post("/api/orders", {
    headers: { origin: baseURL },
    data: {
      lines: recordIds.map((recordId) => ({ recordId, quantity: 1 })),
      email,
      name: "Ada Lovelace",
      addressLine1: "1 Record Row",
      city: "London",
      postalCode: "SW1A 1AA",
      idempotencyKey: crypto.randomUUID().replaceAll("-", ""),
      card: { cardNumber: "4242 4242 4242 4242", cardExpiry: "12/30", cardCvc: "123" },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { orderNumber: string }).orderNumber;
}
