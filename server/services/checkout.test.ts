import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { emailOutbox, records, stockMovements } from "../../db/schema";
import { insertDiscountCode, insertRecord, TEST_ADDRESS, useShopServices } from "../../tests/setup/shop-fixtures";
import { TEST_TODAY } from "../../tests/setup/test-db";
import type { RedirectProvider } from "../../app/domain/payments/order-payments";
import { TEST_CARD_DECLINE, TEST_CARD_SUCCESS } from "../payments/test-card";
import { createServices, type Services } from ".";
import { OutOfStockError } from "../../app/domain/shared/errors";

/** UK VAT, included in the prices as always. */
const UK_VAT = { treatment: "uk", countryCode: "GB", rateBasisPoints: 2000 } as const;

const shop = useShopServices();

const address = TEST_ADDRESS;
let keyN = 0;
const key = () => `test-key-${++keyN}-abcdefghijklmnop`;
const card = (number: string) => ({ number, expiry: "12/30", cvc: "123" });
const stockOf = (id: number) => shop.t.db.select().from(records).where(eq(records.id, id)).get()!.stockQuantity;

describe("checkout with the test card", () => {
  it("places, re-prices from the database, takes stock, pays and queues the confirmation", async () => {
    const rec = insertRecord(shop.t.db, { pricePence: 1999, stockQuantity: 3 });
    const out = await shop.s.checkout.submit(
      {
        idempotencyKey: key(),
        lines: [{ recordId: rec.id, quantity: 2 }],
        discountCode: null,
        email: "Ada@Example.com",
        shipping: address,
        userId: null,
        today: TEST_TODAY,
      },
      { card: card(TEST_CARD_SUCCESS), origin: "http://localhost" },
    );
    expect(out.kind).toBe("paid");
    expect(out.order.totals).toEqual({
      itemCount: 2,
      itemsPence: 3998,
      shippingPence: 400,
      discountPence: 0,
      totalPence: 4398,
      vatPence: 733,
      vat: UK_VAT,
      voucherPence: 0,
      amountDuePence: 4398,
    });
    expect(out.order.email).toBe("ada@example.com");
    expect(stockOf(rec.id)).toBe(1);
    const moves = shop.t.db.select().from(stockMovements).where(eq(stockMovements.recordId, rec.id)).all();
    expect(moves.map((m) => [m.change, m.reason])).toEqual([[-2, "sale"]]);
    const mail = shop.t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "order-confirmation")).all();
    expect(mail.at(-1)?.subject).toContain(out.order.orderNumber);
  });

  it("a declined card cancels the order and gives the stock and the code back", async () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 2 });
    insertDiscountCode(shop.t.db, "DECLINE10");
    const input = {
      idempotencyKey: key(),
      lines: [{ recordId: rec.id, quantity: 2 }],
      discountCode: "DECLINE10",
      email: "b@example.com",
      shipping: address,
      userId: null,
      today: TEST_TODAY,
    };
    const out = await shop.s.checkout.submit(input, { card: card(TEST_CARD_DECLINE), origin: "http://localhost" });
    expect(out.kind).toBe("declined");
    expect(out.order.status).toBe("payment_failed");
    expect(stockOf(rec.id)).toBe(2);
    expect(shop.s.discounts.check("DECLINE10", null).ok).toBe(true);
    // The same form submitted again reports the same failed order, and places nothing new.
    const replay = await shop.s.checkout.submit(input, { card: card(TEST_CARD_SUCCESS), origin: "http://localhost" });
    expect(replay.kind).toBe("declined");
    expect(replay.order.orderNumber).toBe(out.order.orderNumber);
    expect(stockOf(rec.id)).toBe(2);
  });

  it("refuses to oversell and names the record", async () => {
    const rec = insertRecord(shop.t.db, { title: "Kind of Blue", stockQuantity: 1 });
    const attempt = shop.s.checkout.submit(
      {
        idempotencyKey: key(),
        lines: [{ recordId: rec.id, quantity: 2 }],
        discountCode: null,
        email: "c@example.com",
        shipping: address,
        userId: null,
        today: TEST_TODAY,
      },
      { card: card(TEST_CARD_SUCCESS), origin: "http://localhost" },
    );
    await expect(attempt).rejects.toBeInstanceOf(OutOfStockError);
    await expect(attempt).rejects.toThrow('"Kind of Blue"');
    expect(stockOf(rec.id)).toBe(1);
  });

  it("a newsletter code gives 10% off the items once", async () => {
    const rec = insertRecord(shop.t.db, { pricePence: 2999, stockQuantity: 10 });
    insertDiscountCode(shop.t.db, "ONCE10");
    const base = {
      lines: [{ recordId: rec.id, quantity: 1 }],
      discountCode: "ONCE10",
      shipping: address,
      userId: null,
      today: TEST_TODAY,
    };
    const first = await shop.s.checkout.submit(
      { ...base, idempotencyKey: key(), email: "d@example.com" },
      { card: card(TEST_CARD_SUCCESS), origin: "x" },
    );
    expect(first.order.totals.discountPence).toBe(299);
    expect(first.order.totals.totalPence).toBe(2999 + 400 - 299);
    await expect(
      shop.s.checkout.submit(
        { ...base, idempotencyKey: key(), email: "e@example.com" },
        { card: card(TEST_CARD_SUCCESS), origin: "x" },
      ),
    ).rejects.toThrow("already been used");
  });
});

describe("checkout with a hosted payment page", () => {
  function hosted(expire: (reference: string) => Promise<void>) {
    const provider: RedirectProvider = {
      id: "stripe",
      kind: "redirect",
      formActionOrigins: ["https://pay.example"],
      createCheckout: async (order) => ({
        url: `https://pay.example/${order.orderNumber}`,
        reference: `cs_${order.orderNumber}`,
      }),
      getCheckout: async (reference) => ({ status: "open", url: `https://pay.example/${reference}` }),
      cancelCheckout: expire,
      readWebhook: () => ({ type: "ignored", reason: "not used here" }),
      refund: async () => ({ reference: "re_not_used_here" }),
      createCardSetup: async (order) => ({
        url: `https://pay.example/setup/${order.orderNumber}`,
        reference: `cs_setup_${order.orderNumber}`,
      }),
      readSavedCard: async () => ({ reference: "cus_not_used/pm_not_used", fingerprint: null }),
      chargeSaved: async () => ({ ok: false, message: "not used here" }),
    };
    return createServices(shop.t.db, { mediaDir: "", payments: provider });
  }
  const place = (services: Services, recordId: number) =>
    services.checkout.submit(
      {
        idempotencyKey: key(),
        lines: [{ recordId, quantity: 1 }],
        discountCode: null,
        email: "h@example.com",
        shipping: address,
        userId: null,
        today: TEST_TODAY,
      },
      { origin: "http://localhost" },
    );

  it("coming back without paying closes the session, cancels the order and returns the stock", async () => {
    const expired: string[] = [];
    const services = hosted(async (ref) => void expired.push(ref));
    const rec = insertRecord(shop.t.db, { stockQuantity: 1 });
    const out = await place(services, rec.id);
    expect(out.kind).toBe("redirect");
    expect(stockOf(rec.id)).toBe(0);
    const after = await services.checkout.abandon(out.order.orderNumber);
    expect(after?.status).toBe("payment_failed");
    expect(expired).toEqual([`cs_${out.order.orderNumber}`]);
    expect(stockOf(rec.id)).toBe(1);
    // Money reported later for the failed order is not silently taken as a sale.
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const applied = services.checkout.applyWebhook({
      type: "paid",
      orderNumber: out.order.orderNumber,
      reference: "cs_x",
      amountPence: out.order.totals.totalPence,
      currency: "gbp",
    });
    expect(applied).toEqual({ applied: false, reason: "order payment failed" });
    expect(errors).toHaveBeenCalledOnce();
    errors.mockRestore();
  });

  it("keeps the order pending when the session can no longer be closed (paid meanwhile)", async () => {
    const services = hosted(async () => {
      throw new Error("session already complete");
    });
    const rec = insertRecord(shop.t.db, { stockQuantity: 1 });
    const out = await place(services, rec.id);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect((await services.checkout.abandon(out.order.orderNumber))?.status).toBe("pending_payment");
    warn.mockRestore();
    expect(stockOf(rec.id)).toBe(0);
  });
});

describe("sweeping abandoned orders", () => {
  it("cancels unpaid orders older than the limit and returns their stock, leaving paid ones alone", async () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 3 });
    const placed = shop.s.orders.place({
      idempotencyKey: key(),
      lines: [{ recordId: rec.id, quantity: 2 }],
      discountCode: null,
      email: "sweep@example.com",
      shipping: address,
      userId: null,
      today: TEST_TODAY,
      paymentProvider: "test-card",
    });
    expect(stockOf(rec.id)).toBe(1);
    expect(await shop.s.checkout.sweepAbandoned(60)).toBe(0); // just placed: still within the hour
    shop.t.db.$client
      .prepare("update orders set created_at = '2000-01-01T00:00:00.000Z' where order_number = ?")
      .run(placed.order.orderNumber);
    expect(await shop.s.checkout.sweepAbandoned(60)).toBe(1);
    expect(shop.s.orders.get(placed.order.orderNumber)?.status).toBe("payment_failed");
    expect(stockOf(rec.id)).toBe(3);
  });
});
