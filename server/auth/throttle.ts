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
  /** The rule's own window, at most the throttle's (which decides how long buckets are kept). */
  windowMs?: number;
  /** What a refusal says before "Try again in …" (the sign-in text by default). */
  refusal?: string;
}

/** Buckets per window: the lock can outlast the window by at most a twelfth of it. */
const BUCKETS_PER_WINDOW = 12;

/** One counted attempt; `refund` takes it back from one key, or from all. */
export interface CountedAttempt {
  refund(key?: string): void;
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
  const oldestKept = (at: number) => at - windowMs - bucketMs;

  /** A rule's window and bucket width; a rule never counts further back than buckets are kept. */
  function shape(rule: ThrottleRule): { window: number; bucket: number } {
    if (rule.windowMs === undefined || rule.windowMs === windowMs) return { window: windowMs, bucket: bucketMs };
    if (!(rule.windowMs > 0 && rule.windowMs <= windowMs)) throw new Error(`Throttle window out of range: ${rule.windowMs} ms`);
    return { window: rule.windowMs, bucket: Math.max(1000, Math.floor(rule.windowMs / BUCKETS_PER_WINDOW)) };
  }

  const bucketsOf = db
    .select({ windowStart: throttleBuckets.windowStart, count: throttleBuckets.count })
    .from(throttleBuckets)
    .where(and(eq(throttleBuckets.key, sql.placeholder("key")), gt(throttleBuckets.windowStart, sql.placeholder("after"))))
    .orderBy(asc(throttleBuckets.windowStart))
    .prepare();

  /** Seconds until the key is under its limit again; 0 when it is under now. */
  function waitSeconds(rule: ThrottleRule, at: number): number {
    const { window, bucket } = shape(rule);
    const buckets = bucketsOf.all({ key: storedKey(rule.key), after: at - window - bucket });
    let total = buckets.reduce((sum, b) => sum + b.count, 0);
    if (total < rule.limit) return 0;
    for (const b of buckets) {
      total -= b.count;
      // This bucket stops counting once its end is a whole window ago.
      if (total < rule.limit) return Math.max(1, Math.ceil((b.windowStart + bucket + window - at) / 1000));
    }
    return Math.ceil((window + bucket) / 1000);
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
    /** Attempts counted against a key in the current window (the rule's, or the throttle's). */
    count(key: string, windowMs?: number): number {
      const { window, bucket } = shape({ key, limit: 0, windowMs });
      return bucketsOf.all({ key: storedKey(key), after: now() - window - bucket }).reduce((s, b) => s + b.count, 0);
    },

    /** Seconds until the key may be tried again (0: it may now). */
    retryAfter(rule: ThrottleRule): number {
      return waitSeconds(rule, now());
    },

    /**
     * Counts one attempt against every rule, or, when any is at its limit, throws TooManyAttemptsError
     * and counts nothing; the refusal names the longest wait, with that rule's text. Called BEFORE the
     * expensive check, so concurrent attempts cannot overshoot.
     */
    consume(rules: readonly ThrottleRule[]): CountedAttempt {
      const at = now();
      return writeTransaction(db, () => {
        let refusal: { wait: number; rule: ThrottleRule } | null = null;
        for (const rule of rules) {
          const wait = waitSeconds(rule, at);
          if (wait > (refusal?.wait ?? 0)) refusal = { wait, rule };
        }
        if (refusal) throw new TooManyAttemptsError(refusal.wait, refusal.rule.refusal);
        const counted = rules.map((r) => {
          const { bucket } = shape(r);
          const start = Math.floor(at / bucket) * bucket;
          increment(r.key, start, 1);
          return { key: r.key, start };
        });
        db.delete(throttleBuckets)
          .where(lte(throttleBuckets.windowStart, oldestKept(at)))
          .run();
        return {
          refund(key?: string) {
            for (const c of counted) if (key === undefined || c.key === key) increment(c.key, c.start, -1);
          },
        };
      });
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
