import path from "node:path";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import type { Db } from "./client";

export const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR || "migrations");

/** Applies pending migrations; already-applied ones are skipped, so this is safe on every start. */
export function runMigrations(db: Db, migrationsFolder: string = MIGRATIONS_DIR): void {
  refuseUsernameCaseClashes(db);
  migrate(db, { migrationsFolder });
}

/**
 * Usernames are unique whatever their case since migration 0005 (an index on lower(username)). A database
 * made before it may hold accounts whose usernames differ only by case; the migration cannot choose which
 * keeps its name, so it stops here naming every such account.
 */
export function refuseUsernameCaseClashes(db: Db): void {
  const client = db.$client;
  const has = (type: string, name: string) =>
    client.prepare("select 1 from sqlite_master where type = ? and name = ?").get(type, name) !== undefined;
  if (!has("table", "users") || has("index", "users_username_lower_unique")) return;
  const rows = client
    .prepare(
      "select id, username, lower(username) as folded from users where lower(username) in " +
        "(select lower(username) from users group by lower(username) having count(*) > 1) order by lower(username), id",
    )
    .all() as { id: number; username: string; folded: string }[];
  const groups = new Map<string, string[]>();
  for (const r of rows) groups.set(r.folded, [...(groups.get(r.folded) ?? []), `${r.username} (id ${r.id})`]);
  const clashes = [...groups.values()].map((accounts) => ({ accounts: accounts.join(", ") }));
  if (clashes.length === 0) return;
  throw new Error(
    "Cannot make usernames case-insensitive: these accounts have usernames that differ only by case:\n" +
      clashes.map((c) => `  - ${c.accounts}`).join("\n") +
      "\nRename all but one account of each line (UPDATE users SET username = '…' WHERE id = …), then start again.",
  );
}
