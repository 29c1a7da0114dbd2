import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { keepCompiledStatements } from "./statement-cache";

function connection(limit?: number) {
  const sqlite = new Database(":memory:");
  sqlite.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t (name) VALUES ('a'), ('b'), ('c');");
  keepCompiledStatements(sqlite, limit);
  return sqlite;
}

describe("keepCompiledStatements", () => {
  it("hands back the statement compiled for the same text", () => {
    const sqlite = connection();
    const first = sqlite.prepare("SELECT name FROM t WHERE id = ?");
    expect(sqlite.prepare("SELECT name FROM t WHERE id = ?")).toBe(first);
    expect(sqlite.prepare("SELECT id FROM t WHERE id = ?")).not.toBe(first);
  });

  it("hands a kept statement back with its reading modes off, as a new one would be", () => {
    const sqlite = connection();
    const sql = "SELECT id, name FROM t ORDER BY id";
    expect(sqlite.prepare(sql).raw().all()).toEqual([
      [1, "a"],
      [2, "b"],
      [3, "c"],
    ]);
    expect(sqlite.prepare(sql).get()).toEqual({ id: 1, name: "a" });
    expect(sqlite.prepare(sql).pluck().get()).toBe(1);
    expect(sqlite.prepare(sql).all()).toHaveLength(3);
    expect(sqlite.prepare(sql).get()).toEqual({ id: 1, name: "a" });
  });

  it("compiles a fresh statement while the kept one is still being iterated", () => {
    const sqlite = connection();
    const sql = "SELECT id FROM t ORDER BY id";
    const outer = sqlite.prepare(sql);
    const seen: number[] = [];
    for (const row of outer.iterate() as IterableIterator<{ id: number }>) {
      const inner = sqlite.prepare(sql);
      expect(inner).not.toBe(outer);
      seen.push(row.id);
    }
    expect(seen).toEqual([1, 2, 3]);
    expect(sqlite.prepare(sql)).toBe(outer);
  });

  it("keeps statements that write, and they still write", () => {
    const sqlite = connection();
    const insert = "INSERT INTO t (name) VALUES (?)";
    sqlite.prepare(insert).run("d");
    expect(sqlite.prepare(insert).run("e").changes).toBe(1);
    expect(sqlite.prepare("SELECT count(*) FROM t").pluck().get()).toBe(5);
  });

  it("keeps only the most recently used texts", () => {
    const sqlite = connection(2);
    const a = sqlite.prepare("SELECT 1");
    const b = sqlite.prepare("SELECT 2");
    expect(sqlite.prepare("SELECT 1")).toBe(a);
    sqlite.prepare("SELECT 3");
    // "SELECT 2" was used least recently: it was let go.
    expect(sqlite.prepare("SELECT 2")).not.toBe(b);
    expect(sqlite.prepare("SELECT 1")).not.toBe(a);
  });
});
