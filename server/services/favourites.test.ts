import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { favourites, users } from "../../db/schema";
import { insertRecord } from "../../tests/setup/shop-fixtures";
import { migratedTestDb, type TestDb } from "../../tests/setup/test-db";
import { createServices, type Services } from ".";
import { NotFoundError } from "./errors";

let t: TestDb;
let s: Services;
beforeAll(() => {
  t = migratedTestDb();
  s = createServices(t.db, { mediaDir: "" });
});
afterAll(() => t.cleanup());

let n = 0;
function insertUser(): number {
  n += 1;
  return t.db.insert(users).values({ username: `collector${n}`, passwordHash: "not-a-hash", email: `collector${n}@example.com` }).returning().get().id;
}

const rowsOf = (userId: number) =>
  t.db.select({ n: sql<number>`count(*)` }).from(favourites).where(eq(favourites.userId, userId)).get()!.n;

const setAddedAt = (userId: number, recordId: number, at: string) =>
  t.db.update(favourites).set({ createdAt: at }).where(and(eq(favourites.userId, userId), eq(favourites.recordId, recordId))).run();

describe("favourites.add", () => {
  it("adding the same record twice keeps one row", () => {
    const user = insertUser();
    const rec = insertRecord(t.db);
    s.favourites.add(user, rec.id);
    s.favourites.add(user, rec.id);
    expect(rowsOf(user)).toBe(1);
    expect(s.favourites.count(user)).toBe(1);
    expect(s.favourites.ids(user)).toEqual([rec.id]);
  });

  it("a record that is not in the shop is refused", () => {
    const user = insertUser();
    expect(() => s.favourites.add(user, 987_654)).toThrow(NotFoundError);
    expect(() => s.favourites.add(user, 987_654)).toThrow("That record is not in the shop.");
    expect(s.favourites.count(user)).toBe(0);
  });

  it("ids are newest first", () => {
    const user = insertUser();
    const [a, b, c] = [insertRecord(t.db), insertRecord(t.db), insertRecord(t.db)];
    s.favourites.add(user, a.id);
    s.favourites.add(user, b.id);
    s.favourites.add(user, c.id);
    setAddedAt(user, a.id, "2026-11-20T10:00:00.000Z");
    setAddedAt(user, b.id, "2026-11-22T10:00:00.000Z");
    setAddedAt(user, c.id, "2026-11-21T10:00:00.000Z");
    expect(s.favourites.ids(user)).toEqual([b.id, c.id, a.id]);
  });
});

describe("favourites.remove, clear and count", () => {
  it("remove takes away one record only; removing one not there is harmless", () => {
    const user = insertUser();
    const [a, b] = [insertRecord(t.db), insertRecord(t.db)];
    s.favourites.add(user, a.id);
    s.favourites.add(user, b.id);
    s.favourites.remove(user, a.id);
    expect(s.favourites.ids(user)).toEqual([b.id]);
    s.favourites.remove(user, a.id);
    expect(s.favourites.count(user)).toBe(1);
  });

  it("clear empties one customer's favourites and nobody else's", () => {
    const [me, you] = [insertUser(), insertUser()];
    const [a, b] = [insertRecord(t.db), insertRecord(t.db)];
    s.favourites.add(me, a.id);
    s.favourites.add(me, b.id);
    s.favourites.add(you, a.id);
    s.favourites.clear(me);
    expect(s.favourites.count(me)).toBe(0);
    expect(s.favourites.ids(me)).toEqual([]);
    expect(s.favourites.ids(you)).toEqual([a.id]);
  });

  it("count is per customer", () => {
    const [me, you] = [insertUser(), insertUser()];
    const [a, b, c] = [insertRecord(t.db), insertRecord(t.db), insertRecord(t.db)];
    [a, b, c].forEach((r) => s.favourites.add(me, r.id));
    s.favourites.add(you, b.id);
    expect(s.favourites.count(me)).toBe(3);
    expect(s.favourites.count(you)).toBe(1);
    expect(s.favourites.count(insertUser())).toBe(0);
  });
});

describe("favourites.merge (a visitor signs in)", () => {
  it("adds known records once, skipping unknown ids and duplicates, and says how many were added", () => {
    const user = insertUser();
    const [a, b, c] = [insertRecord(t.db), insertRecord(t.db), insertRecord(t.db)];
    s.favourites.add(user, c.id);
    expect(s.favourites.merge(user, [a.id, 987_654, a.id, b.id, c.id, 0, -3])).toBe(2);
    expect(rowsOf(user)).toBe(3);
    expect([...s.favourites.ids(user)].sort((x, y) => x - y)).toEqual([a.id, b.id, c.id].sort((x, y) => x - y));
  });

  it("merging again adds nothing; merging nothing adds nothing", () => {
    const user = insertUser();
    const a = insertRecord(t.db);
    expect(s.favourites.merge(user, [a.id])).toBe(1);
    expect(s.favourites.merge(user, [a.id])).toBe(0);
    expect(s.favourites.merge(user, [])).toBe(0);
    expect(s.favourites.count(user)).toBe(1);
  });

  it("only unknown ids: nothing added", () => {
    const user = insertUser();
    expect(s.favourites.merge(user, [987_654, 987_655])).toBe(0);
    expect(s.favourites.count(user)).toBe(0);
  });
});

describe("favourites.records", () => {
  it("returns the records in the order given, dropping missing ones", () => {
    const [a, b] = [insertRecord(t.db, { title: "First" }), insertRecord(t.db, { title: "Second" })];
    expect(s.favourites.records([b.id, 987_654, a.id]).map((r) => [r.id, r.title])).toEqual([
      [b.id, "Second"],
      [a.id, "First"],
    ]);
    expect(s.favourites.records([])).toEqual([]);
  });
});
