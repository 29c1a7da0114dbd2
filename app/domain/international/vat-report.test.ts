import { describe, expect, it } from "vitest";
import { iossCsvRows, monthOf, parseVatMonth, vatReport, type VatReportSale } from "./vat-report";

// Orders as the shop stores them: totals in pence with the VAT they contain.
const london: VatReportSale = {
  countryCode: "GB",
  vatTreatment: "uk",
  vatCountry: "GB",
  vatRateBasisPoints: 2000,
  exportReason: null,
  totalPence: 3600, // £30 of records and £6 postage, 20% VAT included
  vatPence: 600,
  marginVatPence: 100,
};
const dublin: VatReportSale = {
  countryCode: "IE",
  vatTreatment: "ioss",
  vatCountry: "IE",
  vatRateBasisPoints: 2300,
  exportReason: null,
  totalPence: 6150, // £50 net of goods and delivery, 23% Irish VAT on top
  vatPence: 1150,
  marginVatPence: 0,
};
const berlin: VatReportSale = {
  countryCode: "DE",
  vatTreatment: "export",
  vatCountry: "DE",
  vatRateBasisPoints: 0,
  exportReason: "over_ioss_limit",
  totalPence: 20000,
  vatPence: 0,
  marginVatPence: 0,
};
const newYork: VatReportSale = { ...berlin, countryCode: "US", vatCountry: "US", exportReason: null, totalPence: 4500 };

describe("the VAT report's month", () => {
  it("reads YYYY-MM and names it in British English, with London's month boundaries", () => {
    const march = parseVatMonth("2026-03");
    expect(march).toMatchObject({ key: "2026-03", label: "March 2026", from: "2026-03-01", to: "2026-03-31" });
    // The clocks go forward on 29 March: April begins at 23:00 UTC on 31 March.
    expect(march?.startUtc).toBe("2026-03-01T00:00:00.000Z");
    expect(march?.endUtc).toBe("2026-03-31T23:00:00.000Z");
    expect(parseVatMonth("2026-02")?.to).toBe("2026-02-28");
    expect(parseVatMonth("2026-13")).toBeNull();
    expect(parseVatMonth("March")).toBeNull();
    expect(monthOf("2026-11-29").key).toBe("2026-11");
  });
});

describe("vatReport", () => {
  const report = vatReport(
    [london, dublin, berlin, newYork, { ...dublin, totalPence: 3075, vatPence: 575 }],
    [
      // Half of the Dublin order was refunded this month: its VAT share goes back with it.
      { order: dublin, amountPence: 3075 },
    ],
  );

  it("takes UK VAT from the UK orders, the margin scheme's part apart", () => {
    expect(report.uk.sales).toEqual({ orders: 1, grossPence: 3600, netPence: 3000, vatPence: 600, marginVatPence: 100 });
    expect(report.uk.due).toEqual({ netPence: 3000, vatPence: 600, marginVatPence: 100 });
  });

  it("counts zero-rated exports by reason, at their whole value", () => {
    expect(report.exports.rows.map((r) => [r.reason, r.orders, r.netPence])).toEqual([
      ["outside_eu", 1, 4500],
      ["over_ioss_limit", 1, 20000],
      ["no_ioss", 0, 0],
    ]);
    expect(report.exports.total.netPence).toBe(24500);
  });

  it("sums IOSS sales by member state and rate, with refunds as an adjustment of the month they were given", () => {
    expect(report.ioss.rows).toHaveLength(1);
    const ireland = report.ioss.rows[0]!;
    expect(ireland).toMatchObject({
      countryCode: "IE",
      countryName: "Ireland",
      rateBasisPoints: 2300,
      orders: 2,
      taxablePence: 5000 + 2500,
      vatPence: 1150 + 575,
      refunds: 1,
      refundedTaxablePence: 2500,
      refundedVatPence: 575,
      dueTaxablePence: 5000,
      dueVatPence: 1150,
    });
  });

  it("keeps a UK refund off the exports and off IOSS", () => {
    const r = vatReport([], [{ order: london, amountPence: 1800 }]);
    expect(r.uk.refunds).toEqual({ count: 1, grossPence: 1800, netPence: 1500, vatPence: 300, marginVatPence: 50 });
    expect(r.uk.due.vatPence).toBe(-300);
    expect(r.ioss.rows).toEqual([]);
    expect(r.exports.total.orders).toBe(0);
  });

  it("writes the IOSS figures as a CSV in pounds, with the rate as a percentage", () => {
    expect(iossCsvRows(report)).toEqual([
      [
        "Member state",
        "Country code",
        "VAT rate %",
        "Orders",
        "Taxable amount £",
        "VAT £",
        "Refunds",
        "Taxable refunded £",
        "VAT refunded £",
        "Taxable amount due £",
        "VAT due £",
      ],
      ["Ireland", "IE", "23", 2, "75.00", "17.25", 1, "25.00", "5.75", "50.00", "11.50"],
    ]);
  });
});
