import path from "node:path";
import { testCardKey } from "../../app/domain/limited/identity";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Actor } from "../../app/domain/admin/audit";
import { ConflictError } from "../../app/domain/shared/errors";
import { setShopClock } from "../../db/clock";
import { auditLog, orderLines, orders, records, saleSettings, users } from "../../db/schema";
import { catchMail, tokenIn, type MailCatcher } from "../../tests/setup/mail-catcher";
import { SHOP_PUBLIC_ORIGIN, TEST_ADDRESS, insertRecord } from "../../tests/setup/shop-fixtures";
import { migratedTestDb, type TestDb } from "../../tests/setup/test-db";
import {
  createTestCardProvider,
  TEST_CARD_DECLINE,
  TEST_CARD_DECLINE_LATER,
  TEST_CARD_SUCCESS,
  type TestCardLedger,
} from "../payments/test-card";
import { createServices, type Services } from ".";

const TODAY = "2026-11-22";
const RELEASE = "2026-12-04";
let t: TestDb;
let s: Services;
let inbox: MailCatcher;
let admin: Actor;
const ledger: TestCardLedger = new Map();

beforeAll(async () => {
  t = migratedTestDb();
  inbox = catchMail();
  s = createServices(t.db, {
    mediaDir: path.join(path.dirname(t.file), "media"),
    mailTransport: inbox,
    publicOrigin: SHOP_PUBLIC_ORIGIN,
    rateLimitFactor: 100,
    payments: createTestCardProvider(ledger),
  });
  const user = await s.accounts.register({ username: "dispatcher", email: "dispatch@example.com", password: "secret-password" });
  t.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id)).run();
  admin = { id: user.id, username: "dispatcher" };
});
afterAll(async () => {
  await s.mail.idle();
  t.cleanup();
});
beforeEach(() => {
  setShopClock(t.db.$client, undefined);
  t.db.delete(saleSettings).run();
});

let n = 0;
const key = () => `pre-order-key-${++n}-abcdefghijklmnop`;
const card = (number: string) => ({ number, expiry: "12/30", cvc: "123" });
const row = (orderNumber: string) => t.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).get()!;
const stockOf = (id: number) => t.db.select().from(records).where(eq(records.id, id)).get()!.stockQuantity;
const pressing = (overrides: Parameters<typeof insertRecord>[1] = {}) =>
  insertRecord(t.db, { stockQuantity: 0, releaseDate: RELEASE, pricePence: 2500, ...overrides });
const atDispatch = () => s.preOrderCharges.setSetting(admin, "at_dispatch");

async function order(recordIds: number[], number = TEST_CARD_SUCCESS, email = `buyer${++n}@example.com`) {
  return s.checkout.submit(
    {
      idempotencyKey: key(),
      lines: recordIds.map((recordId) => ({ recordId, quantity: 1 })),
      discountCode: null,
      email,
      shipping: TEST_ADDRESS,
      userId: null,
      today: TODAY,
    },
    { card: card(number), origin: SHOP_PUBLIC_ORIGIN },
  );
}
const goodsIn = (recordId: number, quantity: number) => s.adminStock.goodsIn(admin, { lines: [{ recordId, quantity }] });
const audits = (orderNumber: string, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, orderNumber), eq(auditLog.action, action)))
    .all();

describe("the shop's setting and the checkout", () => {
  it("charges pre-orders at order time until the owner says otherwise", async () => {
    expect(s.preOrderCharges.setting()).toBe("at_order");
    const out = await order([pressing().id]);
    expect(out).toMatchObject({ kind: "paid", order: { status: "paid" } });
  });

  it("charged at dispatch: saves the card instead (nothing charged), mails that it is charged when it ships", async () => {
    atDispatch();
    const email = "saver@example.com";
    const out = await order([pressing().id], TEST_CARD_SUCCESS, email);
    expect(out).toMatchObject({ kind: "paid", order: { status: "card_saved" } });
    const saved = row(out.order.orderNumber);
    expect(saved).toMatchObject({ chargeAtDispatch: true, paidAt: null });
    expect(saved.savedCardReference).toMatch(/^test_pm_/);
    // The same key the per-customer limit makes of this card at checkout: a saved card is recognised as the card.
    expect(saved.cardKey).toBe(testCardKey(TEST_CARD_SUCCESS));
    expect(ledger.has(out.order.orderNumber)).toBe(false);
    await s.mail.idle();
    expect(inbox.last(email)?.text).toContain("You will be charged when it ships.");
    expect(audits("pre-orders", "pre-order charge")).toHaveLength(1);
  });

  it("a record's own setting wins over the shop's", async () => {
    const out = await order([pressing({ preOrderCharge: "at_dispatch" }).id]);
    expect(out.order.status).toBe("card_saved");
    atDispatch();
    expect((await order([pressing({ preOrderCharge: "at_order" }).id])).order.status).toBe("paid");
  });

  it("a basket with something else charges the whole order now", async () => {
    atDispatch();
    const onShelf = insertRecord(t.db, { stockQuantity: 2 });
    const out = await order([pressing().id, onShelf.id]);
    expect(out.order.status).toBe("paid");
    expect(row(out.order.orderNumber).chargeAtDispatch).toBe(false);
  });

  it("a card that cannot be saved places nothing", async () => {
    atDispatch();
    const out = await order([pressing().id], TEST_CARD_DECLINE);
    expect(out).toMatchObject({ kind: "declined", order: { status: "payment_failed" } });
  });
});

describe("dispatch", () => {
  it("goods-in sets a copy aside for a saved-card order; dispatch charges it once, however often it is asked", async () => {
    atDispatch();
    const rec = pressing();
    const { order: placed } = await order([rec.id]);
    await expect(s.preOrderCharges.chargeBeforeDispatch(admin, placed.orderNumber)).rejects.toThrow(ConflictError);
    expect(goodsIn(rec.id, 1).allocated.map((a) => a.orderNumber)).toEqual([placed.orderNumber]);
    await s.preOrderCharges.chargeBeforeDispatch(admin, placed.orderNumber);
    expect(row(placed.orderNumber)).toMatchObject({ status: "paid" });
    const reference = row(placed.orderNumber).paymentReference;
    expect(reference).toBe(ledger.get(placed.orderNumber));
    expect(await s.preOrderCharges.chargeForDispatch(admin, placed.orderNumber)).toMatchObject({ outcome: "paid" });
    s.adminOrders.ship(admin, placed.orderNumber, { trackingNumber: "AB123456789GB" });
    expect(row(placed.orderNumber)).toMatchObject({ status: "shipped", paymentReference: reference });
    expect(audits(placed.orderNumber, "dispatch charge taken")).toHaveLength(1);
  });

  it("a declined charge holds the copy 72 hours and mails a link to pay with another card, which pays it", async () => {
    atDispatch();
    const rec = pressing();
    const email = "declined@example.com";
    const { order: placed } = await order([rec.id], TEST_CARD_DECLINE_LATER, email);
    expect(placed.status).toBe("card_saved");
    goodsIn(rec.id, 1);
    const at = new Date("2026-12-04T09:00:00.000Z");
    setShopClock(t.db.$client, () => at);
    await expect(s.preOrderCharges.chargeBeforeDispatch(admin, placed.orderNumber)).rejects.toThrow(/declined/);
    expect(() => s.adminOrders.ship(admin, placed.orderNumber, { trackingNumber: "AB123456789GB" })).toThrow(ConflictError);
    expect(row(placed.orderNumber)).toMatchObject({ status: "card_saved", chargeHoldUntil: "2026-12-07T09:00:00.000Z" });
    await s.mail.idle();
    const mail = inbox.last(email, /declined/);
    expect(mail?.text).toContain(`${SHOP_PUBLIC_ORIGIN}/pay/${placed.orderNumber}?token=`);
    const token = tokenIn(mail, `/pay/${placed.orderNumber}`)!;
    expect(row(placed.orderNumber).payLinkTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(s.preOrderCharges.payLink(placed.orderNumber, "a".repeat(32))).toBeNull();
    expect(await s.preOrderCharges.payWithCard(placed.orderNumber, token, card(TEST_CARD_DECLINE))).toMatchObject({ ok: false });
    expect(await s.preOrderCharges.payWithCard(placed.orderNumber, token, card(TEST_CARD_SUCCESS))).toEqual({ ok: true });
    expect(row(placed.orderNumber)).toMatchObject({ status: "paid", chargeHoldUntil: null, payLinkTokenHash: null });
    expect(s.preOrderCharges.payLink(placed.orderNumber, token)).toBeNull();
    expect(audits(placed.orderNumber, "dispatch charge declined")).toHaveLength(1);
    expect(audits(placed.orderNumber, "paid with another card")).toHaveLength(1);
  });

  it("a hold that ended unpaid cancels the order and gives its copy to the next pre-order in line", async () => {
    atDispatch();
    const rec = pressing();
    const first = (await order([rec.id], TEST_CARD_DECLINE_LATER)).order.orderNumber;
    const second = (await order([rec.id])).order.orderNumber;
    goodsIn(rec.id, 1);
    setShopClock(t.db.$client, () => new Date("2026-12-04T09:00:00.000Z"));
    await s.preOrderCharges.chargeForDispatch(admin, first);
    setShopClock(t.db.$client, () => new Date("2026-12-07T08:59:00.000Z"));
    expect(s.preOrderCharges.releaseEndedHolds()).toBe(0);
    setShopClock(t.db.$client, () => new Date("2026-12-07T09:00:00.000Z"));
    expect(s.preOrderCharges.releaseEndedHolds()).toBe(1);
    expect(row(first).status).toBe("cancelled");
    const secondLine = t.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, row(second).id))
      .get()!;
    expect(secondLine.allocatedAt).not.toBeNull();
    expect(stockOf(rec.id)).toBe(0);
    expect(audits(first, "hold ended: pre-order cancelled")).toHaveLength(1);
  });

  it("with nobody waiting, the released copy goes back on the shelf", async () => {
    atDispatch();
    const rec = pressing();
    const only = (await order([rec.id], TEST_CARD_DECLINE_LATER)).order.orderNumber;
    goodsIn(rec.id, 1);
    setShopClock(t.db.$client, () => new Date("2026-12-04T09:00:00.000Z"));
    await s.preOrderCharges.chargeForDispatch(admin, only);
    setShopClock(t.db.$client, () => new Date("2026-12-08T09:00:00.000Z"));
    const told = vi.spyOn(s.wants, "onStockChanged");
    expect(s.preOrderCharges.releaseEndedHolds()).toBe(1);
    expect(stockOf(rec.id)).toBe(1);
    // Back on an empty shelf: the record's wants hear of it (a Want alert).
    expect(told).toHaveBeenCalledWith(rec.id, 0, 1);
    told.mockRestore();
  });
});

describe("release-day batches", () => {
  it("charges the batch, holds a declined order halfway through, and a second run charges nobody twice", async () => {
    atDispatch();
    const rec = pressing({ releaseDate: "2026-12-11" });
    const a = (await order([rec.id])).order.orderNumber;
    const b = (await order([rec.id], TEST_CARD_DECLINE_LATER)).order.orderNumber;
    const c = (await order([rec.id])).order.orderNumber;
    goodsIn(rec.id, 3);
    const batch = s.preOrderCharges.releaseDayBatches("2026-12-11").find((x) => x.recordId === rec.id)!;
    expect(batch.orders.map((o) => [o.orderNumber, o.state])).toEqual([
      [a, "to_charge"],
      [b, "to_charge"],
      [c, "to_charge"],
    ]);
    const first = await s.preOrderCharges.chargeBatch(admin, rec.id, "2026-12-11");
    expect(first.paid).toEqual([a, c]);
    expect(first.declined.map((d) => d.orderNumber)).toEqual([b]);
    expect(row(b).status).toBe("card_saved");
    const references = [row(a).paymentReference, row(c).paymentReference];

    const again = await s.preOrderCharges.chargeBatch(admin, rec.id, "2026-12-11");
    expect(again.paid).toEqual([a, c]);
    expect(again.declined.map((d) => d.orderNumber)).toEqual([b]);
    expect([row(a).paymentReference, row(c).paymentReference]).toEqual(references);
    expect(audits(a, "dispatch charge taken")).toHaveLength(1);
    expect(audits(c, "dispatch charge taken")).toHaveLength(1);
    expect(audits(b, "dispatch charge declined")).toHaveLength(1);
    expect(s.preOrderCharges.releaseDayBatches("2026-12-11")[0]!.orders.map((o) => o.state)).toEqual(["paid", "held", "paid"]);
  });
});
