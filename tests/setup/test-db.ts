import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type Db } from "../../db/client";
import { runMigrations } from "../../db/migrate";
import { seedIfEmpty } from "../../db/seed/run";

export const TEST_SEED = 20261122;
export const TEST_TODAY = "2026-11-22";

export interface TestDb {
  db: Db;
  file: string;
  cleanup: () => void;
}

/** A real SQLite file in a fresh temporary folder, migrated like production. */
export function migratedTestDb(): TestDb {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-test-"));
  const file = path.join(dir, "test.db");
  const db = openDatabase(file);
  runMigrations(db);
  return {
    db,
    file,
    cleanup: () => {
      db.$client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Migrated and seeded with the fixed test seed and date (no media files: tests don't need them). */
export async function seededTestDb(): Promise<TestDb> {
  const t = migratedTestDb();
  await seedIfEmpty(t.db, { seed: TEST_SEED, today: TEST_TODAY, mediaDir: "", media: false });
  return t;
}
