import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../../db/schema";
import { insertRecord, useShopServices } from "../../../tests/setup/shop-fixtures";
import { callerFor, trpcCodeOf as codeOf, type CallerUser } from "../../../tests/setup/trpc-caller";

const shop = useShopServices();

const callerAs = (user: CallerUser) => callerFor(shop, user);

describe("admin.stock", () => {
  it("refuses a visitor (UNAUTHORIZED) and a customer (FORBIDDEN) on every procedure", async () => {
    const customer = await shop.s.accounts.register({
      username: "stockcustomer",
      email: "sc@example.com",
      password: "secret-password",
    });
    const rec = insertRecord(shop.t.db, { stockQuantity: 3 });
    for (const [user, code] of [
      [null, "UNAUTHORIZED"],
      [customer, "FORBIDDEN"],
    ] as const) {
      const stock = callerAs(user).admin.stock;
      expect(await codeOf(stock.list({}))).toBe(code);
      expect(await codeOf(stock.counts())).toBe(code);
      expect(await codeOf(stock.history({ recordId: rec.id }))).toBe(code);
      expect(await codeOf(stock.adjust({ recordId: rec.id, reason: "damaged", change: -1 }))).toBe(code);
      expect(await codeOf(stock.goodsIn({ lines: [{ recordId: rec.id, quantity: 1 }] }))).toBe(code);
      expect(await codeOf(stock.setThreshold({ recordId: rec.id, threshold: 1 }))).toBe(code);
    }
    expect(shop.s.adminStock.record(rec.id).stock).toBe(3);
  });

  it("lets an admin list, adjust, receive goods, set a threshold and read the history; refusals keep their codes", async () => {
    const user = await shop.s.accounts.register({ username: "stockadmin", email: "sa@example.com", password: "secret-password" });
    shop.t.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id)).run();
    const stock = callerAs({ ...user, role: "admin" }).admin.stock;
    const rec = insertRecord(shop.t.db, { stockQuantity: 0, title: "Trpc Stocked" });

    expect(await stock.adjust({ recordId: rec.id, reason: "delivery", change: 4 })).toMatchObject({ stock: 4 });
    expect(await stock.goodsIn({ lines: [{ recordId: rec.id, quantity: 2 }], note: "Box 3" })).toMatchObject({ units: 2 });
    expect(await stock.setThreshold({ recordId: rec.id, threshold: 6 })).toEqual({ threshold: 6 });
    const { record, movements } = await stock.history({ recordId: rec.id });
    expect(record).toMatchObject({ stock: 6, threshold: 6, level: "low" });
    expect(movements.map((m) => [m.reason, m.change, m.actorName])).toEqual([
      ["delivery", 2, "stockadmin"],
      ["delivery", 4, "stockadmin"],
    ]);
    expect((await stock.list({ q: "Trpc Stocked" })).items.map((i) => i.id)).toEqual([rec.id]);

    expect(await codeOf(stock.adjust({ recordId: rec.id, reason: "damaged", change: -7 }))).toBe("CONFLICT");
    expect(await codeOf(stock.adjust({ recordId: rec.id, reason: "delivery", change: 0 }))).toBe("BAD_REQUEST");
    expect(await codeOf(stock.history({ recordId: 999_999 }))).toBe("NOT_FOUND");
    expect(await codeOf(stock.goodsIn({ lines: [{ catalogueNumber: "NONE 1", quantity: 1 }] }))).toBe("BAD_REQUEST");
  });
});
