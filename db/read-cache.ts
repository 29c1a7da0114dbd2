import type { Db } from "./client";
import { shopNow } from "./clock";

/**
 * The next instant a record or post is scheduled to appear, shared by every cache on a connection and read
 * again only when the database changed (without an index on publish_at it reads every record).
 */
const scheduleMemo = new WeakMap<
  object,
  { version: string; after: string; next: string | null; query: { get(p: { now: string }): unknown } }
>();
function nextScheduledAfter(db: Db, version: string, instant: string): string | null {
  let memo = scheduleMemo.get(db.$client);
  if (memo && memo.version === version && (memo.next === null || instant < memo.next) && instant >= memo.after) return memo.next;
  const query =
    memo?.query ??
    db.$client
      .prepare<{ now: string }, string | null>(
        `select min(t) from (select min(publish_at) as t from records where publish_at > @now
          union all select min(published_at) from blog_posts where published_at > @now)`,
      )
      .pluck();
  memo = { version, after: instant, next: (query.get({ now: instant }) as string | null) ?? null, query };
  scheduleMemo.set(db.$client, memo);
  return memo.next;
}

/**
 * Memoises reads until the database changes. A change is any row written by this connection
 * (total_changes) or a commit by another connection (data_version), so a cached value is never
 * stale; it only saves repeating an expensive read (e.g. counting 100,000 records) between writes.
 * With `max`, at most that many values are kept, the least recently used going first.
 *
 * Time passing changes what the shop shows without any write: a record scheduled to appear at 09:00
 * (records.publish_at) appears then. So the cache also remembers the next scheduled instant after its
 * values were read, and starts afresh once the clock (db/clock.ts) reaches it.
 */
/**
 * A string that changes whenever what the shop shows may have changed: a row written by this connection
 * (total_changes), a commit by another connection (data_version), or the clock reaching the next instant a
 * record or post is scheduled to appear (records.publish_at: a record scheduled for 09:00 appears then, with no
 * write). Reading it costs one small query.
 */
export function createChangeVersion(db: Db): () => string {
  const versionQuery = db.$client.prepare<[], { t: number; d: number }>(
    "select total_changes() as t, (select data_version from pragma_data_version) as d",
  );
  let writes = "";
  let nextScheduled: string | null = null;
  let epoch = 0;
  return () => {
    const v = versionQuery.get()!;
    const current = `${v.t}:${v.d}`;
    const instant = shopNow(db.$client).toISOString();
    if (current !== writes || (nextScheduled !== null && instant >= nextScheduled)) {
      if (current === writes) epoch += 1;
      writes = current;
      nextScheduled = nextScheduledAfter(db, current, instant);
    }
    return `${writes}:${epoch}`;
  };
}

/**
 * Memoises reads until the database changes (see createChangeVersion), so a cached value is never stale; it
 * only saves repeating an expensive read (e.g. counting 100,000 records) between writes. With `max`, at most
 * that many values are kept, the least recently used going first.
 */
export function createReadCache(db: Db, { max = Infinity }: { max?: number } = {}) {
  const changeVersion = createChangeVersion(db);
  let version = "";
  const values = new Map<string, unknown>();

  return function cached<T>(key: string, read: () => T): T {
    const current = changeVersion();
    if (current !== version) {
      values.clear();
      version = current;
    }
    if (values.has(key)) {
      const value = values.get(key) as T;
      values.delete(key); // most recently used goes last
      values.set(key, value);
      return value;
    }
    const value = read();
    values.set(key, value);
    if (values.size > max) values.delete(values.keys().next().value!);
    return value;
  };
}
