import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { throttleBuckets } from "../../db/schema";
import { migratedTestDb, type TestDb } from "../../tests/setup/test-db";
import { TooManyAttemptsError } from "../../app/domain/shared/errors";
import { BUCKET_MS, createThrottle, HOUR_MS } from "./throttle";

let t: TestDb;
beforeAll(() => {
  t = migratedTestDb();
});
afterAll(() => t.cleanup());

function clock(start: number) {
  const c = { at: start, now: () => c.at };
  return c;
}

function refusal(fn: () => unknown): TooManyAttemptsError {
  try {
    fn();
  } catch (error) {
    if (error instanceof TooManyAttemptsError) return error;
    throw error;
  }
  throw new Error("was not refused");
}

describe("throttle", () => {
  it("allows `limit` attempts, then refuses without counting, with the seconds to wait", () => {
    const c = clock(Date.UTC(2026, 10, 22, 10, 0, 0));
    const throttle = createThrottle(t.db, { now: c.now });
    const rule = { key: "login:account:limit-test", limit: 3 };
    for (let i = 0; i < 3; i++) throttle.consume([rule]);
    const error = refusal(() => throttle.consume([rule]));
    expect(throttle.count(rule.key)).toBe(3);
    // All three sit in the 10:00 bucket, which stops counting at 11:05.
    expect(error.retryAfterSeconds).toBe((HOUR_MS + BUCKET_MS) / 1000);
    expect(error.message).toBe("Too many failed login attempts. Try again in 65 minutes.");
    c.at += HOUR_MS + BUCKET_MS - 1000;
    expect(refusal(() => throttle.consume([rule])).retryAfterSeconds).toBe(1);
    expect(refusal(() => throttle.consume([rule])).message).toBe("Too many failed login attempts. Try again in 1 minute.");
    c.at += 1000;
    expect(() => throttle.consume([rule])).not.toThrow();
  });

  it("never lets more than `limit` through in any hour, even across bucket edges", () => {
    const c = clock(Date.UTC(2026, 10, 22, 12, 0, 0));
    const throttle = createThrottle(t.db, { now: c.now });
    const rule = { key: "login:account:sliding", limit: 10 };
    const accepted: number[] = [];
    // One attempt a minute for three hours: every accepted attempt is logged with its time.
    for (let minute = 0; minute < 180; minute++) {
      c.at = Date.UTC(2026, 10, 22, 12, minute, 30);
      try {
        throttle.consume([rule]);
        accepted.push(c.at);
      } catch (error) {
        if (!(error instanceof TooManyAttemptsError)) throw error;
      }
    }
    for (const start of accepted) {
      expect(accepted.filter((a) => a >= start && a < start + HOUR_MS).length).toBeLessThanOrEqual(10);
    }
    expect(accepted.length).toBeGreaterThanOrEqual(20);
  });

  it("refuses when any rule is over its limit and then counts against none", () => {
    const c = clock(Date.UTC(2026, 10, 22, 16, 0, 0));
    const throttle = createThrottle(t.db, { now: c.now });
    const client = { key: "login:client:10.0.0.1", limit: 2 };
    throttle.consume([{ key: "login:account:a", limit: 5 }, client]);
    throttle.consume([{ key: "login:account:b", limit: 5 }, client]);
    refusal(() => throttle.consume([{ key: "login:account:c", limit: 5 }, client]));
    expect(throttle.count("login:account:c")).toBe(0);
  });

  it("refunds one attempt and resets a key", () => {
    const c = clock(Date.UTC(2026, 10, 22, 18, 0, 0));
    const throttle = createThrottle(t.db, { now: c.now });
    const rule = { key: "login:client:refund", limit: 5 };
    const other = { key: "login:account:refund", limit: 5 };
    const first = throttle.consume([rule, other]);
    throttle.consume([rule]);
    first.refund(rule.key);
    expect(throttle.count(rule.key)).toBe(1);
    expect(throttle.count(other.key)).toBe(1);
    first.refund();
    expect(throttle.count(other.key)).toBe(0);
    throttle.reset(rule.key);
    expect(throttle.count(rule.key)).toBe(0);
  });

  it("stores hashed keys only, and prunes buckets that no longer count", () => {
    const c = clock(Date.UTC(2026, 10, 23, 9, 0, 0));
    const throttle = createThrottle(t.db, { now: c.now });
    throttle.consume([{ key: "login:account:secret-looking-username", limit: 5 }]);
    const rows = t.db.select().from(throttleBuckets).all();
    for (const row of rows) expect(row.key).toMatch(/^[0-9a-f]{64}$/);
    c.at += 3 * HOUR_MS;
    throttle.consume([{ key: "login:account:later", limit: 5 }]);
    const left = t.db.select().from(throttleBuckets).all();
    expect(left.every((r) => r.windowStart > c.at - HOUR_MS - BUCKET_MS)).toBe(true);
  });
});

describe("throttle rules with their own window", () => {
  it("count over the rule's window, in buckets a twelfth of it, and say so in the refusal", () => {
    const c = clock(Date.UTC(2026, 10, 24, 10, 0, 0));
    const throttle = createThrottle(t.db, { now: c.now });
    const rule = { key: "checkout:198.51.100.1", limit: 2, windowMs: 10 * 60_000, refusal: "Too many checkouts." };
    throttle.consume([rule]);
    throttle.consume([rule]);
    const error = refusal(() => throttle.consume([rule]));
    // Both sit in the 10:00 bucket of 50 seconds, which stops counting at 10:10:50.
    expect(error.retryAfterSeconds).toBe(650);
    expect(error.message).toBe("Too many checkouts. Try again in 11 minutes.");
    c.at += 650_000;
    expect(() => throttle.consume([rule])).not.toThrow();
  });

  it("refuses with the longest wait of the rules over their limits", () => {
    const c = clock(Date.UTC(2026, 10, 24, 12, 0, 0));
    const throttle = createThrottle(t.db, { now: c.now });
    const short = { key: "w:short", limit: 1, windowMs: 60_000, refusal: "Short." };
    const long = { key: "w:long", limit: 1, windowMs: HOUR_MS, refusal: "Long." };
    throttle.consume([short, long]);
    expect(refusal(() => throttle.consume([short, long])).message).toMatch(/^Long\. /);
  });

  it("never takes a window longer than the buckets are kept", () => {
    const throttle = createThrottle(t.db);
    expect(() => throttle.consume([{ key: "w:too-long", limit: 1, windowMs: 2 * HOUR_MS }])).toThrow(/window/);
  });
});
