import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEDGER_MISMATCH_SQL } from "../../app/domain/stock/stock-rules";
import { orderLines, records, stockMovements, users } from "../../db/schema";
import { insertRecord } from "../../tests/setup/shop-fixtures";
import { startRaceWorker } from "../../tests/setup/race-worker";
import { migratedTestDb, type TestDb } from "../../tests/setup/test-db";

// Checkouts and admin adjustments from four processes, each with its own connection to one SQLite file, so
// their transactions truly race: no update may be lost, stock may never go below 0, and every record's stock
// must end equal to its ledger.

interface WorkerResult {
  sold: Record<number, number>;
  adjusted: Record<number, number>;
  refused: number;
  errors: string[];
  startedAt: number;
  finishedAt: number;
}

const startWorker = (args: string[]) => startRaceWorker<WorkerResult>("stock-race-worker.ts", args);
const WORKERS = 4;
const OPS = 100;
let t: TestDb;

beforeAll(() => {
  t = migratedTestDb();
});
afterAll(() => t.cleanup());

/** A fixed pseudo-random sequence, so a failure can be replayed. */
function lcg(seed: number) {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

describe(`${OPS} concurrent checkouts and adjustments from ${WORKERS} processes`, () => {
  it("lose no update, never oversell, never go below 0, and end with stock equal to the ledger", async () => {
    const admin = t.db
      .insert(users)
      .values({ username: "racer-admin", email: "racer-admin@example.com", passwordHash: "x", role: "admin" })
      .returning()
      .get();
    const opening = [12, 5];
    const recs = opening.map((stock) => {
      const r = insertRecord(t.db, { stockQuantity: stock });
      t.db.insert(stockMovements).values({ recordId: r.id, change: stock, reason: "seed" }).run();
      return r.id;
    });
    const rand = lcg(20261122);
    const ops = Array.from({ length: OPS }, () => {
      const recordId = recs[Math.floor(rand() * recs.length)]!;
      if (rand() < 0.6) return { kind: "checkout" as const, recordId, quantity: 1 + Math.floor(rand() * 2) };
      const size = 1 + Math.floor(rand() * 3);
      return { kind: "adjust" as const, recordId, change: rand() < 0.5 ? size : -size };
    });
    const workers = Array.from({ length: WORKERS }, (_, w) =>
      startWorker([
        t.file,
        JSON.stringify({
          worker: w,
          admin: { id: admin.id, username: admin.username },
          ops: ops.filter((_, i) => i % WORKERS === w),
        }),
      ]),
    );
    await Promise.all(workers.map((w) => w.ready));

    // While they race, watch the stock from this process too: it must never be read below 0.
    let lowest = Infinity;
    const watch = setInterval(() => {
      for (const r of t.db.select({ s: records.stockQuantity }).from(records).where(inArray(records.id, recs)).all())
        lowest = Math.min(lowest, r.s);
    }, 2);
    for (const w of workers) w.go();
    const results = await Promise.all(workers.map((w) => w.result)).finally(() => clearInterval(watch));
    // They did overlap: every process started before any had finished.
    expect(Math.max(...results.map((r) => r.startedAt))).toBeLessThan(Math.min(...results.map((r) => r.finishedAt)));
    expect(results.flatMap((r) => r.errors)).toEqual([]);
    const refused = results.reduce((n, r) => n + r.refused, 0);
    expect(refused).toBeGreaterThan(0); // the plan runs the shelves dry, so some checkouts and removals are refused
    expect(lowest).toBeGreaterThanOrEqual(0);
    for (const [i, id] of recs.entries()) {
      const sold = results.reduce((n, r) => n + (r.sold[id] ?? 0), 0);
      const adjusted = results.reduce((n, r) => n + (r.adjusted[id] ?? 0), 0);
      const stock = t.db.select().from(records).where(eq(records.id, id)).get()!.stockQuantity;
      // No lost update: what every process says it did adds up to what the shelf holds.
      expect(stock).toBe(opening[i]! + adjusted - sold);
      expect(stock).toBeGreaterThanOrEqual(0);
      const lines = t.db.select().from(orderLines).where(eq(orderLines.recordId, id)).all();
      expect(lines.reduce((n, l) => n + l.quantity, 0)).toBe(sold);
    }
    expect(t.db.$client.prepare(LEDGER_MISMATCH_SQL).all()).toEqual([]);
    console.info(`stock race: ${OPS} operations from ${WORKERS} processes, ${refused} refused, lowest stock seen ${lowest}`);
  }, 90_000);
});
