import Database from "better-sqlite3";

/** The server refuses to start on a database that fails SQLite's quick check; the message says what to do. */
export class DamagedDatabaseError extends Error {
  constructor(file: string, problem: string) {
    super(
      `The database ${file} is damaged (SQLite's quick check reports: ${problem.replace(/\s+/g, " ").trim()}), so Needledrop will not start ` +
        "on it: serving from it could show or record wrong orders and stock. Stop anything else using the file, " +
        "keep a copy of it for investigation, and restore the latest good backup with `npm run db:restore -- FILE` " +
        "(see Backups in the README); then start the server again.",
    );
    this.name = "DamagedDatabaseError";
  }
}

/** SQLite's own error codes for a file that is not, or no longer, a sound database. */
const CORRUPTION_CODES = new Set(["SQLITE_CORRUPT", "SQLITE_NOTADB"]);

const isCorruption = (error: unknown): error is Error & { code: string } =>
  error instanceof Error && CORRUPTION_CODES.has((error as { code?: string }).code ?? "");

/**
 * Runs `PRAGMA quick_check` (or the thorough `integrity_check`) and returns its problems; none means sound.
 * A file so damaged that SQLite cannot read it at all is one problem too.
 */
export function databaseProblems(client: Database.Database, check: "quick_check" | "integrity_check" = "quick_check"): string[] {
  try {
    const rows = client.pragma(`${check}(20)`) as Array<Record<string, string>>;
    const messages = rows.map((row) => Object.values(row)[0] ?? "");
    return messages.length === 1 && messages[0] === "ok" ? [] : messages;
  } catch (error) {
    if (isCorruption(error)) return [error.message];
    throw error;
  }
}

/** Opens the database with `open` and quick-checks it; a damaged file is closed and a DamagedDatabaseError. */
export function openCheckedDatabase<T extends { $client: Database.Database }>(
  file: string,
  open: () => T,
  close: (db: T) => void = (db) => db.$client.close(),
): T {
  let db: T;
  try {
    db = open();
  } catch (error) {
    if (isCorruption(error)) throw new DamagedDatabaseError(file, error.message);
    throw error;
  }
  const problems = databaseProblems(db.$client);
  if (problems.length > 0) {
    close(db);
    throw new DamagedDatabaseError(file, problems.slice(0, 3).join("; "));
  }
  return db;
}
