import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import * as schema from "./schema";
import { installShopClock } from "./clock";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export const DEFAULT_DATABASE_PATH = "data/needledrop.db";

export function databasePath(): string {
  return process.env.DATABASE_PATH || DEFAULT_DATABASE_PATH;
}

/** Opens a SQLite file with the pragmas every connection of ours needs. */
export function openDatabase(file: string = databasePath()): Db {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  // FULL: an acknowledged order must survive a power cut, not just a process crash.
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("temp_store = MEMORY");
  installShopClock(sqlite);
  return drizzle(sqlite, { schema }) as Db;
}

/**
 * Runs fn inside BEGIN IMMEDIATE so the write lock is taken up front: two writers never both read,
 * then collide on upgrade (SQLITE_BUSY mid-transaction). Every multi-row write goes through here.
 */
export function writeTransaction<T>(db: Db, fn: (tx: Db) => T): T {
  return db.$client.transaction(() => fn(db)).immediate();
}

// One handle per process. Kept on globalThis so the development server's module reloads reuse it.
const holder = globalThis as unknown as { __needledropDb?: Db };

export function getDb(): Db {
  holder.__needledropDb ??= openDatabase();
  return holder.__needledropDb;
}

export function closeDb(): void {
  const db = holder.__needledropDb;
  if (!db) return;
  holder.__needledropDb = undefined;
  db.$client.close();
}
