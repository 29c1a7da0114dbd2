import { expect, test, type APIRequestContext } from "@playwright/test";
import { createRecord, logIn, newAccount, apiRegister, ready, setCartCookie, withDb } from "./support/shop";

// The visitor page cache (docs/decisions/0024-visitor-page-cache.md) on the real server. Other tests write to the
// database all the while, and any write empties the cache, so "answered from the cache" is awaited, not assumed.

/** Asks for `path` as a visitor until the cache answers it; returns that answer's text. */
async function cachedAnswer(request: APIRequestContext, path: string): Promise<string> {
  let text = "";
  await expect(async () => {
    // Kept from its second request on, answered from memory from the third.
    await request.get(path);
    await request.get(path);
    const again = await request.get(path);
    expect(again.headers()["x-page-cache"]).toBe("hit");
    text = await again.text();
  }).toPass({ timeout: 20_000 });
  return text;
}

test("a visitor's page comes from the cache, runs its own scripts and still blocks an injected one", async ({
  page,
  request,
}) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await cachedAnswer(request, "/genres");
  await expect(async () => {
    const response = await page.goto("/genres");
    expect(response!.headers()["x-page-cache"]).toBe("hit");
    expect(response!.headers()["content-security-policy"]).not.toContain("nonce");
  }).toPass({ timeout: 20_000 });
  // The page's own inline scripts ran under the hash-only policy: React took the page over.
  await ready(page, true);
  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
  const injected = await page.evaluate(async () => {
    const script = document.createElement("script");
    script.textContent = "window.injectedRan = true";
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as unknown as { injectedRan?: boolean }).injectedRan ?? false;
  });
  expect(injected, "an injected inline script must not run").toBe(false);
  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([
    expect.stringMatching(/^script-src-elem inline$/),
  ]);
});

test("a signed-in shopper's or a cart's page is never kept, nor shown to a visitor @no-js", async ({
  page,
  request,
  baseURL,
  javaScriptEnabled,
}) => {
  const account = newAccount("cached");
  await apiRegister(page.context().request, baseURL!, account);
  await page.context().clearCookies();
  await logIn(page, javaScriptEnabled, account);
  const signedIn = await page.goto("/genres");
  expect(signedIn!.headers()["x-page-cache"]).toBeUndefined();
  expect(signedIn!.headers()["cache-control"]).toBe("private, no-cache");
  await expect(page.getByRole("banner").getByLabel(`Account menu for ${account.username}`)).toBeVisible();
  const visitorPage = await cachedAnswer(request, "/genres");
  expect(visitorPage).not.toContain(account.username);
  expect(visitorPage).toContain("Log in");

  await page.context().clearCookies();
  const record = createRecord({ stock: 3 });
  await setCartCookie(page, baseURL!, [{ recordId: record.id, quantity: 2 }]);
  const withCart = await page.goto("/genres");
  expect(withCart!.headers()["x-page-cache"]).toBeUndefined();
  await expect(page.getByRole("banner").getByRole("link", { name: /cart/i }).first()).toContainText("2");
  expect(await cachedAnswer(request, "/genres")).not.toMatch(/Cart[^<]{0,40}2 items/i);
});

test("a price change shows on the very next visitor request @no-js", async ({ request }) => {
  const record = createRecord({ pricePence: 2917 });
  expect(await cachedAnswer(request, record.path)).toContain("£29.17");
  withDb((db) => db.prepare("update records set price_pence = 3133 where id = ?").run(record.id));
  const next = await request.get(record.path);
  expect(next.headers()["x-page-cache"]).toBe("miss");
  const text = await next.text();
  expect(text).toContain("£31.33");
  expect(text).not.toContain("£29.17");
});
