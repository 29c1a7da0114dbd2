import { describe, expect, it } from "vitest";
import { orderLines, orders } from "../../db/schema";
import type { OrderStatus } from "../../app/domain/orders/order-status";
import { insertRecord, useShopServices } from "../../tests/setup/shop-fixtures";

const shop = useShopServices();

let n = 0;
function insertOrder(status: OrderStatus, at: string, line: { recordId: number; preOrder?: boolean; allocated?: boolean }) {
  n += 1;
  const orderNumber = `ND-SHIP${String.fromCharCode(65 + n)}AAA`;
  const order = shop.t.db
    .insert(orders)
    .values({
      orderNumber,
      email: `parcel${n}@example.com`,
      status,
      shippingName: `Parcel ${n}`,
      addressLine1: `${n} Record Row`,
      city: "Leeds",
      postalCode: "LS1 1AA",
      itemsPence: 2500,
      shippingPence: 0,
      totalPence: 2500,
      vatPence: 417,
      idempotencyKey: `ship-${n}`,
      paidAt: at,
      packedAt: status === "packed" ? at : null,
    })
    .returning()
    .get();
  shop.t.db
    .insert(orderLines)
    .values({
      orderId: order.id,
      recordId: line.recordId,
      title: "Blue Train",
      artist: "John Coltrane",
      unitPricePence: 2500,
      quantity: 1,
      lineTotalPence: 2500,
      isPreOrder: line.preOrder ?? false,
      allocatedAt: line.allocated ? at : null,
    })
    .run();
  return orderNumber;
}

describe("the packing queue", () => {
  it("lists paid orders ready to pack oldest first, keeps back those waiting for a pressing, and lists packed ones apart", () => {
    const record = insertRecord(shop.t.db);
    const newer = insertOrder("paid", "2026-11-25T10:00:00.000Z", { recordId: record.id });
    const older = insertOrder("paid", "2026-11-24T10:00:00.000Z", { recordId: record.id });
    const waiting = insertOrder("paid", "2026-11-20T10:00:00.000Z", { recordId: record.id, preOrder: true });
    const allocated = insertOrder("paid", "2026-11-21T10:00:00.000Z", { recordId: record.id, preOrder: true, allocated: true });
    const packed = insertOrder("packed", "2026-11-22T10:00:00.000Z", { recordId: record.id });
    insertOrder("shipped", "2026-11-19T10:00:00.000Z", { recordId: record.id });
    insertOrder("pending_payment", "2026-11-19T10:00:00.000Z", { recordId: record.id });

    const q = shop.s.adminShipping.queue();
    expect(q.toPack.map((p) => p.orderNumber)).toEqual([allocated, older, newer]);
    expect(q.toPack.map((p) => p.orderNumber)).not.toContain(waiting);
    expect(q.packed.map((p) => p.orderNumber)).toEqual([packed]);
    expect(q.awaitingStock).toBe(1);
    expect(q.toPack[0]!.lines).toEqual([
      { title: "Blue Train", artist: "John Coltrane", quantity: 1, copy: null, vatScheme: "standard" },
    ]);
  });

  it("gives what slips and labels print, in the order asked, leaving unknown numbers out", () => {
    const record = insertRecord(shop.t.db);
    const a = insertOrder("paid", "2026-11-25T10:00:00.000Z", { recordId: record.id });
    const b = insertOrder("packed", "2026-11-25T11:00:00.000Z", { recordId: record.id });
    const parcels = shop.s.adminShipping.parcels([b, "ND-ZZZZZZZZ", a]);
    expect(parcels.map((p) => p.orderNumber)).toEqual([b, a]);
    expect(parcels[0]).toMatchObject({ city: "Leeds", postalCode: "LS1 1AA", lines: [{ quantity: 1 }] });
  });
});
