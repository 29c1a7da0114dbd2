import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeTransaction } from "../../db/client";
import { orders, records, voucherMovements, vouchers } from "../../db/schema";
import { insertRecord } from "../../tests/setup/shop-fixtures";
import { startRaceWorker } from "../../tests/setup/race-worker";
import { migratedTestDb, type TestDb } from "../../tests/setup/test-db";
import { formatPence } from "../../app/domain/shared/money";
import { issueVoucher, mintVoucherCode } from "./voucher-ledger";

// Twenty checkouts spending one gift voucher at once, from five processes (four each), each process with its own
// connection to one SQLite file, so their transactions truly race. Each order is £10.00 (a £6.00 record and £4.00
// delivery) and asks the voucher to pay all of it, as the checkout page does when the voucher covers the order. The
// voucher holds £45.00: four orders fit, and the voucher may never give more than it holds.

interface WorkerResult {
  paid: { orderNumber: string; voucherPence: number; amountDuePence: number; status: string }[];
  refused: { status: number; message: string }[];
  errors: string[];
  startedAt: number;
  finishedAt: number;
}

const BUYERS = 20;
const PROCESSES = 5;
const BALANCE = 4500;
const ORDER_TOTAL = 1000;
let t: TestDb;

beforeAll(() => {
  t = migratedTestDb();
});
afterAll(() => t.cleanup());

describe(`${BUYERS} concurrent checkouts spending one £45.00 gift voucher from ${PROCESSES} processes`, () => {
  it("take at most its balance in total; the rest are refused cleanly and leave no order behind", async () => {
    const { id: voucherId, code } = writeTransaction(t.db, (db) => {
      const v = issueVoucher(db, { kind: "gift", amountPence: BALANCE, issuedOn: "2026-11-01", status: "active" });
      return { id: v.id, code: mintVoucherCode(db, v.id) };
    });
    const record = insertRecord(t.db, { pricePence: ORDER_TOTAL - 400, stockQuantity: BUYERS });

    const workers = Array.from({ length: PROCESSES }, (_, w) =>
      startRaceWorker<WorkerResult>("voucher-race-worker.ts", [
        t.file,
        // Typed as a shopper might: lower case, in groups.
        JSON.stringify({
          worker: w,
          code: code.toLowerCase().replace(/(.{4})(?!$)/g, "$1 "),
          recordId: record.id,
          buyers: BUYERS / PROCESSES,
          totalPence: ORDER_TOTAL,
        }),
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

    const paid = results.flatMap((r) => r.paid);
    const refused = results.flatMap((r) => r.refused);
    const taken = paid.reduce((sum, p) => sum + p.voucherPence, 0);
    const left = t.db.select().from(vouchers).where(eq(vouchers.id, voucherId)).get()!.balancePence;

    // Never over-spent: what the orders took and what is left add up to the balance, and no more was taken.
    expect(taken).toBeLessThanOrEqual(BALANCE);
    expect(taken + left).toBe(BALANCE);
    expect(paid).toHaveLength(Math.floor(BALANCE / ORDER_TOTAL));
    expect(paid.every((p) => p.status === "paid" && p.voucherPence === ORDER_TOTAL && p.amountDuePence === 0)).toBe(true);
    // The rest refused as the API answers them: a 409 saying the card would now have to pay (nothing charged).
    expect(refused).toHaveLength(BUYERS - paid.length);
    expect(new Set(refused.map((r) => r.status))).toEqual(new Set([409]));
    expect(refused[0]!.message).toContain("Nothing has been charged");

    // No order left half-made: only the paid ones exist, each with its voucher movement; the stock matches.
    const rows = t.db.select().from(orders).all();
    expect(rows.map((o) => o.orderNumber).sort()).toEqual(paid.map((p) => p.orderNumber).sort());
    expect(rows.every((o) => o.status === "paid" && o.paymentProvider === "voucher" && o.voucherPence === ORDER_TOTAL)).toBe(
      true,
    );
    const spent = t.db
      .select({ n: sql<number>`count(*)`, sum: sql<number>`sum(${voucherMovements.change})` })
      .from(voucherMovements)
      .where(eq(voucherMovements.kind, "spent"))
      .get()!;
    expect(spent).toEqual({ n: paid.length, sum: -taken });
    expect(t.db.select().from(records).where(eq(records.id, record.id)).get()!.stockQuantity).toBe(BUYERS - paid.length);

    console.info(
      `voucher race: ${BUYERS} checkouts from ${PROCESSES} processes on one ${formatPence(BALANCE)} voucher: ${paid.length} paid (${formatPence(taken)} taken), ${refused.length} refused (409), ${formatPence(left)} left on the voucher`,
    );
  }, 120_000);
});
