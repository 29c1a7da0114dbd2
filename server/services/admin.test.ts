import { describe, expect, it } from "vitest";
import { orderLines, orders, users } from "../../db/schema";
import type { OrderStatus } from "../../app/domain/orders/order-status";
import { insertRecord, useShopServices } from "../../tests/setup/shop-fixtures";

const shop = useShopServices();
// Wednesday 25 November 2026, 15:00 in London (GMT).
const NOW = new Date("2026-11-25T15:00:00Z");

let n = 0;
function insertOrder(
  status: OrderStatus,
  paidAt: string | null,
  totalPence: number,
  extra: { refundedPence?: number; preOrderOf?: number; allocated?: boolean } = {},
) {
  n += 1;
  const order = shop.t.db
    .insert(orders)
    .values({
      orderNumber: `ND-TEST${String(n).padStart(4, "0")}`,
      email: `buyer${n}@example.com`,
      status,
      shippingName: `Buyer ${n}`,
      addressLine1: "1 Record Row",
      city: "London",
      postalCode: "SW1A 1AA",
      itemsPence: totalPence,
      shippingPence: 0,
      totalPence,
      vatPence: Math.round(totalPence / 6),
      idempotencyKey: `key-${n}`,
      paidAt,
      refundedPence: extra.refundedPence ?? 0,
    })
    .returning()
    .get();
  if (extra.preOrderOf)
    shop.t.db
      .insert(orderLines)
      .values({
        orderId: order.id,
        recordId: extra.preOrderOf,
        title: "Coming Soon",
        artist: "The Fixtures",
        unitPricePence: totalPence,
        quantity: 1,
        lineTotalPence: totalPence,
        isPreOrder: true,
        allocatedAt: extra.allocated ? NOW.toISOString() : null,
      })
      .run();
  return order;
}

describe("admin dashboard figures", () => {
  it("counts paid orders and revenue less refunds by London day and week, leaving cancelled and failed ones out", () => {
    const before = shop.s.admin.overview(NOW);
    insertOrder("paid", "2026-11-25T09:00:00.000Z", 3000); // today
    insertOrder("shipped", "2026-11-25T00:10:00.000Z", 2000, { refundedPence: 500 }); // today, part refunded
    insertOrder("delivered", "2026-11-23T08:00:00.000Z", 4000); // Monday: this week
    insertOrder("paid", "2026-11-22T23:59:00.000Z", 1000); // Sunday: last week, within 30 days
    insertOrder("cancelled", "2026-11-25T10:00:00.000Z", 9900); // not an order in revenue
    insertOrder("refunded", "2026-11-25T10:00:00.000Z", 9900, { refundedPence: 9900 });
    insertOrder("payment_failed", null, 9900);
    insertOrder("pending_payment", null, 9900);
    insertOrder("paid", "2026-10-01T10:00:00.000Z", 7000); // older than 30 days

    const o = shop.s.admin.overview(NOW);
    expect(o.today.orders - before.today.orders).toBe(2);
    expect(o.today.revenuePence - before.today.revenuePence).toBe(4500);
    expect(o.week.orders - before.week.orders).toBe(3);
    expect(o.week.revenuePence - before.week.revenuePence).toBe(8500);
    expect(o.thirtyDays.orders - before.thirtyDays.orders).toBe(4);
    expect(o.thirtyDays.revenuePence - before.thirtyDays.revenuePence).toBe(9500);
    expect(o.week.averagePence).toBe(Math.round(o.week.revenuePence / o.week.orders));
    // The latest list leaves failed payments out and is newest first.
    expect(o.latest.map((l) => l.status)).not.toContain("payment_failed");
    expect(o.latest[0]!.orderNumber).toBe(`ND-TEST${String(n).padStart(4, "0")}`);
    expect(o.latest.length).toBeLessThanOrEqual(10);
  });

  it("counts customers, not admins", () => {
    const before = shop.s.admin.overview(NOW).customers;
    shop.t.db.insert(users).values({ username: "owner1", email: "owner1@example.com", passwordHash: "x", role: "admin" }).run();
    shop.t.db.insert(users).values({ username: "collector1", email: "collector1@example.com", passwordHash: "x" }).run();
    expect(shop.s.admin.overview(NOW).customers).toBe(before + 1);
  });

  it("counts low and out of stock by each record's threshold, leaving pre-orders and unpublished records out", () => {
    const before = shop.s.admin.overview(NOW);
    insertRecord(shop.t.db, { stockQuantity: 0 }); // out
    insertRecord(shop.t.db, { stockQuantity: 3 }); // low at the default threshold
    insertRecord(shop.t.db, { stockQuantity: 8, lowStockThreshold: 10 }); // low by its own
    insertRecord(shop.t.db, { stockQuantity: 2, lowStockThreshold: 1 }); // fine by its own
    insertRecord(shop.t.db, { stockQuantity: 0, releaseDate: "2026-12-01" }); // a pre-order
    insertRecord(shop.t.db, { stockQuantity: 0, published: false }); // unpublished
    const o = shop.s.admin.overview(NOW);
    expect(o.outOfStock - before.outOfStock).toBe(1);
    expect(o.lowStock - before.lowStock).toBe(2);
  });

  it("tells orders ready to pack from those waiting for a pressing, and counts the next fortnight's releases", () => {
    const before = shop.s.admin.overview(NOW);
    const soon = insertRecord(shop.t.db, { stockQuantity: 0, releaseDate: "2026-12-05" });
    const later = insertRecord(shop.t.db, { stockQuantity: 0, releaseDate: "2027-02-01" });
    insertOrder("paid", NOW.toISOString(), 2500, { preOrderOf: soon.id }); // waits
    insertOrder("paid", NOW.toISOString(), 2500, { preOrderOf: soon.id, allocated: true }); // ready
    insertOrder("paid", NOW.toISOString(), 2500, { preOrderOf: later.id }); // waits, releases later
    const o = shop.s.admin.overview(NOW);
    expect(o.toPack - before.toPack).toBe(1);
    expect(o.awaitingStock - before.awaitingStock).toBe(2);
    expect(o.releasingSoon.records - before.releasingSoon.records).toBe(1);
    expect(o.releasingSoon.openPreOrders - before.releasingSoon.openPreOrders).toBe(1);
    expect(o.releasingSoon).toMatchObject({ from: "2026-11-26", to: "2026-12-09" });
  });
});
