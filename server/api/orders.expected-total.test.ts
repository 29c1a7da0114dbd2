import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders, records } from "../../db/schema";
import { apiOrderBody, postJson, useTestApp } from "../../tests/setup/http";
import { insertRecord } from "../../tests/setup/shop-fixtures";

// An API client may bind an order to the total it showed its buyer: a different total places nothing (409), and
// the answer carries the new total to send back. Through REST and tRPC alike.

const shop = useTestApp({ name: "expected-total", database: "migrated" });

const order = (recordId: number, overrides: Record<string, unknown> = {}) =>
  apiOrderBody("expected-total", recordId, 2, overrides);
const post = (path: string, body: unknown) => postJson(shop.base, path, body);

const ordersOf = (email: string) => shop.t.db.select().from(orders).where(eq(orders.email, email)).all();
const stockOf = (id: number) => shop.t.db.select().from(records).where(eq(records.id, id)).get()!.stockQuantity;

describe("POST /api/orders with expectedTotalPence", () => {
  it("a total that is not the expected one answers 409 with the new total; nothing placed, charged or taken", async () => {
    const rec = insertRecord(shop.t.db, { pricePence: 9900, stockQuantity: 5 });
    const body = order(rec.id, { expectedTotalPence: 5600 });
    const out = await post("/api/orders", body);
    expect(out.status).toBe(409);
    expect(out.body).toMatchObject({ expectedTotalPence: 5600, totalPence: 20200 });
    expect(out.body.message).toBe(
      "The total of your order has changed since it was shown to you: it is now £202.00, not £56.00. Nothing has been charged.",
    );
    expect(ordersOf(body.email)).toEqual([]);
    expect(stockOf(rec.id)).toBe(5);

    const accepted = await post("/api/orders", { ...body, expectedTotalPence: out.body.totalPence });
    expect(accepted.status).toBe(201);
    expect(ordersOf(body.email).map((o) => [o.status, o.totalPence])).toEqual([["paid", 20200]]);
  });

  it("is optional: without it the order is placed at the shop's prices", async () => {
    const rec = insertRecord(shop.t.db, { pricePence: 1000, stockQuantity: 5 });
    const body = order(rec.id);
    expect((await post("/api/orders", body)).status).toBe(201);
    expect(ordersOf(body.email).map((o) => o.totalPence)).toEqual([2400]);
  });

  it("refuses a total that is not a whole number of pence with 400", async () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 5 });
    for (const expectedTotalPence of [-1, 12.5, "5600", 1e20]) {
      const out = await post("/api/orders", order(rec.id, { expectedTotalPence }));
      expect(out.status, String(expectedTotalPence)).toBe(400);
    }
    expect(stockOf(rec.id)).toBe(5);
  });
});

describe("checkout.placeOrder over tRPC with expectedTotalPence", () => {
  it("answers CONFLICT (409) with the new total in the error's data; nothing placed", async () => {
    const rec = insertRecord(shop.t.db, { pricePence: 9900, stockQuantity: 5 });
    const body = order(rec.id, { expectedTotalPence: 5600 });
    const out = await post("/trpc/checkout.placeOrder", body);
    expect(out.status).toBe(409);
    const error = out.body.error as { data: { code: string; priceChange: unknown } };
    expect(error.data.code).toBe("CONFLICT");
    expect(error.data.priceChange).toEqual({ expectedTotalPence: 5600, totalPence: 20200 });
    expect(ordersOf(body.email)).toEqual([]);
    expect(stockOf(rec.id)).toBe(5);
  });
});
