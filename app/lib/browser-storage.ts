/**
 * Values the shop keeps in the browser's localStorage (listening history, checkout details). Spec §3: a
 * stored value that cannot be parsed is logged and discarded. Storage may be missing (server) or refuse
 * (privacy settings, full): that never breaks a page, it only means nothing is remembered.
 */

/** The part of the Web Storage API used; tests pass a Map-backed stand-in. */
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export type Warn = (message: string, ...details: unknown[]) => void;

/** window.localStorage, or null on the server or where the browser refuses storage. */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * `parse(raw)` of the value under `key` (raw is null when nothing is stored). When a stored value does not
 * parse it is logged as `label`, removed, and null is returned; a refusing storage also gives null.
 */
export function readStored<T>(
  storage: KeyValueStorage,
  key: string,
  parse: (raw: string | null) => T | null,
  label: string,
  warn: Warn,
): T | null {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  const value = parse(raw);
  if (value !== null || raw === null) return value;
  warn(`Discarding the unreadable ${label} stored under "${key}".`, raw);
  try {
    storage.removeItem(key);
  } catch {
    // Nothing more to do: the next successful write replaces it.
  }
  return null;
}

/** Stores `value` as JSON; a full or blocked storage is logged, never thrown. */
export function writeStored(storage: KeyValueStorage, key: string, value: unknown, label: string, warn: Warn): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch (error) {
    warn(`Could not save the ${label}.`, error);
  }
}
