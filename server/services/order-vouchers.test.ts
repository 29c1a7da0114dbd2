import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { writeTransaction } from "../../db/client";
import { emailOutbox, orders, records, voucherMovements, vouchers, users } from "../../db/schema";
import { insertRecord, TEST_ADDRESS, useShopServices } from "../../tests/setup/shop-fixtures";
import { TEST_TODAY } from "../../tests/setup/test-db";
import { PriceChangedError } from "../../app/domain/checkout/price-quote";
import { ValidationError } from "../../app/domain/shared/errors";
import { TEST_CARD_DECLINE, TEST_CARD_SUCCESS } from "../payments/test-card";
import { issueVoucher, mintVoucherCode } from "./voucher-ledger";

const shop = useShopServices();
const TODAY = TEST_TODAY; // 2026-11-22
let n = 0;
const card = (number = TEST_CARD_SUCCESS) => ({ number, expiry: "12/30", cvc: "123" });

/** An active voucher with `pencе` on it and its code, as a buyer would hold it. */
function voucher(pence: number, overrides: { status?: "active" | "pending_payment"; spentPence?: number } = {}) {
  return writeTransaction(shop.t.db, (db) => {
    const row = issueVoucher(db, { kind: "gift", amountPence: pence, issuedOn: TODAY, status: overrides.status ?? "active" });
    if (overrides.spentPence)
      db.update(vouchers)
        .set({ balancePence: pence - overrides.spentPence })
        .where(eq(vouchers.id, row.id))
        .run();
    return { id: row.id, code: mintVoucherCode(db, row.id) };
  });
}
const balanceOf = (id: number) => shop.t.db.select().from(vouchers).where(eq(vouchers.id, id)).get()!.balancePence;
const orderRow = (orderNumber: string) => shop.t.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).get()!;
const stockOf = (id: number) => shop.t.db.select().from(records).where(eq(records.id, id)).get()!.stockQuantity;
const ordersCount = () =>
  shop.t.db
    .select({ n: sql<number>`count(*)` })
    .from(orders)
    .get()!.n;

/** £25.00 record + £4.00 delivery = £29.00. */
function details(voucherCodes: string[], overrides: Record<string, unknown> = {}) {
  n += 1;
  const rec = insertRecord(shop.t.db, { pricePence: 2500, stockQuantity: 3 });
  return {
    rec,
    input: {
      idempotencyKey: `order-vouchers-key-${n}-abcdefgh`,
      lines: [{ recordId: rec.id, quantity: 1 }],
      discountCode: null,
      voucherCodes,
      email: `voucher-buyer-${n}@example.com`,
      shipping: TEST_ADDRESS,
      userId: null,
      today: TODAY,
      ...overrides,
    },
  };
}

describe("paying part of an order with a gift voucher", () => {
  it("takes the voucher's balance and charges the card the rest", async () => {
    const v = voucher(2000);
    const { input } = details([v.code]);
    const out = await shop.s.checkout.submit(input, { card: card(), origin: "http://localhost" });
    expect(out.kind).toBe("paid");
    expect(out.order.totals).toMatchObject({ totalPence: 2900, voucherPence: 2000, amountDuePence: 900, vatPence: 483 });
    expect(orderRow(out.order.orderNumber)).toMatchObject({ voucherPence: 2000, paymentProvider: "test-card" });
    expect(balanceOf(v.id)).toBe(0);
    const moves = shop.t.db.select().from(voucherMovements).where(eq(voucherMovements.voucherId, v.id)).all();
    expect(moves.map((m) => [m.kind, m.change, m.orderId])).toEqual([
      ["issued", 2000, null],
      ["spent", -2000, orderRow(out.order.orderNumber).id],
    ]);
  });

  it("accepts the code typed with spaces and in lower case", async () => {
    const v = voucher(1000);
    const typed = v.code
      .toLowerCase()
      .replace(/(.{4})/g, "$1 ")
      .trim();
    const { input } = details([typed]);
    const out = await shop.s.checkout.submit(input, { card: card(), origin: "http://localhost" });
    expect(out.order.totals).toMatchObject({ voucherPence: 1000, amountDuePence: 1900 });
    expect(balanceOf(v.id)).toBe(0);
  });

  it("spends several vouchers in the order given, each up to its balance, leaving what is not needed", async () => {
    const a = voucher(1000);
    const b = voucher(1500);
    const c = voucher(5000);
    const { input } = details([a.code, b.code, c.code]);
    const out = await shop.s.checkout.submit(input, { origin: "http://localhost" });
    expect(out.kind).toBe("paid");
    expect(out.order.totals).toMatchObject({ voucherPence: 2900, amountDuePence: 0 });
    expect([balanceOf(a.id), balanceOf(b.id), balanceOf(c.id)]).toEqual([0, 0, 4600]);
  });
});

describe("an order the vouchers pay in full", () => {
  it("is paid at once with no card, and its confirmation is mailed", async () => {
    const v = voucher(5000);
    const { input, rec } = details([v.code]);
    const out = await shop.s.checkout.submit(input, { origin: "http://localhost" });
    expect(out.kind).toBe("paid");
    expect(out.order.status).toBe("paid");
    expect(out.order.totals).toMatchObject({ totalPence: 2900, voucherPence: 2900, amountDuePence: 0 });
    expect(orderRow(out.order.orderNumber).paymentProvider).toBe("voucher");
    expect(balanceOf(v.id)).toBe(2100);
    expect(stockOf(rec.id)).toBe(2);
    await shop.s.mail.idle();
    const mail = shop.inbox.last(input.email);
    expect(mail?.text).toContain("Paid by gift voucher: -£29.00");
    expect(mail?.text).toContain("Paid by card: £0.00");
  });
});

describe("codes that cannot be spent place nothing", () => {
  const refusedWith = async (code: string, message: RegExp | string) => {
    const before = ordersCount();
    const { input, rec } = details([code]);
    const attempt = shop.s.checkout.submit(input, { card: card(), origin: "http://localhost" });
    await expect(attempt).rejects.toBeInstanceOf(ValidationError);
    await expect(attempt).rejects.toThrow(message);
    await attempt.catch((e: ValidationError) => expect(e.fields?.voucherCodes?.[0]).toMatch(message));
    expect(ordersCount()).toBe(before);
    expect(stockOf(rec.id)).toBe(3);
  };

  it("a wrong code", async () => {
    await refusedWith("ABCD-EFGH-JKMN-PQRS", "That code does not match a gift voucher. Check it and try again.");
  });

  it("an expired voucher", async () => {
    const v = voucher(1000);
    shop.t.db.update(vouchers).set({ expiresOn: "2026-11-21" }).where(eq(vouchers.id, v.id)).run();
    await refusedWith(v.code, "That gift voucher expired on 21 November 2026.");
  });

  it("a cancelled voucher", async () => {
    const v = voucher(1000);
    shop.t.db.update(vouchers).set({ status: "cancelled" }).where(eq(vouchers.id, v.id)).run();
    await refusedWith(v.code, "That gift voucher has been cancelled.");
  });

  it("a voucher spent in full", async () => {
    const v = voucher(1000, { spentPence: 1000 });
    await refusedWith(v.code, "That gift voucher has been spent in full.");
  });

  it("a voucher not paid for yet", async () => {
    const v = voucher(1000, { status: "pending_payment" });
    await refusedWith(v.code, "That gift voucher has not been paid for yet.");
  });

  it("a balance that changed since the page showed it: 409, nothing charged or spent", async () => {
    const v = voucher(2000);
    const { input, rec } = details([v.code], { expectedTotalPence: 2900, expectedAmountDuePence: 900 });
    shop.t.db.update(vouchers).set({ balancePence: 1500 }).where(eq(vouchers.id, v.id)).run();
    const attempt = shop.s.checkout.submit(input, { card: card(), origin: "http://localhost" });
    await expect(attempt).rejects.toBeInstanceOf(PriceChangedError);
    await expect(attempt).rejects.toThrow("the card would now pay £14.00, not £9.00");
    expect(balanceOf(v.id)).toBe(1500);
    expect(stockOf(rec.id)).toBe(3);
  });
});

describe("giving a voucher part back", () => {
  it("a declined card puts the voucher part back in full", async () => {
    const v = voucher(2000);
    const { input, rec } = details([v.code]);
    const out = await shop.s.checkout.submit(input, { card: card(TEST_CARD_DECLINE), origin: "http://localhost" });
    expect(out.kind).toBe("declined");
    expect(balanceOf(v.id)).toBe(2000);
    expect(stockOf(rec.id)).toBe(3);
    const kinds = shop.t.db.select().from(voucherMovements).where(eq(voucherMovements.voucherId, v.id)).all();
    expect(kinds.map((m) => [m.kind, m.change])).toEqual([
      ["issued", 2000],
      ["spent", -2000],
      ["restored", 2000],
    ]);
  });

  it("a voucher that expired meanwhile gives its part back as new store credit, mailed to the order's address", async () => {
    const v = voucher(2000);
    const { input } = details([v.code]);
    const { order } = shop.s.orders.place({ ...input, paymentProvider: "test-card" });
    shop.t.db.update(vouchers).set({ expiresOn: "2026-11-21" }).where(eq(vouchers.id, v.id)).run();
    shop.s.orders.cancelUnpaid(order.orderNumber);
    expect(balanceOf(v.id)).toBe(0);
    const credit = shop.t.db
      .select()
      .from(vouchers)
      .where(and(eq(vouchers.kind, "store_credit"), eq(vouchers.buyerEmail, input.email)))
      .get()!;
    expect(credit).toMatchObject({ status: "active", balancePence: 2000, initialPence: 2000 });
    await shop.s.mail.idle();
    const mail = shop.t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, input.email)).all();
    expect(mail.map((m) => m.kind)).toEqual(["voucher-code"]);
    expect(shop.inbox.last(input.email)?.text).toMatch(/£20\.00/);
  });
});

describe("the back office's cancel and refund", () => {
  const boss = () => {
    n += 1;
    const id = shop.t.db
      .insert(users)
      .values({ username: `voucher-boss-${n}`, passwordHash: "x", email: `voucher-boss-${n}@example.com`, role: "admin" })
      .returning()
      .get().id;
    return { id, username: `voucher-boss-${n}` };
  };

  it("a refund gives the card part back first, then the voucher part, never more than each paid", async () => {
    const v = voucher(2000);
    const { input } = details([v.code]);
    const out = await shop.s.checkout.submit(input, { card: card(), origin: "http://localhost" });
    const admin = boss();
    await shop.s.adminOrders.refund(admin, out.order.orderNumber, { reason: "Goodwill gesture", amountPence: 500 });
    expect(balanceOf(v.id)).toBe(0);
    await shop.s.adminOrders.refund(admin, out.order.orderNumber, { reason: "Goodwill gesture", amountPence: 1000 });
    // £9.00 was charged to the card: £5.00 + £4.00 to it, the other £6.00 back on the voucher.
    expect(balanceOf(v.id)).toBe(600);
    await shop.s.adminOrders.refund(admin, out.order.orderNumber, { reason: "Faulty" });
    expect(balanceOf(v.id)).toBe(2000);
    expect(orderRow(out.order.orderNumber)).toMatchObject({ status: "refunded", refundedPence: 2900 });
  });

  it("cancelling a paid order refunds the card part and restores the voucher part", async () => {
    const v = voucher(2000);
    const { input, rec } = details([v.code]);
    const out = await shop.s.checkout.submit(input, { card: card(), origin: "http://localhost" });
    expect(balanceOf(v.id)).toBe(0);
    await shop.s.adminOrders.cancel(boss(), out.order.orderNumber, { reason: "Customer asked" });
    expect(balanceOf(v.id)).toBe(2000);
    expect(stockOf(rec.id)).toBe(3);
    expect(orderRow(out.order.orderNumber)).toMatchObject({ status: "cancelled", refundedPence: 2900 });
  });

  it("an order paid wholly by voucher is refunded onto the voucher without asking the card provider", async () => {
    const v = voucher(3000);
    const { input } = details([v.code]);
    const out = await shop.s.checkout.submit(input, { origin: "http://localhost" });
    expect(balanceOf(v.id)).toBe(100);
    await shop.s.adminOrders.cancel(boss(), out.order.orderNumber, {});
    expect(balanceOf(v.id)).toBe(3000);
    expect(orderRow(out.order.orderNumber)).toMatchObject({ status: "cancelled", refundedPence: 2900 });
  });
});
