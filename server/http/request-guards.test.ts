import http from "node:http";
import { describe, expect, it } from "vitest";
import { subscribers } from "../../db/schema";
import { useTestApp } from "../../tests/setup/http";

// Malformed requests are answered 4xx with a short message before any handler runs, and nothing is logged
// (an unexpected console.error fails the test). The pages are a stand-in that counts what reaches it.
let pageHits = 0;
const shop = useTestApp({
  name: "guards",
  database: "seeded",
  pages: (_req, res) => {
    pageHits++;
    res.type("html").send("<p>page</p>");
  },
});

const call = (p: string, init: RequestInit = {}) =>
  fetch(`${shop.base}${p}`, { ...init, headers: { origin: shop.base, ...init.headers } });
/** fetch refuses TRACE itself; node:http sends it. */
function trace(p: string): Promise<{ status: number; allow: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${shop.base}${p}`, { method: "TRACE", headers: { origin: shop.base } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow }));
    });
    req.on("error", reject).end();
  });
}
const subscriberCount = () => shop.t.db.select().from(subscribers).all().length;

describe("form posts to pages", () => {
  it.each([
    ["JSON", { "content-type": "application/json" }, "{}"],
    ["text/plain", { "content-type": "text/plain" }, "intent=add"],
    ["no content type", {}, undefined],
  ])("refuses a body that is not a form (%s) with 415, before the page", async (_name, headers, body) => {
    const before = pageHits;
    const res = await call("/cart", { method: "POST", headers, body });
    expect(res.status).toBe(415);
    expect(await res.text()).toMatch(/^Forms are sent as/);
    expect(pageHits).toBe(before);
  });

  it("lets JSON, and only JSON, through to the passkey ceremony's addresses", async () => {
    const before = pageHits;
    const json = await call("/auth/two-factor/passkey", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ step: "options" }),
    });
    expect(json.status).toBe(200);
    expect(pageHits).toBe(before + 1);
    const form = await call("/profile/two-factor/passkey", { method: "POST", body: new URLSearchParams({ step: "options" }) });
    expect(form.status).toBe(415);
    expect(pageHits).toBe(before + 1);
  });

  it("refuses a broken multipart body with 400, and lets a good one through", async () => {
    const before = pageHits;
    const broken = await call("/cart", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=xx" },
      body: "--xx\r\nContent-Disposition: form-data; name=",
    });
    expect(broken.status).toBe(400);
    expect(pageHits).toBe(before);
    const form = new FormData();
    form.set("intent", "add");
    expect((await call("/cart", { method: "POST", body: form })).status).toBe(200);
    expect(pageHits).toBe(before + 1);
  });

  it.each(["PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND"])("answers %s to a page with 405 and Allow", async (method) => {
    const before = pageHits;
    const res = await call("/cart", { method, headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a=1" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, POST");
    expect(pageHits).toBe(before);
  });

  it("still refuses a foreign or missing Origin first, with 403", async () => {
    const before = pageHits;
    const foreign = await fetch(`${shop.base}/cart`, { method: "DELETE", headers: { origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    const missing = await fetch(`${shop.base}/cart`, { method: "POST", body: new URLSearchParams({ intent: "clear" }) });
    expect(missing.status).toBe(403);
    expect(pageHits).toBe(before);
  });

  it("answers a page address with a broken %-encoding with 400", async () => {
    const before = pageHits;
    for (const p of ["/%zz", "/vinyl/%E0%A4%A", "/cart/%"]) expect((await fetch(`${shop.base}${p}`)).status).toBe(400);
    expect(pageHits).toBe(before);
  });
});

describe("/api and /trpc", () => {
  it("answers an /api path with a broken %-encoding with a JSON 400", async () => {
    const res = await fetch(`${shop.base}/api/tracks/%zz`);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/could not be read/);
  });

  it("answers TRACE with 405, on /trpc and on pages", async () => {
    expect(await trace("/trpc/catalogue.list")).toEqual({ status: 405, allow: "GET, POST" });
    expect(await trace("/cart")).toEqual({ status: 405, allow: "GET, HEAD, POST" });
  });

  it.each(["PUT", "DELETE", "OPTIONS"])("answers %s on /trpc with 405", async (method) => {
    const res = await call("/trpc/catalogue.list", { method });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, POST");
    expect((await res.json()).error).toContain(method);
  });

  const batch = (name: string, n: number) => Array.from({ length: n }, () => name).join(",");
  const inputs = (n: number, input: unknown) =>
    JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [i, input])));

  it("answers a batch of 10 queries, and refuses 11 whole", async () => {
    const ten = await fetch(
      `${shop.base}/trpc/${batch("catalogue.list", 10)}?batch=1&input=${encodeURIComponent(inputs(10, { limit: 1 }))}`,
    );
    expect(ten.status).toBe(200);
    expect(await ten.json()).toHaveLength(10);
    const eleven = await fetch(
      `${shop.base}/trpc/${batch("catalogue.list", 11)}?batch=1&input=${encodeURIComponent(inputs(11, {}))}`,
    );
    expect(eleven.status).toBe(400);
    expect((await eleven.json()).error).toBe("A batch holds at most 10 calls; this one had 11.");
  });

  it("refuses a batch of mutations whole: nothing is created", async () => {
    const before = subscriberCount();
    for (const n of [2, 900]) {
      const emails = Array.from({ length: n }, (_, i) => ({ email: `batch${n}-${i}@example.com`, favoriteGenre: "Jazz" }));
      const res = await call(`/trpc/${batch("subscribe.create", n)}?batch=1`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(Object.fromEntries(emails.map((e, i) => [i, e]))),
      });
      expect(res.status).toBe(400);
    }
    expect(subscriberCount()).toBe(before);
    // One mutation alone, batched or not, goes through.
    const one = await call(`/trpc/subscribe.create?batch=1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ 0: { email: "alone@example.com", favoriteGenre: "Jazz" } }),
    });
    expect(one.status).toBe(200);
    expect(subscriberCount()).toBe(before + 1);
  });
});
