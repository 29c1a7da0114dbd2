import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
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

test("a visitor's page tells a cache in front it may share it, per encoding, and a personal one never does @no-js", async ({
  request,
  baseURL,
}) => {
  const record = createRecord();
  const ask = (encoding: string, headers: Record<string, string> = {}) =>
    request.get(record.path, { headers: { "accept-encoding": encoding, ...headers } });
  // Asked for the first time, not yet kept by the shop, the page is already marked shared.
  const first = await ask("br");
  expect(first.headers()["x-page-cache"]).toBeUndefined();
  expect(first.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
  expect(first.headers()["vary"]).toBe("Accept-Encoding, Cookie");
  expect(first.headers()["etag"]).toMatch(/^"[\w-]{22}"$/);
  expect(first.headers()["content-security-policy"]).not.toContain("nonce");
  await expect(async () => {
    // Other tests write all the while, and a write makes the next answer a fresh render: asked until one version
    // answers all of these.
    const [br, gzip] = [await ask("br"), await ask("gzip")];
    expect([br.headers()["content-encoding"], gzip.headers()["content-encoding"]]).toEqual(["br", "gzip"]);
    // RFC 9110 §8.8.3: brotli's bytes and gzip's are two representations, so two strong tags.
    expect(br.headers()["etag"]).not.toBe(gzip.headers()["etag"]);
    const again = await ask("br", { "if-none-match": br.headers()["etag"]! });
    expect(again.status()).toBe(304);
    expect(again.headers()["etag"]).toBe(br.headers()["etag"]);
    expect(again.headers()["vary"]).toBe("Accept-Encoding, Cookie");
    expect((await ask("gzip", { "if-none-match": br.headers()["etag"]! })).status()).toBe(200);
  }).toPass({ timeout: 20_000 });

  // Signed in, the same page is personal; and an answer that sets a cookie (here: clearing a cart cookie that
  // cannot be read) is never shared, whoever asks.
  const account = newAccount("shared");
  const shopper = await playwrightRequest.newContext({ baseURL });
  try {
    await apiRegister(shopper, baseURL!, account);
    const signedIn = await shopper.get(record.path);
    expect(signedIn.headers()["cache-control"]).toBe("private, no-cache");
    expect(signedIn.headers()["etag"]).toBeUndefined();
  } finally {
    await shopper.dispose();
  }
  const unreadableCart = await request.get(record.path, { headers: { cookie: "needledrop-cart=not-a-cart" } });
  expect(unreadableCart.headers()["set-cookie"]).toContain("needledrop-cart=");
  expect(unreadableCart.headers()["cache-control"]).toBe("private, no-cache");
  expect(unreadableCart.headers()["etag"]).toBeUndefined();
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
