import { describe, expect, it } from "vitest";
import { analysisQuerySchema, resolveRange } from "../../app/domain/admin/analysis/range";
import { todayInLondon } from "../../app/domain/shared/dates";
import { insertRecord, TEST_ADDRESS, useShopServices } from "../../tests/setup/shop-fixtures";

const shop = useShopServices();

describe("business analysis: margin-scheme sales apart from standard-rated ones", () => {
  it("splits revenue and VAT by scheme: a £20 new record (VAT £3.33 of its part) and a £10 margin copy bought for £4 (VAT £1.00)", () => {
    const today = todayInLondon();
    const lp = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 2 });
    const copy = insertRecord(shop.t.db, {
      condition: "used",
      mediaGrade: "VG+",
      sleeveGrade: "VG",
      stockQuantity: 1,
      pricePence: 1000,
      vatScheme: "margin",
      purchasePricePence: 400,
    });
    const { order } = shop.s.orders.place({
      idempotencyKey: "analysis-vat-abcdefghijklmnop",
      lines: [
        { recordId: lp.id, quantity: 1 },
        { recordId: copy.id, quantity: 1 },
      ],
      discountCode: null,
      email: "split@example.com",
      shipping: TEST_ADDRESS,
      userId: null,
      paymentProvider: "test-card",
      today,
    });
    shop.s.orders.markPaid(order.orderNumber, { reference: "pay-split" });
    const range = resolveRange(
      analysisQuerySchema.parse({ preset: "custom", from: today, to: today, granularity: "day" }),
      today,
    );
    expect(shop.s.businessAnalysis.vatSchemes(range)).toEqual({
      standard: { units: 1, revenuePence: 2000, vatPence: 333 },
      margin: { units: 1, revenuePence: 1000, vatPence: 100 },
    });
  });
});
