import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../tests/setup/http";

// A shop whose media folder is empty, as after a first start or a large import: the server listens before any
// cover is made, so a page may ask for one the background job has not made yet.
const shop = useTestApp({ name: "covers", database: "seeded" });

const isJpeg = (bytes: Uint8Array) => bytes[0] === 0xff && bytes[1] === 0xd8;

describe("a cover not made yet", () => {
  it("is made when a page asks for it, at its own address and resized", async () => {
    expect(fs.existsSync(path.join(shop.mediaDir, "covers", "track-1.jpg"))).toBe(false);
    const original = await fetch(`${shop.base}/media/covers/track-1.jpg`);
    expect(original.status).toBe(200);
    expect(original.headers.get("content-type")).toBe("image/jpeg");
    expect(isJpeg(new Uint8Array(await original.arrayBuffer()))).toBe(true);
    expect(fs.existsSync(path.join(shop.mediaDir, "covers", "track-1.jpg"))).toBe(true);

    const [variant, long] = await Promise.all([
      fetch(`${shop.base}/img/240/jpeg/covers/track-2.jpg`),
      fetch(`${shop.base}/api/album-image?url=/media/covers/track-3.jpg&width=100&format=jpeg`),
    ]);
    expect([variant.status, long.status]).toEqual([200, 200]);
    expect(isJpeg(new Uint8Array(await variant.arrayBuffer()))).toBe(true);
    expect(isJpeg(new Uint8Array(await long.arrayBuffer()))).toBe(true);
  });

  it("is not made when no record has it", async () => {
    const variant = await fetch(`${shop.base}/img/240/covers/no-such-record.jpg`);
    expect(variant.status).toBe(404);
    // Passed on to the pages (the shop's not-found page; a stand-in here), never answered as an image.
    for (const address of ["/media/covers/no-such-record.jpg", "/media/covers/track-1.png", "/media/covers/..%2Ftrack-1.jpg"]) {
      const answer = await fetch(`${shop.base}${address}`);
      expect(answer.headers.get("content-type"), address).not.toMatch(/^image\//);
    }
    expect(fs.readdirSync(path.join(shop.mediaDir, "covers")).sort()).toEqual(["track-1.jpg", "track-2.jpg", "track-3.jpg"]);
  });
});
