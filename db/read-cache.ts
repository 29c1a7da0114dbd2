import type { Db } from "./client";

/**
 * Memoises reads until the database changes. A change is any row written by this connection
 * (total_changes) or a commit by another connection (data_version), so a cached value is never
 * stale; it only saves repeating an expensive read (e.g. counting 100,000 records) between writes.
 * With `max`, at most that many values are kept, the least recently used going first.
 */
export function createReadCache(db: Db, { max = Infinity }: { max?: number } = {}) {
  const versionQuery = db.$client.prepare<[], { t: number; d: number }>(
    "select total_changes() as t, (select data_version from pragma_data_version) as d",
  );
  let version = "";
  const values = new Map<string, unknown>();

  return function cached<T>(key: string, read: () => T): T {
    const v = versionQuery.get()!;
    const now = `${v.t}:${v.d}`;
    if (now !== version) {
      values.clear();
      version = now;
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
