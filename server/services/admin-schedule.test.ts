import { and, eq, like } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { setShopClock } from "../../db/clock";
import { auditLog, blogPosts, emailOutbox, orderLines, orders, records, users } from "../../db/schema";
import { insertRecord, SHOP_PUBLIC_ORIGIN, useShopServices } from "../../tests/setup/shop-fixtures";
import { londonToUtc } from "../../app/domain/schedule/schedule";
import { NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { parseBrowseQuery } from "../../app/domain/browse/browse-query-parse";

const shop = useShopServices();
const admin = { id: 0, username: "owner" };
beforeAll(() => {
  admin.id = shop.t.db
    .insert(users)
    .values({ username: "owner", passwordHash: "not-a-hash", email: "owner@example.com", role: "admin" })
    .returning()
    .get().id;
});
const TODAY = "2026-11-22";

let n = 0;
/** A paid (or other status) order with one line for the record. */
function orderFor(recordId: number, { status = "paid", isPreOrder = true, shipped = false } = {}) {
  n += 1;
  const order = shop.t.db
    .insert(orders)
    .values({
      orderNumber: `ND-SCHED-${n}`,
      email: `fan${n}@example.com`,
      status: status as "paid",
      shippingName: `Fan ${n}`,
      addressLine1: "1 Record Row",
      city: "London",
      postalCode: "SW1A 1AA",
      itemsPence: 2500,
      shippingPence: 400,
      totalPence: 2900,
      vatPence: 483,
      idempotencyKey: `sched-${n}-${Date.now()}`,
      paidAt: "2026-11-01T10:00:00.000Z",
      shippedAt: shipped ? "2026-11-02T10:00:00.000Z" : null,
    })
    .returning()
    .get();
  shop.t.db
    .insert(orderLines)
    .values({
      orderId: order.id,
      recordId,
      title: "T",
      artist: "A",
      unitPricePence: 2500,
      quantity: 1,
      lineTotalPence: 2500,
      isPreOrder,
    })
    .run();
  return order;
}

const mailsFor = (recordId: number) =>
  shop.t.db
    .select()
    .from(emailOutbox)
    .where(like(emailOutbox.onceKey, `release-date:${recordId}:%`))
    .all();

describe("moving a release date", () => {
  it("changes the date and the status that follows from it, with an audit row", () => {
    const rec = insertRecord(shop.t.db, { releaseDate: "2026-12-20", stockQuantity: 0 });
    const moved = shop.s.adminSchedule.moveReleaseDate(admin, rec.id, "2026-11-01", { today: TODAY });
    expect(moved).toMatchObject({ changed: true, status: "new-release", told: 0 });
    expect(shop.t.db.select().from(records).where(eq(records.id, rec.id)).get()!.releaseDate).toBe("2026-11-01");
    const log = shop.s.audit.forEntity("record", rec.id);
    expect(log[0]).toMatchObject({ action: "release_date.moved", actorName: "owner" });
    expect(log[0]!.before).toMatchObject({ releaseDate: "2026-12-20", status: "pre-order" });
    expect(log[0]!.after).toMatchObject({ releaseDate: "2026-11-01", status: "new-release" });
    // Back into the future: a pre-order again.
    expect(shop.s.adminSchedule.moveReleaseDate(admin, rec.id, "2027-01-15", { today: TODAY }).status).toBe("pre-order");
  });

  it("tells each customer with an open pre-order once per change, and nobody twice when repeated", async () => {
    const rec = insertRecord(shop.t.db, {
      title: "Late Pressing",
      artist: "The Waiters",
      releaseDate: "2026-12-20",
      stockQuantity: 0,
    });
    const open1 = orderFor(rec.id);
    const open2 = orderFor(rec.id, { status: "packed" });
    orderFor(rec.id, { status: "shipped", shipped: true });
    orderFor(rec.id, { status: "cancelled" });
    orderFor(rec.id, { status: "pending_payment" });
    orderFor(rec.id, { isPreOrder: false });

    const first = shop.s.adminSchedule.moveReleaseDate(admin, rec.id, "2027-01-10", { today: TODAY });
    expect(first.told).toBe(2);
    const again = shop.s.adminSchedule.moveReleaseDate(admin, rec.id, "2027-01-10", { today: TODAY });
    expect(again).toMatchObject({ changed: false, told: 0 });
    expect(
      mailsFor(rec.id)
        .map((m) => m.toAddress)
        .sort(),
    ).toEqual([open1.email, open2.email].sort());

    const second = shop.s.adminSchedule.moveReleaseDate(admin, rec.id, "2027-02-01", { today: TODAY });
    expect(second.told).toBe(2);
    expect(mailsFor(rec.id)).toHaveLength(4);

    await shop.s.mail.idle();
    const mail = shop.inbox.last(open1.email, /New release date/)!;
    expect(mail.subject).toContain("1 February 2027");
    expect(mail.text).toContain(open1.orderNumber);
    // Links come from the configured origin, never a request.
    expect(mail.text).toContain(`${SHOP_PUBLIC_ORIGIN}/profile#orders`);
    // Two changes, two audit rows: the repeat changed nothing.
    expect(shop.s.audit.forEntity("record", rec.id)).toHaveLength(2);
  });

  it("moves the physical release date by the same days, unless told to keep it", async () => {
    const rec = insertRecord(shop.t.db, { releaseDate: "2026-12-20", physicalReleaseDate: "2026-12-27", stockQuantity: 0 });
    const open = orderFor(rec.id);
    const physical = () => shop.t.db.select().from(records).where(eq(records.id, rec.id)).get()!.physicalReleaseDate;
    const moved = shop.s.adminSchedule.moveReleaseDate(admin, rec.id, "2027-01-10", { today: TODAY });
    expect(physical()).toBe("2027-01-17");
    // The customers waiting are told as before, and the history says both dates moved.
    expect(moved.told).toBe(1);
    expect(shop.s.audit.forEntity("record", rec.id)[0]!.after).toMatchObject({
      releaseDate: "2027-01-10",
      physicalReleaseDate: "2027-01-17",
    });
    shop.s.adminSchedule.moveReleaseDate(admin, rec.id, "2027-01-12", { today: TODAY, keepPhysicalReleaseDate: true });
    expect(physical()).toBe("2027-01-17");
    // Kept, it may not fall before the release: refused, and nothing moves.
    expect(() =>
      shop.s.adminSchedule.moveReleaseDate(admin, rec.id, "2027-02-01", { today: TODAY, keepPhysicalReleaseDate: true }),
    ).toThrow(ValidationError);
    expect(shop.t.db.select().from(records).where(eq(records.id, rec.id)).get()!.releaseDate).toBe("2027-01-12");
    await shop.s.mail.idle();
    expect(shop.inbox.last(open.email, /New release date/)!.subject).toContain("12 January 2027");
  });

  it("answers not found for a record that does not exist", () => {
    expect(() => shop.s.adminSchedule.moveReleaseDate(admin, 99_999_999, "2027-01-01", { today: TODAY })).toThrow(NotFoundError);
  });

  it("lists a month's releases by date with their status and open pre-orders", () => {
    const a = insertRecord(shop.t.db, { title: "Calendar A", releaseDate: "2031-05-03", stockQuantity: 0 });
    const b = insertRecord(shop.t.db, { title: "Calendar B", releaseDate: "2031-05-01", stockQuantity: 0 });
    insertRecord(shop.t.db, { title: "Calendar C", releaseDate: "2031-06-01" });
    orderFor(a.id);
    const month = shop.s.adminSchedule.calendar("2031-05", { today: TODAY });
    expect(month.map((e) => e.id)).toEqual([b.id, a.id]);
    expect(month[1]).toMatchObject({ status: "pre-order", openPreOrders: 1 });
  });
});

describe("a record scheduled to appear", () => {
  afterEach(() => setShopClock(shop.t.db.$client, undefined));
  const at = (iso: string) => setShopClock(shop.t.db.$client, () => new Date(iso));

  /** Where the public could meet the record. */
  function surfaces(id: number, title: string) {
    const s = shop.s;
    return {
      page: s.catalogue.find(id) !== null,
      list: s.catalogue.list({ page: 1, limit: 500, today: TODAY }).items.some((r) => r.id === id),
      sitemap: s.catalogue.sitemapEntries(TODAY).some((r) => r.id === id),
      search: s.search.search(title, { today: TODAY }).items.some((r) => r.id === id),
      genreCount: s.browse.genreCounts({ today: TODAY })["Schedule Test"] ?? 0,
      browse: s.browse
        .list(parseBrowseQuery(new URLSearchParams({ genre: "Schedule Test" })), { today: TODAY })
        .items.some((r) => r.id === id),
      cart: s.cart.price([{ recordId: id, quantity: 1 }], null, { today: TODAY }).lines[0]!.pricePence > 0,
      favourites: s.favourites.records([id]).length === 1,
    };
  }

  it("is hidden everywhere until its time, then shown without any write", () => {
    const title = "Quasar Harbour Sessions";
    const rec = insertRecord(shop.t.db, { title, genre: "Schedule Test", stockQuantity: 3, releaseDate: "2026-01-01" });
    const shownEverywhere = {
      page: true,
      list: true,
      sitemap: true,
      search: true,
      genreCount: 1,
      browse: true,
      cart: true,
      favourites: true,
    };
    at("2026-11-22T08:00:00.000Z");
    expect(surfaces(rec.id, title)).toEqual(shownEverywhere);

    const publishAt = londonToUtc("2026-11-22", "09:30")!;
    shop.s.adminSchedule.schedule(admin, { kind: "record", target: String(rec.id), publishAt });
    const hiddenEverywhere = {
      page: false,
      list: false,
      sitemap: false,
      search: false,
      genreCount: 0,
      browse: false,
      cart: false,
      favourites: false,
    };
    expect(surfaces(rec.id, title)).toEqual(hiddenEverywhere);
    expect(shop.s.adminSchedule.scheduled({ today: TODAY }).some((i) => i.kind === "record" && i.id === rec.id)).toBe(true);

    at("2026-11-22T09:29:59.999Z");
    expect(surfaces(rec.id, title)).toEqual(hiddenEverywhere);
    at("2026-11-22T09:30:00.000Z");
    expect(surfaces(rec.id, title)).toEqual(shownEverywhere);
  });

  it("a pre-order scheduled later is hidden too; unpublished stays hidden; publish now shows it", () => {
    const rec = insertRecord(shop.t.db, {
      title: "Nebula Foundry",
      genre: "Schedule Test",
      stockQuantity: 0,
      releaseDate: "2027-05-01",
    });
    at("2026-11-22T08:00:00.000Z");
    expect(shop.s.browse.preOrders({ today: TODAY, limit: 500 }).items.some((r) => r.id === rec.id)).toBe(true);
    shop.s.adminSchedule.unpublish(admin, { kind: "record", target: String(rec.id) });
    expect(shop.s.browse.preOrders({ today: TODAY, limit: 500 }).items.some((r) => r.id === rec.id)).toBe(false);
    expect(shop.s.home.eligible.preOrders(TODAY).some((r) => r.id === rec.id)).toBe(false);
    expect(shop.s.catalogue.find(rec.id)).toBeNull();
    at("2030-01-01T00:00:00.000Z");
    expect(shop.s.catalogue.find(rec.id)).toBeNull();
    shop.s.adminSchedule.publishNow(admin, { kind: "record", target: String(rec.id) });
    expect(shop.s.catalogue.find(rec.id)?.id).toBe(rec.id);
    expect(shop.s.audit.forEntity("record", rec.id).map((a) => a.action)).toEqual(["publish.now", "publish.withdrawn"]);
  });

  it("checkout refuses a record that is not published", () => {
    const rec = insertRecord(shop.t.db, { title: "Withheld Groove", stockQuantity: 3 });
    shop.s.adminSchedule.unpublish(admin, { kind: "record", target: String(rec.id) });
    const priced = shop.s.cart.price([{ recordId: rec.id, quantity: 1 }], null, { today: TODAY });
    expect(priced.lines[0]).toMatchObject({ pricePence: 0, maxQuantity: 0 });
  });
});

describe("a magazine post scheduled to appear", () => {
  afterEach(() => setShopClock(shop.t.db.$client, undefined));
  const at = (iso: string) => setShopClock(shop.t.db.$client, () => new Date(iso));

  it("is hidden from the blog, its tag and artist pages, the feed, the sitemap and its own page until its time", () => {
    const post = shop.t.db
      .insert(blogPosts)
      .values({
        slug: "scheduled-story",
        title: "A Scheduled Story",
        artist: "Time Keepers",
        excerpt: "Soon.",
        body: "Soon.",
        publishedAt: "2026-01-01",
      })
      .returning()
      .get();
    const seen = () => ({
      page: shop.s.magazine.post("scheduled-story", TODAY) !== null,
      list: (shop.s.magazine.list({ today: TODAY, perPage: 100 })?.posts ?? []).some((p) => p.id === post.id),
      artist: shop.s.magazine.findArtist("Time Keepers", TODAY) !== null,
      rss: shop.s.magazine.rss({ origin: SHOP_PUBLIC_ORIGIN, today: TODAY }).includes("scheduled-story"),
      sitemap: shop.s.magazine.sitemapEntries(TODAY).some((p) => p.slug === "scheduled-story"),
    });
    at("2026-11-22T08:00:00.000Z");
    const shown = seen();
    expect(shown).toEqual({ page: true, list: true, artist: true, rss: true, sitemap: true });

    shop.s.adminSchedule.schedule(admin, {
      kind: "post",
      target: "scheduled-story",
      publishAt: londonToUtc("2026-11-22", "18:00")!,
    });
    expect(seen()).toEqual({ page: false, list: false, artist: false, rss: false, sitemap: false });
    at("2026-11-22T18:00:00.000Z");
    expect(seen()).toEqual(shown);

    shop.s.adminSchedule.schedule(admin, { kind: "post", target: String(post.id), publishAt: "2026-12-01T09:00:00.000Z" });
    expect(seen().page).toBe(false);
    shop.s.adminSchedule.publishNow(admin, { kind: "post", target: "scheduled-story" });
    expect(seen().page).toBe(true);
    expect(
      shop.t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, "post"), eq(auditLog.entityId, String(post.id))))
        .all(),
    ).toHaveLength(3);
  });
});
