import path from "node:path";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import type { Db } from "./client";

export const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR || "migrations");

/** Applies pending migrations; already-applied ones are skipped, so this is safe on every start. */
export function runMigrations(db: Db, migrationsFolder: string = MIGRATIONS_DIR): void {
  migrate(db, { migrationsFolder });
}
