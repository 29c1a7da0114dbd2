import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { discountCodes, emailOutbox, orderLines, orders, records, stockMovements, users } from "../../db/schema";
import {
  insertDiscountCode,
  insertRecord,
  SHOP_PUBLIC_ORIGIN,
  TEST_ADDRESS,
  useShopServices,
} from "../../tests/setup/shop-fixtures";
import { TEST_TODAY } from "../../tests/setup/test-db";
import { addDays } from "../../app/domain/shared/dates";
import { hashToken } from "../auth/tokens";
import { ConflictError, NotFoundError, OutOfStockError, ValidationError } from "../../app/domain/shared/errors";
import type { PlaceOrderInput } from "./orders";

/** UK VAT, included in the prices as always. */
const UK_VAT = { treatment: "uk", countryCode: "GB", rateBasisPoints: 2000 } as const;

const shop = useShopServices();

const TODAY = TEST_TODAY; // 2026-11-22
const NEXT_YEAR = "2027-03-01";
const address = TEST_ADDRESS;

let n = 0;
const key = () => `orders-test-key-${++n}-abcdefgh`;

function input(overrides: Partial<PlaceOrderInput> & Pick<PlaceOrderInput, "lines">): PlaceOrderInput {
  return {
    idempotencyKey: key(),
    discountCode: null,
    email: `buyer${n}@example.com`,
    shipping: address,
    userId: null,
    paymentProvider: "test-card",
    today: TODAY,
    ...overrides,
  };
}

function insertUser(): number {
  n += 1;
  return shop.t.db
    .insert(users)
    .values({ username: `orders-user-${n}`, passwordHash: "not-a-hash", email: `orders-user-${n}@example.com` })
    .returning()
    .get().id;
}

const stockOf = (id: number) => shop.t.db.select().from(records).where(eq(records.id, id)).get()!.stockQuantity;
const movementsOf = (recordId: number) =>
  shop.t.db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.recordId, recordId))
    .orderBy(stockMovements.id)
    .all()
    .map((m) => [m.change, m.reason]);
const orderRow = (orderNumber: string) => shop.t.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).get()!;
const ordersWithKey = (idempotencyKey: string) =>
  shop.t.db
    .select({ n: sql<number>`count(*)` })
    .from(orders)
    .where(eq(orders.idempotencyKey, hashToken(idempotencyKey)))
    .get()!.n;
const confirmationsFor = (email: string) =>
  shop.t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, "order-confirmation"), eq(emailOutbox.toAddress, email)))
    .all();

describe("orders.place", () => {
  it("writes one order with its lines snapshotting title, artist and price, and takes the stock", () => {
    const lp = insertRecord(shop.t.db, { title: "Blue Train", artist: "John Coltrane", pricePence: 1999, stockQuantity: 5 });
    const pre = insertRecord(shop.t.db, {
      title: "Next Year's Thing",
      artist: "The Futures",
      pricePence: 2500,
      stockQuantity: 0,
      releaseDate: NEXT_YEAR,
    });
    const form = input({
      email: "  Buyer.One@Example.COM ",
      lines: [
        { recordId: lp.id, quantity: 2 },
        { recordId: pre.id, quantity: 1 },
      ],
    });
    const { order, created } = shop.s.orders.place(form);
    expect(created).toBe(true);
    expect(order.orderNumber).toMatch(/^ND-[A-Z2-7]{8}$/);
    expect(order.status).toBe("pending_payment");
    expect(order.email).toBe("buyer.one@example.com");
    expect(order.userId).toBeNull();
    expect(order.paidAt).toBeNull();
    expect(order.paymentProvider).toBe("test-card");
    expect(order.shipping).toEqual({ ...address, addressLine2: null, countryCode: "GB" });
    expect(order.lines).toEqual([
      {
        recordId: lp.id,
        title: "Blue Train",
        artist: "John Coltrane",
        unitPricePence: 1999,
        quantity: 2,
        lineTotalPence: 3998,
        isPreOrder: false,
        vatScheme: "standard",
      },
      {
        recordId: pre.id,
        title: "Next Year's Thing",
        artist: "The Futures",
        unitPricePence: 2500,
        quantity: 1,
        lineTotalPence: 2500,
        isPreOrder: true,
        vatScheme: "standard",
      },
    ]);
    // items 3998 + 2500 = 6498; 3 records → £4; total 6898; VAT 6898 / 6 = 1149.67 → 1150.
    expect(order.totals).toEqual({
      itemCount: 3,
      itemsPence: 6498,
      shippingPence: 400,
      discountPence: 0,
      totalPence: 6898,
      vatPence: 1150,
      vat: UK_VAT,
      voucherPence: 0,
      amountDuePence: 6898,
    });
    expect(order.hasPreOrder).toBe(true);
    expect(order.delivery).toMatchObject({ minDays: 1, maxDays: 14, preOrder: true, countsFrom: NEXT_YEAR });
    expect(order.delivery.earliest > NEXT_YEAR).toBe(true); // never before the record exists
    expect(ordersWithKey(form.idempotencyKey)).toBe(1);

    const row = orderRow(order.orderNumber);
    expect(row).toMatchObject({
      itemsPence: 6498,
      shippingPence: 400,
      discountPence: 0,
      totalPence: 6898,
      vatPence: 1150,
      discountCodeId: null,
    });
    expect(row.idempotencyKey).toBe(hashToken(form.idempotencyKey)); // the key itself is never stored
    expect(shop.t.db.select().from(orderLines).where(eq(orderLines.orderId, row.id)).all()).toHaveLength(2);

    // A sale takes the copies; a pre-order is a commitment against the pressing and leaves stock alone.
    expect(stockOf(lp.id)).toBe(3);
    expect(stockOf(pre.id)).toBe(0);
    expect(movementsOf(lp.id)).toEqual([[-2, "sale"]]);
    expect(movementsOf(pre.id)).toEqual([[-1, "pre_order"]]);
    const orderIds = shop.t.db
      .select({ orderId: stockMovements.orderId })
      .from(stockMovements)
      .where(eq(stockMovements.orderId, row.id))
      .all();
    expect(orderIds).toHaveLength(2);
  });

  it("an order with no pre-order is delivered in 1–5 days", () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 1 });
    const { order } = shop.s.orders.place(input({ lines: [{ recordId: rec.id, quantity: 1 }] }));
    expect(order.hasPreOrder).toBe(false);
    expect(order.delivery).toMatchObject({ minDays: 1, maxDays: 5 });
  });

  it("a pre-order's window follows its record's release date when the pressing is delayed", () => {
    const pre = insertRecord(shop.t.db, { stockQuantity: 0, releaseDate: NEXT_YEAR });
    const { order } = shop.s.orders.place(input({ lines: [{ recordId: pre.id, quantity: 1 }] }));
    const later = addDays(NEXT_YEAR, 30);
    shop.t.db.update(records).set({ releaseDate: later }).where(eq(records.id, pre.id)).run();
    expect(shop.s.orders.get(order.orderNumber)!.delivery.countsFrom).toBe(later);
  });

  it("the order keeps its snapshot when the record changes later", () => {
    const rec = insertRecord(shop.t.db, { title: "Original Title", pricePence: 1500, stockQuantity: 3 });
    const { order } = shop.s.orders.place(input({ lines: [{ recordId: rec.id, quantity: 1 }] }));
    shop.t.db.update(records).set({ title: "Renamed", pricePence: 9900 }).where(eq(records.id, rec.id)).run();
    const again = shop.s.orders.get(order.orderNumber)!;
    expect(again.lines[0]).toMatchObject({ title: "Original Title", unitPricePence: 1500, lineTotalPence: 1500 });
    expect(again.totals).toMatchObject({ itemsPence: 1500, totalPence: 1900 });
  });

  it("5 records ship at £7 and a code takes 10% off the items only", () => {
    const rec = insertRecord(shop.t.db, { pricePence: 1999, stockQuantity: 10 });
    insertDiscountCode(shop.t.db, "ORDERS10");
    const { order } = shop.s.orders.place(input({ lines: [{ recordId: rec.id, quantity: 5 }], discountCode: "orders10" }));
    // items 5 × 1999 = 9995; shipping 700; discount floor(999.5) = 999; total 9995 + 700 − 999 = 9696; VAT 9696 / 6 = 1616.
    expect(order.totals).toEqual({
      itemCount: 5,
      itemsPence: 9995,
      shippingPence: 700,
      discountPence: 999,
      totalPence: 9696,
      vatPence: 1616,
      vat: UK_VAT,
      voucherPence: 0,
      amountDuePence: 9696,
    });
  });

  describe("prices come from the database, never from the client", () => {
    it("a price change between pricing the cart and placing: the order uses the price at placing time", () => {
      const rec = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 4 });
      const lines = [{ recordId: rec.id, quantity: 2 }];
      expect(shop.s.cart.price(lines, null, { today: TODAY }).totals.itemsPence).toBe(4000);
      shop.t.db.update(records).set({ pricePence: 2345 }).where(eq(records.id, rec.id)).run();
      const { order } = shop.s.orders.place(input({ lines }));
      expect(order.lines[0]).toMatchObject({ unitPricePence: 2345, lineTotalPence: 4690 });
      expect(order.totals).toMatchObject({ itemsPence: 4690, totalPence: 5090 });
    });

    it("a price smuggled into a line is ignored", () => {
      const rec = insertRecord(shop.t.db, { pricePence: 3000, stockQuantity: 4 });
      const tampered = [{ recordId: rec.id, quantity: 1, pricePence: 1, unitPricePence: 1, lineTotalPence: 1 }];
      const { order } = shop.s.orders.place(input({ lines: tampered }));
      expect(order.lines[0]).toMatchObject({ unitPricePence: 3000, lineTotalPence: 3000 });
      expect(order.totals.totalPence).toBe(3400);
    });
  });

  describe("idempotency", () => {
    it("the same key twice is the same order: created false, nothing taken twice", () => {
      const rec = insertRecord(shop.t.db, { stockQuantity: 5 });
      const form = input({ email: "twice@example.com", lines: [{ recordId: rec.id, quantity: 2 }] });
      const first = shop.s.orders.place(form);
      const second = shop.s.orders.place(form);
      expect(second.created).toBe(false);
      expect(second.order.orderNumber).toBe(first.order.orderNumber);
      expect(ordersWithKey(form.idempotencyKey)).toBe(1);
      expect(stockOf(rec.id)).toBe(3);
      expect(movementsOf(rec.id)).toEqual([[-2, "sale"]]);
    });

    it("the same key with the email in another case is still the same order", () => {
      const rec = insertRecord(shop.t.db, { stockQuantity: 5 });
      const form = input({ email: "case@example.com", lines: [{ recordId: rec.id, quantity: 1 }] });
      const first = shop.s.orders.place(form);
      const replay = shop.s.orders.place({ ...form, email: " CASE@Example.com" });
      expect(replay).toMatchObject({ created: false, order: { orderNumber: first.order.orderNumber } });
    });

    it("the same key with another email is a conflict, and places nothing", () => {
      const rec = insertRecord(shop.t.db, { stockQuantity: 5 });
      const form = input({ email: "first@example.com", lines: [{ recordId: rec.id, quantity: 1 }] });
      shop.s.orders.place(form);
      expect(() => shop.s.orders.place({ ...form, email: "intruder@example.com" })).toThrow(ConflictError);
      expect(ordersWithKey(form.idempotencyKey)).toBe(1);
      expect(stockOf(rec.id)).toBe(4);
    });

    it("a replay of an order whose payment failed returns it as it is now", () => {
      const rec = insertRecord(shop.t.db, { stockQuantity: 5 });
      const form = input({ lines: [{ recordId: rec.id, quantity: 1 }] });
      const first = shop.s.orders.place(form);
      shop.s.orders.cancelUnpaid(first.order.orderNumber);
      const replay = shop.s.orders.place(form);
      expect(replay.created).toBe(false);
      expect(replay.order.status).toBe("payment_failed");
      expect(stockOf(rec.id)).toBe(5);
    });
  });

  describe("refusals leave nothing behind", () => {
    it("an empty cart", () => {
      expect(() => shop.s.orders.place(input({ lines: [] }))).toThrow(ValidationError);
      expect(() => shop.s.orders.place(input({ lines: [] }))).toThrow("Your cart is empty.");
    });

    it("a record that is not in the shop", () => {
      const form = input({ lines: [{ recordId: 987_654, quantity: 1 }] });
      expect(() => shop.s.orders.place(form)).toThrow(OutOfStockError);
      expect(ordersWithKey(form.idempotencyKey)).toBe(0);
    });

    it("a hidden placeholder record (not a pre-order)", () => {
      const rec = insertRecord(shop.t.db, { title: "Electric Dreams", stockQuantity: 5 });
      expect(() => shop.s.orders.place(input({ lines: [{ recordId: rec.id, quantity: 1 }] }))).toThrow(OutOfStockError);
      expect(stockOf(rec.id)).toBe(5);
    });

    it("more copies than in stock: the first line's stock is given back too (one transaction)", () => {
      const plenty = insertRecord(shop.t.db, { stockQuantity: 5 });
      const scarce = insertRecord(shop.t.db, { title: "Kind of Blue", stockQuantity: 1 });
      const form = input({
        lines: [
          { recordId: plenty.id, quantity: 2 },
          { recordId: scarce.id, quantity: 2 },
        ],
      });
      expect(() => shop.s.orders.place(form)).toThrow('Sorry, "Kind of Blue" is out of stock.');
      expect(stockOf(plenty.id)).toBe(5);
      expect(stockOf(scarce.id)).toBe(1);
      expect(movementsOf(plenty.id)).toEqual([]);
      expect(ordersWithKey(form.idempotencyKey)).toBe(0);
    });

    it("a used code: the order is not placed and the stock is given back", () => {
      const rec = insertRecord(shop.t.db, { stockQuantity: 5 });
      insertDiscountCode(shop.t.db, "SPENT10");
      shop.t.db.update(discountCodes).set({ redemptions: 1 }).where(eq(discountCodes.code, "SPENT10")).run();
      const form = input({ lines: [{ recordId: rec.id, quantity: 2 }], discountCode: "SPENT10" });
      expect(() => shop.s.orders.place(form)).toThrow("This discount code has already been used.");
      expect(stockOf(rec.id)).toBe(5);
      expect(ordersWithKey(form.idempotencyKey)).toBe(0);
    });
  });
});

describe("orders.markPaid", () => {
  it("moves the order to paid and queues exactly one confirmation, however often the payment is reported", async () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 5 });
    const { order } = shop.s.orders.place(input({ email: "payer@example.com", lines: [{ recordId: rec.id, quantity: 1 }] }));
    const paid = shop.s.orders.markPaid(order.orderNumber, { reference: "pay-ref-1" });
    expect(paid.status).toBe("paid");
    expect(paid.paidAt).not.toBeNull();
    expect(paid.paymentReference).toBe("pay-ref-1");
    const again = shop.s.orders.markPaid(order.orderNumber, { reference: "pay-ref-2" });
    expect(again.status).toBe("paid");
    expect(again.paidAt).toBe(paid.paidAt);
    expect(again.paymentReference).toBe("pay-ref-1");
    await shop.s.mail.idle();
    const mails = confirmationsFor("payer@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your Needledrop order ${order.orderNumber} is confirmed`);
    expect(shop.s.orders.byPaymentReference("pay-ref-1")?.orderNumber).toBe(order.orderNumber);
  });

  it("links a customer's confirmation to their orders at the configured origin, whoever placed the order", async () => {
    const user = await shop.s.accounts.register({ username: "linked", email: "linked@example.com", password: "secret-password" });
    const rec = insertRecord(shop.t.db, { stockQuantity: 5 });
    const { order } = shop.s.orders.place(
      input({ email: "linked@example.com", userId: user.id, lines: [{ recordId: rec.id, quantity: 1 }] }),
    );
    shop.s.orders.markPaid(order.orderNumber, { reference: "pay-ref-linked" });
    await shop.s.mail.idle();
    expect(shop.inbox.last("linked@example.com")!.text).toContain(`Your orders: ${SHOP_PUBLIC_ORIGIN}/profile#orders`);
  });

  it("an unknown order is NotFound", () => {
    expect(() => shop.s.orders.markPaid("ND-AAAAAAAA", { reference: "x" })).toThrow(NotFoundError);
  });

  it("an order whose payment failed stays so and gets no confirmation", () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 5 });
    const { order } = shop.s.orders.place(input({ email: "too-late@example.com", lines: [{ recordId: rec.id, quantity: 1 }] }));
    shop.s.orders.cancelUnpaid(order.orderNumber);
    expect(shop.s.orders.markPaid(order.orderNumber, { reference: "late" }).status).toBe("payment_failed");
    expect(confirmationsFor("too-late@example.com")).toHaveLength(0);
  });
});

describe("orders.cancelUnpaid", () => {
  it("returns the stock with cancellation movements, leaves pre-orders off the shelf and releases the code", () => {
    const lp = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 4 });
    const pre = insertRecord(shop.t.db, { pricePence: 2500, stockQuantity: 0, releaseDate: NEXT_YEAR });
    const { codeId } = insertDiscountCode(shop.t.db, "CANCEL10");
    const { order } = shop.s.orders.place(
      input({
        email: "canceller@example.com",
        discountCode: "CANCEL10",
        lines: [
          { recordId: lp.id, quantity: 3 },
          { recordId: pre.id, quantity: 2 },
        ],
      }),
    );
    expect(stockOf(lp.id)).toBe(1);
    expect(shop.t.db.select().from(discountCodes).where(eq(discountCodes.id, codeId)).get()!.redemptions).toBe(1);

    const cancelled = shop.s.orders.cancelUnpaid(order.orderNumber);
    expect(cancelled.status).toBe("payment_failed");
    expect(stockOf(lp.id)).toBe(4);
    expect(stockOf(pre.id)).toBe(0);
    expect(movementsOf(lp.id)).toEqual([
      [-3, "sale"],
      [3, "cancellation"],
    ]);
    expect(movementsOf(pre.id)).toEqual([
      [-2, "pre_order"],
      [2, "pre_order"],
    ]);
    expect(shop.t.db.select().from(discountCodes).where(eq(discountCodes.id, codeId)).get()!.redemptions).toBe(0);
    expect(shop.s.discounts.check("CANCEL10", { userId: null, email: "canceller@example.com" }).ok).toBe(true);

    // Idempotent: a second cancel gives nothing back twice.
    expect(shop.s.orders.cancelUnpaid(order.orderNumber).status).toBe("payment_failed");
    expect(stockOf(lp.id)).toBe(4);
    expect(movementsOf(lp.id)).toHaveLength(2);
  });

  it("a paid order is not cancelled by it, and keeps its stock taken", () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 3 });
    const { order } = shop.s.orders.place(input({ lines: [{ recordId: rec.id, quantity: 1 }] }));
    shop.s.orders.markPaid(order.orderNumber, { reference: "paid-1" });
    expect(shop.s.orders.cancelUnpaid(order.orderNumber).status).toBe("paid");
    expect(stockOf(rec.id)).toBe(2);
    expect(movementsOf(rec.id)).toEqual([[-1, "sale"]]);
  });

  it("an unknown order is NotFound", () => {
    expect(() => shop.s.orders.cancelUnpaid("ND-AAAAAAAA")).toThrow(NotFoundError);
  });
});

describe("who may see an order", () => {
  it("its owner, the browser holding the form's key, and nobody else", () => {
    const owner = insertUser();
    const stranger = insertUser();
    const rec = insertRecord(shop.t.db, { stockQuantity: 5 });
    const form = input({ userId: owner, lines: [{ recordId: rec.id, quantity: 1 }] });
    const { order } = shop.s.orders.place(form);

    expect(shop.s.orders.forViewer(order.orderNumber, { userId: owner, accessTokens: [] }).orderNumber).toBe(order.orderNumber);
    expect(
      shop.s.orders.forViewer(order.orderNumber, { userId: null, accessTokens: ["some-other-key-123456", form.idempotencyKey] })
        .orderNumber,
    ).toBe(order.orderNumber);
    expect(shop.s.orders.tokenOpens(order.orderNumber, form.idempotencyKey)).toBe(true);

    expect(() => shop.s.orders.forViewer(order.orderNumber, { userId: stranger, accessTokens: [] })).toThrow(NotFoundError);
    expect(() => shop.s.orders.forViewer(order.orderNumber, { userId: null, accessTokens: [] })).toThrow(NotFoundError);
    expect(() =>
      shop.s.orders.forViewer(order.orderNumber, { userId: stranger, accessTokens: ["wrong-key-abcdefghijk"] }),
    ).toThrow("Order not found.");
    expect(shop.s.orders.tokenOpens(order.orderNumber, "wrong-key-abcdefghijk")).toBe(false);
  });

  it("shows its owner and the ordering browser the customer's view: no owner id, payment provider or reference", () => {
    const owner = insertUser();
    const rec = insertRecord(shop.t.db, { stockQuantity: 5 });
    const form = input({ userId: owner, lines: [{ recordId: rec.id, quantity: 1 }] });
    const { order } = shop.s.orders.place(form);
    shop.s.orders.markPaid(order.orderNumber, { reference: "pi_secret_reference" });
    const shown = [
      shop.s.orders.forViewer(order.orderNumber, { userId: owner, accessTokens: [] }),
      shop.s.orders.forViewer(order.orderNumber, { userId: null, accessTokens: [form.idempotencyKey] }),
      ...shop.s.orders.listForUser(owner),
    ];
    for (const view of shown) {
      expect(view).toMatchObject({ orderNumber: order.orderNumber, status: "paid" });
      expect(view).not.toHaveProperty("userId");
      expect(view).not.toHaveProperty("paymentProvider");
      expect(view).not.toHaveProperty("paymentReference");
      expect(JSON.stringify(view)).not.toContain("pi_secret_reference");
    }
    expect(shop.s.orders.get(order.orderNumber)?.paymentReference).toBe("pi_secret_reference");
  });

  it("a guest order is not opened by being signed out", () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 5 });
    const { order } = shop.s.orders.place(input({ lines: [{ recordId: rec.id, quantity: 1 }] }));
    expect(() => shop.s.orders.forViewer(order.orderNumber, { userId: null, accessTokens: [] })).toThrow(NotFoundError);
  });

  it("an unknown order number is NotFound, like someone else's", () => {
    expect(() => shop.s.orders.forViewer("ND-ZZZZZZZZ", { userId: 1, accessTokens: ["anything-at-all-123"] })).toThrow(
      NotFoundError,
    );
    expect(shop.s.orders.get("ND-ZZZZZZZZ")).toBeNull();
  });
});

describe("orders.listForUser", () => {
  it("lists only that customer's orders, newest first", () => {
    const me = insertUser();
    const other = insertUser();
    const rec = insertRecord(shop.t.db, { stockQuantity: 10 });
    const place = (userId: number) =>
      shop.s.orders.place(input({ userId, lines: [{ recordId: rec.id, quantity: 1 }] })).order.orderNumber;
    const first = place(me);
    const second = place(me);
    place(other);
    const third = place(me);
    shop.t.db.update(orders).set({ createdAt: "2026-11-20T09:00:00.000Z" }).where(eq(orders.orderNumber, first)).run();
    shop.t.db.update(orders).set({ createdAt: "2026-11-21T09:00:00.000Z" }).where(eq(orders.orderNumber, third)).run();
    shop.t.db.update(orders).set({ createdAt: "2026-11-22T09:00:00.000Z" }).where(eq(orders.orderNumber, second)).run();
    expect(shop.s.orders.listForUser(me).map((o) => o.orderNumber)).toEqual([second, third, first]);
    expect(shop.s.orders.listForUser(me, 2).map((o) => o.orderNumber)).toEqual([second, third]);
    expect(shop.s.orders.listForUser(insertUser())).toEqual([]);
  });

  it("orders placed in the same moment: the later one first", () => {
    const me = insertUser();
    const rec = insertRecord(shop.t.db, { stockQuantity: 10 });
    const a = shop.s.orders.place(input({ userId: me, lines: [{ recordId: rec.id, quantity: 1 }] })).order.orderNumber;
    const b = shop.s.orders.place(input({ userId: me, lines: [{ recordId: rec.id, quantity: 1 }] })).order.orderNumber;
    shop.t.db.update(orders).set({ createdAt: "2026-11-22T09:00:00.000Z" }).where(eq(orders.userId, me)).run();
    expect(shop.s.orders.listForUser(me).map((o) => o.orderNumber)).toEqual([b, a]);
  });
});

describe("orders.place holds its own rules, whatever the caller sends", () => {
  it("refuses quantities that are not whole numbers from 1 to 10, and a record listed twice, taking no stock", () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 3 });
    for (const quantity of [0, -2, 2.5, 11]) {
      expect(() => shop.s.orders.place(input({ lines: [{ recordId: rec.id, quantity }] }))).toThrow(ValidationError);
    }
    expect(() =>
      shop.s.orders.place(
        input({
          lines: [
            { recordId: rec.id, quantity: 1 },
            { recordId: rec.id, quantity: 1 },
          ],
        }),
      ),
    ).toThrow(ValidationError);
    expect(shop.t.db.select().from(records).where(eq(records.id, rec.id)).get()!.stockQuantity).toBe(3);
  });

  it("reads a release date with a time the way the cart does: released today is not a pre-order", () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 0, releaseDate: `${TODAY}T09:00:00Z` });
    expect(() => shop.s.orders.place(input({ lines: [{ recordId: rec.id, quantity: 1 }] }))).toThrow(OutOfStockError);
  });
});
