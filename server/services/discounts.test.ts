import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { discountCodes, orders, subscribers, users } from "../../db/schema";
import { insertDiscountCode, insertRecord, TEST_ADDRESS, useShopServices } from "../../tests/setup/shop-fixtures";
import { TEST_TODAY } from "../../tests/setup/test-db";
import { DISCOUNT_MESSAGES } from "./discounts";
import { ConflictError, ValidationError } from "../../app/domain/shared/errors";

const shop = useShopServices();

const address = TEST_ADDRESS;
let n = 0;
const key = () => `discount-test-key-${++n}-abcdefgh`;

const codeRow = (code: string) => shop.t.db.select().from(discountCodes).where(eq(discountCodes.code, code)).get()!;
const subscriberOf = (code: string) => shop.t.db.select().from(subscribers).where(eq(subscribers.discountCode, code)).get()!;

function insertUser(name: string): number {
  return shop.t.db
    .insert(users)
    .values({ username: name, passwordHash: "not-a-hash", email: `${name}@example.com` })
    .returning()
    .get().id;
}

/** Places a one-record order and returns its number. */
function placeOrder(email: string, userId: number | null = null): string {
  const rec = insertRecord(shop.t.db, { pricePence: 1000, stockQuantity: 5 });
  return shop.s.orders.place({
    idempotencyKey: key(),
    lines: [{ recordId: rec.id, quantity: 1 }],
    discountCode: null,
    email,
    shipping: address,
    userId,
    paymentProvider: "test-card",
    today: TEST_TODAY,
  }).order.orderNumber;
}

describe("messages", () => {
  it("are the shop's wording", () => {
    expect(DISCOUNT_MESSAGES).toEqual({
      unknown: "That discount code isn't valid.",
      used: "This discount code has already been used.",
      expired: "This discount code has expired.",
      notFirstOrder: "This code is for a first order only, and this account or email has ordered before.",
      usedByYou: "You have already used this code.",
    });
  });
});

describe("discounts.check", () => {
  it("a good code, typed in any case with spaces", () => {
    const { codeId } = insertDiscountCode(shop.t.db, "GOOD10");
    expect(shop.s.discounts.check("  good10 ", null)).toEqual({
      ok: true,
      code: "GOOD10",
      percentOff: 10,
      codeId,
      message: "10% off your first order",
      discountPence: 0,
    });
  });

  it("an unknown code", () => {
    expect(shop.s.discounts.check("nope", null)).toEqual({ ok: false, code: "NOPE", message: DISCOUNT_MESSAGES.unknown });
  });

  it("a used code", () => {
    insertDiscountCode(shop.t.db, "USED10");
    shop.t.db.update(discountCodes).set({ redemptions: 1 }).where(eq(discountCodes.code, "USED10")).run();
    expect(shop.s.discounts.check("USED10", null)).toEqual({ ok: false, code: "USED10", message: DISCOUNT_MESSAGES.used });
  });

  it("an expired code: expired from the moment it expires", () => {
    insertDiscountCode(shop.t.db, "OLD10");
    shop.t.db.update(discountCodes).set({ expiresAt: "2026-11-01T00:00:00.000Z" }).where(eq(discountCodes.code, "OLD10")).run();
    const expired = { ok: false, code: "OLD10", message: DISCOUNT_MESSAGES.expired };
    expect(shop.s.discounts.check("OLD10", null, new Date("2026-11-22T12:00:00.000Z"))).toEqual(expired);
    expect(shop.s.discounts.check("OLD10", null, new Date("2026-11-01T00:00:00.000Z"))).toEqual(expired);
    expect(shop.s.discounts.check("OLD10", null, new Date("2026-10-31T23:59:59.999Z")).ok).toBe(true);
  });

  it("first order only: refused for an email that has a previous order (whatever its case)", () => {
    insertDiscountCode(shop.t.db, "FIRSTA");
    placeOrder("returning@example.com");
    expect(shop.s.discounts.check("FIRSTA", { userId: null, email: " Returning@Example.COM " })).toEqual({
      ok: false,
      code: "FIRSTA",
      message: DISCOUNT_MESSAGES.notFirstOrder,
    });
    expect(shop.s.discounts.check("FIRSTA", { userId: null, email: "new@example.com" }).ok).toBe(true);
  });

  it("first order only: refused for an account with a previous order, under any email", () => {
    insertDiscountCode(shop.t.db, "FIRSTB");
    const userId = insertUser("regular");
    placeOrder("regular@example.com", userId);
    expect(shop.s.discounts.check("FIRSTB", { userId, email: "other-address@example.com" })).toMatchObject({
      ok: false,
      message: DISCOUNT_MESSAGES.notFirstOrder,
    });
    expect(shop.s.discounts.check("FIRSTB", { userId: insertUser("newcomer"), email: null }).ok).toBe(true);
  });

  it("an order whose payment failed does not count as a first order", () => {
    insertDiscountCode(shop.t.db, "FIRSTC");
    const number = placeOrder("changed-mind@example.com");
    shop.s.orders.cancelUnpaid(number);
    expect(shop.s.discounts.check("FIRSTC", { userId: null, email: "changed-mind@example.com" }).ok).toBe(true);
  });

  it("a paid order counts", () => {
    insertDiscountCode(shop.t.db, "FIRSTD");
    const number = placeOrder("paid-before@example.com");
    shop.s.orders.markPaid(number, { reference: "ref-paid-before" });
    expect(shop.s.discounts.check("FIRSTD", { userId: null, email: "paid-before@example.com" }).ok).toBe(false);
  });

  it("a code that is not first-order-only is allowed after earlier orders", () => {
    insertDiscountCode(shop.t.db, "ANYTIME");
    shop.t.db.update(discountCodes).set({ firstOrderOnly: false }).where(eq(discountCodes.code, "ANYTIME")).run();
    placeOrder("loyal@example.com");
    expect(shop.s.discounts.check("ANYTIME", { userId: null, email: "loyal@example.com" }).ok).toBe(true);
  });
});

describe("discounts.redeem and release", () => {
  it("redeem takes one use and marks the subscriber's code as used", () => {
    const { codeId } = insertDiscountCode(shop.t.db, "REDEEM1");
    expect(shop.s.discounts.redeem("redeem1", { userId: null, email: "one@example.com" }, 1000)).toEqual({
      codeId,
      discountPence: 100,
    });
    expect(codeRow("REDEEM1").redemptions).toBe(1);
    expect(subscriberOf("REDEEM1").hasUsedDiscount).toBe(true);
  });

  it("a second redeem of a single-use code is refused and leaves it at 1 redemption", () => {
    insertDiscountCode(shop.t.db, "REDEEM2");
    shop.s.discounts.redeem("REDEEM2", { userId: null, email: "two@example.com" }, 1000);
    let error: unknown;
    try {
      shop.s.discounts.redeem("REDEEM2", { userId: null, email: "someone-else@example.com" }, 1000);
    } catch (e) {
      error = e;
    }
    expect(error instanceof ConflictError || error instanceof ValidationError).toBe(true);
    expect((error as Error).message).toBe(DISCOUNT_MESSAGES.used);
    expect(codeRow("REDEEM2").redemptions).toBe(1);
  });

  it("an unknown code is a ValidationError naming the discount field", () => {
    let error: unknown;
    try {
      shop.s.discounts.redeem("NOTACODE", { userId: null, email: "x@example.com" }, 1000);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields).toEqual({ discountCode: [DISCOUNT_MESSAGES.unknown] });
  });

  it("redeem refuses a first-order code for a returning customer, taking nothing", () => {
    insertDiscountCode(shop.t.db, "REDEEM3");
    placeOrder("back-again@example.com");
    expect(() => shop.s.discounts.redeem("REDEEM3", { userId: null, email: "back-again@example.com" }, 1000)).toThrow(
      DISCOUNT_MESSAGES.notFirstOrder,
    );
    expect(codeRow("REDEEM3").redemptions).toBe(0);
    expect(subscriberOf("REDEEM3").hasUsedDiscount).toBe(false);
  });

  it("a code with 2 uses takes exactly 2", () => {
    insertDiscountCode(shop.t.db, "TWICE");
    shop.t.db
      .update(discountCodes)
      .set({ maxRedemptions: 2, firstOrderOnly: false })
      .where(eq(discountCodes.code, "TWICE"))
      .run();
    shop.s.discounts.redeem("TWICE", { userId: null, email: "a@example.com" }, 1000);
    shop.s.discounts.redeem("TWICE", { userId: null, email: "b@example.com" }, 1000);
    expect(() => shop.s.discounts.redeem("TWICE", { userId: null, email: "c@example.com" }, 1000)).toThrow(
      DISCOUNT_MESSAGES.used,
    );
    expect(codeRow("TWICE").redemptions).toBe(2);
  });

  it("release gives the use back, so the code works again", () => {
    const { codeId } = insertDiscountCode(shop.t.db, "GIVEBACK");
    shop.s.discounts.redeem("GIVEBACK", { userId: null, email: "g@example.com" }, 1000);
    shop.s.discounts.release(codeId);
    expect(codeRow("GIVEBACK").redemptions).toBe(0);
    expect(subscriberOf("GIVEBACK").hasUsedDiscount).toBe(false);
    expect(shop.s.discounts.check("GIVEBACK", null).ok).toBe(true);
    expect(shop.s.discounts.redeem("GIVEBACK", { userId: null, email: "g@example.com" }, 1000)).toEqual({
      codeId,
      discountPence: 100,
    });
    expect(codeRow("GIVEBACK").redemptions).toBe(1);
  });

  it("release never goes below 0", () => {
    const { codeId } = insertDiscountCode(shop.t.db, "NEVERUSED");
    shop.s.discounts.release(codeId);
    expect(codeRow("NEVERUSED").redemptions).toBe(0);
  });

  it("release of one of two uses keeps the subscriber's code marked as used", () => {
    const { codeId } = insertDiscountCode(shop.t.db, "HALFBACK");
    shop.t.db
      .update(discountCodes)
      .set({ maxRedemptions: 2, firstOrderOnly: false })
      .where(eq(discountCodes.code, "HALFBACK"))
      .run();
    shop.s.discounts.redeem("HALFBACK", { userId: null, email: "h1@example.com" }, 1000);
    shop.s.discounts.redeem("HALFBACK", { userId: null, email: "h2@example.com" }, 1000);
    shop.s.discounts.release(codeId);
    expect(codeRow("HALFBACK").redemptions).toBe(1);
    expect(subscriberOf("HALFBACK").hasUsedDiscount).toBe(true);
  });

  it("an order placed with the code stores it, and cancelling it releases it", () => {
    const { codeId } = insertDiscountCode(shop.t.db, "ORDERCODE");
    const rec = insertRecord(shop.t.db, { pricePence: 2999, stockQuantity: 2 });
    const { order } = shop.s.orders.place({
      idempotencyKey: key(),
      lines: [{ recordId: rec.id, quantity: 1 }],
      discountCode: "ordercode",
      email: "coder@example.com",
      shipping: address,
      userId: null,
      paymentProvider: "test-card",
      today: TEST_TODAY,
    });
    expect(order.totals.discountPence).toBe(299);
    const row = shop.t.db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber)).get()!;
    expect(row.discountCodeId).toBe(codeId);
    expect(codeRow("ORDERCODE").redemptions).toBe(1);
    shop.s.orders.cancelUnpaid(order.orderNumber);
    expect(codeRow("ORDERCODE").redemptions).toBe(0);
    expect(shop.s.discounts.check("ORDERCODE", { userId: null, email: "coder@example.com" }).ok).toBe(true);
  });
});
