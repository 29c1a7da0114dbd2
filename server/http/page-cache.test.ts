import http from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listen } from "../../tests/setup/http";
import { compressUnlessCollected, createPageCache } from "./page-cache";

// The cache in front of a stand-in page handler that answers as the real one does (a fetch Response handed to
// res.locals.fillPageCache), counting renders. The real pages are covered by tests/e2e/page-cache.spec.ts.
let version = "v1";
let clock = 0;
let renders = 0;
let apiCalls = 0;
let body = "";
let base: string;
let close: () => Promise<void>;
const cache = createPageCache({ version: () => version, maxBytes: 40_000, maxAgeMs: 60_000, now: () => clock });

beforeAll(async () => {
  const app = express();
  app.use(cache.middleware);
  // A fresh nonce per response, as the real server sends.
  app.use((_req, res, next) => {
    res.locals.cspNonce = `n0nce${Math.random().toString(36).slice(2)}`;
    res.setHeader("Content-Security-Policy", `script-src 'self' 'nonce-${res.locals.cspNonce}'`);
    next();
  });
  app.use(compressUnlessCollected(compression({ threshold: 0 })));
  // API calls answer as the real shims do: Express's res.json, or tRPC's write-then-end.
  app.get("/api/tracks/:id", (req, res) => {
    apiCalls++;
    if (req.params.id === "404") return void res.status(404).json({ error: "No such record." });
    res.set("Cache-Control", "public, max-age=300").json({ id: Number(req.params.id), title: body });
  });
  app.get("/api/user", (_req, res) => {
    apiCalls++;
    res.set("Cache-Control", "no-store").json({ username: "someone" });
  });
  app.get("/trpc/catalogue.list", (_req, res) => {
    apiCalls++;
    res.setHeader("Content-Type", "application/json");
    res.setHeader("Vary", "trpc-accept, accept");
    res.write(`{"result":{"data":"`);
    res.write(body);
    res.end(`"}}`);
  });
  app.get("/{*path}", async (req, res) => {
    renders++;
    // Slow enough for concurrent requests to meet while it renders.
    await new Promise((resolve) => setTimeout(resolve, 30));
    const headers: Record<string, string> = { "content-type": "text/html; charset=utf-8" };
    if (req.path === "/vinyl/with-cookie") headers["set-cookie"] = "a=b";
    const status = req.path === "/vinyl/missing" ? 404 : 200;
    const answer = new Response(`${body}<script nonce="${res.locals.cspNonce}">window.page = "${req.path}"</script>`, {
      status,
      headers,
    });
    const toSend = res.locals.fillPageCache ? await res.locals.fillPageCache(answer) : answer;
    if (!toSend) return;
    res.status(toSend.status);
    toSend.headers.forEach((value, name) => res.setHeader(name, value));
    // As the real handler sends an answer: no tag of Express's own.
    res.end(await toSend.text());
  });
  ({ url: base, close } = await listen(app));
});

afterAll(() => close());

beforeEach(() => {
  version = `v${Math.random()}`;
  clock = 0;
  renders = 0;
  apiCalls = 0;
  body = "<p>Hello</p>";
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers: { "accept-encoding": "br", ...headers } });

describe("visitor page cache", () => {
  it("keeps a page asked for twice, then answers from memory with the same bytes, compressed, under a hash-only policy", async () => {
    const once = await get("/browse?b=2&a=1");
    expect(once.headers.get("x-page-cache"), "asked once: not kept").toBeNull();
    const first = await get("/browse?b=2&a=1");
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const second = await get("/browse?a=1&b=2");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(renders).toBe(2);
    expect(second.headers.get("content-encoding")).toBe("br");
    expect(await second.text()).toBe(await first.text());
    const policy = second.headers.get("content-security-policy")!;
    expect(policy).toMatch(/^script-src 'self' 'sha256-[\w+/=]+'$/);
    expect(policy).not.toContain("nonce");
    expect(second.headers.get("cache-control")).toContain("s-maxage=60");
    // Without br, gzip; without either, plain bytes.
    const gz = await get("/browse?a=1&b=2", { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    const plain = await fetch(`${base}/browse?a=1&b=2`, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toContain("<p>Hello</p>");
    expect(renders).toBe(2);
  });

  it("renders afresh after any write, and after the entry's time is up", async () => {
    await get("/genres");
    await get("/genres");
    expect(renders).toBe(2);
    body = "<p>Changed</p>";
    version = "after-a-write";
    const afterWrite = await get("/genres");
    expect(afterWrite.headers.get("x-page-cache")).toBe("miss");
    expect(await afterWrite.text()).toContain("Changed");
    clock += 61_000;
    await get("/genres");
    expect(renders).toBe(4);
  });

  it("never shares a request with a cookie, an answer that sets one, or anything but a 200", async () => {
    await get("/");
    await get("/");
    const withCookie = await get("/", { cookie: "__Host-session=secret" });
    expect(withCookie.headers.get("x-page-cache")).toBeNull();
    await get("/vinyl/with-cookie");
    const again = await get("/vinyl/with-cookie");
    expect(again.headers.get("x-page-cache")).toBeNull();
    await get("/vinyl/missing");
    expect((await get("/vinyl/missing")).status).toBe(404);
    expect(renders).toBe(7);
  });

  it("lets concurrent misses wait for one render, and answers an unchanged page's ETag with 304", async () => {
    await get("/new-releases");
    const answers = await Promise.all(Array.from({ length: 5 }, () => get("/new-releases")));
    expect(renders).toBe(2);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const etag = answers[0]!.headers.get("etag")!;
    const revalidated = await get("/new-releases", { "if-none-match": etag });
    expect(revalidated.status).toBe(304);
  });

  it("tells a cache in front that a visitor's page is shared, from its first answer on, and for whom", async () => {
    for (const state of [null, "miss", "hit"]) {
      const answer = await get("/help");
      expect(answer.headers.get("x-page-cache")).toBe(state);
      expect(answer.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
      expect(answer.headers.get("vary")).toBe("Accept-Encoding, Cookie");
      expect(answer.headers.get("etag")).toMatch(/^"[\w-]{22}"$/);
      expect(answer.headers.get("content-security-policy")).not.toContain("nonce");
      // The policy names the scripts' hashes: the request's nonce is left out of the shared bytes.
      expect(await answer.text()).toContain('<script>window.page = "/help"</script>');
    }
  });

  it("tags each encoding's bytes apart, the same bytes alike on every render, and answers 304 only for the bytes held", async () => {
    body = "<p>Gentle Shoreline</p>".repeat(100);
    const tagOf = async (encoding: string) => {
      const answer = await get("/vinyl-care", { "accept-encoding": encoding });
      expect(answer.headers.get("content-encoding")).toBe(encoding === "identity" ? null : encoding);
      return answer.headers.get("etag")!;
    };
    const askedOnce = await tagOf("br");
    const kept = [await tagOf("br"), await tagOf("gzip"), await tagOf("identity")];
    // RFC 9110 §8.8.3: a strong tag names one representation's bytes, and brotli's bytes are not gzip's.
    expect(new Set(kept).size).toBe(3);
    // Kept, a page is compressed harder than a page sent once: other bytes, another tag.
    expect(askedOnce).not.toBe(kept[0]);
    const [br, gz] = kept;
    expect((await get("/vinyl-care", { "if-none-match": br! })).status).toBe(304);
    expect((await get("/vinyl-care", { "if-none-match": `"other", W/${br}` })).status).toBe(304);
    expect((await get("/vinyl-care", { "accept-encoding": "gzip", "if-none-match": gz! })).status).toBe(304);
    const otherEncoding = await get("/vinyl-care", { "accept-encoding": "gzip", "if-none-match": br! });
    expect(otherEncoding.status).toBe(200);
    expect(otherEncoding.headers.get("etag")).toBe(gz);
    // Rendered again after a write, under another nonce: the same bytes, so the same tags, and a 304 still holds.
    version = "after-a-write";
    expect([await tagOf("br"), await tagOf("gzip"), await tagOf("identity")]).toEqual(kept);
    expect(renders).toBe(3);
    const revalidated = await get("/vinyl-care", { "if-none-match": br! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("etag")).toBe(br);
    expect(revalidated.headers.get("cache-control")).toContain("s-maxage=60");
    expect(revalidated.headers.get("vary")).toBe("Accept-Encoding, Cookie");
  });

  it("never tells a cache in front to share an answer that sets a cookie or fails", async () => {
    for (const path of ["/vinyl/with-cookie", "/vinyl/missing"]) {
      for (let i = 0; i < 3; i++) {
        const answer = await get(path);
        expect(answer.headers.get("cache-control") ?? "").not.toMatch(/public|s-maxage/);
        expect(answer.headers.get("etag")).toBeNull();
      }
    }
  });

  it("keeps no more than its memory bound, dropping the least recently used pages", async () => {
    // Random letters compress to about 2 KB a copy, two copies a page: the 40 KB bound holds about ten pages.
    const pages = Array.from({ length: 20 }, (_, i) => `/blog/post-${i}`);
    for (const page of pages) {
      body = Array.from({ length: 3000 }, () => Math.random().toString(36)[2]).join("");
      await get(page);
      await get(page);
    }
    expect(cache.stats().bytes).toBeLessThanOrEqual(40_000);
    expect(cache.stats().entries).toBeLessThan(15);
    renders = 0;
    await get("/blog/post-19");
    expect(renders).toBe(0);
    await get("/blog/post-0");
    expect(renders).toBe(1);
  });

  it("does not keep pages asked for once, however many there are", async () => {
    for (let i = 0; i < 30; i++) await get(`/browse?q=once-${i}`);
    const before = cache.stats().entries;
    await get("/browse?q=once-0");
    expect(cache.stats().entries).toBe(before + 1);
    for (let i = 1; i < 30; i++) expect((await get(`/browse?q=once-${i}`)).headers.get("x-page-cache")).toBe("miss");
  });
});

describe("visitor answer cache for public API calls", () => {
  it("keeps a public call's JSON asked for twice, with its documented Cache-Control, compressed once", async () => {
    body = "Gentle Shoreline ".repeat(100);
    const plain = await get("/api/tracks/7");
    expect(plain.headers.get("x-page-cache"), "asked once: not kept").toBeNull();
    // Compressed in one call, with its length: streamed through the compression middleware it would have none.
    expect(plain.headers.get("content-encoding")).toBe("br");
    const length = Number(plain.headers.get("content-length"));
    expect(length).toBeGreaterThan(0);
    expect(length).toBeLessThan(JSON.stringify({ id: 7, title: body }).length / 10);
    expect(plain.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(await plain.json()).toEqual({ id: 7, title: body });
    const miss = await get("/api/tracks/7");
    const hit = await get("/api/tracks/7");
    expect([miss.headers.get("x-page-cache"), hit.headers.get("x-page-cache")]).toEqual(["miss", "hit"]);
    expect(apiCalls).toBe(2);
    expect(hit.headers.get("cache-control")).toBe("public, max-age=300");
    // The same for everyone, cookie or not: a cache in front need only keep one copy per encoding.
    expect(hit.headers.get("vary")).toBe("Accept-Encoding");
    expect(hit.headers.get("content-type")).toMatch(/^application\/json/);
    expect(hit.headers.get("content-encoding")).toBe("br");
    expect(await hit.json()).toEqual({ id: 7, title: body });
    expect(await miss.json()).toEqual({ id: 7, title: body });
    // A write: the next call asks the shim again.
    version = "after-a-write";
    body = "Changed";
    expect(await (await get("/api/tracks/7")).json()).toEqual({ id: 7, title: "Changed" });
    expect(apiCalls).toBe(3);
  });

  it("keeps a catalogue tRPC query written in pieces, and shares nothing personal, failed or sent with a cookie", async () => {
    await get("/trpc/catalogue.list?input=%7B%7D");
    await get("/trpc/catalogue.list?input=%7B%7D");
    const hit = await get("/trpc/catalogue.list?input=%7B%7D");
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    // A call asking for a stream must not be handed the kept JSON by a cache in front.
    expect(hit.headers.get("vary")).toBe("Accept-Encoding, trpc-accept, accept");
    expect(await hit.json()).toEqual({ result: { data: "<p>Hello</p>" } });
    expect(apiCalls).toBe(2);
    for (let i = 0; i < 3; i++) {
      expect((await get("/api/tracks/404")).status).toBe(404);
      expect((await get("/api/user")).headers.get("x-page-cache")).toBeNull();
      expect((await get("/api/tracks/8", { cookie: "__Host-session=secret" })).headers.get("x-page-cache")).toBeNull();
    }
    expect(await (await get("/api/tracks/404")).json()).toEqual({ error: "No such record." });
    expect(apiCalls).toBe(2 + 3 * 3 + 1);
  });
});

describe("visitor page cache before Express", () => {
  it("answers a fresh hit from Node's request alone, and leaves misses and shoppers with cookies to the chain", async () => {
    let entered = 0;
    const app = express();
    app.use((_req, _res, next) => {
      entered++;
      next();
    });
    app.use(cache.middleware);
    app.get("/{*path}", async (req, res) => {
      const answer = new Response(`<p>${req.path}</p>`, { headers: { "content-type": "text/html; charset=utf-8" } });
      const toSend = res.locals.fillPageCache ? await res.locals.fillPageCache(answer) : answer;
      if (toSend) res.send(await toSend.text());
    });
    const logged: string[] = [];
    const server = http.createServer((req, res) => {
      if (!cache.serveDirect(req, res, () => logged.push(req.url!))) app(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const direct = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const ask = (headers: Record<string, string> = {}) =>
        fetch(`${direct}/genres?b=1&a=2`, { headers: { "accept-encoding": "br", ...headers } });
      await ask();
      expect((await ask()).headers.get("x-page-cache")).toBe("miss");
      expect(entered).toBe(2);

      const hit = await ask();
      expect(hit.headers.get("x-page-cache")).toBe("hit");
      expect(await hit.text()).toBe("<p>/genres</p>");
      expect(entered, "a hit never enters Express").toBe(2);
      expect(logged).toEqual(["/genres?b=1&a=2"]);

      const withCart = await ask({ cookie: "needledrop-cart=1x1" });
      expect(withCart.headers.get("x-page-cache")).toBeNull();
      expect(entered).toBe(3);

      version = `v${Math.random()}`; // a write: the entry is stale
      expect((await ask()).headers.get("x-page-cache")).not.toBe("hit");
      expect(entered).toBe(4);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
