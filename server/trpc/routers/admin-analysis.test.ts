import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderLines, orders, users } from "../../../db/schema";
import { insertRecord, useShopServices } from "../../../tests/setup/shop-fixtures";
import { callerFor, trpcCodeOf as codeOf, type CallerUser } from "../../../tests/setup/trpc-caller";

const shop = useShopServices();

const callerAs = (user: CallerUser) => callerFor(shop, user);

describe("admin.analysis", () => {
  it("refuses a visitor and a customer, and checks its input with the page's schema", async () => {
    const customer = await shop.s.accounts.register({
      username: "anacustomer",
      email: "ac@example.com",
      password: "secret-password",
    });
    expect(await codeOf(callerAs(null).admin.analysis.figures({}))).toBe("UNAUTHORIZED");
    expect(await codeOf(callerAs(customer).admin.analysis.figures({}))).toBe("FORBIDDEN");
    const user = await shop.s.accounts.register({ username: "anaadmin", email: "aa@example.com", password: "secret-password" });
    shop.t.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id)).run();
    const analysis = callerAs({ ...user, role: "admin" }).admin.analysis;
    expect(await codeOf(analysis.figures({ preset: "custom", from: "2026-02-01", to: "2026-01-01" }))).toBe("BAD_REQUEST");
    expect(await codeOf(analysis.figures({ granularity: "hour" } as never))).toBe("BAD_REQUEST");
  });

  it("gives an admin the same figures as the page for the period asked", async () => {
    const user = await shop.s.accounts.register({ username: "anaadmin2", email: "aa2@example.com", password: "secret-password" });
    shop.t.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id)).run();
    const rec = insertRecord(shop.t.db, { genre: "Trpc Genre", pricePence: 1500 });
    const order = shop.t.db
      .insert(orders)
      .values({
        orderNumber: "ND-TRPC-ANALYSIS",
        email: "buyer@example.com",
        status: "paid",
        shippingName: "Buyer",
        addressLine1: "1 Record Row",
        city: "London",
        postalCode: "SW1A 1AA",
        itemsPence: 3000,
        shippingPence: 400,
        totalPence: 3400,
        vatPence: 567,
        idempotencyKey: "trpc-analysis",
        paidAt: "2026-11-20T12:00:00.000Z",
      })
      .returning()
      .get();
    shop.t.db
      .insert(orderLines)
      .values({
        orderId: order.id,
        recordId: rec.id,
        title: "T",
        artist: "A",
        unitPricePence: 1500,
        quantity: 2,
        lineTotalPence: 3000,
      })
      .run();
    const figures = await callerAs({ ...user, role: "admin" }).admin.analysis.figures({ preset: "7d", granularity: "day" });
    expect(figures.sales.current).toHaveLength(7);
    expect(figures.sales.totals).toMatchObject({ orders: 1, revenuePence: 3400, vatPence: 567 });
    expect(figures.genre).toEqual([{ name: "Trpc Genre", units: 2, revenuePence: 3000 }]);
  });
});
