import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { openDatabase, type Db } from "../../db/client";
import { runMigrations } from "../../db/migrate";
import { seedIfEmpty } from "../../db/seed/run";
import { TEST_SEED, TEST_TODAY, type BaseDbFiles } from "./base-db";

export { TEST_SEED, TEST_TODAY };

export interface TestDb {
  db: Db;
  file: string;
  cleanup: () => void;
}

/**
 * A real SQLite file in a fresh temporary folder. With the global setup (tests/setup/global-db.ts) it
 * starts as a copy of a base database built once per run; `copied` is false when there is none, and the
 * caller migrates (and seeds) it itself.
 */
function freshTestDb(base: keyof BaseDbFiles): { t: TestDb; copied: boolean } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-test-"));
  const file = path.join(dir, "test.db");
  const baseFile = inject("baseDbs")?.[base];
  // The base was checkpointed and closed, so its main file alone is the whole database.
  if (baseFile) fs.copyFileSync(baseFile, file);
  const db = openDatabase(file);
  const t = {
    db,
    file,
    cleanup: () => {
      db.$client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return { t, copied: !!baseFile };
}

/** A real SQLite file in a fresh temporary folder, migrated like production. */
export function migratedTestDb(): TestDb {
  const { t, copied } = freshTestDb("migrated");
  if (!copied) runMigrations(t.db);
  return t;
}

/** Migrated and seeded with the fixed test seed and date (seeding makes no media files). */
export async function seededTestDb(): Promise<TestDb> {
  const { t, copied } = freshTestDb("seeded");
  if (!copied) {
    runMigrations(t.db);
    seedIfEmpty(t.db, { seed: TEST_SEED, today: TEST_TODAY });
  }
  return t;
}
