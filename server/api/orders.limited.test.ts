import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setShopClock } from "../../db/clock";
import { limitRefusals, orders, records } from "../../db/schema";
import { apiOrderBody, postJson, useTestApp } from "../../tests/setup/http";
import { insertRecord } from "../../tests/setup/shop-fixtures";

// A limited record's on-sale time and per-customer limit hold for every way in: REST and tRPC as the pages.

const shop = useTestApp({ name: "orders-limited", database: "migrated" });

const order = (recordId: number, overrides: Record<string, unknown> = {}) => apiOrderBody("limited-api", recordId, 1, overrides);
const post = (path: string, body: unknown) => postJson(shop.base, path, body);

const ordersOf = (email: string) => shop.t.db.select().from(orders).where(eq(orders.email, email)).all();
const stockOf = (id: number) => shop.t.db.select().from(records).where(eq(records.id, id)).get()!.stockQuantity;

afterEach(() => setShopClock(shop.t.db.$client, undefined));

describe("a record before its on-sale time", () => {
  const onSaleAt = "2026-12-05T08:00:00.000Z";
  const before = () => setShopClock(shop.t.db.$client, () => new Date("2026-12-05T07:00:00.000Z"));
  const message = (title: string) =>
    `"${title}" goes on sale at 08:00 on Saturday 5 December 2026; it can't be bought before then.`;

  it("is refused by POST /api/orders with 400; nothing placed or taken", async () => {
    const rec = insertRecord(shop.t.db, { onSaleAt, stockQuantity: 5 });
    before();
    const body = order(rec.id);
    const out = await post("/api/orders", body);
    expect(out.status).toBe(400);
    expect(out.body.message).toBe(message(rec.title));
    expect(ordersOf(body.email)).toEqual([]);
    expect(stockOf(rec.id)).toBe(5);
  });

  it("is refused by tRPC checkout.placeOrder with BAD_REQUEST", async () => {
    const rec = insertRecord(shop.t.db, { onSaleAt, stockQuantity: 5 });
    before();
    const body = order(rec.id);
    const out = await post("/trpc/checkout.placeOrder", body);
    expect(out.status).toBe(400);
    const error = out.body.error as { message: string; data: { code: string } };
    expect(error.data.code).toBe("BAD_REQUEST");
    expect(error.message).toBe(message(rec.title));
    expect(ordersOf(body.email)).toEqual([]);
  });
});

describe("one per customer over the API", () => {
  it("refuses the same test card on another e-mail and address (409), and keeps the refusal", async () => {
    const rec = insertRecord(shop.t.db, { limitPerCustomer: 1, stockQuantity: 5 });
    const first = await post("/api/orders", order(rec.id));
    expect(first.status).toBe(201);
    const second = await post(
      "/api/orders",
      order(rec.id, { card: { cardNumber: "4242 4242 4242 4242", cardExpiry: "12/30", cardCvc: "123" } }),
    );
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(
      `"${rec.title}" is limited to 1 per customer, and an earlier order with this card already has 1.`,
    );
    expect(stockOf(rec.id)).toBe(4);
    const kept = shop.t.db.select().from(limitRefusals).where(eq(limitRefusals.recordId, rec.id)).all();
    expect(kept).toMatchObject([{ matchedBy: "card", channel: "api", requestedQuantity: 1, alreadyBought: 1 }]);
  });

  it("refuses the same address through tRPC with CONFLICT", async () => {
    const rec = insertRecord(shop.t.db, { limitPerCustomer: 1, stockQuantity: 5 });
    const address = { addressLine1: "7 Vinyl Close", postalCode: "M1 1AE", city: "Manchester" };
    expect((await post("/trpc/checkout.placeOrder", order(rec.id, address))).status).toBe(200);
    const out = await post(
      "/trpc/checkout.placeOrder",
      order(rec.id, {
        ...address,
        addressLine1: "7 vinyl cl",
        postalCode: "m11ae",
        card: { cardNumber: "5555555555554444", cardExpiry: "12/30", cardCvc: "123" },
      }),
    );
    expect(out.status, JSON.stringify(out.body)).toBe(409);
    const error = out.body.error as { message: string; data: { code: string } };
    expect(error.data.code).toBe("CONFLICT");
    expect(error.message).toContain("an earlier order to this address");
    const kept = shop.t.db.select().from(limitRefusals).where(eq(limitRefusals.recordId, rec.id)).all();
    expect(kept).toMatchObject([{ matchedBy: "address", channel: "trpc" }]);
  });
});

describe("the cart priced before the on-sale time", () => {
  it("marks the line not on sale yet through POST /api/cart/price and tRPC cart.price, priced 0", async () => {
    const rec = insertRecord(shop.t.db, { onSaleAt: "2026-12-05T08:00:00.000Z", limitPerCustomer: 1, stockQuantity: 5 });
    setShopClock(shop.t.db.$client, () => new Date("2026-12-05T07:00:00.000Z"));
    const rest = await post("/api/cart/price", { lines: [{ recordId: rec.id, quantity: 1 }] });
    expect(rest.status).toBe(200);
    expect(rest.body.lines).toMatchObject([{ recordId: rec.id, issue: "not-on-sale-yet", lineTotalPence: 0 }]);
    const res = await fetch(
      `${shop.base}/trpc/cart.price?input=${encodeURIComponent(JSON.stringify({ lines: [{ recordId: rec.id, quantity: 2 }] }))}`,
    );
    const body = (await res.json()) as { result: { data: { lines: unknown[] } } };
    expect(body.result.data.lines).toMatchObject([{ issue: "not-on-sale-yet", maxQuantity: 0 }]);
  });
});

describe("GET /api/tracks/{id}", () => {
  it("carries the limit and the on-sale time, null for a record that has neither", async () => {
    const limited = insertRecord(shop.t.db, { limitPerCustomer: 1, onSaleAt: "2026-12-05T08:00:00.000Z" });
    const plain = insertRecord(shop.t.db);
    const read = async (id: number) => (await (await fetch(`${shop.base}/api/tracks/${id}`)).json()) as Record<string, unknown>;
    expect(await read(limited.id)).toMatchObject({ limitPerCustomer: 1, onSaleAt: "2026-12-05T08:00:00.000Z" });
    expect(await read(plain.id)).toMatchObject({ limitPerCustomer: null, onSaleAt: null });
  });
});
