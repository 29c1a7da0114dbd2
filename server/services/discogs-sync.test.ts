import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderListQuerySchema } from "../../app/domain/orders/order-admin";
import { FIRST_RETRY_MS, MAX_ATTEMPTS } from "../../app/domain/discogs/discogs-sync-rules";
import {
  auditLog,
  discogsJobs,
  discogsListings,
  discogsOrders,
  orderLines,
  orders,
  records,
  stockMovements,
  users,
} from "../../db/schema";
import { startDiscogsStandIn, type DiscogsStandIn } from "../../tests/setup/discogs-stand-in";
import { insertRecord, TEST_ADDRESS, useShopServices } from "../../tests/setup/shop-fixtures";
import { createHttpDiscogsClient } from "../discogs/http-client";
import { createAuditService } from "./audit";
import { createDiscogsSyncService, TOKEN_REFUSED, type DiscogsSyncService } from "./discogs-sync";

// The sync against a local stand-in for Discogs's API, on a clock the test moves by hand.
const shop = useShopServices();
let api: DiscogsStandIn;
let sync: DiscogsSyncService;
let clock: number;
let admin: { id: number; username: string };

beforeAll(async () => {
  api = await startDiscogsStandIn();
  admin = shop.t.db
    .insert(users)
    .values({ username: "discogs-owner", email: "discogs-owner@example.com", passwordHash: "x", role: "admin" })
    .returning({ id: users.id, username: users.username })
    .get();
});
afterAll(() => api.close());

function newSync(token = api.token): DiscogsSyncService {
  const client = createHttpDiscogsClient({ token, apiUrl: api.url, timeoutMs: 300, spacingMs: 0 });
  return createDiscogsSyncService(shop.t.db, { client, audit: createAuditService(shop.t.db), now: () => clock });
}

beforeEach(() => {
  api.reset();
  clock = Date.parse("2026-11-22T10:00:00Z");
  const db = shop.t.db;
  db.delete(discogsJobs).run();
  db.delete(discogsOrders).run();
  db.delete(discogsListings).run();
  db.$client.prepare("delete from app_meta where key like 'discogs.%'").run();
  // Each test's copies only: earlier tests' copies are taken off sale.
  db.update(records).set({ published: false }).where(eq(records.condition, "used")).run();
  sync = newSync();
});

let copies = 0;
function usedCopy(overrides: Partial<typeof records.$inferInsert> = {}) {
  copies += 1;
  return insertRecord(shop.t.db, {
    title: `Kind of Blue ${copies}`,
    artist: "Miles Davis",
    condition: "used",
    mediaGrade: "VG+",
    sleeveGrade: "VG",
    conditionNote: "Light hairlines.",
    stockQuantity: 1,
    pricePence: 2500,
    discogsReleaseId: 249504,
    ...overrides,
  });
}

const listingRow = (recordId: number) =>
  shop.t.db.select().from(discogsListings).where(eq(discogsListings.recordId, recordId)).get();
const stockOf = (recordId: number) => shop.t.db.select().from(records).where(eq(records.id, recordId)).get()!.stockQuantity;
const jobs = (state?: "queued" | "done" | "failed") =>
  shop.t.db
    .select()
    .from(discogsJobs)
    .where(state ? eq(discogsJobs.state, state) : undefined)
    .all();
const sent = (method: string, pathStart: string) =>
  api.requests.filter((r) => r.method === method && r.path.startsWith(pathStart)).length;

/** Runs every due job, as the runner would (it stops when nothing is due or the queue is paused). */
async function drain(): Promise<number> {
  let n = 0;
  while (await sync.runNext()) n += 1;
  return n;
}

let checkouts = 0;
function shopSale(recordId: number, paid = true) {
  checkouts += 1;
  const { order } = shop.s.orders.place({
    idempotencyKey: `discogs-sync-test-${checkouts}-${Date.now()}`,
    lines: [{ recordId, quantity: 1 }],
    discountCode: null,
    email: `shopper${checkouts}@example.com`,
    shipping: TEST_ADDRESS,
    userId: null,
    paymentProvider: "test",
    today: "2026-11-22",
  });
  if (paid) shop.s.orders.markPaid(order.orderNumber, { reference: `pay-${checkouts}` });
  return order.orderNumber;
}

async function listed(overrides: Partial<typeof records.$inferInsert> = {}) {
  sync.setListUsed(admin, true);
  const copy = usedCopy(overrides);
  sync.sweep();
  await drain();
  return { copy, listingId: listingRow(copy.id)!.listingId! };
}

describe("listing used copies", () => {
  it("lists nothing until the owner switches listing on (audited), then lists a published copy in stock", async () => {
    const copy = usedCopy();
    expect(sync.sweep()).toBe(0);
    sync.setListUsed(admin, true);
    const audit = shop.t.db.select().from(auditLog).where(eq(auditLog.entityId, "discogs.list_used")).all().at(-1)!;
    expect(audit.after).toEqual({ listUsedCopiesOnDiscogs: true });
    expect(sync.sweep()).toBeGreaterThanOrEqual(1);
    await drain();
    const row = listingRow(copy.id)!;
    expect(row).toMatchObject({ state: "listed", listedPricePence: 2500 });
    expect(api.listings.get(row.listingId!)).toMatchObject({
      releaseId: 249504,
      price: 25,
      condition: "Very Good Plus (VG+)",
      sleeveCondition: "Very Good (VG)",
      comments: "Light hairlines.",
      status: "For Sale",
    });
  });

  it("leaves out unpublished, sold and release-less copies", async () => {
    sync.setListUsed(admin, true);
    const hidden = usedCopy({ published: false });
    const sold = usedCopy({ stockQuantity: 0 });
    const noRelease = usedCopy({ discogsReleaseId: null });
    sync.sweep();
    await drain();
    for (const c of [hidden, sold, noRelease]) expect(listingRow(c.id)).toBeUndefined();
  });

  it("sends the same change once however often it is queued", async () => {
    sync.setListUsed(admin, true);
    const copy = usedCopy();
    sync.sweep();
    sync.sweep();
    sync.sweep();
    expect(sync.jobsFor([copy.id]).filter((j) => j.state === "queued")).toHaveLength(1);
    await drain();
    sync.sweep();
    await drain();
    expect(sent("POST", "/marketplace/listings")).toBe(1);
  });

  it("keeps a listed copy's price in step", async () => {
    const { copy, listingId } = await listed();
    shop.t.db.update(records).set({ pricePence: 1999 }).where(eq(records.id, copy.id)).run();
    sync.sweep();
    await drain();
    expect(api.listings.get(listingId)!.price).toBe(19.99);
    expect(listingRow(copy.id)!.listedPricePence).toBe(1999);
  });

  it("takes a copy sold in the shop off Discogs at the next sweep, ahead of copies waiting to be listed", async () => {
    const { copy, listingId } = await listed();
    for (let i = 0; i < 20; i += 1) usedCopy();
    expect(sync.sweep()).toBe(20);
    clock += 1000;
    shopSale(copy.id);
    sync.sweep();
    // The first request sent after the sale is the delist, not one of the twenty new listings.
    await sync.runNext();
    expect(api.requests.at(-1)).toMatchObject({ method: "DELETE", path: `/marketplace/listings/${listingId}` });
    expect(api.listings.has(listingId)).toBe(false);
    expect(listingRow(copy.id)).toMatchObject({ state: "delisted", listingId: null });
  });

  it("takes an unpublished copy off, and lists a copy again once a cancelled order puts it back", async () => {
    const { copy, listingId } = await listed();
    const pending = shopSale(copy.id, false);
    sync.sweep();
    await drain();
    expect(api.listings.has(listingId)).toBe(false);
    shop.s.orders.cancelUnpaid(pending);
    expect(stockOf(copy.id)).toBe(1);
    sync.sweep();
    await drain();
    const again = listingRow(copy.id)!;
    expect(again.state).toBe("listed");
    expect(api.listings.get(again.listingId!)!.status).toBe("For Sale");

    shop.t.db.update(records).set({ published: false }).where(eq(records.id, copy.id)).run();
    sync.sweep();
    await drain();
    expect(api.listings.has(again.listingId!)).toBe(false);
  });

  it("keeps a copy already listed (an imported listing) in step even with the switch off", async () => {
    const copy = usedCopy();
    const made = await createHttpDiscogsClient({ token: api.token, apiUrl: api.url, spacingMs: 0 }).createListing({
      releaseId: 249504,
      pricePence: 2500,
      condition: "Very Good Plus (VG+)",
      sleeveCondition: "Very Good (VG)",
      comments: "",
      externalId: "imported",
      location: null,
      weight: null,
    });
    shop.t.db
      .insert(discogsListings)
      .values({ recordId: copy.id, listingId: made.listingId, state: "listed", listedPricePence: 2500 })
      .run();
    shopSale(copy.id);
    sync.sweep();
    await drain();
    expect(api.listings.has(made.listingId)).toBe(false);
  });
});

describe("when Discogs is busy, down, slow or refuses the token", () => {
  it("429: waits as long as Discogs asks, then sends the listing once", async () => {
    sync.setListUsed(admin, true);
    const copy = usedCopy();
    sync.sweep();
    api.trouble("429");
    expect(await sync.runNext()).toBe(true);
    expect(await sync.runNext()).toBe(false);
    const job = sync.jobsFor([copy.id])[0]!;
    expect(job).toMatchObject({ state: "queued", attempts: 1, lastError: expect.stringMatching(/429/) });
    expect(Date.parse(job.runAfter) - clock).toBe(2000);
    clock += 2000;
    await drain();
    expect(listingRow(copy.id)!.state).toBe("listed");
    expect(api.listings.size).toBe(1);
  });

  it("500s: retried with a growing wait, given up after the last try and shown as failed; Try again sends it (audited)", async () => {
    sync.setListUsed(admin, true);
    const copy = usedCopy();
    sync.sweep();
    api.trouble("500", MAX_ATTEMPTS);
    const waits: number[] = [];
    for (let i = 0; i < MAX_ATTEMPTS; i += 1) {
      expect(await sync.runNext()).toBe(true);
      const job = sync.jobsFor([copy.id])[0]!;
      waits.push(Date.parse(job.runAfter) - clock);
      clock = Math.max(clock, Date.parse(job.runAfter));
    }
    expect(waits.slice(0, 3)).toEqual([FIRST_RETRY_MS, 2 * FIRST_RETRY_MS, 4 * FIRST_RETRY_MS]);
    const failed = sync.jobsFor([copy.id])[0]!;
    expect(failed).toMatchObject({ state: "failed", attempts: MAX_ATTEMPTS, lastError: "Discogs failed (HTTP 500)." });
    expect(listingRow(copy.id)).toMatchObject({ state: "failed", lastError: "Discogs failed (HTTP 500)." });
    expect(sync.overview().failed.map((j) => j.id)).toEqual([failed.id]);
    // A failed copy is not queued again by the sweep: it waits for the owner.
    sync.sweep();
    expect(jobs("queued")).toHaveLength(0);

    sync.retryJob(admin, failed.id);
    await drain();
    expect(listingRow(copy.id)!.state).toBe("listed");
    expect(api.listings.size).toBe(1);
    const audit = shop.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "discogs_job"), eq(auditLog.action, "retry")))
      .all();
    expect(audit.at(-1)!.entityId).toBe(String(failed.id));
  });

  it("a create that timed out after Discogs made the listing is not made twice: the retry finds it by the copy's reference", async () => {
    sync.setListUsed(admin, true);
    const copy = usedCopy();
    sync.sweep();
    api.trouble("hang_after");
    await sync.runNext();
    expect(sync.jobsFor([copy.id])[0]).toMatchObject({ state: "queued", lastError: expect.stringMatching(/did not answer/) });
    expect(api.listings.size).toBe(1);
    clock += FIRST_RETRY_MS;
    await drain();
    expect(api.listings.size).toBe(1);
    expect(listingRow(copy.id)).toMatchObject({ state: "listed", listingId: [...api.listings.keys()][0] });
    // Its price was not known: the next sweep sends it.
    sync.sweep();
    await drain();
    expect(listingRow(copy.id)!.listedPricePence).toBe(2500);
    expect(api.listings.size).toBe(1);
  });

  it("a refused token pauses the queue with a clear message; checking a good token lets it run", async () => {
    sync.setListUsed(admin, true);
    const copy = usedCopy();
    sync.sweep();
    api.token = "theOwnerMadeANewToken99";
    expect(await sync.runNext()).toBe(true);
    expect(sync.overview().paused).toBe(TOKEN_REFUSED);
    const before = api.requests.length;
    expect(await sync.runNext()).toBe(false);
    expect(api.requests.length).toBe(before);
    expect(sync.jobsFor([copy.id])[0]).toMatchObject({ state: "queued", attempts: 0 });

    expect(await sync.checkToken(admin)).toEqual({ ok: false, message: TOKEN_REFUSED });
    sync = newSync("theOwnerMadeANewToken99");
    expect(await sync.checkToken(admin)).toEqual({ ok: true, username: "needledrop_shop" });
    expect(sync.overview().paused).toBeNull();
    await drain();
    expect(listingRow(copy.id)!.state).toBe("listed");
    const checks = shop.t.db.select().from(auditLog).where(eq(auditLog.entityId, "discogs.token")).all();
    expect(checks.map((c) => (c.after as { accepted: boolean }).accepted)).toEqual([false, true]);
  });

  it("the queue survives a restart: another process's service sends what was waiting", async () => {
    sync.setListUsed(admin, true);
    const copy = usedCopy();
    sync.sweep();
    sync = newSync();
    await drain();
    expect(listingRow(copy.id)!.state).toBe("listed");
  });
});

describe("orders from Discogs", () => {
  it("charges a margin-scheme copy sold on Discogs VAT on its margin only, as a shop sale", async () => {
    const { copy, listingId } = await listed({ vatScheme: "margin", purchasePricePence: 1000 });
    api.addOrder({ id: "2222222-2", listingIds: [listingId], created: new Date(clock - 60_000).toISOString() });
    sync.schedulePoll();
    await drain();
    const order = shop.t.db.select().from(orders).where(eq(orders.externalReference, "2222222-2")).get()!;
    // £25.00 sold, £10.00 paid: £15.00 margin, VAT £2.50; the £3.50 postage carries 1/6, 58p.
    expect(order).toMatchObject({ totalPence: 2850, vatPence: 250 + 58 });
    const line = shop.t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).get()!;
    expect(line).toMatchObject({ recordId: copy.id, vatScheme: "margin", purchasePricePence: 1000, vatPence: 250 });
  });

  it("takes a new order in once: the copy leaves stock, a paid Discogs order is recorded", async () => {
    const { copy, listingId } = await listed();
    api.addOrder({
      id: "1234567-8",
      listingIds: [listingId],
      buyer: "crate_digger",
      created: new Date(clock - 60_000).toISOString(),
    });
    sync.schedulePoll();
    sync.schedulePoll();
    await drain();
    expect(stockOf(copy.id)).toBe(0);
    const order = shop.t.db.select().from(orders).where(eq(orders.externalReference, "1234567-8")).get()!;
    expect(order).toMatchObject({
      channel: "discogs",
      status: "paid",
      shippingName: "Jo Bloggs",
      city: "Bristol",
      postalCode: "BS1 4DJ",
      itemsPence: 2500,
      shippingPence: 350,
      totalPence: 2850,
    });
    const movement = shop.t.db.select().from(stockMovements).where(eq(stockMovements.orderId, order.id)).get()!;
    expect(movement).toMatchObject({ reason: "sale", change: -1, note: "Sold on Discogs, order 1234567-8" });
    expect(listingRow(copy.id)!.state).toBe("sold_on_discogs");
    expect(sync.overview().orders[0]).toMatchObject({
      discogsOrderId: "1234567-8",
      outcome: "taken",
      orderNumber: order.orderNumber,
    });
    expect(sync.overview().lastPoll).toMatchObject({ found: 1, taken: 1, oversold: 0 });
    // The back office's order page and list name the channel.
    expect(shop.s.adminOrders.get(order.orderNumber).channel).toBe("Discogs order 1234567-8");
    const inList = shop.s.adminOrders.list(orderListQuerySchema.parse({ q: order.orderNumber }));
    expect(inList.orders.map((o) => o.channel)).toEqual(["Discogs order 1234567-8"]);

    // Polled again (and again): nothing doubles, and the sold listing is not deleted.
    clock += 120_000;
    sync.schedulePoll();
    await drain();
    sync.sweep();
    await drain();
    expect(shop.t.db.select().from(orders).where(eq(orders.externalReference, "1234567-8")).all()).toHaveLength(1);
    expect(shop.t.db.select().from(discogsOrders).all()).toHaveLength(1);
    expect(sent("DELETE", "/marketplace/listings")).toBe(0);
    expect(jobs("failed")).toEqual([]);
    expect(sync.overview().lastPoll).toMatchObject({ found: 1, taken: 0, oversold: 0 });
  });

  it("records a copy already sold in the shop as oversold, saying what to cancel and refund on Discogs", async () => {
    const { copy, listingId } = await listed();
    shopSale(copy.id);
    api.addOrder({ id: "7654321-1", listingIds: [listingId], created: new Date(clock - 1000).toISOString() });
    sync.schedulePoll();
    await drain();
    const row = shop.t.db.select().from(discogsOrders).where(eq(discogsOrders.discogsOrderId, "7654321-1")).get()!;
    expect(row).toMatchObject({ outcome: "oversold", orderId: null, recordId: copy.id });
    expect(row.note).toBe(
      `Already sold in the shop: cancel Discogs order 7654321-1 (Miles Davis – ${copy.title}) and refund the buyer in full, £28.50 with postage, on Discogs.`,
    );
    expect(shop.t.db.select().from(orders).where(eq(orders.externalReference, "7654321-1")).all()).toEqual([]);
    expect(stockOf(copy.id)).toBe(0);
  });

  it("a poll that fails is retried, and orders are still taken once", async () => {
    const { listingId } = await listed();
    api.addOrder({ id: "1111111-1", listingIds: [listingId], created: new Date(clock - 1000).toISOString() });
    sync.schedulePoll();
    api.trouble("hang");
    await sync.runNext();
    expect(shop.t.db.select().from(discogsOrders).all()).toEqual([]);
    clock += FIRST_RETRY_MS;
    await drain();
    expect(shop.t.db.select().from(discogsOrders).all()).toHaveLength(1);
  });
});

describe("Discogs switched off", () => {
  it("queues and sends nothing, and its settings say how to switch it on", async () => {
    const off = createDiscogsSyncService(shop.t.db, { client: null, audit: createAuditService(shop.t.db) });
    usedCopy();
    expect(off.sweep()).toBe(0);
    off.schedulePoll();
    expect(jobs()).toEqual([]);
    expect(await off.runNext()).toBe(false);
    expect(off.overview().enabled).toBe(false);
    expect(() => off.setListUsed(admin, true)).toThrow(/DISCOGS_TOKEN/);
    await expect(off.checkToken(admin)).rejects.toThrow(/DISCOGS_TOKEN/);
  });
});
