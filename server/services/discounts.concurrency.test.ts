import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISCOUNT_MESSAGES } from "../../app/domain/discounts/discount-rule";
import { createDiscountRuleSchema } from "../../app/domain/discounts/discount-rule-schema";
import { discountCodes, orders, users } from "../../db/schema";
import { insertRecord } from "../../tests/setup/shop-fixtures";
import { startRaceWorker } from "../../tests/setup/race-worker";
import { migratedTestDb, type TestDb } from "../../tests/setup/test-db";
import { createServices } from ".";

// Twenty checkouts with one single-use discount code at once, from five processes (four each), each process with
// its own connection to one SQLite file, so their transactions truly race: exactly one order may have the code.

interface WorkerResult {
  withCode: { orderNumber: string; discountPence: number }[];
  refused: string[];
  errors: string[];
  startedAt: number;
  finishedAt: number;
}

const BUYERS = 20;
const PROCESSES = 5;
let t: TestDb;

beforeAll(() => {
  t = migratedTestDb();
});
afterAll(() => t.cleanup());

describe(`${BUYERS} concurrent checkouts with a one-use code from ${PROCESSES} processes`, () => {
  it("make exactly one order with it, £7.50 off; the rest are refused", async () => {
    const admin = t.db
      .insert(users)
      .values({ username: "code-admin", email: "code-admin@example.com", passwordHash: "x", role: "admin" })
      .returning()
      .get();
    const s = createServices(t.db, { mediaDir: "", mailTransport: { send: async () => {} } });
    const code = s.adminDiscounts.create(
      admin,
      createDiscountRuleSchema.parse({
        code: "ONLY-ONCE",
        name: "One lucky order",
        kind: "fixed",
        amount: "7.50",
        minSpend: "",
        maxRedemptions: "1",
      }),
    );
    const record = insertRecord(t.db, { pricePence: 2500, stockQuantity: BUYERS });

    const workers = Array.from({ length: PROCESSES }, (_, w) =>
      startRaceWorker<WorkerResult>("discount-race-worker.ts", [
        t.file,
        JSON.stringify({ worker: w, code: "ONLY-ONCE", recordId: record.id, buyers: BUYERS / PROCESSES }),
      ]),
    );
    await Promise.all(workers.map((w) => w.ready));
    const startAt = Date.now() + 300;
    for (const w of workers) w.go(startAt);
    const results = await Promise.all(workers.map((w) => w.result));

    const overlapping = results.some((a, i) =>
      results.some((b, j) => i !== j && a.startedAt <= b.finishedAt && b.startedAt <= a.finishedAt),
    );
    expect(overlapping).toBe(true);
    expect(results.flatMap((r) => r.errors)).toEqual([]);
    const winners = results.flatMap((r) => r.withCode);
    expect(winners).toHaveLength(1);
    expect(winners[0]!.discountPence).toBe(750);
    const refused = results.flatMap((r) => r.refused);
    expect(refused).toHaveLength(BUYERS - 1);
    expect(new Set(refused)).toEqual(new Set([DISCOUNT_MESSAGES.used]));
    expect(t.db.select().from(discountCodes).where(eq(discountCodes.id, code.id)).get()!.redemptions).toBe(1);
    const withCode = t.db.select().from(orders).where(eq(orders.discountCodeId, code.id)).all();
    expect(withCode.map((o) => [o.orderNumber, o.totalPence, o.status])).toEqual([
      [winners[0]!.orderNumber, 2500 + 400 - 750, "paid"],
    ]);
    expect(s.adminDiscounts.get(code.id)).toMatchObject({ orders: 1, givenPence: 750 });
    console.info(
      `discount race: ${BUYERS} checkouts from ${PROCESSES} processes, ${winners.length} with the code, ${refused.length} refused`,
    );
  }, 120_000);
});
