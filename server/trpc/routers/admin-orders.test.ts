import { TRPCError } from "@trpc/server";
import { giveTwoFactor } from "../../../tests/setup/two-factor";
import { describe, expect, it } from "vitest";
import { users } from "../../../db/schema";
import { insertRecord, TEST_ADDRESS, useShopServices } from "../../../tests/setup/shop-fixtures";
import { TEST_TODAY } from "../../../tests/setup/test-db";
import type { RequestContext } from "../../context";
import { TEST_CARD_SUCCESS } from "../../payments/test-card";
import { appRouter } from "../router";

const shop = useShopServices();
let n = 0;

function userOf(role: "admin" | "customer") {
  n += 1;
  const row = shop.t.db
    .insert(users)
    .values({ username: `trpc-${role}-${n}`, passwordHash: "x", email: `trpc-${role}-${n}@example.com`, role })
    .returning()
    .get();
  if (role === "admin") giveTwoFactor(shop.t.db, row.id);
  return { id: row.id, username: row.username, email: row.email, role: row.role };
}

// Only what the procedures read: the services and who is signed in.
const callerAs = (user: ReturnType<typeof userOf> | null) =>
  appRouter.createCaller({ services: shop.s, user } as unknown as RequestContext);

async function paidOrder() {
  n += 1;
  const rec = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 5 });
  const out = await shop.s.checkout.submit(
    {
      idempotencyKey: `trpc-admin-orders-${n}-abcdefghijkl`,
      lines: [{ recordId: rec.id, quantity: 1 }],
      discountCode: null,
      email: `trpc-buyer-${n}@example.com`,
      shipping: TEST_ADDRESS,
      userId: null,
      today: TEST_TODAY,
    },
    { card: { number: TEST_CARD_SUCCESS, expiry: "12/30", cvc: "123" }, origin: "http://localhost" },
  );
  return out.order.orderNumber;
}

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return "OK";
  } catch (error) {
    return error instanceof TRPCError ? error.code : String(error);
  }
};

describe("admin.orders procedures", () => {
  it("refuse a visitor (UNAUTHORIZED) and a customer (FORBIDDEN), every one of them", async () => {
    const orderNumber = await paidOrder();
    const customer = userOf("customer");
    const calls = (c: ReturnType<typeof callerAs>) => [
      c.admin.orders.list({}),
      c.admin.orders.get({ orderNumber }),
      c.admin.orders.pack({ orderNumber, service: "first_class" }),
      c.admin.orders.ship({ orderNumber, trackingNumber: "AB123456785GB" }),
      c.admin.orders.markDelivered({ orderNumber }),
      c.admin.orders.cancel({ orderNumber }),
      c.admin.orders.refund({ orderNumber, reason: "Goodwill gesture", amountPence: 1 }),
    ];
    for (const call of calls(callerAs(null))) expect(await codeOf(call)).toBe("UNAUTHORIZED");
    for (const call of calls(callerAs(customer))) expect(await codeOf(call)).toBe("FORBIDDEN");
    expect(shop.s.adminOrders.get(orderNumber)).toMatchObject({ status: "paid", refundedPence: 0 });
  });

  it("let an admin list, read and move an order, with domain errors as tRPC codes", async () => {
    const orderNumber = await paidOrder();
    const c = callerAs(userOf("admin"));
    expect((await c.admin.orders.list({ q: orderNumber })).orders.map((o) => o.orderNumber)).toEqual([orderNumber]);
    expect((await c.admin.orders.pack({ orderNumber, service: "tracked_24" })).status).toBe("packed");
    expect(await codeOf(c.admin.orders.pack({ orderNumber, service: "tracked_24" }))).toBe("CONFLICT");
    expect(await codeOf(c.admin.orders.ship({ orderNumber, trackingNumber: "AB123456789GB" }))).toBe("BAD_REQUEST");
    expect((await c.admin.orders.ship({ orderNumber, trackingNumber: "AB123456785GB" })).status).toBe("shipped");
    expect((await c.admin.orders.refund({ orderNumber, reason: "Goodwill gesture", amountPence: 250 })).refundedPence).toBe(250);
    expect(await codeOf(c.admin.orders.get({ orderNumber: "ND-AAAAAAAA" }))).toBe("NOT_FOUND");
    expect(await codeOf(c.admin.orders.get({ orderNumber: "nope" }))).toBe("BAD_REQUEST");
  });
});
