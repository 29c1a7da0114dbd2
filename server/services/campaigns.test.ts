import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Actor } from "../../app/domain/admin/audit";
import { campaignSchema } from "../../app/domain/campaigns/campaign-schema";
import { ConflictError, ValidationError } from "../../app/domain/shared/errors";
import { parseInput } from "../../app/domain/shared/parse-input";
import {
  auditLog,
  emailCampaigns,
  emailOutbox,
  orderLines,
  orders,
  subscribers,
  unsubscribeTokens,
  users,
} from "../../db/schema";
import { expectConsoleError } from "../../tests/setup/console-error";
import { tokenIn } from "../../tests/setup/mail-catcher";
import { insertRecord, SHOP_PUBLIC_ORIGIN, useShopServices } from "../../tests/setup/shop-fixtures";
import { createMailLinks } from "../mail/links";
import { createCampaignsService } from "./campaigns";

const shop = useShopServices();
let admin: Actor;

beforeAll(async () => {
  const user = await shop.s.accounts.register({
    username: "marketer",
    email: "marketer@example.com",
    password: "secret-password",
  });
  shop.t.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id)).run();
  admin = { id: user.id, username: "marketer" };
});

let orderNo = 0;
function paidOrder(email: string, recordId: number, status: "paid" | "cancelled" | "payment_failed" = "paid") {
  orderNo += 1;
  const order = shop.t.db
    .insert(orders)
    .values({
      orderNumber: `ND-CAMPAIGN-${orderNo}`,
      email,
      status,
      shippingName: "Buyer",
      addressLine1: "1 Record Row",
      city: "London",
      postalCode: "SW1A 1AA",
      itemsPence: 2500,
      shippingPence: 0,
      discountPence: 0,
      totalPence: 2500,
      vatPence: 417,
      idempotencyKey: `campaign-${orderNo}`,
      paidAt: status === "payment_failed" ? null : "2026-11-01T10:00:00.000Z",
    })
    .returning()
    .get();
  shop.t.db
    .insert(orderLines)
    .values({ orderId: order.id, recordId, title: "t", artist: "a", unitPricePence: 2500, quantity: 1, lineTotalPence: 2500 })
    .run();
}

/** Five subscribers (one unsubscribed) and their orders: each segment reaches a different set. */
function seedAudience() {
  const db = shop.t.db;
  db.delete(emailOutbox).run();
  db.delete(emailCampaigns).run();
  db.delete(subscribers).run();
  db.insert(subscribers)
    .values([
      { email: "jazz.fan@example.com", favoriteGenre: "Jazz" },
      { email: "jazz.buyer@example.com", favoriteGenre: "Soul" },
      { email: "soul.fan@example.com", favoriteGenre: "soul" },
      { email: "never@example.com", favoriteGenre: "jazz" },
      { email: "gone@example.com", favoriteGenre: "Jazz", unsubscribedAt: "2026-11-20T10:00:00.000Z" },
    ])
    .run();
  const jazz = insertRecord(db, { genre: "Jazz" });
  const soul = insertRecord(db, { genre: "Soul" });
  paidOrder("jazz.buyer@example.com", jazz.id);
  paidOrder("soul.fan@example.com", soul.id);
  paidOrder("jazz.fan@example.com", jazz.id, "cancelled");
  paidOrder("never@example.com", jazz.id, "payment_failed");
  paidOrder("gone@example.com", jazz.id);
}

const draft = (over: Record<string, unknown> = {}) =>
  shop.s.campaigns.create(
    admin,
    parseInput(campaignSchema, { subject: "New in this week", body: "Hello **collectors**.", segment: "all", ...over }),
  );

const queuedTo = (campaignId: number) =>
  shop.t.db
    .select({ to: emailOutbox.toAddress })
    .from(emailOutbox)
    .where(eq(emailOutbox.campaignId, campaignId))
    .all()
    .map((r) => r.to)
    .sort();

async function sendAll() {
  while (await shop.s.campaigns.sendNext());
}

beforeEach(() => {
  shop.inbox.messages.length = 0;
  shop.inbox.failing = false;
});

describe("segments", () => {
  it("reach only subscribed addresses: all, fans of a genre (any case), buyers of a genre, never ordered", () => {
    seedAudience();
    const reach = (segment: string, genre?: string) => {
      const c = draft({ segment, genre });
      const size = c.audienceSize;
      shop.s.campaigns.send(admin, { campaignId: c.id, expected: size });
      return queuedTo(c.id);
    };
    expect(reach("all")).toEqual(["jazz.buyer@example.com", "jazz.fan@example.com", "never@example.com", "soul.fan@example.com"]);
    expect(reach("genre-fans", "Jazz")).toEqual(["jazz.fan@example.com", "never@example.com"]);
    expect(reach("genre-fans", "Soul")).toEqual(["jazz.buyer@example.com", "soul.fan@example.com"]);
    // A cancelled order is not buying; the unsubscribed buyer is out whatever they bought.
    expect(reach("genre-buyers", "Jazz")).toEqual(["jazz.buyer@example.com"]);
    // A declined card is not an order; a cancelled one still counts as having ordered.
    expect(reach("never-ordered")).toEqual(["never@example.com"]);
    expect(shop.s.campaigns.audience({ segment: "genre-buyers", genre: "Rock" })).toBe(0);
  });
});

describe("a campaign's life", () => {
  it("changes and deletes only as a draft, sends once, and says when the segment changed since the page was read", () => {
    seedAudience();
    const c = draft({ featured: "" });
    const changed = shop.s.campaigns.update(
      admin,
      c.id,
      parseInput(campaignSchema, { subject: "Changed", body: "x", segment: "all" }),
    );
    expect(changed.subject).toBe("Changed");
    expect(() => shop.s.campaigns.send(admin, { campaignId: c.id, expected: 3 })).toThrow(
      new ConflictError("The segment now reaches 4 subscribers, not 3: check the number and send again."),
    );
    expect(queuedTo(c.id)).toEqual([]);
    const sent = shop.s.campaigns.send(admin, { campaignId: c.id, expected: 4 });
    expect(sent.status).toBe("sending");
    expect(sent.counts).toMatchObject({ recipients: 4, queued: 4, sent: 0 });
    expect(() => shop.s.campaigns.send(admin, { campaignId: c.id, expected: 4 })).toThrow(ConflictError);
    expect(queuedTo(c.id)).toHaveLength(4);
    const input = parseInput(campaignSchema, { subject: "Again", body: "x", segment: "all" });
    expect(() => shop.s.campaigns.update(admin, c.id, input)).toThrow(ConflictError);
    expect(() => shop.s.campaigns.remove(admin, c.id)).toThrow(ConflictError);
    const empty = draft({ segment: "genre-fans", genre: "Classical" });
    expect(() => shop.s.campaigns.send(admin, { campaignId: empty.id, expected: 0 })).toThrow(ValidationError);
    shop.s.campaigns.remove(admin, empty.id);
    expect(shop.s.campaigns.list().map((x) => x.id)).not.toContain(empty.id);
    const actions = shop.t.db.select().from(auditLog).where(eq(auditLog.entityType, "email campaign")).all();
    expect(actions.filter((a) => a.entityId === String(c.id)).map((a) => a.action)).toEqual(["create", "update", "send"]);
  });

  it("sends each subscriber one mail: the text, the featured records as cards, a one-click unsubscribe and a steady Message-ID", async () => {
    seedAudience();
    const record = insertRecord(shop.t.db, {
      title: "Blue Train",
      artist: "John Coltrane",
      pricePence: 2899,
      catalogNumber: "BLP 1577",
    });
    const c = draft({
      subject: "Blue Note week",
      body: "# Hello\n\nSee [the jazz shelf](/browse?genre=Jazz).\n\n<script>alert(1)</script>",
      featured: "blp 1577",
      segment: "genre-fans",
      genre: "Jazz",
    });
    expect(c.featured.map((r) => r.id)).toEqual([record.id]);
    shop.s.campaigns.send(admin, { campaignId: c.id, expected: 2 });
    await sendAll();
    expect(shop.inbox.messages.map((m) => m.to).sort()).toEqual(["jazz.fan@example.com", "never@example.com"]);
    const mail = shop.inbox.last("never@example.com")!;
    expect(mail.subject).toBe("Blue Note week");
    expect(mail.html).toContain(`<a href="${SHOP_PUBLIC_ORIGIN}/browse?genre=Jazz">the jazz shelf</a>`);
    expect(mail.html).not.toContain("<script");
    expect(mail.html).toContain("Blue Train");
    expect(mail.html).toContain("£28.99");
    expect(mail.html).toContain(`${SHOP_PUBLIC_ORIGIN}/vinyl/${record.id}-john-coltrane-blue-train`);
    expect(mail.text).toContain("John Coltrane – Blue Train, £28.99");
    const token = tokenIn(mail, "/unsubscribe")!;
    expect(token).toBeDefined();
    expect(mail.headers).toEqual({
      "List-Unsubscribe": `<${SHOP_PUBLIC_ORIGIN}/unsubscribe?token=${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(mail.html).toContain(`${SHOP_PUBLIC_ORIGIN}/unsubscribe?token=${token}`);
    expect(mail.messageId).toMatch(/^<outbox\.\d+\.\d+@needledrop\.local>$/);
    // The outbox keeps neither the token nor a copy of the body per subscriber.
    const rows = shop.t.db.select().from(emailOutbox).where(eq(emailOutbox.campaignId, c.id)).all();
    expect(rows.every((r) => r.textBody === "" && r.htmlBody === null && r.status === "sent")).toBe(true);
    const done = shop.s.campaigns.get(c.id);
    expect(done.status).toBe("sent");
    expect(done.finishedAt).not.toBeNull();
    expect(done.counts).toEqual({ recipients: 2, queued: 0, sent: 2, failed: 0, skipped: 0, unsubscribed: 0 });
  });

  it("honours an unsubscribe: counted for the campaign whose link it was, skipped if still queued, left out of the next", async () => {
    seedAudience();
    const first = draft();
    shop.s.campaigns.send(admin, { campaignId: first.id, expected: 4 });
    await sendAll();
    const token = tokenIn(shop.inbox.last("soul.fan@example.com"), "/unsubscribe")!;
    // A later mail to the same subscriber does not stop the earlier link working.
    const second = draft({ subject: "Second" });
    shop.s.campaigns.send(admin, { campaignId: second.id, expected: 4 });
    await shop.s.campaigns.sendNext(); // jazz.fan…
    await shop.s.campaigns.sendNext(); // jazz.buyer…: soul.fan's message is still queued
    expect(shop.s.newsletter.unsubscribe(token)).toEqual({ email: "soul.fan@example.com" });
    expect(() => shop.s.newsletter.unsubscribe(token)).toThrow(ValidationError);
    await sendAll();
    expect(shop.inbox.messages.filter((m) => m.subject === "Second").map((m) => m.to)).not.toContain("soul.fan@example.com");
    expect(shop.s.campaigns.get(first.id).counts).toMatchObject({ sent: 4, unsubscribed: 1 });
    expect(shop.s.campaigns.get(second.id).counts).toMatchObject({ recipients: 4, sent: 3, skipped: 1, unsubscribed: 0 });
    expect(
      shop.t.db
        .select()
        .from(unsubscribeTokens)
        .all()
        .filter((r) => r.campaignId === null),
    ).toEqual([]);
    const third = draft({ subject: "Third" });
    expect(third.audienceSize).toBe(3);
    shop.s.campaigns.send(admin, { campaignId: third.id, expected: 3 });
    expect(queuedTo(third.id)).not.toContain("soul.fan@example.com");
  });

  it("retries a failed message after its back-off, and leaves campaign mail out of the general retry pass", async () => {
    seedAudience();
    let clock = Date.parse("2026-11-26T12:00:00.000Z");
    const campaigns = createCampaignsService(shop.t.db, {
      mail: shop.s.mail,
      links: createMailLinks(SHOP_PUBLIC_ORIGIN),
      audit: shop.s.audit,
      now: () => new Date(clock),
    });
    const c = campaigns.create(
      admin,
      parseInput(campaignSchema, { subject: "Retry", body: "x", segment: "genre-buyers", genre: "Jazz" }),
    );
    campaigns.send(admin, { campaignId: c.id, expected: 1 });
    expect(await shop.s.mail.retryPending(Date.now() + 3_600_000)).toBe(0);
    shop.inbox.failing = true;
    const logged = expectConsoleError();
    expect(await campaigns.sendNext()).toBe(true);
    expect(logged.mock.calls.join(" ")).toContain("relay unreachable");
    expect(campaigns.get(c.id).counts).toMatchObject({ queued: 1, sent: 0, failed: 0 });
    shop.inbox.failing = false;
    // The attempt's time comes from the real clock: wait out the first back-off (30 s) on the injected one.
    clock = Date.now() + 10_000;
    expect(await campaigns.sendNext()).toBe(false);
    clock = Date.now() + 31_000;
    expect(await campaigns.sendNext()).toBe(true);
    expect(shop.inbox.messages.map((m) => m.to)).toEqual(["jazz.buyer@example.com"]);
    expect(campaigns.get(c.id)).toMatchObject({ status: "sent", counts: { sent: 1, queued: 0 } });
    expect(shop.inbox.refused.length).toBeGreaterThan(0);
  });

  it("previews and test-sends without counting or minting a token, the subject marked as a test", async () => {
    seedAudience();
    const c = draft();
    const record = insertRecord(shop.t.db, { title: "Preview Record" });
    const withCard = shop.s.campaigns.update(
      admin,
      c.id,
      parseInput(campaignSchema, { subject: "New in this week", body: "x", segment: "all", featured: String(record.id) }),
    );
    expect(withCard.featured).toHaveLength(1);
    const preview = shop.s.campaigns.preview(c.id);
    expect(preview.html).toContain(`${SHOP_PUBLIC_ORIGIN}/unsubscribe"`);
    // In the back office's frame the cover comes from the page's own address; in the mail, from the shop's.
    expect(preview.html).toContain(' src="/img/240/jpeg/covers/');
    shop.s.campaigns.testSend(admin, { campaignId: c.id, email: "owner@example.com" });
    await shop.s.mail.idle();
    expect(shop.inbox.messages).toMatchObject([{ to: "owner@example.com", subject: "[Test] New in this week" }]);
    expect(shop.inbox.messages[0]!.html).toContain(` src="${SHOP_PUBLIC_ORIGIN}/img/240/jpeg/covers/`);
    expect(shop.s.campaigns.get(c.id)).toMatchObject({ status: "draft", counts: null });
  });
});

describe("a campaign's audit rows", () => {
  /** While this runs, writing an audit row fails, as a full disk or a broken row would. */
  function withAuditRefused(run: () => void) {
    shop.t.db.$client.exec(
      "create temp trigger audit_refused before insert on audit_log begin select raise(abort, 'audit refused'); end",
    );
    try {
      run();
    } finally {
      shop.t.db.$client.exec("drop trigger temp.audit_refused");
    }
  }

  it("are written in the same transaction as the change: when the row cannot be written, nothing changes", () => {
    seedAudience();
    const c = draft({ subject: "Kept as it was" });
    const campaigns = () => shop.s.campaigns.list().length;
    const outbox = () => shop.t.db.select().from(emailOutbox).all().length;
    const [count, mail] = [campaigns(), outbox()];
    const input = parseInput(campaignSchema, { subject: "Changed", body: "x", segment: "all" });
    const expected = shop.s.campaigns.audience({ segment: "all" });
    withAuditRefused(() => {
      expect(() => draft()).toThrow(/audit refused/);
      expect(() => shop.s.campaigns.update(admin, c.id, input)).toThrow(/audit refused/);
      expect(() => shop.s.campaigns.remove(admin, c.id)).toThrow(/audit refused/);
      expect(() => shop.s.campaigns.testSend(admin, { campaignId: c.id, email: "me@example.com" })).toThrow(/audit refused/);
      expect(() => shop.s.campaigns.send(admin, { campaignId: c.id, expected })).toThrow(/audit refused/);
    });
    expect(campaigns()).toBe(count);
    expect(outbox()).toBe(mail);
    expect(shop.s.campaigns.get(c.id)).toMatchObject({ subject: "Kept as it was", status: "draft" });
  });
});

describe("a campaign's featured records, chosen from a search", () => {
  it("finds published records by artist, title or catalogue number, a few at a time", () => {
    const mark = `Zyx${process.pid}`;
    const shown = insertRecord(shop.t.db, { artist: `${mark} Quartet`, title: "Blue Hour", catalogNumber: "ZQ 101" });
    insertRecord(shop.t.db, { artist: `${mark} Quartet`, title: "Not Out Yet", published: false });
    expect(shop.s.campaigns.findRecords(mark.toLowerCase()).map((r) => r.id)).toEqual([shown.id]);
    expect(shop.s.campaigns.findRecords("zq 101").map((r) => r.id)).toEqual([shown.id]);
    expect(shop.s.campaigns.findRecords("%")).toEqual([]);
    for (let i = 0; i < 12; i += 1) insertRecord(shop.t.db, { artist: `${mark} Many`, title: `Take ${i}` });
    expect(shop.s.campaigns.findRecords(`${mark} Many`)).toHaveLength(8);
  });

  it("adds and removes them on a draft, at most six, each once, with an audit row", () => {
    const c = draft();
    const picks = Array.from({ length: 7 }, () => insertRecord(shop.t.db).id);
    for (const id of picks.slice(0, 6)) shop.s.campaigns.feature(admin, c.id, id);
    shop.s.campaigns.feature(admin, c.id, picks[0]!);
    expect(shop.s.campaigns.get(c.id).featured.map((r) => r.id)).toEqual(picks.slice(0, 6));
    expect(() => shop.s.campaigns.feature(admin, c.id, picks[6]!)).toThrow(ValidationError);
    expect(() => shop.s.campaigns.feature(admin, c.id, 999_999_999)).toThrow("No record has that id or catalogue number.");
    shop.s.campaigns.unfeature(admin, c.id, picks[2]!);
    expect(shop.s.campaigns.get(c.id).featured.map((r) => r.id)).toEqual([picks[0], picks[1], picks[3], picks[4], picks[5]]);
    const actions = shop.t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(c.id)))
      .all()
      .map((r) => r.action);
    expect(actions.filter((a) => a === "feature record")).toHaveLength(6);
    expect(actions).toContain("unfeature record");
  });

  it("are kept when the draft's text is saved without them, and cannot change once it is sent", () => {
    const c = draft();
    const record = insertRecord(shop.t.db).id;
    shop.s.campaigns.feature(admin, c.id, record);
    const saved = shop.s.campaigns.update(
      admin,
      c.id,
      parseInput(campaignSchema, { subject: "Changed", body: "x", segment: "all" }),
    );
    expect(saved.featured.map((r) => r.id)).toEqual([record]);
    shop.t.db.update(emailCampaigns).set({ status: "sent" }).where(eq(emailCampaigns.id, c.id)).run();
    expect(() => shop.s.campaigns.feature(admin, c.id, insertRecord(shop.t.db).id)).toThrow(ConflictError);
  });
});
