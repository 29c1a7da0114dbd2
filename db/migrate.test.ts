import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "./client";
import { MIGRATIONS_DIR, runMigrations } from "./migrate";

// A database made before usernames were unique whatever their case (migration 0005), with two accounts
// "custone" and "CUSTONE": the migration must stop and say which accounts clash, and change nothing.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The migrations folder as it was before 0005. */
function migrationsBefore0005(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-migrations-"));
  dirs.push(dir);
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < 5);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

function oldDatabaseWith(usernames: string[]): Db {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-old-db-"));
  dirs.push(dir);
  const db = openDatabase(path.join(dir, "old.db"));
  migrate(db, { migrationsFolder: migrationsBefore0005() });
  const insert = db.$client.prepare("insert into users (username, email, password_hash) values (?, ?, 'x')");
  usernames.forEach((name, i) => insert.run(name, `user${i}@example.com`));
  return db;
}

const hasLowerIndex = (db: Db) =>
  db.$client.prepare("select 1 from sqlite_master where name = 'users_username_lower_unique'").get() !== undefined;

describe("the case-insensitive username migration", () => {
  it("stops on usernames that differ only by case, naming every such account, and changes nothing", () => {
    const db = oldDatabaseWith(["custone", "CUSTONE", "bob", "Alice", "alice", "ALICE"]);
    let message = "";
    try {
      runMigrations(db);
    } catch (error) {
      message = String(error);
    }
    expect(message).toContain("differ only by case");
    expect(message).toContain("custone (id 1), CUSTONE (id 2)");
    expect(message).toMatch(/Alice \(id 4\), alice \(id 5\), ALICE \(id 6\)/);
    expect(message).not.toContain("bob");
    expect(hasLowerIndex(db)).toBe(false);
    db.$client.close();
  });

  it("stops with a readable reason when run without the check too (drizzle-kit migrate)", () => {
    const db = oldDatabaseWith(["custone", "CUSTONE"]);
    let reason = "";
    try {
      migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    } catch (error) {
      reason = String((error as Error).cause ?? error);
    }
    expect(reason).toContain("CHECK constraint failed: usernames that differ only by case exist");
    expect(hasLowerIndex(db)).toBe(false);
    db.$client.close();
  });

  it("applies on a database without clashes, after which a case variant is refused", () => {
    const db = oldDatabaseWith(["custone", "bob"]);
    runMigrations(db);
    expect(hasLowerIndex(db)).toBe(true);
    const insert = db.$client.prepare("insert into users (username, email, password_hash) values (?, ?, 'x')");
    expect(() => insert.run("CUSTONE", "other@example.com")).toThrow(/UNIQUE/);
    db.$client.close();
  });
});
