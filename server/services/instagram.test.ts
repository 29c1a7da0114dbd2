import { mkdtempSync, rmSync, mkdirSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { setShopClock } from "../../db/clock";
import { auditLog, users } from "../../db/schema";
import { insertRecord } from "../../tests/setup/shop-fixtures";
import { migratedTestDb, type TestDb } from "../../tests/setup/test-db";
import { createAuditService } from "./audit";
import { createInstagramService, escapeSvgText, overlaySvg } from "./instagram";
import type { InstagramPublisher, PublishablePost } from "../instagram/publisher";

let actor = { id: 0, username: "" };
const NOW = new Date("2026-11-26T10:00:00.000Z");

let t: TestDb;
let mediaDir: string;
const published: PublishablePost[] = [];
const fakePublisher: InstagramPublisher = {
  async publish(post) {
    published.push(post);
    return `ig-${post.id}`;
  },
};

function service(publisher: InstagramPublisher | null = null) {
  return createInstagramService(t.db, {
    mediaDir,
    publicDir: path.join(mediaDir, "public"),
    audit: createAuditService(t.db),
    publicOrigin: "https://needledrop.test",
    publisher,
  });
}

beforeAll(async () => {
  t = migratedTestDb();
  setShopClock(t.db.$client, () => NOW);
  const admin = t.db
    .insert(users)
    .values({ username: "instaadmin", passwordHash: "x", email: "instaadmin@example.com", role: "admin" })
    .returning()
    .get();
  actor = { id: admin.id, username: admin.username };
  mediaDir = mkdtempSync(path.join(os.tmpdir(), "instagram-media-"));
  mkdirSync(path.join(mediaDir, "covers"));
  // A red cover: the post's image must show it in the middle.
  await sharp({ create: { width: 600, height: 600, channels: 3, background: "#ff0000" } })
    .jpeg()
    .toFile(path.join(mediaDir, "covers", "insta-red.jpg"));
});
afterAll(() => {
  t.cleanup();
  rmSync(mediaDir, { recursive: true, force: true });
});

describe("the image", () => {
  it("escapes text for SVG, so a title cannot break the overlay", () => {
    expect(escapeSvgText(`<b>"Tom" & 'Jerry'</b>`)).toBe("&lt;b&gt;&quot;Tom&quot; &amp; &apos;Jerry&apos;&lt;/b&gt;");
    const svg = overlaySvg({ title: "</text><script>x</script>", artist: "A & B", pricePence: 2750 });
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("A &amp; B");
    expect(svg).toContain("£27.50");
  });

  it("is a 1080 px square JPEG with the cover in it, written under media/instagram", async () => {
    const record = insertRecord(t.db, { coverUrl: "/media/covers/insta-red.jpg", title: `Rock & <Roll>`, pricePence: 1999 });
    const post = await service().create(actor, { recordId: record.id });
    expect(post.imagePath).toMatch(/^\/media\/instagram\/post-[0-9a-f]{24}\.jpg$/);
    const { body, filename } = await service().imageDownload(post.id);
    expect(filename).toBe(`instagram-post-${post.id}.jpg`);
    const meta = await sharp(body).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 1080, height: 1080 });
    const { data } = await sharp(body)
      .extract({ left: 530, top: 400, width: 20, height: 20 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[1]).toBeLessThan(60);
    expect((await stat(path.join(mediaDir, "instagram", path.basename(post.imagePath)))).isFile()).toBe(true);
  });

  it("uses a plain square when the cover is missing or not one of the shop's paths", async () => {
    const record = insertRecord(t.db, { coverUrl: "https://evil.example/x.jpg" });
    const post = await service().create(actor, { recordId: record.id });
    const meta = await sharp((await service().imageDownload(post.id)).body).metadata();
    expect(meta).toMatchObject({ width: 1080, height: 1080 });
  });
});

describe("posts", () => {
  it("start as drafts with a caption from the template and hashtags, audited", async () => {
    const record = insertRecord(t.db, {
      title: "Kind of Blue",
      artist: "Miles Davis",
      genre: "Jazz",
      label: "Columbia",
      pricePence: 2500,
    });
    const post = await service().create(actor, { recordId: record.id });
    expect(post.status).toBe("draft");
    expect(post.caption).toContain("Miles Davis – Kind of Blue");
    expect(post.caption).toContain("£25.00");
    expect(post.caption).toContain("Columbia");
    expect(post.caption).toMatch(/https:\/\/needledrop\.test\/vinyl\/\d+-/);
    expect(post.caption).toMatch(/#Jazz\b.*#MilesDavis/);
    const audit = t.db.select().from(auditLog).where(eq(auditLog.entityType, "instagram_post")).all();
    expect(audit.some((a) => a.entityId === String(post.id) && a.action === "instagram post created")).toBe(true);
    expect((await service().captionDownload(post.id)).body).toBe(`${post.caption}\n`);
  });

  it("refuse a bad template and an unknown record", async () => {
    const record = insertRecord(t.db);
    await expect(service().create(actor, { recordId: record.id, template: "{titel}" })).rejects.toThrow(/Unknown placeholder/);
    await expect(service().create(actor, { recordId: 99_999_999 })).rejects.toThrow(/No record/);
  });

  it("are edited, scheduled only in the future, posted by hand, and then final", async () => {
    const s = service();
    const post = await s.create(actor, { recordId: insertRecord(t.db).id });
    expect(s.update(actor, { postId: post.id, caption: "Fresh in. #Vinyl" }).caption).toBe("Fresh in. #Vinyl");
    expect(() => s.update(actor, { postId: post.id, caption: "x".repeat(2201) })).toThrow(/at most 2,200/);
    expect(() => s.update(actor, { postId: post.id, status: "posted" })).toThrow(/schedule it first/);
    expect(() => s.update(actor, { postId: post.id, status: "scheduled", scheduledAt: "2026-11-25T09:00:00.000Z" })).toThrow(
      /in the future/,
    );
    const scheduled = s.update(actor, { postId: post.id, status: "scheduled", scheduledAt: "2026-11-27T09:00:00.000Z" });
    expect(scheduled).toMatchObject({ status: "scheduled", scheduledAt: "2026-11-27T09:00:00.000Z" });
    await expect(s.remove(actor, post.id)).rejects.toThrow(/Only a draft/);
    const posted = s.update(actor, { postId: post.id, status: "posted" });
    expect(posted).toMatchObject({ status: "posted", postedAt: NOW.toISOString(), externalId: null });
    expect(() => s.update(actor, { postId: post.id, caption: "again" })).toThrow(/already on Instagram/);
  });

  it("list scheduled ones soonest first, then drafts, then posted", async () => {
    const s = service();
    const later = await s.create(actor, { recordId: insertRecord(t.db).id });
    const sooner = await s.create(actor, { recordId: insertRecord(t.db).id });
    s.update(actor, { postId: later.id, status: "scheduled", scheduledAt: "2026-12-20T09:00:00.000Z" });
    s.update(actor, { postId: sooner.id, status: "scheduled", scheduledAt: "2026-12-01T09:00:00.000Z" });
    const list = s.list();
    const order = list.map((p) => p.status);
    expect(order.indexOf("draft")).toBeGreaterThan(order.lastIndexOf("scheduled"));
    expect(order.indexOf("posted")).toBeGreaterThan(order.lastIndexOf("draft"));
    expect(list.findIndex((p) => p.id === sooner.id)).toBeLessThan(list.findIndex((p) => p.id === later.id));
  });

  it("delete a draft and its image", async () => {
    const s = service();
    const post = await s.create(actor, { recordId: insertRecord(t.db, { title: "To be deleted" }).id });
    await s.remove(actor, post.id);
    expect(() => s.get(post.id)).toThrow(/No Instagram post/);
    await expect(readFile(path.join(mediaDir, "instagram", path.basename(post.imagePath)))).rejects.toThrow();
  });

  it("publish only through a configured publisher, with the image's public address", async () => {
    const manual = service();
    expect(manual.canPublish).toBe(false);
    const post = await manual.create(actor, { recordId: insertRecord(t.db).id });
    await expect(manual.publish(actor, post.id)).rejects.toThrow(/by hand/);

    const connected = service(fakePublisher);
    await expect(connected.publish(actor, post.id)).rejects.toThrow(/schedule it first/);
    manual.update(actor, { postId: post.id, status: "scheduled", scheduledAt: "2026-11-30T09:00:00.000Z" });
    const done = await connected.publish(actor, post.id);
    expect(done).toMatchObject({ status: "posted", externalId: `ig-${post.id}` });
    expect(published.at(-1)).toEqual({
      id: post.id,
      caption: post.caption,
      imageUrl: `https://needledrop.test${post.imagePath}`,
    });
  });

  it("refuse a second publish of a post while the first is on its way", async () => {
    let release!: () => void;
    const slow: InstagramPublisher = {
      publish: () => new Promise<string>((resolve) => (release = () => resolve("ig-slow"))),
    };
    const s = service(slow);
    const post = await s.create(actor, { recordId: insertRecord(t.db).id });
    s.update(actor, { postId: post.id, status: "scheduled", scheduledAt: "2026-11-30T09:00:00.000Z" });
    const first = s.publish(actor, post.id);
    await expect(s.publish(actor, post.id)).rejects.toThrow(/being published already/);
    release();
    expect(await first).toMatchObject({ status: "posted", externalId: "ig-slow" });
    await expect(s.publish(actor, post.id)).rejects.toThrow(/already on Instagram/);
  });
});
