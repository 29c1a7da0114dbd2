// A process killed between placing an order and settling its payment: the order is left pending_payment with
// its stock held. A retry with the same checkout key, or the sweep the server runs at start-up, settles it.
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { records } from "../../db/schema";
import { insertRecord, TEST_ADDRESS } from "../../tests/setup/shop-fixtures";
import { migratedTestDb, TEST_TODAY } from "../../tests/setup/test-db";
import { createTestCardProvider, TEST_CARD_DECLINE, TEST_CARD_SUCCESS, type TestCardLedger } from "../payments/test-card";
import { createServices, type Services } from ".";
import { INTERRUPTED_CHARGE_MINUTES } from "./checkout";
import { startUnpaidOrderSweep } from "../unpaid-order-sweep";

const t = migratedTestDb();
afterAll(async () => {
  await Promise.all([before.mail.idle(), after.mail.idle()]);
  t.cleanup();
});
let keyN = 0;
const key = () => `crash-key-${++keyN}-abcdefghijklmnop`;
const card = (number: string) => ({ number, expiry: "12/30", cvc: "123" });
const stockOf = (id: number) => t.db.select().from(records).where(eq(records.id, id)).get()!.stockQuantity;
const origin = "http://localhost";

// The provider keeps its ledger across the crash (it lives at the provider); the shop's process does not.
let ledger: TestCardLedger;
let before: Services;
let after: Services;
beforeEach(() => {
  ledger = new Map();
  before = createServices(t.db, { mediaDir: "", payments: createTestCardProvider(ledger) });
  after = createServices(t.db, { mediaDir: "", payments: createTestCardProvider(ledger) });
});

/** Places an order as the dead request did: stock taken, order pending, nothing settled. */
function crashedCheckout(services: Services, stock = 2) {
  const rec = insertRecord(t.db, { pricePence: 1500, stockQuantity: stock });
  const input = {
    idempotencyKey: key(),
    lines: [{ recordId: rec.id, quantity: 1 }],
    discountCode: null,
    email: "crash@example.com",
    shipping: TEST_ADDRESS,
    userId: null,
    today: TEST_TODAY,
  };
  const { order } = services.orders.place({ ...input, paymentProvider: "test-card" });
  return { rec, input, order };
}
const backdate = (orderNumber: string, minutes: number) =>
  t.db.$client
    .prepare("update orders set created_at = ? where order_number = ?")
    .run(new Date(Date.now() - minutes * 60_000).toISOString(), orderNumber);

describe("a retry with the same checkout key after a crash (test card)", () => {
  it("the provider had taken the money: the order is paid, and the card is not charged twice", async () => {
    const { rec, input, order } = crashedCheckout(before);
    const provider = before.checkout.provider;
    if (provider.kind !== "card-form") throw new Error("test card expected");
    expect((await provider.charge(order, card(TEST_CARD_SUCCESS))).ok).toBe(true);
    // ...and the process died before recording it.
    expect(after.orders.get(order.orderNumber)!.status).toBe("pending_payment");

    const retry = await after.checkout.submit(input, { card: card(TEST_CARD_SUCCESS), origin });
    expect(retry.kind).toBe("paid");
    expect(retry.order.orderNumber).toBe(order.orderNumber);
    expect(after.orders.get(order.orderNumber)!.paymentReference).toBe(ledger.get(order.orderNumber));
    expect(ledger.size).toBe(1);
    expect(stockOf(rec.id)).toBe(1);
  });

  it("no money taken: the retry charges the card and pays the same order", async () => {
    const { rec, input, order } = crashedCheckout(before);
    const retry = await after.checkout.submit(input, { card: card(TEST_CARD_SUCCESS), origin });
    expect(retry).toMatchObject({ kind: "paid", order: { orderNumber: order.orderNumber, status: "paid" } });
    expect(stockOf(rec.id)).toBe(1);
  });

  it("no money taken and the card is declined: the order is released and a fresh attempt succeeds", async () => {
    const { rec, input, order } = crashedCheckout(before, 1);
    const retry = await after.checkout.submit(input, { card: card(TEST_CARD_DECLINE), origin });
    expect(retry).toMatchObject({ kind: "declined", order: { orderNumber: order.orderNumber, status: "payment_failed" } });
    expect(stockOf(rec.id)).toBe(1);
    const fresh = await after.checkout.submit({ ...input, idempotencyKey: key() }, { card: card(TEST_CARD_SUCCESS), origin });
    expect(fresh.kind).toBe("paid");
    expect(fresh.order.orderNumber).not.toBe(order.orderNumber);
    expect(stockOf(rec.id)).toBe(0);
  });

  it("a double submit while the first request is still paying waits for it instead of paying again", async () => {
    const rec = insertRecord(t.db, { stockQuantity: 1 });
    const input = {
      idempotencyKey: key(),
      lines: [{ recordId: rec.id, quantity: 1 }],
      discountCode: null,
      email: "twice@example.com",
      shipping: TEST_ADDRESS,
      userId: null,
      today: TEST_TODAY,
    };
    const provider = createTestCardProvider(ledger);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = vi.fn(async (...args: Parameters<typeof provider.charge>) => {
      await gate;
      return provider.charge(...args);
    });
    const services = createServices(t.db, { mediaDir: "", payments: { ...provider, charge: slow } });
    const first = services.checkout.submit(input, { card: card(TEST_CARD_SUCCESS), origin });
    const second = await services.checkout.submit(input, { card: card(TEST_CARD_SUCCESS), origin });
    expect(second.kind).toBe("pending");
    release();
    expect((await first).kind).toBe("paid");
    expect(slow).toHaveBeenCalledOnce();
  });
});

describe("the sweep of interrupted card payments (run at start-up and then every minute)", () => {
  it("releases the stock of orders whose charge never happened, and pays those the provider charged", async () => {
    const unpaid = crashedCheckout(before);
    const charged = crashedCheckout(before);
    const fresh = crashedCheckout(before);
    const provider = before.checkout.provider;
    if (provider.kind !== "card-form") throw new Error("test card expected");
    await provider.charge(charged.order, card(TEST_CARD_SUCCESS));
    backdate(unpaid.order.orderNumber, INTERRUPTED_CHARGE_MINUTES + 1);
    backdate(charged.order.orderNumber, INTERRUPTED_CHARGE_MINUTES + 1);

    expect(await after.checkout.sweepAbandoned()).toBe(1);
    expect(after.orders.get(unpaid.order.orderNumber)!.status).toBe("payment_failed");
    expect(stockOf(unpaid.rec.id)).toBe(2);
    expect(after.orders.get(charged.order.orderNumber)!.status).toBe("paid");
    expect(stockOf(charged.rec.id)).toBe(1);
    // Younger than a charge can take: it may still be in flight in another request.
    expect(after.orders.get(fresh.order.orderNumber)!.status).toBe("pending_payment");
  });
});

describe("start-up", () => {
  it("the server's sweep runs at once, not only on its timer, and releases what a crash left held", async () => {
    const stale = crashedCheckout(before, 1);
    backdate(stale.order.orderNumber, INTERRUPTED_CHARGE_MINUTES + 1);
    expect(stockOf(stale.rec.id)).toBe(0);
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const sweep = startUnpaidOrderSweep(after.checkout, 3_600_000);
    await sweep.first;
    sweep.stop();
    log.mockRestore();
    expect(after.orders.get(stale.order.orderNumber)!.status).toBe("payment_failed");
    expect(stockOf(stale.rec.id)).toBe(1);
  });
});
