import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededTestDb, type TestDb } from "../tests/setup/test-db";
import { openDatabase } from "./client";
import { createChangeVersion, createReadCache } from "./read-cache";
import { records } from "./schema";

let t: TestDb;
beforeAll(async () => {
  t = await seededTestDb();
});
afterAll(() => t.cleanup());

describe("createReadCache", () => {
  it("reads once while nothing changes", () => {
    const cached = createReadCache(t.db);
    let reads = 0;
    const read = () => ++reads;
    expect(cached("k", read)).toBe(1);
    expect(cached("k", read)).toBe(1);
    expect(cached("other", read)).toBe(2);
  });

  it("reads again after a write on the same connection", () => {
    const cached = createReadCache(t.db);
    let reads = 0;
    cached("k", () => ++reads);
    t.db.update(records).set({ stockQuantity: 3 }).where(eq(records.id, 1)).run();
    expect(cached("k", () => ++reads)).toBe(2);
  });

  it("reads again after another connection commits", () => {
    const cached = createReadCache(t.db);
    let reads = 0;
    cached("k", () => ++reads);
    const other = openDatabase(t.file);
    other.update(records).set({ stockQuantity: 9 }).where(eq(records.id, 2)).run();
    other.$client.close();
    expect(cached("k", () => ++reads)).toBe(2);
  });
});

describe("the change version", () => {
  /** A connection whose version question is counted each time it reaches SQLite. */
  function countedConnection() {
    const db = openDatabase(t.file);
    const prepare = db.$client.prepare.bind(db.$client);
    const asked = { count: 0 };
    db.$client.prepare = ((source: string) => {
      const statement = prepare(source);
      if (!source.includes("data_version")) return statement;
      const get = statement.get.bind(statement);
      return Object.assign(statement, { get: (...args: unknown[]) => (asked.count++, get(...(args as []))) });
    }) as typeof db.$client.prepare;
    return { db, asked };
  }

  it("asks SQLite once a turn, however many caches on the connection want it", async () => {
    const { db, asked } = countedConnection();
    const [a, b] = [createReadCache(db), createReadCache(db, { max: 8 })];
    a("x", () => 1);
    b("y", () => 2);
    expect(createChangeVersion(db)()).toBe(createChangeVersion(db)());
    expect(asked.count).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    a("x", () => 1);
    expect(asked.count).toBe(2);
    db.$client.close();
  });

  it("asks again within the turn after a write of this process, on any connection it opened", () => {
    const { db, asked } = countedConnection();
    const cached = createReadCache(db);
    let reads = 0;
    cached("k", () => ++reads);
    const other = openDatabase(t.file);
    other.update(records).set({ stockQuantity: 4 }).where(eq(records.id, 3)).run();
    other.$client.close();
    expect(cached("k", () => ++reads)).toBe(2);
    expect(asked.count).toBe(2);
    db.$client.close();
  });

  it("sees another process's commit from the next turn on", async () => {
    const cached = createReadCache(t.db);
    let reads = 0;
    cached("k", () => ++reads);
    // A connection this process does not count stands for another process.
    const elsewhere = new Database(t.file);
    elsewhere.prepare("UPDATE records SET stock_quantity = 6 WHERE id = 4").run();
    elsewhere.close();
    expect(cached("k", () => ++reads)).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(cached("k", () => ++reads)).toBe(2);
  });
});

describe("createReadCache with a size limit", () => {
  it("keeps at most max values, dropping the least recently used", () => {
    const cached = createReadCache(t.db, { max: 2 });
    let reads = 0;
    const read = () => ++reads;
    cached("a", read); // 1
    cached("b", read); // 2
    cached("a", read); // a is now most recent
    cached("c", read); // 3, pushes out b
    expect(cached("a", read)).toBe(1);
    expect(cached("b", read)).toBe(4);
  });
});
