/**
 * Spec §3/§4/§9 listening history: the records a shopper has played, by id, kept in the browser under
 * `needledrop-listening-history` as a JSON array, most recent first, no duplicates, the newest 20.
 * A stored value that cannot be read is logged (console.warn) and discarded. Pure apart from the
 * storage it is handed (window.localStorage by default), so it is tested without a browser; the cart
 * and recommendations read it through the same functions.
 */

import { browserStorage, readStored, writeStored, type KeyValueStorage, type Warn } from "./browser-storage";

export const LISTENING_HISTORY_KEY = "needledrop-listening-history";
export const LISTENING_HISTORY_LIMIT = 20;

/** The part of the Web Storage API used here; tests pass a Map-backed stand-in. */
export type HistoryStorage = KeyValueStorage;
export { browserStorage };

const isRecordId = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value > 0;

/** The list with `id` played now: moved (or added) to the front, each id once, the newest `limit` kept. */
export function withPlayed(history: readonly number[], id: number, limit: number = LISTENING_HISTORY_LIMIT): number[] {
  if (!isRecordId(id)) return history.slice(0, limit);
  return [id, ...history.filter((h) => h !== id)].slice(0, Math.max(0, limit));
}

/**
 * Reads a stored value: a JSON array of record ids. Null (nothing stored) is an empty history. Anything
 * else that is not an array of ids is unreadable: null is returned so the caller can discard it.
 * Ids stored as digit strings (older clients) are read as numbers; duplicates keep their first place.
 */
export function parseListeningHistory(raw: string | null): number[] | null {
  if (raw === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(value)) return null;
  const ids: number[] = [];
  for (const item of value) {
    const id = typeof item === "string" && /^\d{1,15}$/.test(item) ? Number(item) : item;
    if (!isRecordId(id)) return null;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids.slice(0, LISTENING_HISTORY_LIMIT);
}

/** The stored history; an unreadable value is logged and removed, and reads as empty. */
export function readListeningHistory(storage: HistoryStorage | null = browserStorage(), warn: Warn = console.warn): number[] {
  if (!storage) return [];
  return readStored(storage, LISTENING_HISTORY_KEY, parseListeningHistory, "listening history", warn) ?? [];
}

// A full or blocked storage must never break playing a preview.
const write = (storage: HistoryStorage, history: readonly number[], warn: Warn) =>
  writeStored(storage, LISTENING_HISTORY_KEY, history, "listening history", warn);

/** Records that `id` was just played; returns the new history. */
export function recordListen(id: number, storage: HistoryStorage | null = browserStorage(), warn: Warn = console.warn): number[] {
  const history = withPlayed(readListeningHistory(storage, warn), id);
  if (storage) write(storage, history, warn);
  return history;
}

/** Spec §4: the history can be cleared. */
export function clearListeningHistory(storage: HistoryStorage | null = browserStorage()): void {
  try {
    storage?.removeItem(LISTENING_HISTORY_KEY);
  } catch {
    // Storage refused: there is nothing we can clear.
  }
}
