import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEDGER_MISMATCH_SQL } from "../../app/domain/stock/stock-rules";
import { discogsListings, discogsOrders, orderLines, records, stockMovements } from "../../db/schema";
import { insertRecord } from "../../tests/setup/shop-fixtures";
import { startRaceWorker } from "../../tests/setup/race-worker";
import { migratedTestDb, type TestDb } from "../../tests/setup/test-db";

// "Never sold twice": one process checks a used copy out in the shop while another takes in a Discogs order for
// the same copy, started at the same instant, round after round (each round its own copy). Each process has its own
// connection to one SQLite file, so their BEGIN IMMEDIATE transactions truly race.

interface WorkerResult {
  outcomes: ("sold" | "refused" | "taken" | "oversold" | "error")[];
  errors: string[];
}

const ROUNDS = 80;
const ROUND_MS = 30;
let t: TestDb;

beforeAll(() => {
  t = migratedTestDb();
});
afterAll(() => t.cleanup());

describe(`a shop checkout and a Discogs order for the same copy, ${ROUNDS} rounds from two processes`, () => {
  it("end every round with exactly one sale: the other is refused (out of stock) or recorded oversold", async () => {
    const copies = Array.from({ length: ROUNDS }, (_, i) => {
      const copy = insertRecord(t.db, {
        condition: "used",
        mediaGrade: "VG+",
        sleeveGrade: "VG",
        stockQuantity: 1,
        pricePence: 2500,
        discogsReleaseId: 249504,
      });
      // The copy's arrival in the ledger, so stock and ledger agree before the race.
      t.db.insert(stockMovements).values({ recordId: copy.id, change: 1, reason: "delivery" }).run();
      t.db
        .insert(discogsListings)
        .values({ recordId: copy.id, listingId: 700_000 + i, state: "listed", listedPricePence: 2500 })
        .run();
      return { recordId: copy.id, listingId: 700_000 + i };
    });
    const started = (["shop", "discogs"] as const).map((side) =>
      startRaceWorker<WorkerResult>("discogs-race-worker.ts", [
        t.file,
        JSON.stringify({ side, roundMs: ROUND_MS, rounds: copies }),
      ]),
    );
    await Promise.all(started.map((w) => w.ready));
    // One start instant for both, a moment ahead: each round then starts at the same instant in both processes.
    const startAt = Date.now() + 300;
    for (const w of started) w.go(startAt);
    const [shop, discogs] = await Promise.all(started.map((w) => w.result));

    expect([...shop!.errors, ...discogs!.errors]).toEqual([]);
    let shopWins = 0;
    let discogsWins = 0;
    for (let i = 0; i < ROUNDS; i += 1) {
      const pair = [shop!.outcomes[i], discogs!.outcomes[i]];
      expect([
        ["sold", "oversold"],
        ["refused", "taken"],
      ]).toContainEqual(pair);
      if (pair[0] === "sold") shopWins += 1;
      else discogsWins += 1;
      const recordId = copies[i]!.recordId;
      expect(t.db.select().from(records).where(eq(records.id, recordId)).get()!.stockQuantity).toBe(0);
      expect(t.db.select().from(orderLines).where(eq(orderLines.recordId, recordId)).all()).toHaveLength(1);
    }
    expect(t.db.select().from(discogsOrders).all()).toHaveLength(ROUNDS);
    expect(t.db.$client.prepare(LEDGER_MISMATCH_SQL).all()).toEqual([]);
    console.info(`discogs race: ${ROUNDS} rounds, shop checkout won ${shopWins}, Discogs order won ${discogsWins}, sold twice 0`);
  }, 180_000);
});
