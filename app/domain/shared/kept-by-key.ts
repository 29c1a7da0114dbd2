/** Hands back `key`'s kept value, building it with `build` the first time. */
export type KeptByKey<T> = <V extends T>(key: string, build: () => V) => V;

/**
 * A bounded memo: `kept(key, build)` builds a key's value once and hands the same value back after, keeping at most
 * `max` keys; past that the least recently used goes first (a Map keeps insertion order). For work a page repeats
 * with the same inputs (statements by shape, a cover's addresses, a date's words), where a flood of unusual keys
 * must only cost a rebuild, never memory.
 */
export function createKeptByKey<T>(max: number): KeptByKey<T> {
  const values = new Map<string, T>();
  return function kept<V extends T>(key: string, build: () => V): V {
    let value = values.get(key) as V | undefined;
    if (value === undefined && !values.has(key)) {
      value = build();
      if (values.size >= max) values.delete(values.keys().next().value!);
    } else {
      values.delete(key);
    }
    values.set(key, value as V);
    return value as V;
  };
}
