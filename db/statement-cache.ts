import type Database from "better-sqlite3";

/** Compiled statements kept per connection: the shop's queries are a few hundred fixed texts. */
export const STATEMENTS_KEPT = 300;

/**
 * better-sqlite3 compiles the SQL text on every `prepare()`, and Drizzle prepares each query it runs that was not
 * prepared ahead: on a page with a dozen such queries that compiling was a few per cent of its CPU. The connection's
 * `prepare` now hands back the statement it compiled last time for the same text (the most recent STATEMENTS_KEPT).
 *
 * A statement's reading modes are sticky (Drizzle turns `raw` on for rows as arrays; `pluck` is set by hand), so a
 * kept statement is handed back with all of them off, as a new one would be. One still running (an open `iterate()`)
 * cannot be shared: a fresh one is compiled for that caller.
 */
export function keepCompiledStatements(sqlite: Database.Database, limit = STATEMENTS_KEPT): void {
  const compile = sqlite.prepare.bind(sqlite);
  const kept = new Map<string, Database.Statement>();
  const prepare = (source: string): Database.Statement => {
    const statement = kept.get(source);
    if (statement && !statement.busy) {
      // Least recently used first out: Map keeps insertion order.
      kept.delete(source);
      kept.set(source, statement);
      if (statement.reader) statement.raw(false).pluck(false).expand(false);
      return statement;
    }
    const compiled = compile(source);
    if (!statement) {
      kept.set(source, compiled);
      if (kept.size > limit) kept.delete(kept.keys().next().value!);
    }
    return compiled;
  };
  sqlite.prepare = prepare as typeof sqlite.prepare;
}
