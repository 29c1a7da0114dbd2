import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderTotals } from "../../app/domain/cart/order-totals";
import { DISCOUNT_MESSAGES } from "../../app/domain/discounts/discount-rule";
import { createDiscountRuleSchema } from "../../app/domain/discounts/discount-rule-schema";
import { addDays, formatDateGB, todayInLondon } from "../../app/domain/shared/dates";
import { vatIncludedPence } from "../../app/domain/shared/money";
import { discountCodes, orders, users } from "../../db/schema";
import { insertDiscountCode, insertRecord, TEST_ADDRESS, useShopServices } from "../../tests/setup/shop-fixtures";
import { TEST_TODAY } from "../../tests/setup/test-db";
import { TEST_CARD_SUCCESS } from "../payments/test-card";

// Each kind of rule at checkout, to the penny: the order placed and paid with the test card.

const shop = useShopServices();
let admin: { id: number; username: string };
let n = 0;

beforeAll(() => {
  admin = shop.t.db
    .insert(users)
    .values({ username: "marketing", email: "marketing@example.com", passwordHash: "x", role: "admin" })
    .returning()
    .get();
});

/** A back-office code made through the form's schema and the service, as /marketing-tools makes it. */
function makeCode(form: Record<string, string>) {
  return shop.s.adminDiscounts.create(
    admin,
    createDiscountRuleSchema.parse({ name: "Test code", kind: "fixed", amount: "5", minSpend: "", ...form }),
  );
}

/** Checks out `quantity` of a fresh record at `pricePence` with `code`, paying with the test card. */
async function checkout(code: string | null, pricePence: number, quantity = 1, email = `shopper${++n}@example.com`) {
  const rec = insertRecord(shop.t.db, { pricePence, stockQuantity: 10 });
  return shop.s.checkout.submit(
    {
      idempotencyKey: `rules-${++n}-abcdefghijklmnop`,
      lines: [{ recordId: rec.id, quantity }],
      discountCode: code,
      email,
      shipping: TEST_ADDRESS,
      userId: null,
      today: TEST_TODAY,
    },
    { card: { number: TEST_CARD_SUCCESS, expiry: "12/30", cvc: "123" }, origin: "http://localhost" },
  );
}

/** The refusal a checkout with `code` meets, or null when it is placed. */
async function refusal(...args: Parameters<typeof checkout>): Promise<string | null> {
  try {
    await checkout(...args);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

const totalsWith = (items: number, shipping: number, discount: number) => ({
  itemsPence: items,
  shippingPence: shipping,
  discountPence: discount,
  totalPence: items + shipping - discount,
  vatPence: vatIncludedPence(items + shipping - discount),
  vat: { treatment: "uk", countryCode: "GB", rateBasisPoints: 2000 },
});

describe("a fixed amount with a minimum spend", () => {
  it("takes exactly £5.00 off goods of £20 or more, and refuses £19.99 naming the minimum", async () => {
    makeCode({ code: "FIVER", amount: "5.00", minSpend: "20.00" });
    expect(await refusal("FIVER", 1999)).toBe("Spend £20.00 or more to use this code.");
    const out = await checkout("fiver", 1000, 2);
    expect(out.kind).toBe("paid");
    expect(out.order.totals).toMatchObject(totalsWith(2000, 400, 500));
    expect(out.order.totals.totalPence).toBe(1900);
    // The cart page shows the same before checkout.
    const rec = insertRecord(shop.t.db, { pricePence: 1000, stockQuantity: 2 });
    const priced = shop.s.cart.price([{ recordId: rec.id, quantity: 2 }], "FIVER", { today: TEST_TODAY });
    expect(priced.totals.discountPence).toBe(500);
    expect(priced.discount).toMatchObject({ ok: true, code: "FIVER", message: "£5.00 off" });
  });

  it("never takes more than the goods: £50 off a £12.99 record leaves the shipping", async () => {
    makeCode({ code: "BIGFIXED", amount: "50" });
    const out = await checkout("BIGFIXED", 1299);
    expect(out.order.totals).toMatchObject(totalsWith(1299, 400, 1299));
    expect(out.order.totals.totalPence).toBe(400);
  });
});

describe("a percentage", () => {
  it("rounds down to the penny: 15% of £25.98 is £3.89", async () => {
    makeCode({ code: "FIFTEEN", kind: "percent", amount: "15" });
    const out = await checkout("FIFTEEN", 1299, 2);
    expect(out.order.totals).toMatchObject(totalsWith(2598, 400, 389));
    expect(out.order.totals.totalPence).toBe(2609);
  });

  it("the newsletter's 10% first-order code gives what it always gave", async () => {
    insertDiscountCode(shop.t.db, "NEWS10");
    const out = await checkout("NEWS10", 1999, 3);
    const before = orderTotals([{ pricePence: 1999, quantity: 3 }], 10);
    // Paid wholly by card: no voucher part, the whole total due.
    expect(out.order.totals).toEqual({
      ...before,
      vat: { treatment: "uk", countryCode: "GB", rateBasisPoints: 2000 },
      voucherPence: 0,
      amountDuePence: before.totalPence,
    });
    expect(out.order.totals.discountPence).toBe(599);
    expect(out.order.totals.totalPence).toBe(5997 + 400 - 599);
  });
});

describe("dates", () => {
  it("refuses before the first day, naming it, and after the last", async () => {
    const tomorrow = addDays(todayInLondon(), 1);
    makeCode({ code: "SOON", startsOn: tomorrow });
    expect(await refusal("SOON", 2000)).toBe(`This code starts on ${formatDateGB(tomorrow)}.`);
    makeCode({ code: "GONE", startsOn: addDays(todayInLondon(), -10), endsOn: addDays(todayInLondon(), -1) });
    expect(await refusal("GONE", 2000)).toBe(DISCOUNT_MESSAGES.expired);
    makeCode({ code: "TODAYONLY", startsOn: todayInLondon(), endsOn: todayInLondon() });
    expect((await checkout("TODAYONLY", 2000)).order.totals.discountPence).toBe(500);
  });
});

describe("limits", () => {
  it("a total of 2 uses takes exactly 2 orders", async () => {
    makeCode({ code: "TWOUSES", maxRedemptions: "2" });
    await checkout("TWOUSES", 2000);
    await checkout("TWOUSES", 2000);
    expect(await refusal("TWOUSES", 2000)).toBe(DISCOUNT_MESSAGES.used);
    const row = shop.t.db.select().from(discountCodes).where(eq(discountCodes.code, "TWOUSES")).get()!;
    expect(row.redemptions).toBe(2);
    expect(shop.t.db.select().from(orders).where(eq(orders.discountCodeId, row.id)).all()).toHaveLength(2);
  });

  it("one use per customer: the same email is refused, another is not, a failed order does not count", async () => {
    makeCode({ code: "ONEEACH", perCustomerLimit: "1" });
    await checkout("ONEEACH", 2000, 1, "repeat@example.com");
    expect(await refusal("ONEEACH", 2000, 1, "Repeat@Example.com")).toBe("You have already used this code.");
    expect((await checkout("ONEEACH", 2000, 1, "other@example.com")).order.totals.discountPence).toBe(500);
    // A second customer whose order is cancelled before payment may use it again.
    const placed = await checkout("ONEEACH", 2000, 1, "changed-mind@example.com");
    shop.t.db.update(orders).set({ status: "cancelled" }).where(eq(orders.orderNumber, placed.order.orderNumber)).run();
    expect((await checkout("ONEEACH", 2000, 1, "changed-mind@example.com")).order.totals.discountPence).toBe(500);
  });

  it("first order only refuses a customer who has ordered before", async () => {
    makeCode({ code: "WELCOME5", firstOrderOnly: "on" });
    await checkout(null, 2000, 1, "regular@example.com");
    expect(await refusal("WELCOME5", 2000, 1, "regular@example.com")).toBe(DISCOUNT_MESSAGES.notFirstOrder);
    expect((await checkout("WELCOME5", 2000, 1, "brand-new@example.com")).order.totals.discountPence).toBe(500);
  });

  it("a switched-off code is not valid, and works again when switched on", async () => {
    const code = makeCode({ code: "PAUSED" });
    shop.s.adminDiscounts.setActive(admin, code.id, false);
    expect(await refusal("PAUSED", 2000)).toBe(DISCOUNT_MESSAGES.unknown);
    shop.s.adminDiscounts.setActive(admin, code.id, true);
    expect((await checkout("PAUSED", 2000)).order.totals.discountPence).toBe(500);
  });
});
