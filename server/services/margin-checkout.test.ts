import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderLines, orders } from "../../db/schema";
import { insertRecord, TEST_ADDRESS, useShopServices } from "../../tests/setup/shop-fixtures";
import { TEST_TODAY } from "../../tests/setup/test-db";
import { ValidationError } from "../../app/domain/shared/errors";
import { MARGIN_COPY_NEEDS_PURCHASE_PRICE } from "../../app/domain/vat/margin-vat";

const shop = useShopServices();
let n = 0;

/** A used copy of a pressing, as the back office lists them: one unit, both grades. */
function insertCopy(pricePence: number, purchasePricePence: number | null, vatScheme: "margin" | "standard" = "margin") {
  return insertRecord(shop.t.db, {
    condition: "used",
    mediaGrade: "VG+",
    sleeveGrade: "VG",
    stockQuantity: 1,
    pricePence,
    vatScheme,
    purchasePricePence,
  });
}

function place(lines: { recordId: number; quantity: number }[]) {
  n += 1;
  return shop.s.orders.place({
    idempotencyKey: `margin-checkout-${n}-abcdefghijkl`,
    lines,
    discountCode: null,
    email: `margin${n}@example.com`,
    shipping: TEST_ADDRESS,
    userId: null,
    paymentProvider: "test-card",
    today: TEST_TODAY,
  });
}

describe("checkout under the margin scheme", () => {
  it("a mixed order: each line keeps its scheme, purchase price and VAT; the order's VAT is their sum and the shipping's", () => {
    const lp = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 3 });
    const copy = insertCopy(1000, 400);
    const { order } = place([
      { recordId: lp.id, quantity: 1 },
      { recordId: copy.id, quantity: 1 },
    ]);
    // The buyer is shown the standard-rated VAT only (£4.00); the order keeps the whole (£5.00).
    expect(order.totals).toMatchObject({ totalPence: 3400, shippingPence: 400, vatPence: 400 });
    const row = shop.t.db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber)).get()!;
    expect(row.vatPence).toBe(500);
    const lines = shop.t.db
      .select({
        recordId: orderLines.recordId,
        vatScheme: orderLines.vatScheme,
        purchase: orderLines.purchasePricePence,
        vat: orderLines.vatPence,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, row.id))
      .orderBy(orderLines.id)
      .all();
    expect(lines).toEqual([
      { recordId: lp.id, vatScheme: "standard", purchase: null, vat: 333 },
      { recordId: copy.id, vatScheme: "margin", purchase: 400, vat: 100 },
    ]);
  });

  it("a margin copy bought for £12 and sold for £10 carries no VAT", () => {
    const copy = insertCopy(1000, 1200);
    const { order } = place([{ recordId: copy.id, quantity: 1 }]);
    // Only the £4 shipping is standard-rated: 67p.
    expect(order.totals.vatPence).toBe(67);
  });

  it("refuses to sell a margin copy without a purchase price, and the cart shows it as unavailable", () => {
    const copy = insertCopy(1000, null);
    expect(() => place([{ recordId: copy.id, quantity: 1 }])).toThrow(ValidationError);
    expect(() => place([{ recordId: copy.id, quantity: 1 }])).toThrow(MARGIN_COPY_NEEDS_PURCHASE_PRICE);
    const priced = shop.s.cart.price([{ recordId: copy.id, quantity: 1 }], null, { today: TEST_TODAY });
    expect(priced.lines[0]!.issue).toBe("unavailable");
    expect(priced.totals.totalPence).toBe(0);
  });

  it("the cart shows the standard-rated VAT only (the shipping's), and marks the margin copy", () => {
    const copy = insertCopy(1000, 400);
    const priced = shop.s.cart.price([{ recordId: copy.id, quantity: 1 }], null, { today: TEST_TODAY });
    expect(priced.totals).toEqual(expect.objectContaining({ totalPence: 1400, vatPence: 67 }));
    expect(priced.totals).not.toHaveProperty("marginVatPence");
    expect(priced.lines[0]!.vatScheme).toBe("margin");
  });
});

describe("the buyer's order confirmation under the margin scheme", () => {
  it("shows no VAT for the margin copy, the standard-rated VAT as the total, and the scheme's words", async () => {
    const lp = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 3 });
    const copy = insertCopy(1000, 400);
    const { order } = place([
      { recordId: lp.id, quantity: 1 },
      { recordId: copy.id, quantity: 1 },
    ]);
    shop.s.orders.markPaid(order.orderNumber, { reference: `pay-${order.orderNumber}` });
    await shop.s.mail.idle();
    const mail = shop.inbox.messages.find((m) => m.subject.includes(order.orderNumber))!;
    expect(mail.text).toContain("Margin scheme – second-hand goods.");
    expect(mail.text).toContain("(includes VAT on new records and shipping of £4.00)");
    expect(mail.text).toMatch(/\(margin scheme\): £10\.00/);
    expect(mail.text).not.toContain("£5.00");
  });
});
