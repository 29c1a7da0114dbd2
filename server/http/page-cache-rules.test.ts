import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  chooseEncoding,
  ifNoneMatchHits,
  inlineScriptHashes,
  isShareableAnswer,
  pageCacheKey,
  policyWithHashes,
  type CacheableRequest,
  sharedVary,
  strongEtag,
  variesOnlyByKeyedHeaders,
  withoutNonce,
} from "./page-cache-rules";

const origin = "https://needledrop.example";
const visitor = (url: string, extra: Partial<Parameters<typeof pageCacheKey>[0]> = {}) =>
  pageCacheKey({ method: "GET", url, origin, ...extra });

describe("pageCacheKey", () => {
  it("keys a visitor's public page by origin and address, filters in any order being one page", () => {
    expect(visitor("/")).toBe(`${origin}/`);
    expect(visitor("/vinyl/12-some-record")).toBe(`${origin}/vinyl/12-some-record`);
    expect(visitor("/help")).toBe(`${origin}/help`);
    expect(visitor("/browse?sort=price&genre=Jazz")).toBe(visitor("/browse?genre=Jazz&sort=price"));
    expect(visitor("/browse?genre=Jazz&genre=Funk")).not.toBe(visitor("/browse?genre=Funk&genre=Jazz"));
    expect(visitor("/browse?")).toBe(`${origin}/browse`);
    // A script's navigation fetches the same page's data: its own entry.
    expect(visitor("/browse.data?genre=Jazz")).toBe(`${origin}/browse.data?genre=Jazz`);
    expect(visitor("/_root.data")).toBe(`${origin}/_root.data`);
  });

  it("never shares an answer to a request with any cookie or credentials", () => {
    expect(visitor("/", { cookie: "__Host-session=abc" })).toBeNull();
    expect(visitor("/", { cookie: "needledrop-cart=1x2" })).toBeNull();
    expect(visitor("/", { cookie: "toast=xyz" })).toBeNull();
    expect(visitor("/", { authorization: "Basic eDp5" })).toBeNull();
  });

  it("leaves personal, token-bearing and back-office pages, and writes, to the full chain", () => {
    for (const url of ["/cart", "/checkout", "/profile", "/auth", "/admin", "/unsubscribe?token=t", "/reset-password?token=t"])
      expect(visitor(url), url).toBeNull();
    expect(visitor("/virtual-crate-dig")).toBeNull();
    expect(visitor("/cart.data")).toBeNull();
    expect(pageCacheKey({ method: "POST", url: "/", origin })).toBeNull();
    expect(pageCacheKey({ method: "HEAD", url: "/", origin })).toBe(`${origin}/`);
  });

  it("with a public origin, caches only requests for it, and bounds the address", () => {
    expect(pageCacheKey({ method: "GET", url: "/", origin: "http://evil.example" }, origin)).toBeNull();
    expect(pageCacheKey({ method: "GET", url: "/", origin }, origin)).toBe(`${origin}/`);
    expect(visitor(`/browse?q=${"a".repeat(2000)}`)).toBeNull();
  });
});

describe("pageCacheKey for API calls", () => {
  const key = (url: string, extra: Partial<CacheableRequest> = {}) =>
    pageCacheKey({ method: "GET", url, origin: "https://shop.example", ...extra });

  it("keys the calls the contract marks public, and the catalogue's tRPC queries alone or batched", () => {
    expect(key("/api/tracks?page=2&limit=24")).toBe("https://shop.example/api/tracks?limit=24&page=2");
    expect(key("/api/tracks/12")).toBe("https://shop.example/api/tracks/12");
    expect(key("/api/featured-vinyl")).toBe("https://shop.example/api/featured-vinyl");
    expect(key("/trpc/catalogue.list?input=%7B%7D")).toBe("https://shop.example/trpc/catalogue.list?input=%7B%7D");
    expect(key("/trpc/catalogue.list,catalogue.byId?batch=1")).not.toBeNull();
  });

  it("leaves personal calls, other procedures, writes and callers with cookies to the chain", () => {
    for (const url of [
      "/api/album-image?src=/media/covers/a.jpg",
      "/api/user",
      "/api/orders",
      "/api/recommendations",
      "/api/tracks/12/extra",
      "/trpc/cart.get",
    ]) {
      expect(key(url), url).toBeNull();
    }
    expect(key("/trpc/catalogue.list,cart.get?batch=1")).toBeNull();
    expect(key("/api/tracks", { method: "POST" })).toBeNull();
    expect(key("/api/tracks", { cookie: "__Host-session=x" })).toBeNull();
    expect(key("/trpc/catalogue.list", { trpcAccept: "application/jsonl" })).toBeNull();
    expect(key("/trpc/catalogue.list", { accept: "text/event-stream" })).toBeNull();
    expect(key("/trpc/catalogue.list", { accept: "*/*" })).not.toBeNull();
  });

  it("shares an API answer only if it varies by nothing the key leaves out", () => {
    expect(variesOnlyByKeyedHeaders("/api/tracks", "Accept-Encoding")).toBe(true);
    expect(variesOnlyByKeyedHeaders("/api/album-image", "Accept")).toBe(false);
    expect(variesOnlyByKeyedHeaders("/trpc/catalogue.list", "trpc-accept, accept, Accept-Encoding")).toBe(true);
    expect(variesOnlyByKeyedHeaders("/trpc/catalogue.list", "Cookie")).toBe(false);
  });
});

describe("chooseEncoding", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip, br;q=0")).toBe("gzip");
    expect(chooseEncoding("br;q=0.5")).toBe("br");
    expect(chooseEncoding("deflate")).toBe("identity");
    expect(chooseEncoding(undefined)).toBe("identity");
  });
});

describe("what a cache in front is told", () => {
  it("varies a page by encoding and cookie, an API answer by encoding and what it names itself", () => {
    expect(sharedVary("/browse?genre=Jazz", "")).toBe("Accept-Encoding, Cookie");
    expect(sharedVary("/browse.data", "accept-encoding")).toBe("Accept-Encoding, Cookie");
    expect(sharedVary("/api/tracks/12", "Accept-Encoding")).toBe("Accept-Encoding");
    expect(sharedVary("/trpc/catalogue.list", "trpc-accept, accept,Accept-Encoding")).toBe(
      "Accept-Encoding, trpc-accept, accept",
    );
  });

  it("tags bytes strongly: the same bytes alike, other bytes apart", () => {
    const tag = strongEtag(Buffer.from("<p>one</p>"));
    expect(tag).toMatch(/^"[\w-]{22}"$/);
    expect(strongEtag(Buffer.from("<p>one</p>"))).toBe(tag);
    expect(strongEtag(Buffer.from("<p>two</p>"))).not.toBe(tag);
  });

  it("matches If-None-Match by weak comparison, in a list, or *", () => {
    expect(ifNoneMatchHits('"abc"', '"abc"')).toBe(true);
    expect(ifNoneMatchHits('"x", W/"abc"', '"abc"')).toBe(true);
    expect(ifNoneMatchHits("*", '"abc"')).toBe(true);
    expect(ifNoneMatchHits('"abcd"', '"abc"')).toBe(false);
    expect(ifNoneMatchHits(undefined, '"abc"')).toBe(false);
  });

  it("takes the request's nonce out of a shared page, and nothing else", () => {
    const html = '<script nonce="r4nd0m">a()</script><link rel="modulepreload" href="/x.js" nonce="r4nd0m"/><p>nonce="other"</p>';
    expect(withoutNonce(html, "r4nd0m")).toBe('<script>a()</script><link rel="modulepreload" href="/x.js"/><p>nonce="other"</p>');
    expect(withoutNonce(html, "")).toBe(html);
  });
});

describe("isShareableAnswer", () => {
  it("shares only a plain 200 that sets no cookie and does not forbid it", () => {
    expect(isShareableAnswer(200, new Headers({ "content-type": "text/html" }), false)).toBe(true);
    expect(isShareableAnswer(404, new Headers(), false)).toBe(false);
    expect(isShareableAnswer(302, new Headers(), false)).toBe(false);
    expect(isShareableAnswer(200, new Headers({ "set-cookie": "a=b" }), false)).toBe(false);
    expect(isShareableAnswer(200, new Headers(), true)).toBe(false);
    expect(isShareableAnswer(200, new Headers({ "cache-control": "private, max-age=0" }), false)).toBe(false);
    expect(isShareableAnswer(200, new Headers({ "cache-control": "no-store" }), false)).toBe(false);
  });
});

describe("inline script hashes", () => {
  const sha = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

  it("hashes each inline script's exact text, once, and skips scripts loaded from a file", () => {
    const html = `<head><script nonce="n">window.a = "£1"</script><script type="module" src="/assets/x.js"></script></head>
      <body><script type="module" nonce="n">import "/assets/y.js";\n</script><script>window.a = "£1"</script></body>`;
    expect(inlineScriptHashes(html)).toEqual([sha('window.a = "£1"'), sha('import "/assets/y.js";\n')]);
  });

  it("swaps the nonce source for the hashes and keeps the rest of the policy", () => {
    const policy = "default-src 'self';script-src 'self' 'nonce-abc';object-src 'none'";
    expect(policyWithHashes(policy, "abc", ["'sha256-x'", "'sha256-y'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-x' 'sha256-y';object-src 'none'",
    );
    expect(policyWithHashes(policy, "abc", [])).toBe("default-src 'self';script-src 'self';object-src 'none'");
  });
});
