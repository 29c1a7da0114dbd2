import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders, records, stockMovements } from "../../db/schema";
import { useTestApp } from "../../tests/setup/http";
import { insertDiscountCode, insertRecord } from "../../tests/setup/shop-fixtures";

// Many shoppers at once, through HTTP: the order transaction must never oversell, never let one code be
// used twice and never turn one idempotency key into two orders — and nobody gets a 5xx.

// Hundreds of shoppers here come from one test address: the checkout limit is tested elsewhere.
const shop = useTestApp({ name: "orders-race", database: "migrated", startEnv: { RATE_LIMIT_FACTOR: "100" } });

let n = 0;
function order(recordId: number, overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    idempotencyKey: `concurrency-key-${n}-${Math.random().toString(36).slice(2)}`,
    email: `shopper${n}@example.com`,
    name: `Shopper ${n}`,
    addressLine1: `${n} Groove Street`,
    city: "Leeds",
    postalCode: "LS1 4DY",
    lines: [{ recordId, quantity: 1 }],
    card: { cardNumber: "4242424242424242", cardExpiry: "12/30", cardCvc: "123" },
    ...overrides,
  };
}

async function post(body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${shop.base}/api/orders`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: shop.base, accept: "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const countOrders = (where: ReturnType<typeof eq>) =>
  shop.t.db
    .select({ n: sql<number>`count(*)` })
    .from(orders)
    .where(where)
    .get()!.n;

describe("200 simultaneous checkouts for a record with 5 in stock", () => {
  it("makes exactly 5 orders, leaves stock 0 and tells every other shopper which record ran out", async () => {
    const rec = insertRecord(shop.t.db, { title: "Last Five Copies", stockQuantity: 5 });
    const answers = await Promise.all(Array.from({ length: 200 }, () => post(order(rec.id))));

    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(195);
    for (const a of refused) {
      expect(a.status).toBe(409);
      expect(a.body.message).toBe('Sorry, "Last Five Copies" is out of stock.');
    }
    expect(shop.t.db.select().from(records).where(eq(records.id, rec.id)).get()!.stockQuantity).toBe(0);
    const lineOrders = shop.t.db.$client
      .prepare("select count(distinct order_id) as n, sum(quantity) as q from order_lines where record_id = ?")
      .get(rec.id) as { n: number; q: number };
    expect(lineOrders).toEqual({ n: 5, q: 5 });
    const moves = shop.t.db.select().from(stockMovements).where(eq(stockMovements.recordId, rec.id)).all();
    expect(moves.map((m) => m.change).reduce((a, b) => a + b, 0)).toBe(-5);
    expect(new Set(answers.filter((a) => a.status === 201).map((a) => a.body.status))).toEqual(new Set(["paid"]));
  });
});

describe("20 simultaneous orders with one discount code", () => {
  it("discounts exactly one; the others are told the code has been used and nothing is placed for them", async () => {
    const rec = insertRecord(shop.t.db, { pricePence: 3000, stockQuantity: 100 });
    insertDiscountCode(shop.t.db, "RACE10");
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(order(rec.id, { discountCode: "race10" }))));

    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    const placed = answers.filter((a) => a.status === 201);
    expect(placed).toHaveLength(1);
    expect((placed[0]!.body.totals as { discountPence: number }).discountPence).toBe(300);
    for (const a of answers.filter((x) => x.status !== 201)) {
      expect([400, 409]).toContain(a.status);
      expect(a.body.message).toBe("This discount code has already been used.");
    }
    expect(shop.t.db.select().from(records).where(eq(records.id, rec.id)).get()!.stockQuantity).toBe(99);
    const discounted = shop.t.db.$client.prepare("select count(*) as n from orders where discount_pence > 0").get() as {
      n: number;
    };
    expect(discounted.n).toBe(1);
  });
});

describe("20 replays of one idempotency key", () => {
  it("make one order, and every replay answers with it", async () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 50 });
    const body = order(rec.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(body)));

    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => a.body.orderNumber)).size).toBe(1);
    expect(countOrders(eq(orders.email, body.email))).toBe(1);
    expect(shop.t.db.select().from(records).where(eq(records.id, rec.id)).get()!.stockQuantity).toBe(49);
  });
});
