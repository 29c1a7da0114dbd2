import type Database from "better-sqlite3";

/**
 * The shop's clock as seen by SQL: `shop_now()` answers the current instant as an ISO string
 * ("2026-12-01T09:00:00.000Z", the form publish times are stored in), so rules that depend on the time of
 * day (a record scheduled to appear at 09:00) are written once in SQL, and a test moves the clock
 * instead of sleeping.
 */
const clocks = new WeakMap<Database.Database, () => Date>();

export function installShopClock(sqlite: Database.Database): void {
  sqlite.function("shop_now", { deterministic: false }, () => (clocks.get(sqlite)?.() ?? new Date()).toISOString());
}

/** Replaces the clock of one connection (tests); `undefined` goes back to the real time. */
export function setShopClock(sqlite: Database.Database, clock: (() => Date) | undefined): void {
  if (clock) clocks.set(sqlite, clock);
  else clocks.delete(sqlite);
}

/** The current instant of one connection's clock. */
export function shopNow(sqlite: Database.Database): Date {
  return clocks.get(sqlite)?.() ?? new Date();
}
