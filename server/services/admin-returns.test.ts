import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { auditLog, emailOutbox, records, refunds, returns, stockMovements, users, vouchers } from "../../db/schema";
import { insertDiscountCode, insertRecord, TEST_ADDRESS, useShopServices } from "../../tests/setup/shop-fixtures";
import { insertReturn } from "../../tests/setup/return-queue-fixtures";
import { TEST_TODAY } from "../../tests/setup/test-db";
import { ConflictError, NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { inspectLineSchema } from "../../app/domain/returns/return-admin";
import { vatIncludedPence } from "../../app/domain/shared/money";
import { todayInLondon } from "../../app/domain/shared/dates";
import { createServices, type Services } from ".";
import { createTestCardProvider, TEST_CARD_SUCCESS } from "../payments/test-card";
import type { CardFormProvider } from "../../app/domain/payments/order-payments";
import { returnRefundKey } from "./admin-returns";
import { analysisQuerySchema, resolveRange } from "../../app/domain/admin/analysis/range";

const shop = useShopServices();
const card = { number: TEST_CARD_SUCCESS, expiry: "12/30", cvc: "123" };
let n = 0;

function admin() {
  n += 1;
  const username = `returns-boss-${n}`;
  const id = shop.t.db
    .insert(users)
    .values({ username, passwordHash: "x", email: `${username}@example.com`, role: "admin" })
    .returning()
    .get().id;
  return { id, username };
}

/** A paid, shipped and delivered order of the given records (£20 and £15 by default, £3.99 delivery or so). */
async function deliveredOrder(
  services: Services,
  lines: { recordId: number; quantity: number }[],
  discountCode: string | null = null,
) {
  n += 1;
  const out = await services.checkout.submit(
    {
      idempotencyKey: `admin-returns-key-${n}-abcdefghijkl`,
      lines,
      discountCode,
      email: `returner-${n}@example.com`,
      shipping: TEST_ADDRESS,
      userId: null,
      today: TEST_TODAY,
    },
    { card, origin: "http://localhost" },
  );
  if (out.kind !== "paid") throw new Error("not paid");
  const boss = admin();
  services.adminOrders.ship(boss, out.order.orderNumber, { trackingNumber: "AB123456785GB" });
  services.adminOrders.markDelivered(boss, out.order.orderNumber);
  return out.order;
}

const mailsOf = (kind: string, to?: string) =>
  shop.t.db
    .select()
    .from(emailOutbox)
    .where(to ? and(eq(emailOutbox.kind, kind), eq(emailOutbox.toAddress, to)) : eq(emailOutbox.kind, kind))
    .all();
const auditOf = (returnNumber: string) =>
  shop.t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "return"), eq(auditLog.entityId, returnNumber)))
    .orderBy(auditLog.id)
    .all()
    .map((r) => r.action);
const stockOf = (id: number) => shop.t.db.select().from(records).where(eq(records.id, id)).get()!.stockQuantity;
const ledgerOf = (id: number) => shop.t.db.select().from(stockMovements).where(eq(stockMovements.recordId, id)).all();
const inspect = (fields: Record<string, unknown>) => inspectLineSchema.parse(fields);

/** A return approved and received, ready to inspect. */
function received(s: Services, returnNumber: string) {
  const boss = admin();
  s.adminReturns.approve(boss, returnNumber);
  s.adminReturns.markReceived(boss, returnNumber, { receivedOn: todayInLondon() });
  return boss;
}

function inspectAll(s: Services, returnNumber: string, boss = admin()) {
  for (const line of s.adminReturns.get(returnNumber).lines) {
    s.adminReturns.inspect(boss, returnNumber, inspect({ lineId: line.id, outcome: "restock" }));
  }
}

describe("deciding a return", () => {
  it("approve: mailed with the return number, the shop's address and the label link; a prepaid label on the shop's fault", async () => {
    const s = createServices(shop.t.db, { mediaDir: "", mailTransport: shop.inbox, returnsReference: "NDRET 0042" });
    const rec = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 3 });
    const order = await deliveredOrder(s, [{ recordId: rec.id, quantity: 1 }]);
    const { returnNumber } = insertReturn(shop.t.db, order.orderNumber, { reason: "faulty" });
    const approved = s.adminReturns.approve(admin(), returnNumber);
    expect(approved).toMatchObject({ status: "approved", postage: "prepaid_label", labelReference: "NDRET 0042" });
    const [mail] = mailsOf("return-approved", order.email);
    expect(mail!.subject).toContain(returnNumber);
    expect(mail!.textBody).toContain("Needledrop Records Ltd, Returns, London");
    expect(mail!.textBody).toContain("Royal Mail Tracked Returns reference: NDRET 0042");
    expect(mail!.textBody).toMatch(new RegExp(`/return-label/${returnNumber}\\?sig=[\\w-]{32}`));
    expect(auditOf(returnNumber)).toEqual(["approve"]);

    // The mailed link opens the label; a link without the right signature does not.
    const sig = /sig=([\w-]+)/.exec(mail!.textBody)![1]!;
    expect(s.adminReturns.labelBySignature(returnNumber, sig)).toMatchObject({ returnNumber, orderNumber: order.orderNumber });
    expect(() => s.adminReturns.labelBySignature(returnNumber, `${sig.slice(0, -1)}x`)).toThrow(NotFoundError);
    expect(() => s.adminReturns.labelBySignature(returnNumber, null)).toThrow(NotFoundError);
  });

  it("a change of mind gets no prepaid label: the shopper pays the postage", async () => {
    const s = createServices(shop.t.db, { mediaDir: "", mailTransport: shop.inbox, returnsReference: "NDRET 0042" });
    const rec = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 3 });
    const order = await deliveredOrder(s, [{ recordId: rec.id, quantity: 1 }]);
    const { returnNumber } = insertReturn(shop.t.db, order.orderNumber, { reason: "changed_mind" });
    expect(s.adminReturns.approve(admin(), returnNumber)).toMatchObject({ labelReference: null, postage: "shopper_pays" });
    expect(mailsOf("return-approved", order.email)[0]!.textBody).toContain("at your own cost");
  });

  it("refuse: mailed with the reason; then no move is allowed but none", async () => {
    const rec = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 3 });
    const order = await deliveredOrder(shop.s, [{ recordId: rec.id, quantity: 1 }]);
    const { returnNumber } = insertReturn(shop.t.db, order.orderNumber);
    const boss = admin();
    shop.s.adminReturns.refuse(boss, returnNumber, { reason: "Opened and played: outside the cancellation right." });
    expect(mailsOf("return-refused", order.email)[0]!.textBody).toContain("Reason: Opened and played");
    expect(() => shop.s.adminReturns.approve(boss, returnNumber)).toThrow(
      new ConflictError(`Return ${returnNumber} is refused: it cannot be approved.`),
    );
    expect(() => shop.s.adminReturns.markReceived(boss, returnNumber, { receivedOn: "2026-05-01" }, "2026-05-02")).toThrow(
      ConflictError,
    );
    expect(() => shop.s.adminReturns.label(returnNumber)).toThrow(NotFoundError);
    expect(auditOf(returnNumber)).toEqual(["refuse"]);
  });

  it("refuses wrong moves: received before approval, inspected before received, refunded before inspection, a date ahead", async () => {
    const rec = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 3 });
    const order = await deliveredOrder(shop.s, [{ recordId: rec.id, quantity: 1 }]);
    const { returnNumber } = insertReturn(shop.t.db, order.orderNumber, { createdAt: "2026-04-28T09:00:00.000Z" });
    const boss = admin();
    const r = shop.s.adminReturns;
    expect(() => r.markReceived(boss, returnNumber, { receivedOn: "2026-05-01" }, "2026-05-02")).toThrow(
      `Return ${returnNumber} is requested: it cannot be marked as received.`,
    );
    const lineId = r.get(returnNumber).lines[0]!.id;
    expect(() => r.inspect(boss, returnNumber, inspect({ lineId, outcome: "restock" }))).toThrow(
      "only a received return is inspected",
    );
    r.approve(boss, returnNumber);
    expect(() => r.approve(boss, returnNumber)).toThrow(ConflictError);
    expect(() => r.markReceived(boss, returnNumber, { receivedOn: "2026-05-03" }, "2026-05-02")).toThrow(ValidationError);
    r.markReceived(boss, returnNumber, { receivedOn: "2026-05-01" }, "2026-05-02");
    await expect(r.refund(boss, returnNumber, { method: "original_payment" })).rejects.toThrow("Inspect every line first");
    expect(() => r.get("RT-NOSUCH00")).toThrow(NotFoundError);
  });
});

describe("receiving and inspecting", () => {
  it("the refund is due 14 days after the day received, and flagged late after it", async () => {
    const rec = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 3 });
    const order = await deliveredOrder(shop.s, [{ recordId: rec.id, quantity: 1 }]);
    const { returnNumber } = insertReturn(shop.t.db, order.orderNumber, { createdAt: "2026-04-28T09:00:00.000Z" });
    const boss = admin();
    shop.s.adminReturns.approve(boss, returnNumber);
    shop.s.adminReturns.markReceived(boss, returnNumber, { receivedOn: "2026-05-01" }, "2026-05-02");
    expect(shop.s.adminReturns.get(returnNumber, "2026-05-15")).toMatchObject({
      receivedOn: "2026-05-01",
      refundBy: "2026-05-15",
      late: false,
    });
    expect(shop.s.adminReturns.get(returnNumber, "2026-05-16").late).toBe(true);
    const queue = shop.s.adminReturns.list("received", "2026-05-16").returns.find((x) => x.returnNumber === returnNumber);
    expect(queue).toMatchObject({ refundBy: "2026-05-15", late: true, orderNumber: order.orderNumber });
  });

  it("back into stock as new, into used stock as a new graded copy, or written off: each with its ledger row and audit", async () => {
    const a = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 5 });
    const b = insertRecord(shop.t.db, { pricePence: 1500, stockQuantity: 5 });
    const c = insertRecord(shop.t.db, { pricePence: 1000, stockQuantity: 5 });
    const order = await deliveredOrder(shop.s, [
      { recordId: a.id, quantity: 2 },
      { recordId: b.id, quantity: 1 },
      { recordId: c.id, quantity: 1 },
    ]);
    const { returnNumber } = insertReturn(shop.t.db, order.orderNumber, { reason: "damaged" });
    const boss = received(shop.s, returnNumber);
    const [la, lb, lc] = shop.s.adminReturns.get(returnNumber).lines;
    const stockA = stockOf(a.id);
    shop.s.adminReturns.inspect(boss, returnNumber, inspect({ lineId: la!.id, outcome: "restock" }));
    expect(stockOf(a.id)).toBe(stockA + 2);
    expect(ledgerOf(a.id).at(-1)).toMatchObject({ change: 2, reason: "return_restock", actorId: boss.id });

    const used = shop.s.adminReturns.inspect(
      boss,
      returnNumber,
      inspect({ lineId: lb!.id, outcome: "used", mediaGrade: "VG+", sleeveGrade: "VG", price: "9.50", note: "Corner knock" }),
    );
    const line = used.lines.find((l) => l.id === lb!.id)!;
    expect(line).toMatchObject({ outcome: "used", mediaGrade: "VG+", sleeveGrade: "VG" });
    const copy = shop.t.db.select().from(records).where(eq(records.id, line.usedCopyId!)).get()!;
    expect(copy).toMatchObject({ condition: "used", usedOfRecordId: b.id, pricePence: 950, stockQuantity: 1, mediaGrade: "VG+" });
    expect(ledgerOf(copy.id)).toMatchObject([{ change: 1, reason: "return_used" }]);

    const stockC = stockOf(c.id);
    shop.s.adminReturns.inspect(
      boss,
      returnNumber,
      inspect({ lineId: lc!.id, outcome: "write_off", note: "Snapped in the post" }),
    );
    expect(stockOf(c.id)).toBe(stockC);
    expect(ledgerOf(c.id).at(-1)).toMatchObject({ change: 0, reason: "return_write_off" });
    expect(ledgerOf(c.id).at(-1)!.note).toContain("Snapped in the post");

    expect(() => shop.s.adminReturns.inspect(boss, returnNumber, inspect({ lineId: la!.id, outcome: "write_off" }))).toThrow(
      "has already been inspected",
    );
    expect(auditOf(returnNumber)).toEqual(["approve", "receive", "inspect", "inspect", "inspect"]);
  });

  it("refuses a used outcome without grades or price (the form's schema)", () => {
    expect(inspectLineSchema.safeParse({ lineId: 1, outcome: "used", price: "9.50" }).success).toBe(false);
    expect(
      inspectLineSchema.safeParse({ lineId: 1, outcome: "used", mediaGrade: "VG", sleeveGrade: "VG", price: "" }).success,
    ).toBe(false);
  });
});

describe("refunding a return", () => {
  function countingProvider() {
    const inner = createTestCardProvider();
    const keys: string[] = [];
    const provider: CardFormProvider = {
      ...inner,
      async refund(order, request) {
        keys.push(request.idempotencyKey);
        await new Promise((r) => setTimeout(r, 20));
        return inner.refund(order, request);
      },
    };
    return { provider, keys };
  }

  it("to the original payment: once, however often it is pressed (two at once: one refund, one provider call)", async () => {
    const { provider, keys } = countingProvider();
    const s = createServices(shop.t.db, { mediaDir: "", mailTransport: shop.inbox, payments: provider });
    const a = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 5 });
    const b = insertRecord(shop.t.db, { pricePence: 1500, stockQuantity: 5 });
    const order = await deliveredOrder(s, [
      { recordId: a.id, quantity: 1 },
      { recordId: b.id, quantity: 1 },
    ]);
    const { returnNumber } = insertReturn(shop.t.db, order.orderNumber, {
      lines: [{ index: 0, quantity: 1 }],
      reason: "changed_mind",
    });
    const boss = received(s, returnNumber);
    inspectAll(s, returnNumber, boss);
    expect(s.adminReturns.reviewRefund(returnNumber)).toMatchObject({ amountPence: 2000, method: "original_payment" });

    const both = await Promise.allSettled([
      s.adminReturns.refund(boss, returnNumber, { method: "original_payment" }),
      s.adminReturns.refund(boss, returnNumber, { method: "original_payment" }),
    ]);
    expect(both.map((x) => x.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = both.find((x) => x.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toEqual(new ConflictError(`Return ${returnNumber} has already been refunded.`));
    await expect(s.adminReturns.refund(boss, returnNumber, { method: "original_payment" })).rejects.toThrow(
      "already been refunded",
    );
    expect(keys).toEqual([returnRefundKey(returnNumber)]);

    const done = s.adminReturns.get(returnNumber);
    expect(done).toMatchObject({ status: "refunded", refundedPence: 2000 });
    const orderNow = s.adminOrders.get(order.orderNumber);
    expect(orderNow).toMatchObject({ status: "partially_refunded", refundedPence: 2000 });
    expect(orderNow.refunds).toHaveLength(1);
    expect(orderNow.refunds[0]).toMatchObject({ amountPence: 2000, shippingPence: 0, reason: `Return ${returnNumber}` });
    expect(orderNow.refunds[0]!.providerReference).toMatch(/^test_refund_/);
    await s.mail.idle();
    const [mail] = mailsOf("return-refunded", order.email);
    expect(mail!.subject).toBe(`Refund of £20.00 for your Needledrop return ${returnNumber}`);
    expect(mailsOf("order-refund", order.email)).toEqual([]);
  });

  it("the whole order back: everything left, the delivery once", async () => {
    const s = shop.s;
    const a = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 5 });
    const order = await deliveredOrder(s, [{ recordId: a.id, quantity: 2 }]);
    const { returnNumber } = insertReturn(shop.t.db, order.orderNumber, { reason: "changed_mind" });
    const boss = received(s, returnNumber);
    inspectAll(s, returnNumber, boss);
    await s.adminReturns.refund(boss, returnNumber, { method: "original_payment" });
    const o = s.adminOrders.get(order.orderNumber);
    expect(o.status).toBe("refunded");
    expect(o.refundedPence).toBe(order.totals.totalPence);
    expect(o.refunds[0]!.shippingPence).toBe(order.totals.shippingPence);
    expect(o.refunds[0]!.vatPence).toBe(order.totals.vatPence);
  });

  it("shares a discount out and gives the delivery back on the shop's fault", async () => {
    insertDiscountCode(shop.t.db, "RETURNTEN");
    const s = shop.s;
    const a = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 5 });
    const b = insertRecord(shop.t.db, { pricePence: 1500, stockQuantity: 5 });
    const order = await deliveredOrder(
      s,
      [
        { recordId: a.id, quantity: 1 },
        { recordId: b.id, quantity: 1 },
      ],
      "RETURNTEN",
    );
    expect(order.totals.discountPence).toBeGreaterThan(0);
    const { returnNumber } = insertReturn(shop.t.db, order.orderNumber, {
      lines: [{ index: 1, quantity: 1 }],
      reason: "wrong_record",
    });
    const boss = received(s, returnNumber);
    inspectAll(s, returnNumber, boss);
    const paid = Math.floor((1500 * (order.totals.itemsPence - order.totals.discountPence)) / order.totals.itemsPence);
    const review = s.adminReturns.reviewRefund(returnNumber);
    expect(review.amountPence).toBe(paid + order.totals.shippingPence);
    expect(review.words[1]).toContain("the fault was the shop's");
  });

  it("as store credit: one voucher for the amount, mailed with its code; the order records the credit given", async () => {
    const s = shop.s;
    const a = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 5 });
    const b = insertRecord(shop.t.db, { pricePence: 1500, stockQuantity: 5 });
    const order = await deliveredOrder(s, [
      { recordId: a.id, quantity: 1 },
      { recordId: b.id, quantity: 1 },
    ]);
    const { returnNumber, id } = insertReturn(shop.t.db, order.orderNumber, {
      lines: [{ index: 1, quantity: 1 }],
      refundMethod: "store_credit",
    });
    const boss = received(s, returnNumber);
    inspectAll(s, returnNumber, boss);
    await s.adminReturns.refund(boss, returnNumber, { method: "store_credit" });
    await expect(s.adminReturns.refund(boss, returnNumber, { method: "store_credit" })).rejects.toThrow("already been refunded");
    const made = shop.t.db.select().from(vouchers).where(eq(vouchers.returnId, id)).all();
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ kind: "store_credit", status: "active", initialPence: 1500, balancePence: 1500 });
    const r = shop.t.db.select().from(returns).where(eq(returns.id, id)).get()!;
    expect(r).toMatchObject({ status: "refunded", voucherId: made[0]!.id, refundedPence: 1500 });
    const row = shop.t.db.select().from(refunds).where(eq(refunds.id, r.refundId!)).get()!;
    expect(row).toMatchObject({ amountPence: 1500, providerReference: null, vatPence: 250 });
    expect(row.reason).toBe(`Store credit for return ${returnNumber}`);
    expect(s.adminOrders.get(order.orderNumber)).toMatchObject({ refundedPence: 1500, status: "partially_refunded" });
    await s.mail.idle();
    expect(mailsOf("return-refunded", order.email)[0]!.textBody).toContain("store credit");
    expect(shop.inbox.messages.some((m) => m.to === order.email && /for return RT-/.test(m.text))).toBe(true);
    expect(vatIncludedPence(1500)).toBe(250);
  });

  it("when the provider refuses, nothing is paid and the return can be refunded again", async () => {
    const inner = createTestCardProvider();
    let fail = true;
    const flaky: CardFormProvider = {
      ...inner,
      async refund(order, request) {
        if (fail) {
          fail = false;
          throw new Error("card network down");
        }
        return inner.refund(order, request);
      },
    };
    const s = createServices(shop.t.db, { mediaDir: "", mailTransport: shop.inbox, payments: flaky });
    const a = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 5 });
    const order = await deliveredOrder(s, [{ recordId: a.id, quantity: 1 }]);
    const { returnNumber } = insertReturn(shop.t.db, order.orderNumber, { reason: "faulty" });
    const boss = received(s, returnNumber);
    inspectAll(s, returnNumber, boss);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(s.adminReturns.refund(boss, returnNumber, { method: "original_payment" })).rejects.toThrow(
      "nothing was given back",
    );
    errors.mockRestore();
    expect(s.adminReturns.get(returnNumber)).toMatchObject({ status: "received", refundedPence: 0 });
    expect(s.adminOrders.get(order.orderNumber)).toMatchObject({ refundedPence: 0, refunds: [] });
    await s.adminReturns.refund(boss, returnNumber, { method: "original_payment" });
    expect(s.adminReturns.get(returnNumber).status).toBe("refunded");
    expect(auditOf(returnNumber)).toEqual(["approve", "receive", "inspect", "refund", "refund failed", "refund"]);
  });
});

describe("returns in business analysis", () => {
  it("counts returns by reason (refused ones left out) and what the period's refunds gave", async () => {
    const range = resolveRange(analysisQuerySchema.parse({ preset: "7d" }), todayInLondon());
    const before = shop.s.businessAnalysis.returns(range);
    const s = shop.s;
    const a = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 9 });
    const order = await deliveredOrder(s, [{ recordId: a.id, quantity: 3 }]);
    const warped = insertReturn(shop.t.db, order.orderNumber, { reason: "faulty", lines: [{ index: 0, quantity: 2 }] });
    const refused = insertReturn(shop.t.db, order.orderNumber, { reason: "faulty", lines: [{ index: 0, quantity: 1 }] });
    s.adminReturns.refuse(admin(), refused.returnNumber, { reason: "Played to death" });
    const boss = received(s, warped.returnNumber);
    inspectAll(s, warped.returnNumber, boss);
    const paid = await s.adminReturns.refund(boss, warped.returnNumber, { method: "original_payment" });
    const after = s.businessAnalysis.returns(range);
    const faulty = (f: typeof after) => f.byReason.find((r) => r.reason === "faulty") ?? { returns: 0, units: 0 };
    expect(faulty(after).returns - faulty(before).returns).toBe(1);
    expect(faulty(after).units - faulty(before).units).toBe(2);
    expect(after.refunded - before.refunded).toBe(1);
    expect(after.refundedPence - before.refundedPence).toBe(paid.refundedPence);
    expect(paid.refundedPence).toBe(4000 + order.totals.shippingPence);
  });
});
