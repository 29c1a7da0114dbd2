import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { analysisQuerySchema, resolveRange } from "../../app/domain/admin/analysis/range";
import { monthOf } from "../../app/domain/international/vat-report";
import { todayInLondon } from "../../app/domain/shared/dates";
import { orders, refunds } from "../../db/schema";
import { insertRecord, TEST_ADDRESS, useShopServices } from "../../tests/setup/shop-fixtures";
import { createServices } from "./index";

const shop = useShopServices();

describe("the monthly VAT report and sales by destination", () => {
  it("reads UK VAT, exports by reason and IOSS VAT by member state from the month's orders and refunds", () => {
    const s = createServices(shop.t.db, { mediaDir: "", mailTransport: shop.inbox, iossNumber: "IM3720000123" });
    const today = todayInLondon();
    const lp = insertRecord(shop.t.db, { pricePence: 2400, stockQuantity: 20 });
    const boxSet = insertRecord(shop.t.db, { pricePence: 24000, stockQuantity: 2 });
    let n = 0;
    const place = (recordId: number, countryCode: string, city: string, postalCode: string) => {
      n += 1;
      const { order } = s.orders.place({
        idempotencyKey: `vat-report-${n}-abcdefghijklmnop`,
        lines: [{ recordId, quantity: 1 }],
        discountCode: null,
        email: `vat${n}@example.com`,
        shipping: { ...TEST_ADDRESS, city, postalCode, country: countryCode },
        delivery: { countryCode, service: countryCode === "GB" ? "tracked_48" : "intl_standard" },
        userId: null,
        paymentProvider: "test-card",
        today,
      });
      return s.orders.markPaid(order.orderNumber, { reference: `pay-vat-${n}` });
    };
    const uk = place(lp.id, "GB", "London", "SW1A 1AA");
    const dublin = place(lp.id, "IE", "Dublin", "D02 X285");
    const berlin = place(boxSet.id, "DE", "Berlin", "10115");
    const newYork = place(lp.id, "US", "New York", "10001");
    expect([uk, dublin, berlin, newYork].map((o) => o.totals.vat?.treatment)).toEqual(["uk", "ioss", "export", "export"]);

    // Half the Dublin order goes back this month.
    const dublinRow = shop.t.db.select().from(orders).where(eq(orders.orderNumber, dublin.orderNumber)).get()!;
    const half = Math.round(dublinRow.totalPence / 2);
    shop.t.db.insert(refunds).values({ orderId: dublinRow.id, amountPence: half, vatPence: 0, lines: [] }).run();
    shop.t.db
      .update(orders)
      .set({ refundedPence: sql`${orders.refundedPence} + ${half}`, status: "partially_refunded" })
      .where(eq(orders.id, dublinRow.id))
      .run();

    // The order detail page's facts: where it went, how, the parcel's weight and its VAT line with the euro value.
    expect(s.adminOrders.get(dublin.orderNumber).destination).toMatchObject({
      countryCode: "IE",
      countryName: "Ireland",
      deliveryService: "intl_standard",
      deliveryServiceName: "Royal Mail International Standard",
      parcelGrams: dublinRow.parcelGrams,
      vat: { treatment: "ioss", countryCode: "IE", rateBasisPoints: 2300, consignmentEuroCents: dublinRow.consignmentEuroCents },
      eurPerGbp: dublinRow.eurPerGbp,
      iossNumber: "IM3720000123",
    });
    expect(dublinRow.parcelGrams).toBeGreaterThan(0);
    expect(s.adminOrders.get(berlin.orderNumber).destination.vat.exportReason).toBe("over_ioss_limit");

    const report = s.businessAnalysis.vatReport(monthOf(today));
    expect(report.uk.sales.orders).toBeGreaterThanOrEqual(1);
    const ireland = report.ioss.rows.find((r) => r.countryCode === "IE")!;
    expect(ireland).toMatchObject({ rateBasisPoints: 2300, orders: 1, refunds: 1 });
    expect(ireland.vatPence).toBe(dublinRow.vatPence);
    expect(ireland.taxablePence).toBe(dublinRow.totalPence - dublinRow.vatPence);
    expect(ireland.refundedVatPence + ireland.refundedTaxablePence).toBe(half);
    expect(ireland.dueVatPence).toBe(dublinRow.vatPence - ireland.refundedVatPence);
    const byReason = Object.fromEntries(report.exports.rows.map((r) => [r.reason, r]));
    expect(byReason.over_ioss_limit).toMatchObject({ orders: 1, netPence: berlin.totals.totalPence });
    expect(byReason.outside_eu).toMatchObject({ orders: 1, netPence: newYork.totals.totalPence });

    const range = resolveRange(
      analysisQuerySchema.parse({ preset: "custom", from: today, to: today, granularity: "day" }),
      today,
    );
    const figures = s.businessAnalysis.all(range, today);
    const germany = figures.countries.find((r) => r.key === "DE")!;
    expect(germany).toMatchObject({ name: "Germany", orders: 1, records: 1, revenuePence: berlin.totals.totalPence });
    expect(figures.countries.find((r) => r.key === "IE")?.revenuePence).toBe(dublinRow.totalPence - half);
    expect(figures.zones.map((z) => z.key).sort()).toEqual(["europe", "uk", "usa"]);
    expect(figures.countries[0]!.revenuePence).toBeGreaterThanOrEqual(figures.countries.at(-1)!.revenuePence);
  });
});
