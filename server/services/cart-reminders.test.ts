import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, orders, records, reminderCarts } from "../../db/schema";
import { insertRecord, SHOP_PUBLIC_ORIGIN, TEST_ADDRESS, useShopServices } from "../../tests/setup/shop-fixtures";
import { tokenIn } from "../../tests/setup/mail-catcher";
import { TEST_TODAY } from "../../tests/setup/test-db";
import type { Cart } from "../../app/domain/cart/cart";

const shop = useShopServices();
let n = 0;
const address = () => `shopper-${++n}-${Date.now()}@example.com`;
const cartOf = (...lines: [number, number][]): Cart => ({
  lines: lines.map(([recordId, quantity]) => ({ recordId, quantity })),
  discountCode: null,
});
const guest = (key: string | null = null) => ({ user: null, key });
/** Moves a remembered cart's last change `hours` into the past. */
const leaveFor = (email: string, hours: number) =>
  shop.t.db
    .update(reminderCarts)
    .set({ changedAt: new Date(Date.now() - hours * 3_600_000).toISOString() })
    .where(eq(reminderCarts.email, email))
    .run();
const remindersTo = (email: string) => shop.inbox.messages.filter((m) => m.to === email && /still in your cart/.test(m.subject));
const placeOrder = (email: string, recordId: number) =>
  shop.s.orders.place({
    idempotencyKey: `reminder-order-${++n}-abcdefghijklmnop`,
    lines: [{ recordId, quantity: 1 }],
    discountCode: null,
    email,
    shipping: TEST_ADDRESS,
    userId: null,
    today: TEST_TODAY,
    paymentProvider: "test-card",
  });

describe("cart reminders", () => {
  it("a guest who gave an address gets one reminder after the delay, never a second for the same cart", async () => {
    const rec = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 4 });
    const email = address();
    const { key } = shop.s.cartReminders.rememberAtCheckout(guest(), email.toUpperCase(), cartOf([rec.id, 2]));
    expect(key).toMatch(/^[a-z2-7]{32}$/);

    // Not before the delay: 23 hours is not yet 24.
    leaveFor(email, 23);
    await shop.s.cartReminders.sweep({ hours: 24 });
    expect(remindersTo(email)).toHaveLength(0);

    leaveFor(email, 25);
    const [a, b] = await Promise.all([shop.s.cartReminders.sweep({ hours: 24 }), shop.s.cartReminders.sweep({ hours: 24 })]);
    expect(a.sent + b.sent).toBe(1);
    expect(remindersTo(email)).toHaveLength(1);
    const mail = remindersTo(email)[0]!;
    expect(mail.text).toContain(rec.title);
    expect(mail.text).toContain("2 × £20.00");
    expect(mail.headers?.["List-Unsubscribe"]).toMatch(
      new RegExp(`^<${SHOP_PUBLIC_ORIGIN}/cart-reminders/stop\\?token=[a-z2-7]{32}>$`),
    );
    expect(mail.text).toContain(`${SHOP_PUBLIC_ORIGIN}/cart/restore?token=`);

    // A later change to the same cart earns no second reminder.
    shop.s.cartReminders.noteCartChange(guest(key), cartOf([rec.id, 1]));
    leaveFor(email, 30);
    await shop.s.cartReminders.sweep({ hours: 24 });
    expect(remindersTo(email)).toHaveLength(1);
  });

  it("the link brings the cart back, and only with a real token", async () => {
    const rec = insertRecord(shop.t.db);
    const email = address();
    shop.s.cartReminders.rememberAtCheckout(guest(), email, cartOf([rec.id, 3]));
    leaveFor(email, 25);
    await shop.s.cartReminders.sweep();
    const token = tokenIn(remindersTo(email)[0], "/cart/restore");
    expect(shop.s.cartReminders.restore(token)).toEqual([{ recordId: rec.id, quantity: 3 }]);
    expect(shop.s.cartReminders.restore("a".repeat(32))).toBeNull();
    expect(shop.s.cartReminders.restore("not a token")).toBeNull();
  });

  it("shows prices and stock as they are when it is sent, not when the cart was left", async () => {
    const cheaper = insertRecord(shop.t.db, { pricePence: 3000, stockQuantity: 5 });
    const soldOut = insertRecord(shop.t.db, { pricePence: 1800, stockQuantity: 2 });
    const email = address();
    shop.s.cartReminders.rememberAtCheckout(guest(), email, cartOf([cheaper.id, 1], [soldOut.id, 1]));
    shop.t.db.update(records).set({ pricePence: 2400 }).where(eq(records.id, cheaper.id)).run();
    shop.t.db.update(records).set({ stockQuantity: 0 }).where(eq(records.id, soldOut.id)).run();
    leaveFor(email, 25);
    await shop.s.cartReminders.sweep();
    const mail = remindersTo(email)[0]!;
    expect(mail.text).toContain(`${cheaper.title}: 1 × £24.00 (was £30.00)`);
    expect(mail.text).toMatch(new RegExp(`${soldOut.title}: .* – Sold out`));
    expect(mail.text).toContain("Items you can buy now: £24.00");
    expect(mail.html).toContain("Sold out");
  });

  it("is not sent for a cart that became an order, whatever became of the order (cancelled at the customer's request)", async () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 20 });
    const email = address();
    shop.s.cartReminders.rememberAtCheckout(guest(), email, cartOf([rec.id, 1]));
    const { order } = placeOrder(email, rec.id);
    shop.t.db.update(orders).set({ status: "cancelled" }).where(eq(orders.orderNumber, order.orderNumber)).run();
    leaveFor(email, 25);
    await shop.s.cartReminders.sweep({ hours: 24 });
    expect(remindersTo(email)).toHaveLength(0);
  });

  it("is not sent after an order, for an emptied cart, or to an address that opted out", async () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 20 });
    const ordered = address();
    shop.s.cartReminders.rememberAtCheckout(guest(), ordered, cartOf([rec.id, 1]));
    placeOrder(ordered, rec.id);
    leaveFor(ordered, 25);

    const emptied = address();
    const { key } = shop.s.cartReminders.rememberAtCheckout(guest(), emptied, cartOf([rec.id, 1]));
    shop.s.cartReminders.noteCartChange(guest(key), cartOf());
    leaveFor(emptied, 25);

    const optedOut = address();
    shop.s.cartReminders.rememberAtCheckout(guest(), optedOut, cartOf([rec.id, 1]));
    leaveFor(optedOut, 25);
    await shop.s.cartReminders.sweep();
    const token = tokenIn(remindersTo(optedOut)[0], "/cart-reminders/stop");
    expect(shop.s.cartReminders.stopTarget(token)).toEqual({ email: optedOut });
    expect(shop.s.cartReminders.stop(token)).toEqual({ email: optedOut });
    expect(() => shop.s.cartReminders.stop("b".repeat(32))).toThrow(/not valid/);
    // A new cart for the opted-out address, after the week between reminders: still nothing.
    shop.t.db
      .update(reminderCarts)
      .set({ remindedAt: new Date(Date.now() - 8 * 86_400_000).toISOString() })
      .where(eq(reminderCarts.email, optedOut))
      .run();
    expect(shop.s.cartReminders.rememberAtCheckout(guest(), optedOut, cartOf([rec.id, 2])).key).not.toBeNull();
    leaveFor(optedOut, 25);
    await shop.s.cartReminders.sweep();

    expect(remindersTo(ordered)).toHaveLength(0);
    expect(remindersTo(emptied)).toHaveLength(0);
    expect(remindersTo(optedOut)).toHaveLength(1);
    expect(shop.s.cartReminders.isOptedOut(optedOut.toUpperCase())).toBe(true);
  });

  it("a signed-in customer's cart is remembered on every change, and an empty cart is never reminded", async () => {
    const rec = insertRecord(shop.t.db);
    const account = await shop.s.accounts.register({
      username: `remind${++n}`,
      email: address(),
      password: "correct horse battery staple",
      firstName: "Rem",
      lastName: "Inder",
    });
    const user = { id: account.id, email: account.email };
    shop.s.cartReminders.noteCartChange({ user, key: null }, cartOf());
    expect(shop.t.db.select().from(reminderCarts).where(eq(reminderCarts.userId, user.id)).all()).toHaveLength(0);
    shop.s.cartReminders.noteCartChange({ user, key: null }, cartOf([rec.id, 1]));
    leaveFor(user.email, 25);
    const run = await shop.s.cartReminders.sweep();
    expect(run.sent).toBeGreaterThanOrEqual(1);
    expect(remindersTo(user.email)).toHaveLength(1);
  });

  it("counts reminders sent and those followed by a paid order within 7 days", async () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 20 });
    const from = new Date(Date.now() - 60_000).toISOString();
    const before = shop.s.cartReminders.stats(from);
    const buyer = address();
    const browser = address();
    for (const email of [buyer, browser]) shop.s.cartReminders.rememberAtCheckout(guest(), email, cartOf([rec.id, 1]));
    leaveFor(buyer, 25);
    leaveFor(browser, 25);
    await shop.s.cartReminders.sweep();
    const { order } = placeOrder(buyer, rec.id);
    // Not paid yet: not counted.
    expect(shop.s.cartReminders.stats(from).ledToOrder).toBe(before.ledToOrder);
    shop.t.db
      .update(orders)
      .set({ status: "paid", paidAt: new Date().toISOString() })
      .where(eq(orders.orderNumber, order.orderNumber))
      .run();
    const after = shop.s.cartReminders.stats(from);
    expect(after.sent - before.sent).toBe(2);
    expect(after.ledToOrder - before.ledToOrder).toBe(1);
    expect(shop.t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, browser)).all()).toHaveLength(1);
  });
});
