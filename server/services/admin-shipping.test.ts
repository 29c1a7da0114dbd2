import { describe, expect, it } from "vitest";
import { orderLines, orders } from "../../db/schema";
import type { OrderStatus } from "../../app/domain/orders/order-status";
import { insertRecord, useShopServices } from "../../tests/setup/shop-fixtures";

const shop = useShopServices();

let n = 0;
function insertOrder(
  status: OrderStatus,
  at: string,
  line: { recordId: number; preOrder?: boolean; allocated?: boolean },
  abroad: Partial<typeof orders.$inferInsert> = {},
) {
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
      ...abroad,
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
      {
        title: "Blue Train",
        artist: "John Coltrane",
        quantity: 1,
        copy: null,
        vatScheme: "standard",
        unitPricePence: 2500,
        weightGrams: null,
        hsCode: null,
        originCountry: null,
      },
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

const JERSEY = {
  country: "Jersey",
  countryCode: "JE",
  city: "St Helier",
  postalCode: "JE2 4WF",
  deliveryService: "intl_standard",
};

describe("parcels abroad", () => {
  it("carry a customs declaration when they leave the UK VAT area, with the shop's EORI; a Leeds parcel has none", () => {
    const record = insertRecord(shop.t.db);
    const jersey = insertOrder("paid", "2026-11-25T10:00:00.000Z", { recordId: record.id }, JERSEY);
    const leeds = insertOrder("paid", "2026-11-25T11:00:00.000Z", { recordId: record.id });
    const [j, l] = shop.s.adminShipping.parcels([jersey, leeds]);
    expect(j!.declaration).toMatchObject({ form: "CN22", totalValuePence: 2500, recipient: expect.arrayContaining(["Jersey"]) });
    expect(j!.declaration!.senderEori).toBe(shop.s.deliverySettings.get().eoriNumber);
    expect(l!.declaration).toBeNull();
  });

  it("go to Click & Drop by the service the shopper chose until one is packed with another", () => {
    const record = insertRecord(shop.t.db);
    const chosen = insertOrder("paid", "2026-11-25T10:00:00.000Z", { recordId: record.id }, JERSEY);
    const packed = insertOrder(
      "packed",
      "2026-11-25T10:00:00.000Z",
      { recordId: record.id },
      {
        ...JERSEY,
        shippingService: "intl_tracked",
      },
    );
    const out = shop.s.adminShipping.clickAndDrop([chosen, packed]);
    expect(out.map((o) => [o.orderNumber, o.service, o.date])).toEqual([
      [chosen, "intl_standard", "2026-11-25T10:00:00.000Z"],
      [packed, "intl_tracked", "2026-11-25T10:00:00.000Z"],
    ]);
  });
});

describe("tracking numbers back from Click & Drop", () => {
  it("matches rows to orders waiting for the post and names the others", () => {
    const record = insertRecord(shop.t.db);
    const waiting = insertOrder("packed", "2026-11-25T10:00:00.000Z", { recordId: record.id });
    const gone = insertOrder("shipped", "2026-11-25T10:00:00.000Z", { recordId: record.id }, { trackingNumber: "RR473124829GB" });
    const text = [
      "Order reference,Tracking number",
      `${waiting},AB123456785GB`,
      `${gone},RR473124829GB`,
      "ND-ZZZZZZZZ,AB123456785GB",
      `${waiting}X,AB12`,
    ].join("\n");
    const { matched, problems } = shop.s.adminShipping.trackingBack(text);
    expect(matched).toEqual([{ line: 2, orderNumber: waiting, trackingNumber: "AB123456785GB" }]);
    expect(problems).toEqual([
      { line: 3, reference: gone, message: "Already dispatched with this number" },
      { line: 4, reference: "ND-ZZZZZZZZ", message: "No order ND-ZZZZZZZZ in the shop" },
      { line: 5, reference: `${waiting}X`, message: "AB12 is not a Royal Mail tracking number" },
    ]);
  });
});
