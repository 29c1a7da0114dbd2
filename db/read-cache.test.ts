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
  it("is one per connection, shared by every cache on it", () => {
    expect(createChangeVersion(t.db)).toBe(createChangeVersion(t.db));
    expect(createChangeVersion(t.db)()).toBe(createChangeVersion(t.db)());
  });

  it("changes after a commit on another connection of this process", () => {
    const cached = createReadCache(t.db);
    let reads = 0;
    cached("k", () => ++reads);
    const other = openDatabase(t.file);
    other.update(records).set({ stockQuantity: 4 }).where(eq(records.id, 3)).run();
    other.$client.close();
    expect(cached("k", () => ++reads)).toBe(2);
  });

  it("sees another process's commit at once", () => {
    const cached = createReadCache(t.db);
    let reads = 0;
    cached("k", () => ++reads);
    // A plain connection stands for another process (a second server, an owner's script).
    const elsewhere = new Database(t.file);
    elsewhere.prepare("UPDATE records SET stock_quantity = 6 WHERE id = 4").run();
    elsewhere.close();
    expect(cached("k", () => ++reads)).toBe(2);
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
