import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPreOrder } from "../../app/domain/catalogue/pre-order";
import { addDays } from "../../app/domain/shared/dates";
import { records } from "../../db/schema";
import { insertRecord } from "../../tests/setup/shop-fixtures";
import { seededTestDb, TEST_TODAY, type TestDb } from "../../tests/setup/test-db";
import { isPreOrderRawSql, isPreOrderSql, isReleasedSql } from "./pre-order-sql";

let t: TestDb;
beforeAll(async () => {
  t = await seededTestDb();
});
afterAll(() => t.cleanup());

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

it("is tried on a seeded catalogue holding pre-orders and released records alike", () => {
  const dates = t.db.select({ releaseDate: records.releaseDate }).from(records).all();
  expect(dates.filter((r) => isPreOrder(r.releaseDate, TEST_TODAY)).length).toBeGreaterThan(0);
  expect(dates.filter((r) => !isPreOrder(r.releaseDate, TEST_TODAY)).length).toBeGreaterThan(0);
});

// Today, a year ago (more of the catalogue still to come) and a year ahead (nearly everything released).
describe.each([TEST_TODAY, addDays(TEST_TODAY, -365), addDays(TEST_TODAY, 365)])("the pre-order rule in SQL on %s", (day) => {
  it("picks exactly the records the pure rule calls pre-orders, and its complement the rest", () => {
    // The edges beside the seeded catalogue: no release date, released that day, out the day after.
    insertRecord(t.db, { releaseDate: null });
    insertRecord(t.db, { releaseDate: day });
    insertRecord(t.db, { releaseDate: addDays(day, 1) });
    const all = t.db.select({ id: records.id, releaseDate: records.releaseDate }).from(records).all();
    const preOrders = sorted(all.filter((r) => isPreOrder(r.releaseDate, day)).map((r) => r.id));
    const released = sorted(all.filter((r) => !isPreOrder(r.releaseDate, day)).map((r) => r.id));
    const where = (condition: ReturnType<typeof isPreOrderSql>) =>
      sorted(
        t.db
          .select({ id: records.id })
          .from(records)
          .where(condition)
          .all()
          .map((r) => r.id),
      );
    expect(where(isPreOrderSql(day))).toEqual(preOrders);
    expect(where(isReleasedSql(day))).toEqual(released);
    expect(where(isPreOrderSql(day, { ownIndex: true }))).toEqual(preOrders);

    // On the table under another name, as hand-written SQL calls it.
    const r = alias(records, "r");
    const whereR = (condition: ReturnType<typeof isPreOrderSql>) =>
      sorted(t.db.all<{ id: number }>(sql`select r.id as id from records r where ${condition}`).map((row) => row.id));
    expect(whereR(isPreOrderSql(day, { table: r }))).toEqual(preOrders);
    expect(whereR(isReleasedSql(day, { table: r }))).toEqual(released);

    // As text, with the date as a named or a positional parameter.
    for (const ownIndex of [false, true]) {
      const named = t.db.$client.prepare<{ today: string }, number>(
        `select r.id from records r where ${isPreOrderRawSql("r", "@today", { ownIndex })}`,
      );
      expect(sorted(named.pluck().all({ today: day }))).toEqual(preOrders);
    }
    const positional = t.db.$client.prepare<[string], number>(`select id from records where ${isPreOrderRawSql("records", "?")}`);
    expect(sorted(positional.pluck().all(day))).toEqual(preOrders);
  });
});
