import { describe, expect, it } from "vitest";
import { INVOICE_NEEDED, NO_COPIES, purchaseRowCount, stockPurchaseSchema } from "./stock-purchase-schema";

const base = { sellerName: "Pat Seller", sellerAddress: "1 High St, Leeds LS1 1AA", boughtAt: "2026-11-20", vatScheme: "margin" };
const row = { pressing: "BN-1577", mediaGrade: "VG+", sleeveGrade: "VG", purchasePrice: "4.00", price: "10" };

describe("stockPurchaseSchema", () => {
  it("reads pounds to pence and drops wholly blank rows", () => {
    const blank = { pressing: "", mediaGrade: "", sleeveGrade: "", purchasePrice: "", price: "" };
    const v = stockPurchaseSchema.parse({ ...base, rows: [row, blank, {}] });
    expect(v.rows).toEqual([
      { pressing: "BN-1577", mediaGrade: "VG+", sleeveGrade: "VG", purchasePrice: 400, price: 1000, formRow: 0 },
    ]);
  });

  it("needs at least one copy, and a price paid on each (£0 allowed)", () => {
    expect(stockPurchaseSchema.safeParse({ ...base, rows: [] }).error?.issues[0]?.message).toBe(NO_COPIES);
    // The message names the row where it was typed, blank rows before it counted.
    const noPrice = stockPurchaseSchema.safeParse({ ...base, rows: [{}, { ...row, purchasePrice: "" }] });
    expect(noPrice.error?.issues[0]?.path).toEqual(["rows", 1, "purchasePrice"]);
    expect(stockPurchaseSchema.parse({ ...base, rows: [{ ...row, purchasePrice: "0" }] }).rows[0]!.purchasePrice).toBe(0);
  });

  it("a standard-rated purchase needs the dealer's VAT invoice number", () => {
    const r = stockPurchaseSchema.safeParse({ ...base, vatScheme: "standard", rows: [row] });
    expect(r.error?.issues.map((i) => [i.path, i.message])).toEqual([[["invoiceReference"], INVOICE_NEEDED]]);
  });

  it("offers rows in steps of eight up to the limit", () => {
    expect([purchaseRowCount(null), purchaseRowCount("9"), purchaseRowCount("16"), purchaseRowCount("99999")]).toEqual([
      8, 16, 16, 200,
    ]);
  });
});
