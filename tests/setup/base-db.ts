import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../../db/client";
import { runMigrations } from "../../db/migrate";
import { seedIfEmpty } from "../../db/seed/run";

export const TEST_SEED = 20261122;
export const TEST_TODAY = "2026-11-22";

declare module "vitest" {
  export interface ProvidedContext {
    /** Given by the global setup (global-db.ts); test-db.ts copies these per test file. */
    baseDbs?: BaseDbFiles;
  }
}

export interface BaseDbFiles {
  /** Migrated like production, no rows. */
  migrated: string;
  /** Migrated and seeded with TEST_SEED for TEST_TODAY (no media files). */
  seeded: string;
}

/**
 * Writes the migrated-only and the migrated-and-seeded base databases into `dir`. Each base is
 * checkpointed and closed before this returns, so its main file holds every page and no -wal or -shm
 * file is left beside it: copying the main file alone gives a complete database.
 */
export async function buildBaseDbs(dir: string): Promise<BaseDbFiles> {
  fs.mkdirSync(dir, { recursive: true });
  const migrated = path.join(dir, "migrated.db");
  const seeded = path.join(dir, "seeded.db");
  // Built again before a watch-mode rerun: start from nothing, as migrations and seeding skip work already done.
  for (const file of [migrated, seeded]) {
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
  }

  const m = openDatabase(migrated);
  runMigrations(m);
  closeCheckpointed(m.$client);

  const s = openDatabase(seeded);
  runMigrations(s);
  seedIfEmpty(s, { seed: TEST_SEED, today: TEST_TODAY });
  closeCheckpointed(s.$client);

  for (const file of [migrated, seeded]) {
    for (const side of ["-wal", "-shm"]) {
      if (fs.existsSync(file + side)) throw new Error(`Base test database ${file} left a ${side} file behind.`);
    }
  }
  return { migrated, seeded };
}

function closeCheckpointed(client: ReturnType<typeof openDatabase>["$client"]): void {
  client.pragma("wal_checkpoint(TRUNCATE)");
  client.close();
}

/** A fresh temporary folder for the base databases of one test run. */
export function makeBaseDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-test-base-"));
}
