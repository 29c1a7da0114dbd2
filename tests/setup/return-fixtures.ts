/** A delivered order to return from: bought through the real checkout, shipped through the back office. */
import { eq } from "drizzle-orm";
import { shipInputSchema } from "../../app/domain/orders/order-admin";
import { orderLines, orders, users } from "../../db/schema";
import { TEST_CARD_SUCCESS } from "../../server/payments/test-card";
import type { Services } from "../../server/services";
import { insertRecord, TEST_ADDRESS } from "./shop-fixtures";
import { TEST_TODAY, type TestDb } from "./test-db";

let n = 0;

export function insertCustomer(t: TestDb) {
  n += 1;
  return t.db
    .insert(users)
    .values({ username: `returner-${process.pid}-${n}`, passwordHash: "x", email: `returner-${n}@example.com` })
    .returning()
    .get();
}

/**
 * An order of two new copies of one record and one used copy, paid by test card; shipped (the dispatch mail is sent)
 * and then given the dispatch and delivery times asked for, unless `ship` is false.
 */
export async function deliveredOrder(
  shop: { t: TestDb; s: Services },
  opts: { userId?: number | null; ship?: boolean; shippedAt?: string; deliveredAt?: string | null } = {},
) {
  n += 1;
  const newRecord = insertRecord(shop.t.db, { title: `Sealed Record ${n}`, stockQuantity: 5 });
  const usedCopy = insertRecord(shop.t.db, {
    title: `Used Copy ${n}`,
    stockQuantity: 1,
    condition: "used",
    mediaGrade: "VG+",
    sleeveGrade: "VG",
  });
  const email = `returns-buyer-${n}@example.com`;
  const out = await shop.s.checkout.submit(
    {
      idempotencyKey: `returns-key-${process.pid}-${n}-abcdefghijklmnop`,
      lines: [
        { recordId: newRecord.id, quantity: 2 },
        { recordId: usedCopy.id, quantity: 1 },
      ],
      discountCode: null,
      email,
      shipping: TEST_ADDRESS,
      userId: opts.userId ?? null,
      today: TEST_TODAY,
    },
    { card: { number: TEST_CARD_SUCCESS, expiry: "12/30", cvc: "123" }, origin: "http://localhost" },
  );
  if (out.kind !== "paid") throw new Error(`checkout ${out.kind}`);
  const orderNumber = out.order.orderNumber;
  if (opts.ship !== false) {
    const admin = shop.t.db
      .insert(users)
      .values({ username: `returns-boss-${process.pid}-${n}`, passwordHash: "x", email: `boss-${n}@example.com`, role: "admin" })
      .returning()
      .get();
    shop.s.adminOrders.ship(admin, orderNumber, shipInputSchema.parse({ trackingNumber: "AB123456785GB" }));
    shop.t.db
      .update(orders)
      .set({
        shippedAt: opts.shippedAt ?? "2026-10-30T15:00:00.000Z",
        deliveredAt: opts.deliveredAt === undefined ? "2026-11-02T10:00:00.000Z" : opts.deliveredAt,
      })
      .where(eq(orders.orderNumber, orderNumber))
      .run();
  }
  const orderId = shop.t.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).get()!.id;
  const lines = shop.t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id).all();
  return { orderNumber, orderId, email, newLine: lines[0]!.id, usedLine: lines[1]!.id };
}
