import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../tests/setup/http";
import { createApp } from "./app";
import { users } from "../db/schema";
import { giveTwoFactor } from "../tests/setup/two-factor";
import { sessionCookieName } from "./auth/cookies";
import { createSessionsService } from "./services/sessions";

// HTTP contract of the one server process, with a stand-in page renderer: the real pages are
// covered by the browser tests against the built server.
let pageHits = 0;
const shop = useTestApp({
  name: "app",
  database: "seeded",
  pages: (_req, res) => {
    pageHits++;
    res.type("html").send(`<p>page ${res.locals.cspNonce}</p>`);
  },
});

const post = (path: string, init: RequestInit = {}) => fetch(`${shop.base}${path}`, { method: "POST", ...init });

describe("security headers", () => {
  it("sends a CSP with a fresh nonce per response, plus nosniff, referrer policy and frame-ancestors", async () => {
    const [a, b] = await Promise.all([fetch(`${shop.base}/`), fetch(`${shop.base}/`)]);
    const csp = a.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(await a.text()).toContain(nonce!);
    expect(b.headers.get("content-security-policy")).not.toContain(nonce!);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
    expect(a.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(a.headers.get("x-powered-by")).toBeNull();
  });

  it("sends HSTS only over https (as told by a trusted proxy)", async () => {
    const plain = await fetch(`${shop.base}/api/tracks`);
    expect(plain.headers.get("strict-transport-security")).toBeNull();
  });

  it("puts the headers on API errors too", async () => {
    const res = await fetch(`${shop.base}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
  });
});

describe("mutations: Origin, size and JSON checks", () => {
  it("refuses a foreign Origin with 403 and never reaches the handler", async () => {
    const before = pageHits;
    const res = await post("/cart", { headers: { origin: "https://evil.example" }, body: "x=1" });
    expect(res.status).toBe(403);
    expect(pageHits).toBe(before);
  });

  it("refuses a missing Origin with 403, for REST and tRPC too", async () => {
    expect((await post("/api/tracks")).status).toBe(403);
    const trpc = await post("/trpc/catalogue.list", { headers: { "content-type": "application/json" }, body: "{}" });
    expect(trpc.status).toBe(403);
    expect(await trpc.json()).toMatchObject({ error: "Missing Origin header." });
  });

  it("lets a same-origin form post through to the pages", async () => {
    const before = pageHits;
    const res = await post("/somewhere", { headers: { origin: shop.base }, body: new URLSearchParams({ a: "1" }) });
    expect(res.status).toBe(200);
    expect(pageHits).toBe(before + 1);
  });

  it("answers 413 to a 2 MB body", async () => {
    const res = await post("/api/tracks", {
      headers: { origin: shop.base, "content-type": "application/json" },
      body: JSON.stringify({ blob: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toMatch(/too large/i);
  });

  it("reads a large upload only for staff whose role may use the page it is posted to", async () => {
    const sessions = createSessionsService(shop.t.db);
    const cookieFor = (staffRole: string) => {
      const user = shop.t.db
        .insert(users)
        .values({
          username: `upload-${staffRole}`,
          email: `upload-${staffRole}@example.com`,
          passwordHash: "x",
          role: "admin",
          staffRole,
        })
        .returning()
        .get();
      giveTwoFactor(shop.t.db, user.id);
      return `${sessionCookieName(false)}=${sessions.create(user.id, { twoFactorVerified: true }).token}`;
    };
    const upload = (cookie: string) => {
      const form = new FormData();
      form.append("cover", new Blob([new Uint8Array(2 * 1024 * 1024)]), "cover.jpg");
      return post("/admin/catalog-update/new", { headers: { origin: shop.base, cookie }, body: form });
    };
    expect((await upload(cookieFor("packer"))).status).toBe(413);
    expect((await upload(cookieFor("manager"))).status).toBe(200);
  });

  it("reads a shopper's return photos (over 1 MB) only with a session or a return grant", async () => {
    const upload = (cookie?: string) => {
      const form = new FormData();
      form.append("photos", new Blob([new Uint8Array(2 * 1024 * 1024)]), "warp.jpg");
      return post("/returns/new", { headers: { origin: shop.base, ...(cookie ? { cookie } : {}) }, body: form });
    };
    expect((await upload()).status).toBe(413);
    // The page checks the grant's signature; a body over 21 MB is refused whatever the cookie.
    expect((await upload("needledrop-returns=o:ND-AAAAAAAA:1:x")).status).toBe(200);
  });

  it("answers 400 with a clear message to broken JSON, on REST and tRPC", async () => {
    for (const path of ["/api/tracks", "/trpc/catalogue.list"]) {
      const res = await post(path, { headers: { origin: shop.base, "content-type": "application/json" }, body: '{"a":' });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe("Malformed JSON in request body.");
    }
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const res = await fetch(`${shop.base}/api/nope`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect((await res.json()).error).toContain("/api/nope");
  });
});

describe("GET /api/tracks", () => {
  it("returns records with the spec's field names and price text", async () => {
    const res = await fetch(`${shop.base}/api/tracks?page=1&limit=12`);
    expect(res.status).toBe(200);
    const tracks = (await res.json()) as Record<string, unknown>[];
    expect(tracks).toHaveLength(12);
    const first = tracks[0]!;
    for (const field of [
      "id",
      "title",
      "artist",
      "genre",
      "coverUrl",
      "audioUrl",
      "duration",
      "isNewRelease",
      "isPreOrder",
      "description",
      "price",
      "label",
      "format",
      "catalogNumber",
      "releaseDate",
      "physical_release_date",
      "stockQuantity",
      "stock",
      "year",
      "rating",
      "bestSeller",
    ]) {
      expect(first).toHaveProperty(field);
    }
    expect(first.price).toMatch(/^£\d+\.\d{2}$/);
    expect(first).not.toHaveProperty("pricePence");
    expect(Number(res.headers.get("x-total-count"))).toBeGreaterThan(600);
  });

  it("pages without overlap", async () => {
    const one = (await (await fetch(`${shop.base}/api/tracks?page=1&limit=5`)).json()) as { id: number }[];
    const two = (await (await fetch(`${shop.base}/api/tracks?page=2&limit=5`)).json()) as { id: number }[];
    expect(one.map((t) => t.id).filter((id) => two.some((t) => t.id === id))).toEqual([]);
  });

  it("rejects a bad page or limit with 400 naming the field", async () => {
    const res = await fetch(`${shop.base}/api/tracks?limit=1000`);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/limit/);
    expect((await fetch(`${shop.base}/api/tracks?page=abc`)).status).toBe(400);
  });

  it("answers one record by id, and 404 for an unknown id", async () => {
    const ok = await fetch(`${shop.base}/api/tracks/1`);
    expect(ok.status).toBe(200);
    expect((await ok.json()).id).toBe(1);
    const missing = await fetch(`${shop.base}/api/tracks/999999`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toContain("999999");
  });
});

describe("tRPC at /trpc", () => {
  it("answers the catalogue list query with a page of tracks", async () => {
    const input = encodeURIComponent(JSON.stringify({ page: 2, limit: 3 }));
    const res = await fetch(`${shop.base}/trpc/catalogue.list?input=${input}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { data: { items: unknown[]; page: number } } };
    expect(body.result.data.page).toBe(2);
    expect(body.result.data.items).toHaveLength(3);
  });

  it("maps an unknown id to NOT_FOUND and bad input to BAD_REQUEST", async () => {
    const missing = await fetch(`${shop.base}/trpc/catalogue.byId?input=${encodeURIComponent('{"id":999999}')}`);
    expect(missing.status).toBe(404);
    const bad = await fetch(`${shop.base}/trpc/catalogue.byId?input=${encodeURIComponent('{"id":-1}')}`);
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { data: { zodError: unknown } } };
    expect(body.error.data.zodError).toBeTruthy();
  });
});

describe("generated media", () => {
  it("makes a record's audio preview on first play and serves it as WAV", async () => {
    const res = await fetch(`${shop.base}/media/audio/track-1.wav`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("audio/wav");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 4).toString("ascii")).toBe("RIFF");
    expect(fs.existsSync(path.join(shop.mediaDir, "audio", "track-1.wav"))).toBe(true);
  });

  it("does not make files for unknown or unsafe ids", async () => {
    const before = pageHits;
    expect((await fetch(`${shop.base}/media/audio/no-such-record.wav`)).status).toBe(200); // falls through to the pages
    expect(pageHits).toBe(before + 1);
    await fetch(`${shop.base}/media/audio/..%2F..%2Fetc.wav`);
    expect(fs.readdirSync(path.join(shop.mediaDir, "audio"))).toEqual(["track-1.wav"]);
  });
});

describe("trustProxySetting", () => {
  it("reads a hop count as a number and true as true, other values as Express address lists", async () => {
    const { trustProxySetting } = await import("./app");
    expect(trustProxySetting("1")).toBe(1);
    expect(trustProxySetting("true")).toBe(true);
    expect(trustProxySetting("loopback")).toBe("loopback");
  });
});

describe("the listening server", () => {
  it("keeps an idle connection open longer than the proxies in front, so a reused one is never reset under them", async () => {
    const { KEEP_ALIVE_MS, listenerWithPageCache } = await import("./app");
    const app = createApp({ db: shop.t.db, pages: (_req, res) => void res.end() });
    const server = listenerWithPageCache(app).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
    await new Promise((resolve) => server.close(resolve));
  });
});
