import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderListQuerySchema } from "../../app/domain/orders/order-admin";
import { matchesOrderSearch, type OrderSearchable } from "../../app/domain/orders/order-search";
import { orderLines, orders, records, users } from "../../db/schema";
import { TEST_CARD_SUCCESS } from "../payments/test-card";
import { insertRecord, TEST_ADDRESS, useShopServices } from "../../tests/setup/shop-fixtures";
import { TEST_TODAY } from "../../tests/setup/test-db";

const shop = useShopServices();
let n = 0;

/** A paid order through the real checkout, delivered to `postalCode`, for one copy of each record. */
async function orderTo(postalCode: string, recordIds: number[], name = "Grace Hopper") {
  n += 1;
  const out = await shop.s.checkout.submit(
    {
      idempotencyKey: `order-search-${process.pid}-${n}-abcdefghijkl`,
      lines: recordIds.map((recordId) => ({ recordId, quantity: 1 })),
      discountCode: null,
      email: `search-${n}@example.com`,
      shipping: { ...TEST_ADDRESS, name, postalCode },
      userId: null,
      today: TEST_TODAY,
    },
    { card: { number: TEST_CARD_SUCCESS, expiry: "12/30", cvc: "123" }, origin: "http://localhost" },
  );
  return out.order.orderNumber;
}

const found = (q: string, more: Record<string, string> = {}) =>
  shop.s.adminOrders.list(orderListQuerySchema.parse({ q, size: "100", ...more }));

/** Every order in the database as the search rule sees it. */
function everyOrder(): OrderSearchable[] {
  const rows = shop.t.db.select().from(orders).all();
  const lines = shop.t.db
    .select({
      orderId: orderLines.orderId,
      title: records.title,
      catalogNumber: records.catalogNumber,
      catalogueId: records.catalogueId,
    })
    .from(orderLines)
    .innerJoin(records, eq(records.id, orderLines.recordId))
    .where(
      inArray(
        orderLines.orderId,
        rows.map((r) => r.id),
      ),
    )
    .all();
  return rows.map((r) => ({ ...r, records: lines.filter((l) => l.orderId === r.id) }));
}

describe("the order list's search", () => {
  it("finds an order by its postcode however it is typed, by a record's title and by its catalogue number", async () => {
    const train = insertRecord(shop.t.db, { title: "Blue Train Search", catalogNumber: "BLP 1577-S" });
    const other = insertRecord(shop.t.db, { title: "Somethin' Else", catalogNumber: "BLP 1595-S" });
    const leeds = await orderTo("LS1 4AP", [train.id]);
    const cardiff = await orderTo("CF10 1EP", [other.id]);
    const numbers = (q: string) => found(q).orders.map((o) => o.orderNumber);

    for (const q of ["LS1 4AP", "ls14ap", " Ls1  4ap ", "ls1 4"]) expect(numbers(q), q).toEqual([leeds]);
    expect(numbers("cf10 1ep")).toEqual([cardiff]);
    expect(numbers("blue train search")).toEqual([leeds]);
    expect(numbers("blp 1595-s")).toEqual([cardiff]);
    expect(numbers("BLP 15")).toEqual([cardiff, leeds]);
  });

  it("keeps the other filters with the search", async () => {
    const record = insertRecord(shop.t.db, { title: "Moanin' Search" });
    const a = await orderTo("G1 1XQ", [record.id]);
    const b = await orderTo("G1 1XQ", [record.id]);
    const admin = {
      id: shop.t.db
        .insert(users)
        .values({ username: "search-boss", passwordHash: "x", email: "search-boss@example.com", role: "admin" })
        .returning()
        .get().id,
      username: "search-boss",
    };
    shop.s.adminOrders.ship(admin, b, { trackingNumber: "RR473124829GB" });
    expect(found("g11xq", { status: "paid" }).orders.map((o) => o.orderNumber)).toEqual([a]);
    expect(found("moanin' search", { status: "shipped" }).orders.map((o) => o.orderNumber)).toEqual([b]);
  });

  it("finds exactly the orders the search rule finds, for every kind of search", async () => {
    const record = insertRecord(shop.t.db, { title: "A Love Supreme Search", catalogNumber: "AS-77" });
    await orderTo("EH1 1YZ", [record.id], "Miles O'Brien");
    const all = everyOrder();
    expect(all.length).toBeGreaterThan(3);
    for (const q of ["eh1", "EH1 1YZ", "supreme", "as-77", "O'Brien", "search-1@", "ND-", "%", "_", "1 1", "zzzz"]) {
      const expected = all.filter((o) => matchesOrderSearch(o, q)).map((o) => o.orderNumber);
      expect(expected.length, `${q}: more than a page`).toBeLessThanOrEqual(100);
      const page = found(q);
      expect(page.total, q).toBe(expected.length);
      expect(new Set(page.orders.map((o) => o.orderNumber)), q).toEqual(new Set(expected));
    }
  });
});
