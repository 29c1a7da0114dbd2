import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { countWrites, writesInThisProcess } from "./write-count";

function connection() {
  const sqlite = new Database(":memory:");
  sqlite.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t (name) VALUES ('a'), ('b');");
  countWrites(sqlite);
  return sqlite;
}

/** How many writes `fn` added to the process's count. */
function writesDuring(fn: () => void): number {
  const before = writesInThisProcess();
  fn();
  return writesInThisProcess() - before;
}

describe("countWrites", () => {
  it("counts every run of a statement that writes, with or without RETURNING", () => {
    const sqlite = connection();
    expect(writesDuring(() => sqlite.prepare("INSERT INTO t (name) VALUES (?)").run("c"))).toBe(1);
    expect(writesDuring(() => sqlite.prepare("UPDATE t SET name = 'z' WHERE id = 1 RETURNING id").get())).toBe(1);
    expect(writesDuring(() => sqlite.prepare("DELETE FROM t WHERE id = 2 RETURNING id").all())).toBe(1);
    expect(writesDuring(() => sqlite.exec("UPDATE t SET name = 'y'"))).toBe(1);
  });

  it("counts a write that failed (a count too high only costs a query)", () => {
    const sqlite = connection();
    const insert = sqlite.prepare("INSERT INTO t (id, name) VALUES (1, 'again')");
    expect(writesDuring(() => expect(() => insert.run()).toThrow(/UNIQUE/))).toBe(1);
  });

  it("leaves reads uncounted, and counts a statement compiled once each time it runs", () => {
    const sqlite = connection();
    expect(writesDuring(() => sqlite.prepare("SELECT name FROM t").all())).toBe(0);
    const update = sqlite.prepare("UPDATE t SET name = ? WHERE id = 1");
    expect(writesDuring(() => [1, 2, 3].forEach((n) => update.run(`n${n}`)))).toBe(3);
  });

  it("counts writes inside a transaction, and a connection counted twice still counts once a write", () => {
    const sqlite = connection();
    countWrites(sqlite);
    const insert = sqlite.prepare("INSERT INTO t (name) VALUES (?)");
    expect(writesDuring(() => sqlite.transaction(() => insert.run("x"))())).toBe(1);
  });
});
