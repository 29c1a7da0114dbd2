import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { analysisQuerySchema, resolveRange } from "../../app/domain/admin/analysis/range";
import { figureCsvRows } from "../../app/domain/admin/analysis/figures";
import { voucherMovements } from "../../db/schema";
import { signedInAdmin } from "../../tests/setup/admin-routes";
import { useShopServices } from "../../tests/setup/shop-fixtures";
import { makeVoucher, spendOnNewOrder } from "../../tests/setup/voucher-fixtures";

const shop = useShopServices();
// Monday 23 March to Sunday 5 April 2026; "today" is later, so the figure is as of the period's last day.
const range = (to = "2026-04-05") =>
  resolveRange(analysisQuerySchema.parse({ preset: "custom", from: "2026-03-23", to, granularity: "week" }), "2026-04-20");

/** Dates the newest movements of a voucher, oldest first, to the instants given (UTC). */
function dated(voucherId: number, ...instants: string[]) {
  const rows = shop.t.db.select().from(voucherMovements).where(eq(voucherMovements.voucherId, voucherId)).all();
  rows.slice(-instants.length).forEach((m, i) => {
    shop.t.db.update(voucherMovements).set({ createdAt: instants[i]! }).where(eq(voucherMovements.id, m.id)).run();
  });
}

describe("the voucher liability in business analysis", () => {
  it("is what was left to spend at the period's end, on vouchers not past their date, with the period's issued and spent", async () => {
    const s = shop.s;
    const admin = await signedInAdmin(shop);
    // Issued before the period, part spent in it and part after it: £7 was owed at its end.
    const a = makeVoucher(shop.t.db, { amountPence: 1000, issuedOn: "2026-03-10" });
    spendOnNewOrder(shop.t.db, a.id, 300);
    spendOnNewOrder(shop.t.db, a.id, 200);
    dated(a.id, "2026-03-10T10:00:00.000Z", "2026-04-01T10:00:00.000Z", "2026-04-10T10:00:00.000Z");
    // Issued in the period and cancelled after it: owed in full at the period's end.
    const b = makeVoucher(shop.t.db, { amountPence: 500, issuedOn: "2026-03-30" });
    dated(b.id, "2026-03-30T09:00:00.000Z");
    s.adminVouchers.cancel(admin, b.id, { reason: "After the period" }, "2026-04-20");
    dated(b.id, "2026-04-15T09:00:00.000Z");
    // Expired before the period ended: its balance is no longer owed.
    const c = makeVoucher(shop.t.db, { amountPence: 800, issuedOn: "2024-01-02" });
    dated(c.id, "2024-01-02T09:00:00.000Z");
    // Issued on the Sunday evening the period ends (23:30 London, British Summer Time): still inside it.
    const d = makeVoucher(shop.t.db, { amountPence: 250, issuedOn: "2026-04-05" });
    dated(d.id, "2026-04-05T22:30:00.000Z");
    const figure = s.businessAnalysis.vouchers(range(), "2026-04-20");
    expect(figure).toEqual({
      asOf: "2026-04-05",
      outstandingCount: 3,
      outstandingPence: 700 + 500 + 250,
      issuedPence: 500 + 250,
      spentPence: 300,
    });
    expect(figureCsvRows("vouchers", { vouchers: figure })).toEqual([
      ["As of", "Vouchers outstanding", "Outstanding £", "Issued in period £", "Spent in period £"],
      ["2026-04-05", 3, "14.50", "7.50", "3.00"],
    ]);
  });

  it("is as of today when the period runs on past it", () => {
    const figure = shop.s.businessAnalysis.vouchers(range("2026-04-30"), "2026-04-20");
    // Today: a's £5 and d's £2.50; b is cancelled.
    expect(figure).toMatchObject({ asOf: "2026-04-20", outstandingCount: 2, outstandingPence: 500 + 250 });
  });
});
