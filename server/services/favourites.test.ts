import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { favourites, users } from "../../db/schema";
import { insertRecord, useShopServices } from "../../tests/setup/shop-fixtures";
import { NotFoundError } from "../../app/domain/shared/errors";

const shop = useShopServices();

let n = 0;
function insertUser(): number {
  n += 1;
  return shop.t.db
    .insert(users)
    .values({ username: `collector${n}`, passwordHash: "not-a-hash", email: `collector${n}@example.com` })
    .returning()
    .get().id;
}

const rowsOf = (userId: number) =>
  shop.t.db
    .select({ n: sql<number>`count(*)` })
    .from(favourites)
    .where(eq(favourites.userId, userId))
    .get()!.n;

const setAddedAt = (userId: number, recordId: number, at: string) =>
  shop.t.db
    .update(favourites)
    .set({ createdAt: at })
    .where(and(eq(favourites.userId, userId), eq(favourites.recordId, recordId)))
    .run();

describe("favourites.add", () => {
  it("adding the same record twice keeps one row", () => {
    const user = insertUser();
    const rec = insertRecord(shop.t.db);
    shop.s.favourites.add(user, rec.id);
    shop.s.favourites.add(user, rec.id);
    expect(rowsOf(user)).toBe(1);
    expect(shop.s.favourites.count(user)).toBe(1);
    expect(shop.s.favourites.ids(user)).toEqual([rec.id]);
  });

  it("a record that is not in the shop is refused", () => {
    const user = insertUser();
    expect(() => shop.s.favourites.add(user, 987_654)).toThrow(NotFoundError);
    expect(() => shop.s.favourites.add(user, 987_654)).toThrow("That record is not in the shop.");
    expect(shop.s.favourites.count(user)).toBe(0);
  });

  it("ids are newest first", () => {
    const user = insertUser();
    const [a, b, c] = [insertRecord(shop.t.db), insertRecord(shop.t.db), insertRecord(shop.t.db)];
    shop.s.favourites.add(user, a.id);
    shop.s.favourites.add(user, b.id);
    shop.s.favourites.add(user, c.id);
    setAddedAt(user, a.id, "2026-11-20T10:00:00.000Z");
    setAddedAt(user, b.id, "2026-11-22T10:00:00.000Z");
    setAddedAt(user, c.id, "2026-11-21T10:00:00.000Z");
    expect(shop.s.favourites.ids(user)).toEqual([b.id, c.id, a.id]);
  });
});

describe("favourites.remove, clear and count", () => {
  it("remove takes away one record only; removing one not there is harmless", () => {
    const user = insertUser();
    const [a, b] = [insertRecord(shop.t.db), insertRecord(shop.t.db)];
    shop.s.favourites.add(user, a.id);
    shop.s.favourites.add(user, b.id);
    shop.s.favourites.remove(user, a.id);
    expect(shop.s.favourites.ids(user)).toEqual([b.id]);
    shop.s.favourites.remove(user, a.id);
    expect(shop.s.favourites.count(user)).toBe(1);
  });

  it("clear empties one customer's favourites and nobody else's", () => {
    const [me, you] = [insertUser(), insertUser()];
    const [a, b] = [insertRecord(shop.t.db), insertRecord(shop.t.db)];
    shop.s.favourites.add(me, a.id);
    shop.s.favourites.add(me, b.id);
    shop.s.favourites.add(you, a.id);
    shop.s.favourites.clear(me);
    expect(shop.s.favourites.count(me)).toBe(0);
    expect(shop.s.favourites.ids(me)).toEqual([]);
    expect(shop.s.favourites.ids(you)).toEqual([a.id]);
  });

  it("count is per customer", () => {
    const [me, you] = [insertUser(), insertUser()];
    const [a, b, c] = [insertRecord(shop.t.db), insertRecord(shop.t.db), insertRecord(shop.t.db)];
    [a, b, c].forEach((r) => shop.s.favourites.add(me, r.id));
    shop.s.favourites.add(you, b.id);
    expect(shop.s.favourites.count(me)).toBe(3);
    expect(shop.s.favourites.count(you)).toBe(1);
    expect(shop.s.favourites.count(insertUser())).toBe(0);
  });
});

describe("favourites.merge (a visitor signs in)", () => {
  it("adds known records once, skipping unknown ids and duplicates, and says how many were added", () => {
    const user = insertUser();
    const [a, b, c] = [insertRecord(shop.t.db), insertRecord(shop.t.db), insertRecord(shop.t.db)];
    shop.s.favourites.add(user, c.id);
    expect(shop.s.favourites.merge(user, [a.id, 987_654, a.id, b.id, c.id, 0, -3])).toBe(2);
    expect(rowsOf(user)).toBe(3);
    expect([...shop.s.favourites.ids(user)].sort((x, y) => x - y)).toEqual([a.id, b.id, c.id].sort((x, y) => x - y));
  });

  it("merging again adds nothing; merging nothing adds nothing", () => {
    const user = insertUser();
    const a = insertRecord(shop.t.db);
    expect(shop.s.favourites.merge(user, [a.id])).toBe(1);
    expect(shop.s.favourites.merge(user, [a.id])).toBe(0);
    expect(shop.s.favourites.merge(user, [])).toBe(0);
    expect(shop.s.favourites.count(user)).toBe(1);
  });

  it("only unknown ids: nothing added", () => {
    const user = insertUser();
    expect(shop.s.favourites.merge(user, [987_654, 987_655])).toBe(0);
    expect(shop.s.favourites.count(user)).toBe(0);
  });
});

describe("favourites.records", () => {
  it("returns the records in the order given, dropping missing ones", () => {
    const [a, b] = [insertRecord(shop.t.db, { title: "First" }), insertRecord(shop.t.db, { title: "Second" })];
    expect(shop.s.favourites.records([b.id, 987_654, a.id]).map((r) => [r.id, r.title])).toEqual([
      [b.id, "Second"],
      [a.id, "First"],
    ]);
    expect(shop.s.favourites.records([])).toEqual([]);
  });
});
