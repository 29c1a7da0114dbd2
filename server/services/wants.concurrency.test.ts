import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, records, users, wantAddresses, wantAlerts, wants } from "../../db/schema";
import { insertRecord } from "../../tests/setup/shop-fixtures";
import { startRaceWorker } from "../../tests/setup/race-worker";
import { migratedTestDb, type TestDb } from "../../tests/setup/test-db";

// Two goods-ins of the same records from two processes, each with its own connection to one SQLite file, so
// their transactions truly race: each want must be alerted exactly once.

interface WorkerResult {
  startedAt: number;
  finishedAt: number;
  errors: string[];
}

const startWorker = (args: string[]) => startRaceWorker<WorkerResult>("want-race-worker.ts", args);

const RECORDS = 6;
let t: TestDb;
beforeAll(() => {
  t = migratedTestDb();
});
afterAll(() => t.cleanup());

describe("two goods-ins landing at once", () => {
  it("alert each want exactly once", async () => {
    const admin = t.db
      .insert(users)
      .values({ username: "want-racer", email: "want-racer@example.com", passwordHash: "x", role: "admin" })
      .returning()
      .get();
    const address = t.db
      .insert(wantAddresses)
      .values({ email: "racing-fan@example.com", confirmedAt: new Date().toISOString() })
      .returning()
      .get();
    const recordIds = Array.from({ length: RECORDS }, () => insertRecord(t.db, { stockQuantity: 0 }).id);
    for (const recordId of recordIds) t.db.insert(wants).values({ addressId: address.id, recordId, backInStock: true }).run();

    const workers = [0, 1].map((w) =>
      startWorker([t.file, JSON.stringify({ worker: w, admin: { id: admin.id, username: admin.username }, recordIds })]),
    );
    await Promise.all(workers.map((w) => w.ready));
    for (const w of workers) w.go();
    const results = await Promise.all(workers.map((w) => w.result));
    expect(results.flatMap((r) => r.errors)).toEqual([]);
    expect(Math.max(...results.map((r) => r.startedAt))).toBeLessThan(Math.min(...results.map((r) => r.finishedAt)));

    // Both deliveries arrived (1 + 2 units), and each record's want was told once.
    const stocks = t.db.select({ s: records.stockQuantity }).from(records).where(inArray(records.id, recordIds)).all();
    expect(stocks.map((r) => r.s)).toEqual(recordIds.map(() => 3));
    const alerts = t.db.select().from(wantAlerts).all();
    expect(alerts).toHaveLength(RECORDS);
    const mail = t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "want-alert")).all();
    expect(mail).toHaveLength(RECORDS);
    expect(new Set(mail.map((m) => m.subject)).size).toBe(RECORDS);
    expect(
      t.db
        .select()
        .from(wants)
        .all()
        .every((w) => w.status === "done"),
    ).toBe(true);
  }, 60_000);
});
