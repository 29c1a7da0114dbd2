import type Database from "better-sqlite3";

/**
 * Writes made in this process, on any connection it counts (every one `openDatabase` opens): a number that grows
 * with every statement that may change the database. The shop's change version (db/read-cache.ts) reads it to
 * know, without a query, that nothing of ours has written since it last asked SQLite.
 */
let writes = 0;

export function writesInThisProcess(): number {
  return writes;
}

/** Counts a write made where countWrites does not see it (a connection of its own, counted once at its commit). */
export function noteWrite(): void {
  writes++;
}

const COUNTED = Symbol("needledrop.writesCounted");
type Counted = { [COUNTED]?: true };

/**
 * Counts the connection's writes: every run of a statement that is not read-only (an INSERT, an UPDATE, a DELETE,
 * with or without RETURNING) and every `exec`. Counted after the statement ran, and also when it failed: a count
 * too high only costs the next reader one query. (`iterate` counts when it is called, before its first row: the
 * shop never iterates a write. `pragma()` compiles its statement out of reach; it changes settings, not rows.)
 */
export function countWrites(sqlite: Database.Database): void {
  if ((sqlite as Counted)[COUNTED]) return;
  (sqlite as Counted)[COUNTED] = true;
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => counted(prepare(source))) as typeof sqlite.prepare;
  const exec = sqlite.exec.bind(sqlite);
  sqlite.exec = ((source: string) => {
    try {
      return exec(source);
    } finally {
      writes++;
    }
  }) as typeof sqlite.exec;
}

/** The statement with its running methods counting writes, once; a read-only one as it is. */
function counted(statement: Database.Statement): Database.Statement {
  if (statement.readonly || (statement as Counted)[COUNTED]) return statement;
  (statement as Counted)[COUNTED] = true;
  for (const method of ["run", "get", "all", "iterate"] as const) {
    const original = statement[method] as (...args: unknown[]) => unknown;
    (statement as unknown as Record<string, unknown>)[method] = function (this: Database.Statement, ...args: unknown[]) {
      try {
        return original.apply(this, args);
      } finally {
        writes++;
      }
    };
  }
  return statement;
}
