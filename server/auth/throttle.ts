import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { writeTransaction, type Db } from "../../db/client";
import { throttleBuckets } from "../../db/schema";
import { TooManyAttemptsError } from "../../app/domain/shared/errors";
import { sha256Bytes } from "./tokens";

export const HOUR_MS = 60 * 60 * 1000;
/** Bucket width: attempts are summed over the buckets that overlap the last hour. */
export const BUCKET_MS = 5 * 60 * 1000;

export interface ThrottleRule {
  /** Readable key, e.g. "login:account:alice"; stored hashed. */
  key: string;
  /** Attempts allowed in any one window. */
  limit: number;
}

export interface ThrottleOptions {
  windowMs?: number;
  bucketMs?: number;
  now?: () => number;
}

/**
 * Attempt counting over a sliding window, kept in the database. Every bucket that overlaps the window is
 * counted whole, so the count never under-states the attempts in any window: a limit of 100 per hour
 * can never let through 101 within an hour, at the price of a lock lasting up to one bucket longer.
 */
export function createThrottle(db: Db, options: ThrottleOptions = {}) {
  const windowMs = options.windowMs ?? HOUR_MS;
  const bucketMs = options.bucketMs ?? BUCKET_MS;
  const now = options.now ?? Date.now;
  const storedKey = (key: string) => encodeHexLowerCase(sha256Bytes(key));
  const oldestCounted = (at: number) => at - windowMs - bucketMs;

  const bucketsOf = db
    .select({ windowStart: throttleBuckets.windowStart, count: throttleBuckets.count })
    .from(throttleBuckets)
    .where(and(eq(throttleBuckets.key, sql.placeholder("key")), gt(throttleBuckets.windowStart, sql.placeholder("after"))))
    .orderBy(asc(throttleBuckets.windowStart))
    .prepare();

  /** Seconds until the key is under its limit again; 0 when it is under now. */
  function waitSeconds(rule: ThrottleRule, at: number): number {
    const buckets = bucketsOf.all({ key: storedKey(rule.key), after: oldestCounted(at) });
    let total = buckets.reduce((sum, b) => sum + b.count, 0);
    if (total < rule.limit) return 0;
    for (const b of buckets) {
      total -= b.count;
      // This bucket stops counting once its end is a whole window ago.
      if (total < rule.limit) return Math.max(1, Math.ceil((b.windowStart + bucketMs + windowMs - at) / 1000));
    }
    return Math.ceil((windowMs + bucketMs) / 1000);
  }

  function increment(key: string, bucket: number, by: number): void {
    db.insert(throttleBuckets)
      .values({ key: storedKey(key), windowStart: bucket, count: Math.max(0, by) })
      .onConflictDoUpdate({
        target: [throttleBuckets.key, throttleBuckets.windowStart],
        set: { count: sql`max(0, ${throttleBuckets.count} + ${by})` },
      })
      .run();
  }

  return {
    /** Attempts counted against a key in the current window. */
    count(key: string): number {
      return bucketsOf.all({ key: storedKey(key), after: oldestCounted(now()) }).reduce((s, b) => s + b.count, 0);
    },

    /** Seconds until the key may be tried again (0: it may now). */
    retryAfter(rule: ThrottleRule): number {
      return waitSeconds(rule, now());
    },

    /**
     * Counts one attempt against every rule, or, when any is at its limit, throws TooManyAttemptsError
     * and counts nothing. Called BEFORE the expensive check, so concurrent attempts cannot overshoot.
     * Returns the bucket the attempt went into, for `refund`.
     */
    consume(rules: readonly ThrottleRule[]): number {
      const at = now();
      return writeTransaction(db, () => {
        const wait = Math.max(0, ...rules.map((r) => waitSeconds(r, at)));
        if (wait > 0) throw new TooManyAttemptsError(wait);
        const bucket = Math.floor(at / bucketMs) * bucketMs;
        for (const r of rules) increment(r.key, bucket, 1);
        db.delete(throttleBuckets)
          .where(lte(throttleBuckets.windowStart, oldestCounted(at)))
          .run();
        return bucket;
      });
    },

    /** Takes back one attempt counted by `consume` (e.g. a sign-in that succeeded). */
    refund(key: string, bucket: number): void {
      increment(key, bucket, -1);
    },

    /** Forgets every attempt against a key (e.g. an account after a successful sign-in). */
    reset(key: string): void {
      db.delete(throttleBuckets)
        .where(eq(throttleBuckets.key, storedKey(key)))
        .run();
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
