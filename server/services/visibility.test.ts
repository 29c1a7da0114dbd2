import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shouldHideRecord } from "../../app/domain/catalogue/hiding";
import { addDays } from "../../app/domain/shared/dates";
import { records } from "../../db/schema";
import { seededTestDb, TEST_TODAY, type TestDb } from "../../tests/setup/test-db";
import { toRecordItem } from "./record-mapper";
import { listedSql, visibleCounter, visibleRawSql, visibleSql } from "./visibility";

let t: TestDb;
beforeAll(async () => {
  t = await seededTestDb();
});
afterAll(() => t.cleanup());

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

// The seeded catalogue on three days: today, a year ago (today's pre-orders were unreleased then too) and
// a year ahead (every pre-order released by then, so stock decides).
describe.each([TEST_TODAY, addDays(TEST_TODAY, -365), addDays(TEST_TODAY, 365)])("the hiding rule in SQL on %s", (day) => {
  const expectedIds = () =>
    sorted(
      t.db
        .select()
        .from(records)
        .all()
        .map(toRecordItem)
        .filter((r) => !shouldHideRecord(r, { today: day }))
        .map((r) => r.id),
    );

  it("keeps exactly the records the pure rule keeps, in every form", () => {
    const expected = expectedIds();
    const viaDrizzle = (ownIndex: boolean) =>
      sorted(
        t.db
          .select({ id: records.id })
          .from(records)
          .where(visibleSql(day, { ownIndex }))
          .all()
          .map((r) => r.id),
      );
    const viaRaw = (ownIndex: boolean) =>
      sorted(
        t.db.$client
          .prepare<{ today: string }, number>(`select r.id from records r where ${visibleRawSql("r", "@today", { ownIndex })}`)
          .pluck()
          .all({ today: day }),
      );
    expect(expected.length).toBeGreaterThan(0);
    expect(viaDrizzle(false)).toEqual(expected);
    expect(viaDrizzle(true)).toEqual(expected);
    expect(viaRaw(false)).toEqual(expected);
    expect(viaRaw(true)).toEqual(expected);
  });

  it("counts them in two halves to the same number", () => {
    expect(visibleCounter(t.db)(day)).toBe(expectedIds().length);
  });
});

describe("the listed half", () => {
  it("is every record in stock and not hidden by its content", () => {
    const all = t.db.select().from(records).all();
    const expected = sorted(all.filter((r) => !r.hiddenByContent && r.stockQuantity > 0).map((r) => r.id));
    const listed = sorted(
      t.db
        .select({ id: records.id })
        .from(records)
        .where(listedSql())
        .all()
        .map((r) => r.id),
    );
    expect(listed).toEqual(expected);
    expect(expected.length).toBeLessThan(all.length);
  });
});
