import { describe, expect, it } from "vitest";
import { rowsForQuarter, stockBookCsvRows, summariseQuarter, summaryCsvRows, type StockBookRow } from "./stock-book";
import { parseQuarter, previousQuarter, quarterOf } from "./vat-quarter";

const q4 = parseQuarter("2026-Q4")!;

const row = (stockNumber: number, over: Partial<StockBookRow> = {}): StockBookRow => ({
  stockNumber,
  catalogueId: `BN-1577-used-${stockNumber}`,
  description: "John Coltrane – Blue Train (VG+/VG)",
  boughtOn: "2026-10-05",
  seller: "Pat Seller",
  purchasePricePence: 400,
  purchaseReference: "PU-AAAA2222",
  sale: null,
  ...over,
});
const sale = (sellingPence: number, purchasePricePence: number, over: Partial<NonNullable<StockBookRow["sale"]>> = {}) => ({
  soldOn: "2026-11-20",
  orderNumber: "ND-BBBB3333",
  buyer: "Sam Buyer",
  sellingPence,
  vatPence: null,
  purchasePricePence,
  refunded: false,
  ...over,
});

describe("VAT quarters", () => {
  it("are calendar quarters", () => {
    expect(quarterOf("2026-11-22")).toMatchObject({ key: "2026-Q4", from: "2026-10-01", to: "2026-12-31" });
    expect(previousQuarter(parseQuarter("2027-Q1")!).key).toBe("2026-Q4");
    expect(parseQuarter("2026-Q5")).toBeNull();
  });
});

describe("the quarter's margin-scheme summary", () => {
  const rows = [
    row(1, { sale: sale(1000, 400) }), // bought £4 sold £10: margin £6, VAT £1.00
    row(2, { purchasePricePence: 1200, sale: sale(1000, 1200) }), // bought £12 sold £10: a £2 loss, no VAT
    row(3, { purchasePricePence: 250 }), // on the shelf
    row(4, { boughtOn: "2026-07-01", sale: sale(900, 300, { soldOn: "2026-09-30" }) }), // last quarter
    row(5, { sale: sale(2000, 400, { refunded: true }) }), // refunded: no sale
  ];

  it("adds up sales, costs, margins and VAT copy by copy, with losses apart and never netted", () => {
    expect(summariseQuarter(rows, q4)).toMatchObject({
      sold: 2,
      salesPence: 2000,
      costOfSalesPence: 1600,
      marginsPence: 600,
      lossesPence: 200,
      vatDuePence: 100,
      bought: 4,
      purchasesPence: 400 + 1200 + 250 + 400,
    });
  });

  it("takes the VAT charged at sale when it was kept", () => {
    const kept = [row(1, { sale: sale(1000, 400, { vatPence: 100 }) })];
    expect(summariseQuarter(kept, q4).vatDuePence).toBe(100);
  });

  it("lists the quarter's copies in stock-number order: bought or sold in it, or still on the shelf", () => {
    expect(rowsForQuarter([...rows].reverse(), q4).map((r) => r.stockNumber)).toEqual([1, 2, 3, 5]);
    expect(rowsForQuarter(rows, previousQuarter(q4)).map((r) => r.stockNumber)).toEqual([4]);
  });

  it("writes the stock book and the summary as CSV, in pounds", () => {
    const csv = stockBookCsvRows([rows[0]!, rows[1]!]);
    expect(csv[1]).toEqual([
      1,
      "BN-1577-used-1",
      "John Coltrane – Blue Train (VG+/VG)",
      "2026-10-05",
      "Pat Seller",
      "4.00",
      "PU-AAAA2222",
      "2026-11-20",
      "ND-BBBB3333",
      "Sam Buyer",
      "10.00",
      "6.00",
      "1.00",
      "",
    ]);
    expect(csv[2]!.slice(10)).toEqual(["10.00", "-2.00", "0.00", "Sold at a loss: no VAT"]);
    expect(summaryCsvRows(summariseQuarter(rows, q4))).toContainEqual(["VAT due on margins £", "1.00"]);
  });
});
