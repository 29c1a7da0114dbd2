import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEDGER_MISMATCH_SQL } from "../../app/domain/stock/stock-rules";
import { orderLines, orders, records, users } from "../../db/schema";
import { insertRecord } from "../../tests/setup/shop-fixtures";
import { startRaceWorker } from "../../tests/setup/race-worker";
import { migratedTestDb, type TestDb } from "../../tests/setup/test-db";
import { createServices } from ".";

// Twenty checkouts of the same used copy at once, from five processes (four each), each process with its own
// connection to one SQLite file, so their transactions truly race: exactly one order may take it. (Twenty
// processes prove the same and take over a minute and a half to start on a busy machine.)

interface WorkerResult {
  sold: Record<number, number>;
  refused: number;
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

describe(`${BUYERS} concurrent checkouts of one used copy from ${PROCESSES} processes`, () => {
  it("make exactly one order; the rest are refused, and stock ends at 0, equal to the ledger", async () => {
    const admin = t.db
      .insert(users)
      .values({ username: "copy-admin", email: "copy-admin@example.com", passwordHash: "x", role: "admin" })
      .returning()
      .get();
    const s = createServices(t.db, { mediaDir: "", mailTransport: { send: async () => {} } });
    const pressing = insertRecord(t.db, { stockQuantity: 0 });
    const copy = s.usedCopies.add(admin, pressing.id, { price: 3000, mediaGrade: "NM", sleeveGrade: "VG+" });
    await s.mail.idle();

    const workers = Array.from({ length: PROCESSES }, (_, w) =>
      startRaceWorker<WorkerResult>("stock-race-worker.ts", [
        t.file,
        JSON.stringify({
          worker: w,
          admin: { id: admin.id, username: admin.username },
          ops: Array.from({ length: BUYERS / PROCESSES }, () => ({ kind: "checkout", recordId: copy.id, quantity: 1 })),
        }),
      ]),
    );
    await Promise.all(workers.map((w) => w.ready));
    // One start instant for all, a moment ahead: a process that reads its "go" late still starts with the rest.
    const startAt = Date.now() + 300;
    for (const w of workers) w.go(startAt);
    const results = await Promise.all(workers.map((w) => w.result));

    // They raced: some two processes were checking out at the same time. (Each has only four short attempts, so on
    // a busy machine one may be scheduled after another has finished; the instant start makes most overlap.)
    const overlapping = results.some((a, i) =>
      results.some((b, j) => i !== j && a.startedAt <= b.finishedAt && b.startedAt <= a.finishedAt),
    );
    expect(overlapping).toBe(true);
    expect(results.flatMap((r) => r.errors)).toEqual([]);
    const sold = results.reduce((n, r) => n + (r.sold[copy.id] ?? 0), 0);
    const refused = results.reduce((n, r) => n + r.refused, 0);
    expect(sold).toBe(1);
    expect(refused).toBe(BUYERS - 1);
    const lines = t.db.select().from(orderLines).where(eq(orderLines.recordId, copy.id)).all();
    expect(lines).toHaveLength(1);
    expect(t.db.select().from(orders).where(eq(orders.id, lines[0]!.orderId)).get()!.status).toBe("paid");
    expect(t.db.select().from(records).where(eq(records.id, copy.id)).get()!.stockQuantity).toBe(0);
    expect(t.db.$client.prepare(LEDGER_MISMATCH_SQL).all()).toEqual([]);
    console.info(`used copy race: ${BUYERS} checkouts from ${PROCESSES} processes, ${sold} sold, ${refused} refused`);
  }, 120_000);
});
