import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discountCodes, orderLines, orders, stockMovements } from "../../db/schema";
import type { OrderStatus } from "../../app/domain/orders/order-status";
import { analysisQuerySchema, resolveRange } from "../../app/domain/admin/analysis/range";
import { insertRecord } from "../../tests/setup/shop-fixtures";
import { seededTestDb, type TestDb } from "../../tests/setup/test-db";
import { createBusinessAnalysisService, type BusinessAnalysisService } from "./business-analysis";

// Two weeks, Monday 23 March to Sunday 5 April 2026, across the change to British Summer Time (29 March).
const QUERY = { preset: "custom", from: "2026-03-23", to: "2026-04-05", granularity: "week" };
const TODAY = "2026-04-06";

let t: TestDb;
let analysis: BusinessAnalysisService;
let n = 0;
const ids = { a: 0, b: 0, c: 0, d: 0, code: 0 };

function order(
  status: OrderStatus,
  paidAt: string,
  email: string,
  lines: { recordId: number; quantity: number; unit: number; refunded?: number; preOrder?: boolean }[],
  extra: { shipping?: number; discount?: number; refunded?: number; codeId?: number } = {},
) {
  n += 1;
  const items = lines.reduce((s, l) => s + l.quantity * l.unit, 0);
  const total = items + (extra.shipping ?? 0) - (extra.discount ?? 0);
  const row = t.db
    .insert(orders)
    .values({
      orderNumber: `ND-ANALYSIS-${n}`,
      email,
      status,
      shippingName: "Buyer",
      addressLine1: "1 Record Row",
      city: "London",
      postalCode: "SW1A 1AA",
      itemsPence: items,
      shippingPence: extra.shipping ?? 0,
      discountPence: extra.discount ?? 0,
      discountCodeId: extra.codeId ?? null,
      totalPence: total,
      vatPence: Math.round(total / 6),
      idempotencyKey: `analysis-${n}`,
      paidAt,
      refundedPence: extra.refunded ?? 0,
    })
    .returning()
    .get();
  for (const l of lines)
    t.db
      .insert(orderLines)
      .values({
        orderId: row.id,
        recordId: l.recordId,
        title: "T",
        artist: "A",
        unitPricePence: l.unit,
        quantity: l.quantity,
        lineTotalPence: l.unit * l.quantity,
        refundedQuantity: l.refunded ?? 0,
        isPreOrder: l.preOrder ?? false,
      })
      .run();
}

beforeAll(async () => {
  t = await seededTestDb();
  analysis = createBusinessAnalysisService(t.db);
  ids.a = insertRecord(t.db, { genre: "Analysis Jazz", label: "Analysis Blue", format: "LP", pricePence: 2000 }).id;
  ids.b = insertRecord(t.db, { genre: "Analysis Rock", label: "Analysis Island", format: '7"', pricePence: 1000 }).id;
  ids.c = insertRecord(t.db, { genre: "Analysis Folk", stockQuantity: 4, pricePence: 1500, releaseDate: "2020-01-01" }).id;
  ids.d = insertRecord(t.db, { genre: "Analysis Soul", stockQuantity: 3, pricePence: 1000, releaseDate: "2026-06-01" }).id;
  ids.code = t.db.insert(discountCodes).values({ code: "ANALYSIS10", percentOff: 10 }).returning().get().id;

  order("paid", "2026-03-23T00:30:00.000Z", "a@example.com", [{ recordId: ids.a, quantity: 2, unit: 2000 }], { shipping: 400 });
  // 23:30 UTC on 29 March is 00:30 on Monday 30 March in London (BST): the second week.
  order("partially_refunded", "2026-03-29T23:30:00.000Z", "a@example.com", [{ recordId: ids.b, quantity: 1, unit: 1000 }], {
    shipping: 400,
    refunded: 400,
  });
  order("cancelled", "2026-03-25T10:00:00.000Z", "x@example.com", [{ recordId: ids.a, quantity: 5, unit: 2000 }]);
  order("pending_payment", "2026-03-25T11:00:00.000Z", "y@example.com", [{ recordId: ids.a, quantity: 1, unit: 2000 }]);
  // 23:30 UTC on 22 March is still 22 March in London (GMT): the period before.
  order("paid", "2026-03-22T23:30:00.000Z", "b@example.com", [{ recordId: ids.a, quantity: 1, unit: 2000 }]);
  order(
    "partially_refunded",
    "2026-04-05T22:59:00.000Z",
    "c@example.com",
    [{ recordId: ids.b, quantity: 3, unit: 1000, refunded: 1 }],
    { shipping: 700, discount: 300, refunded: 1000, codeId: ids.code },
  );
  // 23:00 UTC on 5 April is midnight on 6 April in London: after the period.
  order("paid", "2026-04-05T23:00:00.000Z", "a@example.com", [{ recordId: ids.a, quantity: 1, unit: 2000 }]);
  order("paid", "2026-03-25T10:00:00.000Z", "d@example.com", [{ recordId: ids.d, quantity: 5, unit: 1000, preOrder: true }]);

  const move = (recordId: number, change: number, reason: "delivery" | "seed" | "damaged", createdAt: string) =>
    t.db.insert(stockMovements).values({ recordId, change, reason, createdAt }).run();
  move(ids.a, 10, "delivery", "2026-03-24T09:00:00.000Z");
  move(ids.b, 5, "seed", "2026-03-23T12:00:00.000Z");
  move(ids.b, -1, "damaged", "2026-03-26T12:00:00.000Z");
  move(ids.a, 7, "delivery", "2026-05-01T09:00:00.000Z");
});
afterAll(() => t.cleanup());

const range = () => resolveRange(analysisQuerySchema.parse(QUERY), TODAY);

describe("business analysis figures", () => {
  it("sums paid orders by London week, net of refunds with VAT apart, against the period before", () => {
    const s = analysis.sales(range());
    expect(s.current.map((b) => [b.key, b.orders, b.revenuePence, b.refundedPence, b.discountPence])).toEqual([
      ["2026-03-23", 2, 4400 + 5000, 0, 0],
      ["2026-03-30", 2, 1000 + 2400, 1400, 300],
    ]);
    expect(s.totals).toMatchObject({ orders: 4, revenuePence: 12800, vatPence: 2133, exVatPence: 10667, averagePence: 3200 });
    expect(s.previousTotals).toMatchObject({ orders: 1, revenuePence: 2000 });
  });

  it("reads units and line revenue kept by genre, label and format, and the top sellers", () => {
    const r = range();
    const genre = Object.fromEntries(analysis.genre(r).map((g) => [g.name, [g.units, g.revenuePence]]));
    expect(genre).toEqual({ "Analysis Soul": [5, 5000], "Analysis Rock": [3, 3000], "Analysis Jazz": [2, 4000] });
    expect(analysis.label(r).find((l) => l.name === "Analysis Island")).toEqual({
      name: "Analysis Island",
      units: 3,
      revenuePence: 3000,
    });
    expect(
      analysis
        .format(r)
        .map((f) => f.name)
        .sort(),
    ).toEqual(['7"', "LP"]);
    expect(analysis.topSellers(r).map((x) => [x.recordId, x.units])).toEqual([
      [ids.d, 5],
      [ids.b, 3],
      [ids.a, 2],
    ]);
  });

  it("gives sell-through as sold ÷ received in the period, by genre and in all", () => {
    const rows = analysis.sellThrough(range());
    expect(rows[0]).toEqual({ genre: "All genres", received: 15, sold: 10, percent: 67 });
    expect(rows.find((r) => r.genre === "Analysis Jazz")).toEqual({ genre: "Analysis Jazz", received: 10, sold: 2, percent: 20 });
    expect(rows.find((r) => r.genre === "Analysis Rock")).toMatchObject({ received: 5, sold: 3, percent: 60 });
    expect(rows.find((r) => r.genre === "Analysis Soul")).toMatchObject({ received: 0, sold: 5, percent: null });
  });

  it("lists released stock unsold for 90 days with the money in it, and pre-orders against expected stock", () => {
    const dead = analysis.deadStock(TODAY);
    const ids_ = dead.rows.map((r) => r.recordId);
    expect(dead.rows.find((r) => r.recordId === ids.c)).toMatchObject({ stock: 4, pricePence: 1500, tiedUpPence: 6000 });
    expect(ids_).not.toContain(ids.a);
    expect(ids_).not.toContain(ids.d);
    expect(dead.tiedUpPence).toBe(dead.rows.reduce((s, r) => s + r.stock * r.pricePence, 0));
    expect(analysis.preOrders(TODAY).find((p) => p.recordId === ids.d)).toMatchObject({ ordered: 5, expected: 3, shortfall: 2 });
  });

  it("tells orders from first-time customers from returning ones, and what discount codes cost", () => {
    const r = range();
    expect(analysis.customers(r).map((b) => [b.key, b.newOrders, b.returningOrders])).toEqual([
      ["2026-03-23", 2, 0],
      ["2026-03-30", 1, 1],
    ]);
    // A day without orders has neither (a missing order is not a first-time customer).
    const daily = resolveRange(analysisQuerySchema.parse({ ...QUERY, granularity: "day" }), TODAY);
    const quiet = analysis.customers(daily).filter((b) => b.newOrders + b.returningOrders === 0);
    expect(quiet.length).toBeGreaterThan(0);
    for (const b of analysis.customers(daily)) {
      expect(b.newOrders, b.key).toBeGreaterThanOrEqual(0);
      expect(b.returningOrders, b.key).toBeGreaterThanOrEqual(0);
    }
    expect(analysis.discounts(r)).toEqual([
      { code: "ANALYSIS10", percentOff: 10, orders: 1, discountPence: 300, revenuePence: 2400 },
    ]);
  });
});

describe("VAT apart, by where the order went (docs/decisions/0081)", () => {
  it("takes 20% out of UK orders, the VAT an IOSS order added, and nothing from an export", () => {
    const week = { preset: "custom", from: "2026-06-01", to: "2026-06-07", granularity: "week" };
    const june = resolveRange(analysisQuerySchema.parse(week), "2026-06-08");
    const placed = (treatment: "uk" | "export" | "ioss", total: number, vat: number) => {
      n += 1;
      t.db
        .insert(orders)
        .values({
          orderNumber: `ND-ANALYSIS-${n}`,
          email: "abroad@example.com",
          status: "paid",
          shippingName: "Buyer",
          addressLine1: "1 Record Row",
          city: "Dublin",
          postalCode: "",
          itemsPence: total,
          shippingPence: 0,
          totalPence: total,
          vatPence: vat,
          vatTreatment: treatment,
          idempotencyKey: `analysis-${n}`,
          paidAt: "2026-06-02T10:00:00.000Z",
        })
        .run();
    };
    placed("uk", 1200, 200);
    placed("export", 4566, 0);
    placed("ioss", 6477, 1211);
    const s = analysis.sales(june);
    expect(s.totals).toMatchObject({ orders: 3, revenuePence: 1200 + 4566 + 6477, vatPence: 200 + 1211 });
  });
});
