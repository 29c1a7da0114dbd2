/**
 * Online backup and restore with SQLite's backup API (better-sqlite3's `db.backup()`): the copy is a
 * consistent snapshot of one moment even while the shop keeps writing orders.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { databaseProblems } from "./integrity";
import { runningServerPid } from "./server-lock";

/**
 * Every page in one step: a single read transaction, so the snapshot is consistent, and in WAL mode writers
 * carry on meanwhile. Copying in small steps from another process would restart on every order placed.
 */
const ALL_PAGES = 0x7fffffff;

export interface BackupResult {
  file: string;
  pages: number;
  bytes: number;
  milliseconds: number;
}

function openExisting(file: string, options: Database.Options = {}): Database.Database {
  if (!fs.existsSync(file)) throw new Error(`There is no database at ${file}.`);
  const client = new Database(file, { fileMustExist: true, ...options });
  client.pragma("busy_timeout = 5000");
  return client;
}

/** Checks a copy thoroughly; throws naming the first problems. */
function assertSound(file: string, client: Database.Database, what: string): void {
  const problems = databaseProblems(client, "integrity_check");
  if (problems.length > 0) throw new Error(`${what} ${file} fails SQLite's integrity check: ${problems.slice(0, 3).join("; ")}`);
}

/** Copies the live database at `source` to a new file `destination`, then checks the copy's integrity. */
export async function backupDatabase(source: string, destination: string): Promise<BackupResult> {
  if (fs.existsSync(destination)) throw new Error(`${destination} already exists; choose a new file name for the backup.`);
  fs.mkdirSync(path.dirname(path.resolve(destination)), { recursive: true });
  const started = performance.now();
  const live = openExisting(source);
  let pages: number;
  try {
    pages = (await live.backup(destination, { progress: () => ALL_PAGES })).totalPages;
  } finally {
    live.close();
  }
  const copy = new Database(destination);
  try {
    // One self-contained file, not a database waiting for its -wal companion.
    copy.pragma("journal_mode = DELETE");
    assertSound(destination, copy, "The backup");
  } finally {
    copy.close();
  }
  return { file: destination, pages, bytes: fs.statSync(destination).size, milliseconds: performance.now() - started };
}

/**
 * Replaces the database at `target` with the backup at `backup`: refused while a server uses the target or
 * when the backup fails its integrity check. The file being replaced is kept beside it first.
 */
export async function restoreDatabase(backup: string, target: string): Promise<{ keptAs: string | null }> {
  const pid = runningServerPid(target);
  if (pid !== null) {
    throw new Error(`The shop's server (process ${pid}) is using ${target}. Stop it first, then restore.`);
  }
  const source = openExisting(backup, { readonly: true });
  try {
    assertSound(backup, source, "The backup");
    const tables = source.prepare("select name from sqlite_master where type = 'table' and name = 'orders'").all();
    if (tables.length === 0) throw new Error(`${backup} is not a Needledrop database (it has no orders table).`);

    let keptAs: string | null = null;
    if (fs.existsSync(target)) {
      keptAs = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      const kept = keptAs;
      await backupDatabase(target, kept).catch(() => {
        // A damaged database (the usual reason to restore) is kept as its raw files instead.
        fs.rmSync(kept, { force: true });
        for (const suffix of ["", "-wal"]) if (fs.existsSync(target + suffix)) fs.copyFileSync(target + suffix, kept + suffix);
      });
      // No server has them open: the old file and its write-ahead log go, so nothing of them mixes in.
      for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(target + suffix, { force: true });
    }
    fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
    await source.backup(target, { progress: () => ALL_PAGES });
    const restored = new Database(target);
    try {
      restored.pragma("journal_mode = WAL");
      assertSound(target, restored, "The restored database");
    } finally {
      restored.close();
    }
    return { keptAs };
  } finally {
    source.close();
  }
}
