import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { analysisQuerySchema, resolveRange } from "../../app/domain/admin/analysis/range";
import { addDays, todayInLondon } from "../../app/domain/shared/dates";
import { NotFoundError, TooManyAttemptsError, ValidationError } from "../../app/domain/shared/errors";
import { voucherPurchaseSchema } from "../../app/domain/vouchers/voucher-purchase-schema";
import { voucherExpiresOn } from "../../app/domain/vouchers/voucher-rules";
import { emailOutbox, orderLines, orders, users, vouchers } from "../../db/schema";
import { useShopServices } from "../../tests/setup/shop-fixtures";
import { createServices } from ".";
import { findVoucherByCode } from "./voucher-ledger";

const shop = useShopServices();
const CARD = { cardNumber: "4242 4242 4242 4242", cardExpiry: "12/39", cardCvc: "123" };
const DECLINED = { ...CARD, cardNumber: "4000 0000 0000 0002" };
const CODE_IN_MAIL = /Code: ([2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4})/;
let n = 0;

const today = () => todayInLondon();
const placer = () => ({ userId: null, today: today(), origin: "https://needledrop.test" });

function request(extra: Record<string, unknown> = {}) {
  n += 1;
  return voucherPurchaseSchema.parse({
    amountPence: 2500,
    email: `buyer-${n}@example.com`,
    idempotencyKey: `gift-voucher-test-${n}-xxxxxxxx`,
    card: CARD,
    ...extra,
  });
}

const voucherOf = (orderNumber: string) => {
  const order = shop.t.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).get()!;
  return shop.t.db.select().from(vouchers).where(eq(vouchers.purchaseOrderId, order.id)).get()!;
};
const mailsTo = (to: string) => shop.t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).all();

describe("buying a gift voucher", () => {
  it("is an order of its own kind: no lines, no delivery, no VAT, the amount its total", async () => {
    const bought = await shop.s.giftVouchers.buy(request({ delivery: "print", amountPence: 5000 }), placer());
    expect(bought.outcome.kind).toBe("paid");
    const row = shop.t.db.select().from(orders).where(eq(orders.orderNumber, bought.outcome.order.orderNumber)).get()!;
    expect(row).toMatchObject({ kind: "gift_voucher", status: "paid", totalPence: 5000, shippingPence: 0, vatPence: 0 });
    expect(row.addressLine1).toBe("Gift voucher: printed by the buyer");
    expect(shop.t.db.select().from(orderLines).where(eq(orderLines.orderId, row.id)).all()).toEqual([]);
  });

  it("paid: the voucher is active for 24 months, and the buyer gets a receipt, not an order confirmation", async () => {
    const req = request({ delivery: "print" });
    const { outcome } = await shop.s.giftVouchers.buy(req, placer());
    const voucher = voucherOf(outcome.order.orderNumber);
    expect(voucher).toMatchObject({ status: "active", kind: "gift", balancePence: 2500, expiresOn: voucherExpiresOn(today()) });
    await shop.s.mail.idle();
    const kinds = mailsTo(req.email).map((m) => m.kind);
    expect(kinds).toEqual(["gift-voucher-receipt"]);
    expect(shop.inbox.last(req.email)?.text).toContain("£25.00");
  });

  it("the same form sent twice is one order and one voucher", async () => {
    const req = request({ delivery: "print" });
    const first = await shop.s.giftVouchers.buy(req, placer());
    const again = await shop.s.giftVouchers.buy(req, placer());
    expect(again.outcome.order.orderNumber).toBe(first.outcome.order.orderNumber);
    const order = shop.t.db.select().from(orders).where(eq(orders.orderNumber, first.outcome.order.orderNumber)).get()!;
    expect(shop.t.db.select().from(vouchers).where(eq(vouchers.purchaseOrderId, order.id)).all()).toHaveLength(1);
  });

  it("declined: nothing is charged and the voucher never becomes active", async () => {
    const req = request({
      recipientName: "Grace",
      recipientEmail: "declined-grace@example.com",
      sendOn: today(),
      card: DECLINED,
    });
    const { outcome } = await shop.s.giftVouchers.buy(req, placer());
    expect(outcome.kind).toBe("declined");
    expect(voucherOf(outcome.order.orderNumber).status).toBe("pending_payment");
    expect(await shop.s.giftVouchers.sendDue(today())).toBe(0);
    await shop.s.mail.idle();
    expect(mailsTo("declined-grace@example.com")).toEqual([]);
  });

  it("refuses an amount out of range or in part pounds, and a day to send that has passed", async () => {
    await expect(shop.s.giftVouchers.buy({ ...request(), amountPence: 1050 }, placer())).rejects.toThrow(ValidationError);
    const yesterday = request({ recipientName: "Grace", recipientEmail: "g@example.com", sendOn: addDays(today(), -1) });
    await expect(shop.s.giftVouchers.buy(yesterday, placer())).rejects.toMatchObject({
      fields: { sendOn: ["Please choose today or later for the day to send it."] },
    });
  });

  it("is neither a parcel to pack nor a sale in the figures", async () => {
    const range = resolveRange(
      analysisQuerySchema.parse({ preset: "custom", from: today(), to: today(), granularity: "day" }),
      today(),
    );
    const before = shop.s.businessAnalysis.sales(range).totals;
    const { outcome } = await shop.s.giftVouchers.buy(request({ delivery: "print", amountPence: 10000 }), placer());
    expect(shop.s.businessAnalysis.sales(range).totals).toEqual(before);
    const queue = shop.s.adminShipping.queue();
    expect(queue.toPack.map((p) => p.orderNumber)).not.toContain(outcome.order.orderNumber);
  });
});

describe("a printable voucher's code", () => {
  it("is shown once, to the browser that bought it", async () => {
    const req = request({ delivery: "print", message: "Happy birthday" });
    const { outcome } = await shop.s.giftVouchers.buy(req, placer());
    const viewer = { userId: null, accessTokens: [req.idempotencyKey] };
    const first = shop.s.giftVouchers.forBuyer(outcome.order.orderNumber, viewer, { reveal: true });
    expect(first.code).toMatch(/^[2-9A-Z]{16}$/);
    expect(findVoucherByCode(shop.t.db, first.code!, today()).ok).toBe(true);
    const second = shop.s.giftVouchers.forBuyer(outcome.order.orderNumber, viewer, { reveal: true });
    expect(second.code).toBeNull();
    expect(second.voucher.codeLast4).toBe(first.code!.slice(-4));
    expect(() =>
      shop.s.giftVouchers.forBuyer(outcome.order.orderNumber, { userId: null, accessTokens: [] }, { reveal: true }),
    ).toThrow(NotFoundError);
  });

  it("over the API, comes in the answer of a paid purchase", async () => {
    const bought = await shop.s.giftVouchers.buy(request({ delivery: "print" }), placer(), { reveal: true });
    expect(bought.code).toMatch(/^[2-9A-Z]{16}$/);
  });
});

describe("an e-mailed voucher", () => {
  it("for today is mailed to the recipient as it is paid, with its code, and once only", async () => {
    const req = request({
      recipientName: "Grace",
      recipientEmail: "grace-today@example.com",
      sendOn: today(),
      message: "Enjoy!",
    });
    const { outcome } = await shop.s.giftVouchers.buy(req, placer());
    await shop.s.mail.idle();
    const mail = shop.inbox.last("grace-today@example.com");
    expect(mail?.text).toContain("Enjoy!");
    const code = CODE_IN_MAIL.exec(mail?.text ?? "")?.[1];
    expect(code && findVoucherByCode(shop.t.db, code, today()).voucher?.id).toBe(voucherOf(outcome.order.orderNumber).id);
    expect(await shop.s.giftVouchers.sendDue(today())).toBe(0);
    expect(mailsTo("grace-today@example.com")).toHaveLength(1);
    // The buyer's receipt says who and when, but carries no code.
    expect(shop.inbox.last(req.email)?.text).toContain("grace-today@example.com");
    expect(shop.inbox.last(req.email)?.text).not.toMatch(CODE_IN_MAIL);
  });

  it("for a later day waits for that day, then the sweep mails it once", async () => {
    const later = addDays(today(), 10);
    const req = request({ recipientName: "Ada", recipientEmail: "ada-later@example.com", sendOn: later });
    await shop.s.giftVouchers.buy(req, placer());
    await shop.s.mail.idle();
    expect(mailsTo("ada-later@example.com")).toEqual([]);
    expect(await shop.s.giftVouchers.sendDue(addDays(later, -1))).toBe(0);
    expect(await shop.s.giftVouchers.sendDue(later)).toBe(1);
    expect(await shop.s.giftVouchers.sendDue(later)).toBe(0);
    await shop.s.mail.idle();
    expect(mailsTo("ada-later@example.com")).toHaveLength(1);
    expect(shop.inbox.last("ada-later@example.com")?.text).toMatch(CODE_IN_MAIL);
  });
});

describe("the balance check", () => {
  it("answers the balance and the last day, however the code is typed", async () => {
    const req = request({ delivery: "print", amountPence: 4000 });
    const { outcome } = await shop.s.giftVouchers.buy(req, placer());
    const { code } = shop.s.giftVouchers.forBuyer(
      outcome.order.orderNumber,
      { userId: null, accessTokens: [req.idempotencyKey] },
      { reveal: true },
    );
    const typed = code!.toLowerCase().replace(/(.{4})/g, "$1 ");
    expect(shop.s.giftVouchers.balance(typed, "203.0.113.1", today())).toMatchObject({
      found: true,
      usable: true,
      balancePence: 4000,
      expiresOn: voucherExpiresOn(today()),
      last4: code!.slice(-4),
    });
    expect(shop.s.giftVouchers.balance("ABCD-EFGH-JKMN-PQRS", "203.0.113.1", today())).toMatchObject({
      found: false,
      message: "That code does not match a gift voucher. Check it and try again.",
    });
    // An expired voucher says so.
    expect(shop.s.giftVouchers.balance(code!, "203.0.113.1", addDays(voucherExpiresOn(today()), 1))).toMatchObject({
      found: true,
      usable: false,
      message: expect.stringContaining("expired"),
    });
  });

  it("stops guessing: per address, and per code prefix from any address", () => {
    const strict = createServices(shop.t.db, {
      mediaDir: path.join(path.dirname(shop.t.file), "media"),
      mailTransport: shop.inbox,
      rateLimits: { voucherChecksPerPrefix: { limit: 3 }, voucherChecksPerAddress: { limit: 5 } },
    });
    const guess = (code: string, ip: string) => () => strict.giftVouchers.balance(code, ip, today());
    for (const ip of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) guess(`WXYZ${ip.slice(-1)}23456789ABC`, ip)();
    expect(guess("WXYZ523456789ABC", "198.51.100.4")).toThrow(TooManyAttemptsError);
    for (let i = 0; i < 5; i++) guess(`${"23456789ABCD".slice(i, i + 4)}EFGHJKMNPQRS`, "198.51.100.9")();
    expect(guess("QRST23456789ABCD", "198.51.100.9")).toThrow(/Too many gift voucher checks/);
  });
});

describe("a gift voucher's order in the back office", () => {
  const boss = () => {
    n += 1;
    const row = shop.t.db
      .insert(users)
      .values({ username: `voucher-boss-${n}`, passwordHash: "x", email: `voucher-boss-${n}@example.com`, role: "admin" })
      .returning()
      .get();
    return { id: row.id, username: row.username };
  };

  it("has nothing to pack or post", async () => {
    const { outcome } = await shop.s.giftVouchers.buy(request({ delivery: "print" }), placer());
    const view = shop.s.adminOrders.get(outcome.order.orderNumber);
    expect(view.moves).toMatchObject({ pack: false, ship: false, markDelivered: false });
    expect(() => shop.s.adminOrders.pack(boss(), outcome.order.orderNumber, { service: "tracked_48" })).toThrow(
      /gift voucher: there is nothing to post/,
    );
  });

  it("refunds only what is unspent, taking it off the voucher; a voucher refunded in full is cancelled", async () => {
    const { outcome } = await shop.s.giftVouchers.buy(request({ delivery: "print", amountPence: 5000 }), placer());
    const voucher = voucherOf(outcome.order.orderNumber);
    shop.t.db.update(vouchers).set({ balancePence: 3000 }).where(eq(vouchers.id, voucher.id)).run();
    const who = boss();
    await expect(
      shop.s.adminOrders.refund(who, outcome.order.orderNumber, { reason: "Changed their mind", amountPence: 4000 }),
    ).rejects.toThrow(/at most £30.00/);
    await shop.s.adminOrders.refund(who, outcome.order.orderNumber, { reason: "Changed their mind", amountPence: 1000 });
    expect(voucherOf(outcome.order.orderNumber)).toMatchObject({ balancePence: 2000, status: "active" });
    await shop.s.adminOrders.refund(who, outcome.order.orderNumber, { reason: "Changed their mind", amountPence: 2000 });
    expect(voucherOf(outcome.order.orderNumber)).toMatchObject({ balancePence: 0, status: "cancelled" });
    expect(shop.t.db.select().from(orders).where(eq(orders.orderNumber, outcome.order.orderNumber)).get()!.refundedPence).toBe(
      3000,
    );
  });
});
