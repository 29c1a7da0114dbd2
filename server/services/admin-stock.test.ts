import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../app/domain/admin/audit";
import { ConflictError, NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import {
  LEDGER_MISMATCH_SQL,
  MOVEMENT_REASON_LABELS,
  ledgerBalance,
  stockQuerySchema,
  type StockQuery,
} from "../../app/domain/stock/stock-rules";
import { STOCK_MOVEMENT_REASONS, auditLog, orderLines, orders, records, stockMovements, users } from "../../db/schema";
import { TEST_ADDRESS, insertRecord, useShopServices } from "../../tests/setup/shop-fixtures";
import { seededTestDb } from "../../tests/setup/test-db";

/** The list's filters as the loader and the procedure hand them over: parsed, with their defaults. */
const query = (input: Partial<StockQuery>) => stockQuerySchema.parse(input);
const shop = useShopServices();
const TODAY = "2026-11-22";
let admin: Actor;

beforeAll(async () => {
  const user = await shop.s.accounts.register({
    username: "stockkeeper",
    email: "stock@example.com",
    password: "secret-password",
  });
  shop.t.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id)).run();
  admin = { id: user.id, username: "stockkeeper" };
});

const stockOf = (id: number) => shop.t.db.select().from(records).where(eq(records.id, id)).get()!.stockQuantity;
const movementsOf = (id: number) => shop.t.db.select().from(stockMovements).where(eq(stockMovements.recordId, id)).all();
const mismatches = () => shop.t.db.$client.prepare(LEDGER_MISMATCH_SQL).all();
/** A record with `stock` on hand and the "seed" movement that put it there, as the seed writes it. */
function stocked(stock: number, overrides: Parameters<typeof insertRecord>[1] = {}) {
  const rec = insertRecord(shop.t.db, { stockQuantity: stock, ...overrides });
  if (stock > 0) shop.t.db.insert(stockMovements).values({ recordId: rec.id, change: stock, reason: "seed" }).run();
  return rec;
}
let orderSeq = 0;
function paidOrder(recordId: number, quantity: number, today = TODAY) {
  orderSeq += 1;
  const { order } = shop.s.orders.place({
    idempotencyKey: `stock-test-${orderSeq}-${Math.random()}`,
    lines: [{ recordId, quantity }],
    discountCode: null,
    email: `buyer${orderSeq}@example.com`,
    shipping: TEST_ADDRESS,
    userId: null,
    paymentProvider: "test",
    today,
  });
  shop.s.orders.markPaid(order.orderNumber, { reference: `ref-${orderSeq}` });
  return order.orderNumber;
}

describe("ledger reasons", () => {
  it("every reason the ledger may hold has a label", () => {
    for (const r of STOCK_MOVEMENT_REASONS) expect(MOVEMENT_REASON_LABELS[r], r).toBeTruthy();
  });
});

describe("adjust", () => {
  it("moves stock with a reason, a ledger row with its actor and an audit row, and shows the history newest first", () => {
    const rec = stocked(4);
    expect(shop.s.adminStock.adjust(admin, rec.id, { reason: "delivery", change: 6, note: "Van 2" })).toMatchObject({
      stock: 10,
    });
    expect(shop.s.adminStock.adjust(admin, rec.id, { reason: "damaged", change: -1 })).toMatchObject({ stock: 9 });
    expect(shop.s.adminStock.adjust(admin, rec.id, { reason: "recount", counted: 7 })).toMatchObject({ stock: 7, change: -2 });
    expect(stockOf(rec.id)).toBe(7);
    expect(ledgerBalance(movementsOf(rec.id))).toBe(7);

    const history = shop.s.adminStock.history(rec.id);
    expect(history.map((h) => [h.reason, h.change, h.balance, h.actorName, h.note])).toEqual([
      ["recount", -2, 7, "stockkeeper", "Counted 7"],
      ["damaged", -1, 9, "stockkeeper", null],
      ["delivery", 6, 10, "stockkeeper", "Van 2"],
      ["seed", 4, 4, null, null],
    ]);
    const audit = shop.s.audit.forEntity("record", rec.id);
    expect(audit.map((a) => [a.action, a.before?.stock, a.after?.stock])).toEqual([
      ["stock recount (Counted 7)", 9, 7],
      ["stock damaged", 10, 9],
      ["stock delivery (Van 2)", 4, 10],
    ]);
  });

  it("never takes stock below 0: a conflict with a clear message, and nothing written", () => {
    const rec = stocked(2);
    const before = movementsOf(rec.id).length;
    expect(() => shop.s.adminStock.adjust(admin, rec.id, { reason: "damaged", change: -3 })).toThrow(
      new ConflictError(`Only 2 of "${rec.title}" in stock: cannot take away 3. Nothing was changed.`),
    );
    expect(stockOf(rec.id)).toBe(2);
    expect(movementsOf(rec.id)).toHaveLength(before);
    expect(shop.s.audit.forEntity("record", rec.id)).toEqual([]);
  });

  it("refuses unknown records", () => {
    expect(() => shop.s.adminStock.adjust(admin, 999_999, { reason: "delivery", change: 1 })).toThrow(NotFoundError);
    expect(() => shop.s.adminStock.history(999_999)).toThrow(NotFoundError);
  });

  it("a recount that agrees is written as a 0 movement", () => {
    const rec = stocked(3);
    expect(shop.s.adminStock.adjust(admin, rec.id, { reason: "recount", counted: 3 })).toMatchObject({ stock: 3, change: 0 });
    expect(shop.s.adminStock.history(rec.id)[0]).toMatchObject({ reason: "recount", change: 0, balance: 3 });
  });
});

describe("goods in", () => {
  it("receives many records at once and allocates a pre-order's copies to the oldest open orders, whole lines only", () => {
    const catNo = `GI ${Date.now()}`;
    const plain = stocked(1, { catalogNumber: catNo });
    const pressing = stocked(0, { releaseDate: "2026-12-12" });
    const first = paidOrder(pressing.id, 2);
    const second = paidOrder(pressing.id, 1);
    const third = paidOrder(pressing.id, 2);
    const unpaid = shop.s.orders.place({
      idempotencyKey: `unpaid-${Math.random()}`,
      lines: [{ recordId: pressing.id, quantity: 1 }],
      discountCode: null,
      email: "unpaid@example.com",
      shipping: TEST_ADDRESS,
      userId: null,
      paymentProvider: "test",
      today: TODAY,
    }).order.orderNumber;
    expect(stockOf(pressing.id)).toBe(0);
    expect(shop.s.adminStock.record(pressing.id, TODAY)).toMatchObject({ preOrder: true, waitingPreOrders: 5 });

    const result = shop.s.adminStock.goodsIn(admin, {
      lines: [
        { catalogueNumber: catNo.toLowerCase(), quantity: 5 },
        { recordId: pressing.id, quantity: 4 },
      ],
      note: "Delivery 118",
    });
    expect(result.received.map((r) => [r.recordId, r.quantity, r.stock])).toEqual([
      [plain.id, 5, 6],
      [pressing.id, 4, 4],
    ]);
    // 4 copies: the first order's 2 and the second's 1; the third wants 2, so 1 copy waits on the shelf for it.
    expect(result.allocated.map((a) => [a.orderNumber, a.quantity])).toEqual([
      [first, 2],
      [second, 1],
    ]);
    expect(stockOf(plain.id)).toBe(6);
    expect(stockOf(pressing.id)).toBe(1);
    const allocatedAt = (orderNumber: string) =>
      shop.t.db
        .select({ at: orderLines.allocatedAt })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(eq(orders.orderNumber, orderNumber))
        .get()!.at;
    expect(allocatedAt(first)).not.toBeNull();
    expect(allocatedAt(second)).not.toBeNull();
    expect(allocatedAt(third)).toBeNull();
    expect(allocatedAt(unpaid)).toBeNull();
    const history = shop.s.adminStock.history(pressing.id);
    expect(history.slice(0, 3).map((h) => [h.reason, h.change, h.balance, h.orderNumber, h.note])).toEqual([
      ["sale", -1, 1, second, `Allocated pre-order ${second}`],
      ["sale", -2, 2, first, `Allocated pre-order ${first}`],
      ["delivery", 4, 4, null, "Goods in: Delivery 118"],
    ]);
    expect(shop.s.audit.forEntity("order", first)[0]).toMatchObject({ action: "pre-order allocated" });

    // The next delivery of 1 makes 2 on the shelf: enough for the third order at last.
    const next = shop.s.adminStock.goodsIn(admin, { lines: [{ recordId: pressing.id, quantity: 1 }] });
    expect(next.allocated.map((a) => a.orderNumber)).toEqual([third]);
    expect(stockOf(pressing.id)).toBe(0);
    expect(mismatches()).toEqual([]);
  });

  it("refuses the whole delivery if any line is bad, naming each line", () => {
    const a = stocked(1, { catalogNumber: "DUP 1" });
    stocked(1, { catalogNumber: "DUP 1" });
    const call = () =>
      shop.s.adminStock.goodsIn(admin, {
        lines: [
          { recordId: a.id, quantity: 2 },
          { catalogueNumber: "NOPE 404", quantity: 1 },
          { recordId: 999_999, quantity: 1 },
          { catalogueNumber: "dup 1", quantity: 1 },
        ],
      });
    expect(call).toThrow(ValidationError);
    try {
      call();
    } catch (e) {
      expect((e as ValidationError).fields?.lines).toEqual([
        'Line 2: no record has catalogue number "NOPE 404".',
        "Line 3: there is no record #999999.",
        expect.stringMatching(/^Line 4: "dup 1" is the catalogue number of several records \(#\d+, #\d+\)/),
      ]);
    }
    expect(stockOf(a.id)).toBe(1);
  });
});

describe("list and counts", () => {
  it("filters by level, pre-order and no recent sale, searches, sorts and pages", () => {
    const tag = `Zq${Date.now()}`;
    const low = stocked(2, { title: `${tag} Low`, artist: "Listers" });
    const lowOwn = stocked(6, { title: `${tag} Own threshold`, lowStockThreshold: 8, artist: "Listers" });
    const fine = stocked(20, { title: `${tag} Fine`, artist: "Listers", catalogNumber: `${tag}-CAT` });
    const out = stocked(0, { title: `${tag} Out`, artist: "Listers" });
    const pre = stocked(0, { title: `${tag} Pre`, releaseDate: "2027-01-01", artist: "Listers" });
    const ids = (r: { items: { id: number }[] }) => r.items.map((i) => i.id);
    const search = (filter: StockQuery["filter"]) => shop.s.adminStock.list(query({ q: tag, filter, sort: "stock-asc" }), TODAY);

    expect(ids(search("all"))).toEqual([out.id, pre.id, low.id, lowOwn.id, fine.id]);
    expect(ids(search("low"))).toEqual([low.id, lowOwn.id]);
    expect(ids(search("out"))).toEqual([out.id]);
    expect(ids(search("pre-order"))).toEqual([pre.id]);
    expect(search("all").items.map((i) => i.level)).toEqual(["out", "out", "low", "low", "ok"]);
    expect(ids(shop.s.adminStock.list(query({ q: `${tag.toLowerCase()}-cat` }), TODAY))).toEqual([fine.id]);
    expect(ids(shop.s.adminStock.list(query({ q: "%" }), TODAY))).toEqual([]);

    // A sale 100 days ago is not recent; one 10 days ago is.
    shop.t.db
      .insert(stockMovements)
      .values({ recordId: low.id, change: -1, reason: "sale", createdAt: "2026-08-14T10:00:00.000Z" })
      .run();
    shop.t.db
      .insert(stockMovements)
      .values({ recordId: fine.id, change: -1, reason: "sale", createdAt: "2026-11-12T10:00:00.000Z" })
      .run();
    expect(ids(search("no-sale-90"))).toEqual([out.id, pre.id, low.id, lowOwn.id]);

    const counts = shop.s.adminStock.counts(TODAY);
    const all = shop.s.adminStock.list(query({ filter: "low", page: 1 }), TODAY);
    expect(counts.low).toBe(all.total);
    expect(counts.out).toBe(shop.s.adminStock.list(query({ filter: "out" }), TODAY).total);
    expect(counts.low).toBeGreaterThanOrEqual(2);
  });

  it("pages 50 at a time, clamping a page past the end", () => {
    const total = shop.t.db.$client.prepare("select count(*) as n from records").get() as { n: number };
    for (let i = total.n; i < 60; i++) stocked(1);
    const n = (shop.t.db.$client.prepare("select count(*) as n from records").get() as { n: number }).n;
    const second = shop.s.adminStock.list(query({ page: 2 }), TODAY);
    expect(second.pageCount).toBe(Math.ceil(n / 50));
    expect(second.items).toHaveLength(Math.min(50, n - 50));
    expect(shop.s.adminStock.list(query({ page: 999 }), TODAY).page).toBe(second.pageCount);
  });
});

describe("setThreshold", () => {
  it("sets and clears a record's own threshold, with an audit row", () => {
    const rec = stocked(5);
    expect(shop.s.adminStock.record(rec.id, TODAY).level).toBe("ok");
    shop.s.adminStock.setThreshold(admin, rec.id, { threshold: 5 });
    expect(shop.s.adminStock.record(rec.id, TODAY)).toMatchObject({ threshold: 5, level: "low" });
    shop.s.adminStock.setThreshold(admin, rec.id, { threshold: null });
    expect(shop.s.adminStock.record(rec.id, TODAY).threshold).toBeNull();
    const log = shop.t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(rec.id)))
      .all();
    expect(log.map((l) => [l.action, l.after])).toEqual([
      ["low-stock threshold set", { lowStockThreshold: 5 }],
      ["low-stock threshold set", { lowStockThreshold: "shop default (3)" }],
    ]);
  });
});

describe("the ledger invariant on the seeded shop", () => {
  it("holds for every seeded record, and the SQL and the pure rule agree", async () => {
    const seeded = await seededTestDb();
    try {
      expect(seeded.db.$client.prepare(LEDGER_MISMATCH_SQL).all()).toEqual([]);
      const moves = seeded.db.select().from(stockMovements).all();
      for (const r of seeded.db.select().from(records).all().slice(0, 200)) {
        expect(ledgerBalance(moves.filter((m) => m.recordId === r.id))).toBe(r.stockQuantity);
      }
      // Break one record and both notice.
      seeded.db.update(records).set({ stockQuantity: 999 }).where(eq(records.id, 1)).run();
      expect(seeded.db.$client.prepare(LEDGER_MISMATCH_SQL).all()).toEqual([
        { recordId: 1, stock: 999, ledger: ledgerBalance(moves.filter((m) => m.recordId === 1)) },
      ]);
    } finally {
      seeded.cleanup();
    }
  });
});
