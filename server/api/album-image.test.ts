import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderCover } from "../../db/seed/media/cover-image";
import { coverSvg } from "../../db/seed/media/cover-svg";
import { listen } from "../../tests/setup/http";
import { migratedTestDb, type TestDb } from "../../tests/setup/test-db";
import { createApp } from "../app";

// HTTP contract of GET /api/album-image, against createApp with a stand-in page renderer and a temporary
// MEDIA_DIR holding one generated cover. Public images come from the real public/ folder.
let t: TestDb;
let base: string;
let close: () => Promise<void>;
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-album-image-"));
const cacheDir = path.join(mediaDir, "resized");

// A server the endpoint must never contact: any request it gets is a failed SSRF test.
let baitHits = 0;
const bait = http.createServer((_req, res) => {
  baitHits++;
  res.writeHead(200, { "content-type": "image/jpeg" }).end("not really");
});
let baitOrigin = "";

const image = (query: string, init?: RequestInit) => fetch(`${base}/api/album-image?${query}`, init);
const cover = (params: string, init?: RequestInit) =>
  image(`url=${encodeURIComponent("/media/covers/track-1.jpg")}&${params}`, init);
const varyList = (res: Response) =>
  (res.headers.get("vary") ?? "")
    .toLowerCase()
    .split(",")
    .map((v) => v.trim());

function cacheFiles(): string[] {
  if (!fs.existsSync(cacheDir)) return [];
  return fs
    .readdirSync(cacheDir, { recursive: true, encoding: "utf8" })
    .map((f) => path.join(cacheDir, f))
    .filter((f) => fs.statSync(f).isFile());
}

beforeAll(async () => {
  process.env.ACCESS_LOG = "off";
  process.env.MEDIA_DIR = mediaDir;
  await renderCover(
    coverSvg({ catalogueId: "track-1", title: "Blue Hours", artist: "The Fenlands", genre: "Jazz" }),
    path.join(mediaDir, "covers", "track-1.jpg"),
  );
  t = migratedTestDb();
  const app = createApp({ db: t.db, pages: (_req, res) => res.type("html").send("<p>page</p>") });
  ({ url: base, close } = await listen(app));
  await new Promise<void>((resolve) => bait.listen(0, "127.0.0.1", resolve));
  baitOrigin = `http://127.0.0.1:${(bait.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await close();
  await new Promise((resolve) => bait.close(resolve));
  t.cleanup();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe("GET /api/album-image: resizing", () => {
  it("returns WebP at the requested width, cached for a year with an ETag", async () => {
    const res = await cover("width=320&format=webp");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/);
    expect(varyList(res)).not.toContain("accept");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 320, height: 320 });
  });

  it.each([
    ["jpeg", "image/jpeg", "jpeg"],
    ["jpg", "image/jpeg", "jpeg"],
    ["avif", "image/avif", "heif"],
  ])("returns format=%s with width and height cropped to fill", async (format, contentType, sharpFormat) => {
    const res = await cover(`width=200&height=120&format=${format}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(contentType);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: sharpFormat, width: 200, height: 120 });
  });

  it("accepts height alone and an empty optional parameter", async () => {
    const res = await cover("height=100&width=&format=jpeg&quality=");
    expect(res.status).toBe(200);
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({ width: 100, height: 100 });
  });

  it("picks the format from Accept when none is asked for, and says Vary: Accept", async () => {
    const avif = await cover("width=64", { headers: { accept: "image/avif,image/webp,image/apng,image/*,*/*;q=0.8" } });
    expect(avif.headers.get("content-type")).toBe("image/avif");
    expect(varyList(avif)).toContain("accept");
    const webp = await cover("width=64", { headers: { accept: "image/webp,*/*" } });
    expect(webp.headers.get("content-type")).toBe("image/webp");
    const plain = await cover("width=64", { headers: { accept: "*/*" } });
    expect(plain.headers.get("content-type")).toBe("image/jpeg");
    expect(varyList(plain)).toContain("accept");
  });

  it("uses quality 85 by default (spec §7)", async () => {
    const byDefault = await cover("width=150&format=jpeg");
    const explicit = await cover("width=150&format=jpeg&quality=85");
    const lower = await cover("width=150&format=jpeg&quality=40");
    expect(explicit.headers.get("etag")).toBe(byDefault.headers.get("etag"));
    expect(lower.headers.get("etag")).not.toBe(byDefault.headers.get("etag"));
    expect((await lower.arrayBuffer()).byteLength).toBeLessThan((await byDefault.arrayBuffer()).byteLength);
  });

  it("resizes public images and shows '.ki' covers as '.jpg'", async () => {
    const fallback = await image("url=/images/default-cover.jpg&width=100&format=webp");
    expect(fallback.status).toBe(200);
    expect(await sharp(Buffer.from(await fallback.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 100 });
    const ki = await image("url=/media/covers/track-1.ki&width=100&format=webp");
    expect(ki.status).toBe(200);
    const jpg = await image("url=/media/covers/track-1.jpg&width=100&format=webp");
    expect(ki.headers.get("etag")).toBe(jpg.headers.get("etag"));
  });

  it("answers 304 to a matching If-None-Match, and HEAD without a body", async () => {
    const first = await cover("width=90&format=webp");
    const etag = first.headers.get("etag")!;
    // fetch adds "Cache-Control: no-cache" to conditional requests unless one is given, and no-cache forces a 200.
    const again = await cover("width=90&format=webp", { headers: { "if-none-match": etag, "cache-control": "max-age=0" } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    const head = await cover("width=90&format=webp", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/webp");
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });
});

describe("GET /api/album-image: disk cache", () => {
  it("renders once, then serves the same bytes from the file in the cache folder", async () => {
    const before = new Set(cacheFiles());
    const first = await cover("width=333&format=webp");
    expect(first.headers.get("x-image-cache")).toBe("miss");
    const body = Buffer.from(await first.arrayBuffer());
    const added = cacheFiles().filter((f) => !before.has(f));
    expect(added).toHaveLength(1);
    expect(fs.readFileSync(added[0]!).equals(body)).toBe(true);

    const second = await cover("width=333&format=webp");
    expect(second.headers.get("x-image-cache")).toBe("hit");
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(Buffer.from(await second.arrayBuffer()).equals(body)).toBe(true);

    // Proof that the second answer came from disk: change the file and it is what we get.
    const marker = Buffer.concat([body.subarray(0, 12), Buffer.from("served from the cache file")]);
    fs.writeFileSync(added[0]!, marker);
    const third = await cover("width=333&format=webp");
    expect(Buffer.from(await third.arrayBuffer()).equals(marker)).toBe(true);
    fs.writeFileSync(added[0]!, body);
  });

  it("shares one render between concurrent identical requests", async () => {
    const before = cacheFiles().length;
    const responses = await Promise.all(Array.from({ length: 6 }, () => cover("width=444&format=avif")));
    const bodies = await Promise.all(responses.map(async (r) => Buffer.from(await r.arrayBuffer())));
    for (const r of responses) expect(r.headers.get("x-image-cache")).toBe("miss");
    for (const b of bodies) expect(b.equals(bodies[0]!)).toBe(true);
    expect(cacheFiles().length).toBe(before + 1);
    expect(cacheFiles().filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });
});

describe("GET /api/album-image: only the shop's own images", () => {
  const refused = () => [
    "http://evil.example/a.jpg",
    "https://evil.example/media/covers/track-1.jpg",
    "//evil.example/a.jpg",
    "\\\\evil.example\\a.jpg",
    "http://127.0.0.1/media/covers/track-1.jpg",
    `${baitOrigin}/media/covers/track-1.jpg`,
    `${base}/media/covers/track-1.jpg`,
    "http://[::1]/media/covers/track-1.jpg",
    "http://localhost/media/covers/track-1.jpg",
    "http://localhost:3000/images/default-cover.jpg",
    "http://0x7f000001/a.jpg",
    "http://169.254.169.254/latest/meta-data/",
    "file:///etc/passwd",
    "file:///etc/passwd.jpg",
    "data:image/png;base64,iVBORw0KGgo=",
    "javascript:alert(1)",
    "/media/covers/../../../etc/passwd",
    "/media/covers/../covers/track-1.jpg",
    "/media/covers/%2e%2e/%2e%2e/etc/passwd.jpg",
    "/media/covers/..%2f..%2fetc%2fpasswd.jpg",
    "/media/covers%2ftrack-1.jpg",
    "/media/covers/%252e%252e%252fsecret.jpg",
    "/media/covers\\track-1.jpg",
    "/images/..\\..\\server\\app.jpg",
    "/media/covers/track-1.jpg\0.png",
    "/media/covers/track-1\0.jpg",
    "/media/covers/track-1.jpg?width=5000",
    "/media/covers/track-1.jpg#x",
    "/media/audio/track-1.wav",
    "/media/resized/aa/aaaa.jpeg",
    "/images/default-cover.svg",
    "/favicon.ico",
    "media/covers/track-1.jpg",
  ];

  it("answers 400 with a JSON error naming url, and never fetches anything", async () => {
    for (const url of refused()) {
      const res = await image(`url=${encodeURIComponent(url)}&width=100`);
      expect(res.status, url).toBe(400);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect((await res.json()).error, url).toMatch(/^Invalid url: /);
    }
    expect(baitHits).toBe(0);
  });

  it("refuses traversal however the query string is encoded", async () => {
    for (const raw of [
      "url=/media/covers/../../etc/passwd",
      "url=/media/covers/%2e%2e/%2e%2e/etc/passwd",
      "url=%2Fmedia%2Fcovers%2F%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
      "url=/media/covers/%252e%252e%252fetc%252fpasswd.jpg",
      "url=/media/covers/track-1.jpg%00",
      "url=/media/covers/track-1.jpg%3Fx%3D1",
      "url=/media/covers/track-1.jpg%5C..%5C..%5Cx.jpg",
      "url=/media/covers/track-1.jpg&url=/images/default-cover.jpg",
      "url[]=/media/covers/track-1.jpg",
    ]) {
      const res = await image(`${raw}&width=100`);
      expect(res.status, raw).toBe(400);
      expect((await res.json()).error, raw).toMatch(/url/);
    }
    expect(baitHits).toBe(0);
  });

  it("answers 404 with JSON for a well-formed shop path without a file", async () => {
    for (const url of ["/media/covers/track-999999.jpg", "/images/nothing-here.png"]) {
      const res = await image(`url=${encodeURIComponent(url)}&width=100`);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect((await res.json()).error).toContain(url);
    }
  });
});

describe("GET /api/album-image: parameters", () => {
  it.each([
    ["url missing", "width=100", "url"],
    ["no width or height", `url=/media/covers/track-1.jpg`, "width"],
    ["width not a number", "url=/media/covers/track-1.jpg&width=abc", "width"],
    ["width too small", "url=/media/covers/track-1.jpg&width=0", "width"],
    ["width too large", "url=/media/covers/track-1.jpg&width=5000", "width"],
    ["width a fraction", "url=/media/covers/track-1.jpg&width=100.5", "width"],
    ["width negative", "url=/media/covers/track-1.jpg&width=-100", "width"],
    ["width in exponent form", "url=/media/covers/track-1.jpg&width=1e3", "width"],
    ["width in hex", "url=/media/covers/track-1.jpg&width=0x100", "width"],
    ["width given twice", "url=/media/covers/track-1.jpg&width=100&width=200", "width"],
    ["height too large", "url=/media/covers/track-1.jpg&width=100&height=99999", "height"],
    ["quality zero", "url=/media/covers/track-1.jpg&width=100&quality=0", "quality"],
    ["quality above 100", "url=/media/covers/track-1.jpg&width=100&quality=101", "quality"],
    ["unknown format", "url=/media/covers/track-1.jpg&width=100&format=gif", "format"],
    ["svg format", "url=/media/covers/track-1.jpg&width=100&format=svg", "format"],
  ])("answers 400 naming the field: %s", async (_name, query, field) => {
    const res = await image(query);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(new RegExp(`^Invalid ${field}: `));
  });
});

describe("GET /img/{width}/[{format}/]{covers|images}/{file}: the short address pages use", () => {
  it("answers the same bytes as the long form, immutable and without Vary: Accept", async () => {
    const short = await fetch(`${base}/img/160/webp/covers/track-1.jpg`);
    expect(short.status).toBe(200);
    expect(short.headers.get("content-type")).toBe("image/webp");
    expect(short.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(varyList(short)).not.toContain("accept");
    const long = await cover("width=160&format=webp");
    expect(Buffer.from(await short.arrayBuffer()).equals(Buffer.from(await long.arrayBuffer()))).toBe(true);
    expect(short.headers.get("etag")).toBe(long.headers.get("etag"));
    expect(
      (await sharp(Buffer.from(await (await fetch(`${base}/img/240/avif/covers/track-1.jpg`)).arrayBuffer())).metadata()).width,
    ).toBe(240);
  });

  it("without a format, answers the best one the browser takes, saying Vary: Accept", async () => {
    const path = `${base}/img/160/covers/track-1.jpg`;
    const byAccept = async (accept: string) => {
      const res = await fetch(path, { headers: { accept } });
      expect(res.status).toBe(200);
      expect(varyList(res)).toContain("accept");
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      return res.headers.get("content-type");
    };
    expect(await byAccept("image/avif,image/webp,image/apng,image/*,*/*;q=0.8")).toBe("image/avif");
    expect(await byAccept("image/webp,*/*")).toBe("image/webp");
    expect(await byAccept("image/avif;q=0,image/webp")).toBe("image/webp");
    expect(await byAccept("*/*")).toBe("image/jpeg");
    const named = await fetch(`${base}/img/160/avif/covers/track-1.jpg`);
    const negotiated = await fetch(path, { headers: { accept: "image/avif" } });
    expect(negotiated.headers.get("etag")).toBe(named.headers.get("etag"));
  });

  it("reads public images too", async () => {
    const res = await fetch(`${base}/img/160/jpeg/images/default-cover.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
  });

  it.each([
    "/img/160/webp/covers/..%2F..%2Fetc%2Fpasswd",
    "/img/160/webp/covers/%2e%2e.jpg",
    "/img/160/gif/covers/track-1.jpg",
    "/img/9999/webp/covers/track-1.jpg",
    "/img/160/webp/elsewhere/track-1.jpg",
    "/img/160/webp/covers/no-such-cover.jpg",
    "/img/160/webp/covers",
    "/img/160/covers/..%2Fx.jpg",
    "/img/160/covers",
  ])("answers 404 with a short message for %s, and renders nothing", async (url) => {
    const before = cacheFiles().length;
    const res = await fetch(`${base}${url}`);
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(cacheFiles().length).toBe(before);
  });

  it("refuses other methods without touching the image service", async () => {
    const res = await fetch(`${base}/img/160/webp/covers/track-1.jpg`, { method: "POST" });
    expect(res.status).not.toBe(200);
    expect(res.status).toBeLessThan(500);
  });
});
