import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { limitRefusals, orderLines, orders, users } from "../../db/schema";
import { setShopClock } from "../../db/clock";
import { insertRecord, TEST_ADDRESS, useShopServices } from "../../tests/setup/shop-fixtures";
import { TEST_TODAY } from "../../tests/setup/test-db";
import { ConflictError, ValidationError } from "../../app/domain/shared/errors";
import { testCardKey } from "../../app/domain/limited/identity";
import { LimitRefusedError } from "./limited-sales";
import type { PlaceOrderInput } from "./orders";

const shop = useShopServices();

let n = 0;
function input(overrides: Partial<PlaceOrderInput> & Pick<PlaceOrderInput, "lines">): PlaceOrderInput {
  n += 1;
  return {
    idempotencyKey: `limited-sales-key-${n}-abcdefgh`,
    discountCode: null,
    email: `limited-buyer${n}@example.com`,
    shipping: { ...TEST_ADDRESS, addressLine1: `${n} Limited Lane`, postalCode: "LS1 4DY" },
    userId: null,
    paymentProvider: "test-card",
    today: TEST_TODAY,
    ...overrides,
  };
}

function insertUser(): number {
  n += 1;
  return shop.t.db
    .insert(users)
    .values({ username: `limited-user-${n}`, passwordHash: "not-a-hash", email: `limited-user-${n}@example.com` })
    .returning()
    .get().id;
}

const limited = (overrides = {}) => insertRecord(shop.t.db, { limitPerCustomer: 1, stockQuantity: 20, ...overrides });
const refusalsOf = (recordId: number) => shop.t.db.select().from(limitRefusals).where(eq(limitRefusals.recordId, recordId)).all();

function refusalOf(fn: () => unknown): LimitRefusedError {
  try {
    fn();
  } catch (error) {
    if (error instanceof LimitRefusedError) return error;
    throw error;
  }
  throw new Error("the order was not refused");
}

afterEach(() => setShopClock(shop.t.db.$client, undefined));

describe("the per-customer limit at the till", () => {
  it("refuses a second account's order to the same address, without naming the earlier order", () => {
    const rec = limited();
    const address = { ...TEST_ADDRESS, addressLine1: "12 High Street", postalCode: "SW1A 1AA" };
    const first = shop.s.orders.place(
      input({ lines: [{ recordId: rec.id, quantity: 1 }], userId: insertUser(), shipping: address }),
    );
    const error = refusalOf(() =>
      shop.s.orders.place(
        input({
          lines: [{ recordId: rec.id, quantity: 1 }],
          userId: insertUser(),
          shipping: { ...address, addressLine1: "12, high st.", postalCode: "sw1a1aa" },
        }),
      ),
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe(
      `"${rec.title}" is limited to 1 per customer, and an earlier order to this address already has 1.`,
    );
    expect(error.message).not.toContain(first.order.orderNumber);
    expect(refusalsOf(rec.id)).toMatchObject([
      {
        matchedBy: "address",
        matchedOrderNumber: first.order.orderNumber,
        requestedQuantity: 1,
        alreadyBought: 1,
        channel: "checkout",
      },
    ]);
  });

  it("refuses the same card on another e-mail and address", () => {
    const rec = limited();
    const cardKey = testCardKey("4242424242424242");
    shop.s.orders.place(input({ lines: [{ recordId: rec.id, quantity: 1 }], cardKey }));
    const error = refusalOf(() => shop.s.orders.place(input({ lines: [{ recordId: rec.id, quantity: 1 }], cardKey })));
    expect(error.refusal.matchedBy).toBe("card");
    expect(error.message).toContain("an earlier order with this card");
  });

  it("recognises a Gmail address with dots and a +tag as the same customer", () => {
    const rec = limited();
    shop.s.orders.place(input({ lines: [{ recordId: rec.id, quantity: 1 }], email: "vinyl.fan@gmail.com" }));
    const error = refusalOf(() =>
      shop.s.orders.place(input({ lines: [{ recordId: rec.id, quantity: 1 }], email: "VinylFan+rsd@googlemail.com" })),
    );
    expect(error.refusal.matchedBy).toBe("email");
  });

  it("names the shopper's own earlier order when it is on their account", () => {
    const rec = limited();
    const userId = insertUser();
    const first = shop.s.orders.place(input({ lines: [{ recordId: rec.id, quantity: 1 }], userId }));
    const error = refusalOf(() => shop.s.orders.place(input({ lines: [{ recordId: rec.id, quantity: 1 }], userId })));
    expect(error.message).toBe(
      `"${rec.title}" is limited to 1 per customer, and you already have 1 from order ${first.order.orderNumber}.`,
    );
  });

  it("gives the place back when the earlier order goes unpaid, is cancelled or its copy refunded", () => {
    const rec = limited();
    const userId = insertUser();
    const buy = () => shop.s.orders.place(input({ lines: [{ recordId: rec.id, quantity: 1 }], userId })).order.orderNumber;
    const setOrder = (orderNumber: string, status: "cancelled" | "paid") =>
      shop.t.db.update(orders).set({ status }).where(eq(orders.orderNumber, orderNumber)).run();

    shop.s.orders.cancelUnpaid(buy()); // payment_failed
    const cancelled = buy();
    setOrder(cancelled, "cancelled");
    const refunded = buy();
    setOrder(refunded, "paid");
    const order = shop.t.db.select().from(orders).where(eq(orders.orderNumber, refunded)).get()!;
    shop.t.db.update(orderLines).set({ refundedQuantity: 1 }).where(eq(orderLines.orderId, order.id)).run();
    expect(buy()).toMatch(/^ND-/);
    expect(() => buy()).toThrow(LimitRefusedError);
  });

  it("refuses more than the limit in one order, and keeps a double submit's refusal once", () => {
    const rec = limited({ limitPerCustomer: 2 });
    const order = input({ lines: [{ recordId: rec.id, quantity: 3 }] });
    expect(() => shop.s.orders.place(order)).toThrow(`"${rec.title}" is limited to 2 per customer.`);
    expect(() => shop.s.orders.place(order)).toThrow(LimitRefusedError);
    expect(refusalsOf(rec.id)).toHaveLength(1);
  });

  it("keeps every order's keys, limited or not, so a limit set later sees the history", () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 5 });
    const placed = shop.s.orders.place(
      input({ lines: [{ recordId: rec.id, quantity: 1 }], cardKey: testCardKey("4242 4242 4242 4242") }),
    );
    const row = shop.t.db.select().from(orders).where(eq(orders.orderNumber, placed.order.orderNumber)).get()!;
    expect(row.emailKey).toMatch(/^[0-9a-f]{64}$/);
    expect(row.addressKey).toMatch(/^[0-9a-f]{64}$/);
    expect(row.cardKey).toBe(testCardKey("4242424242424242"));
    expect(JSON.stringify(row)).not.toContain("4242424242424242");
  });
});

describe("the on-sale time at the till", () => {
  it("refuses a record before its on-sale time, limited or not, and sells it from then", () => {
    const rec = insertRecord(shop.t.db, { onSaleAt: "2026-11-28T08:00:00.000Z", stockQuantity: 3 });
    const drop = insertRecord(shop.t.db, { onSaleAt: "2026-11-28T08:00:00.000Z", isDrop: true, stockQuantity: 3 });
    setShopClock(shop.t.db.$client, () => new Date("2026-11-28T07:59:59.000Z"));
    const early = input({ lines: [{ recordId: rec.id, quantity: 1 }] });
    expect(() => shop.s.orders.place(early)).toThrow(ValidationError);
    // A drop too: its on-sale time is told before its queue (the drop's hold is checked after this rule).
    expect(() => shop.s.orders.place(input({ lines: [{ recordId: drop.id, quantity: 1 }] }))).toThrow(
      `"${drop.title}" goes on sale at 08:00 on Saturday 28 November 2026; it can't be bought before then.`,
    );
    expect(() => shop.s.orders.place(early)).toThrow(
      `"${rec.title}" goes on sale at 08:00 on Saturday 28 November 2026; it can't be bought before then.`,
    );
    setShopClock(shop.t.db.$client, () => new Date("2026-11-28T08:00:00.000Z"));
    expect(shop.s.orders.place(early).created).toBe(true);
  });
});

describe("the back office's view", () => {
  it("lists limited records with copies sold, and refusals newest first", () => {
    const rec = limited({ title: "Back Office Limited", onSaleAt: "2026-11-01T08:00:00.000Z" });
    const userId = insertUser();
    const first = shop.s.orders.place(input({ lines: [{ recordId: rec.id, quantity: 1 }], userId }));
    expect(() => shop.s.orders.place(input({ lines: [{ recordId: rec.id, quantity: 1 }], userId }))).toThrow(LimitRefusedError);
    const listed = shop.s.limitedSales.limitedRecords().find((r) => r.id === rec.id);
    expect(listed).toMatchObject({ limitPerCustomer: 1, isDrop: false, sold: 1 });
    const { rows } = shop.s.limitedSales.refusals(1);
    expect(rows[0]).toMatchObject({ recordId: rec.id, matchedBy: "account", matchedOrderNumber: first.order.orderNumber });
  });
});
