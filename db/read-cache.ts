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
 * A string that changes whenever what the shop shows may have changed: a write on this connection (SQLite's
 * total_changes()), a commit by any other connection, in this process or another one over the same file (SQLite's
 * data_version), or the clock reaching the next instant a record or post is scheduled to appear
 * (records.publish_at: a record scheduled for 09:00 appears then, with no write).
 *
 * One per connection, shared by every cache on it. Each call asks SQLite once (a few microseconds: one read of the
 * WAL index), so a cache never answers from before a write that has already returned, whichever process made it.
 */
export function createChangeVersion(db: Db): () => string {
  let version = versions.get(db.$client);
  if (!version) {
    version = changeVersionOf(db);
    versions.set(db.$client, version);
  }
  return version;
}

const versions = new WeakMap<object, () => string>();

function changeVersionOf(db: Db): () => string {
  const changed = db.$client
    .prepare<[], string>("select total_changes() || ':' || data_version from pragma_data_version")
    .pluck();
  let changes = "";
  let nextScheduled: string | null = null;
  let epoch = 0;
  return () => {
    const instant = shopNow(db.$client).toISOString();
    const due = nextScheduled !== null && instant >= nextScheduled;
    const current = changed.get()!;
    if (current !== changes || due) {
      if (current === changes) epoch += 1;
      changes = current;
      nextScheduled = nextScheduledAfter(db, current, instant);
    }
    return `${changes}:${epoch}`;
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
