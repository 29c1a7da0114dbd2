import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setShopClock } from "../../../db/clock";
import { catchMail, type MailCatcher } from "../../../tests/setup/mail-catcher";
import { insertRecord } from "../../../tests/setup/shop-fixtures";
import { migratedTestDb, type TestDb } from "../../../tests/setup/test-db";
import { callerFor, type CallerUser } from "../../../tests/setup/trpc-caller";
import { createServices, type Services } from "../../services";

// Services of its own: posts write images, so they get a media folder of their own.
const shop = {} as { t: TestDb; s: Services; inbox: MailCatcher };
let mediaDir: string;
beforeAll(() => {
  shop.t = migratedTestDb();
  setShopClock(shop.t.db.$client, () => new Date("2026-11-26T10:00:00.000Z"));
  mediaDir = mkdtempSync(path.join(os.tmpdir(), "instagram-trpc-"));
  shop.s = createServices(shop.t.db, {
    mediaDir,
    publicOrigin: "https://needledrop.test",
    mailTransport: (shop.inbox = catchMail()),
  });
});
afterAll(() => {
  shop.t.cleanup();
  rmSync(mediaDir, { recursive: true, force: true });
});

const callerAs = (user: CallerUser) => callerFor(shop, user);

describe("admin.instagram", () => {
  it("is for admins only", async () => {
    await expect(callerAs(null).admin.instagram.list()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(
      callerAs({ id: 1, username: "c", role: "customer" }).admin.instagram.create({ recordId: 1 }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("creates, updates, schedules and removes posts with the page's schemas", async () => {
    const admin = await shop.s.accounts.register({
      username: "gramadmin",
      email: "gram@example.com",
      password: "correct horse battery",
    });
    const c = callerAs({ id: admin.id, username: admin.username, role: "admin" }).admin.instagram;
    const record = insertRecord(shop.t.db, { title: "Trpc Pressing", genre: "Soul" });

    expect((await c.records({ q: "Trpc Press" })).map((r) => r.id)).toEqual([record.id]);
    await expect(c.create({ recordId: 0 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(c.create({ recordId: 99_999_999 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(c.create({ recordId: record.id, template: "{nope}" })).rejects.toMatchObject({ code: "BAD_REQUEST" });

    const post = await c.create({ recordId: record.id });
    expect(post).toMatchObject({ status: "draft", recordId: record.id });
    expect(post.caption).toContain("#Soul");

    expect(await c.update({ postId: post.id, caption: "New words #Vinyl" })).toMatchObject({ caption: "New words #Vinyl" });
    await expect(c.update({ postId: post.id, caption: "x".repeat(2201) })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(c.update({ postId: post.id, date: "2026-11-20", time: "09:00", status: "scheduled" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    // 1 December 2026 09:00 in London is 09:00 UTC (winter time).
    expect(await c.update({ postId: post.id, date: "2026-12-01", time: "09:00", status: "scheduled" })).toMatchObject({
      status: "scheduled",
      scheduledAt: "2026-12-01T09:00:00.000Z",
    });
    const { posts, canPublish } = await c.list();
    expect(canPublish).toBe(false);
    expect(posts.map((p) => p.id)).toContain(post.id);

    // Without Instagram credentials nothing is published.
    await expect(c.publish({ postId: post.id })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(c.remove({ postId: post.id })).rejects.toMatchObject({ code: "CONFLICT" });
    await c.update({ postId: post.id, status: "draft" });
    expect(await c.remove({ postId: post.id })).toEqual({ removed: post.id });
    expect((await c.list()).posts.map((p) => p.id)).not.toContain(post.id);
  });
});
