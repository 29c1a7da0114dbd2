/**
 * The margin scheme's stock book and its quarterly summary, from the copies and their sales (VAT Notice 718,
 * record keeping: a stock book, or a similar record, with for each item its stock number, description, purchase date,
 * seller, purchase price and purchase reference, and on sale the date, the sales invoice (order) number, the buyer,
 * the selling price, the margin and the VAT due). Pure; the stock book service reads the rows.
 */
import { penceToDecimalString } from "~/domain/shared/money";
import type { CsvCell } from "~/domain/shared/csv";
import { marginOf, marginVatPence } from "./margin-vat";
import { inQuarter, type VatQuarter } from "./vat-quarter";

export interface StockBookSale {
  /** YYYY-MM-DD, the day it was paid for (London). */
  soldOn: string;
  orderNumber: string;
  buyer: string;
  /** What the buyer paid for the copy, after its share of any discount. */
  sellingPence: number;
  /** The VAT charged at sale (kept on the order line); null for a sale from before it was kept. */
  vatPence: number | null;
  /** The purchase price the sale was worked on (kept on the order line). */
  purchasePricePence: number | null;
  /** Given back in full: the sale is undone and owes no VAT. */
  refunded: boolean;
}

export interface StockBookRow {
  /** The copy's own number in the shop (its record id), in numerical sequence. */
  stockNumber: number;
  catalogueId: string;
  description: string;
  boughtOn: string | null;
  seller: string | null;
  purchasePricePence: number | null;
  /** The purchase record's reference (the shop's own purchase invoice), when bought in one. */
  purchaseReference: string | null;
  sale: StockBookSale | null;
}

/** A sale's margin and VAT: the VAT charged at sale, else worked out again; nothing for a refunded sale. */
export function saleFigures(row: StockBookRow): { marginPence: number; vatPence: number } | null {
  const sale = row.sale;
  if (!sale) return null;
  const cost = sale.purchasePricePence ?? row.purchasePricePence ?? 0;
  if (sale.refunded) return { marginPence: 0, vatPence: 0 };
  const marginPence = marginOf(sale.sellingPence, cost);
  return { marginPence, vatPence: sale.vatPence ?? marginVatPence(sale.sellingPence, cost) };
}

/** The rows a quarter's stock book shows: copies bought in it, sold in it, or still on the shelf bought before. */
export function rowsForQuarter(rows: readonly StockBookRow[], q: VatQuarter): StockBookRow[] {
  return rows
    .filter(
      (r) =>
        inQuarter(r.boughtOn, q) ||
        inQuarter(r.sale?.soldOn ?? null, q) ||
        (!r.sale && (r.boughtOn === null || r.boughtOn <= q.to)),
    )
    .sort((a, b) => a.stockNumber - b.stockNumber);
}

export interface MarginSummary {
  quarter: VatQuarter;
  /** Copies sold in the quarter (refunded ones left out). */
  sold: number;
  salesPence: number;
  /** What the copies sold had cost. */
  costOfSalesPence: number;
  /** The positive margins, copy by copy. */
  marginsPence: number;
  /** The losses, copy by copy, shown apart: never set against the margins (Notice 718, on working out the margin). */
  lossesPence: number;
  vatDuePence: number;
  /** Margin-scheme copies bought in the quarter, and what they cost (the VAT return's purchases). */
  bought: number;
  purchasesPence: number;
}

export function summariseQuarter(rows: readonly StockBookRow[], q: VatQuarter): MarginSummary {
  const out: MarginSummary = {
    quarter: q,
    sold: 0,
    salesPence: 0,
    costOfSalesPence: 0,
    marginsPence: 0,
    lossesPence: 0,
    vatDuePence: 0,
    bought: 0,
    purchasesPence: 0,
  };
  for (const row of rows) {
    if (inQuarter(row.boughtOn, q)) {
      out.bought += 1;
      out.purchasesPence += row.purchasePricePence ?? 0;
    }
    const sale = row.sale;
    const figures = saleFigures(row);
    if (!sale || !figures || sale.refunded || !inQuarter(sale.soldOn, q)) continue;
    out.sold += 1;
    out.salesPence += sale.sellingPence;
    out.costOfSalesPence += sale.purchasePricePence ?? row.purchasePricePence ?? 0;
    if (figures.marginPence > 0) out.marginsPence += figures.marginPence;
    else out.lossesPence += -figures.marginPence;
    out.vatDuePence += figures.vatPence;
  }
  return out;
}

const pounds = (pence: number | null | undefined) => (pence === null || pence === undefined ? "" : penceToDecimalString(pence));

export const STOCK_BOOK_HEADER = [
  "Stock number",
  "Catalogue id",
  "Description",
  "Purchase date",
  "Seller",
  "Purchase price £",
  "Purchase reference",
  "Sale date",
  "Order number",
  "Buyer",
  "Selling price £",
  "Margin £",
  "VAT due £",
  "Note",
] as const;

/** The stock book as CSV rows, header first. */
export function stockBookCsvRows(rows: readonly StockBookRow[]): CsvCell[][] {
  return [
    [...STOCK_BOOK_HEADER],
    ...rows.map((r) => {
      const f = saleFigures(r);
      return [
        r.stockNumber,
        r.catalogueId,
        r.description,
        r.boughtOn,
        r.seller,
        pounds(r.purchasePricePence),
        r.purchaseReference,
        r.sale?.soldOn,
        r.sale?.orderNumber,
        r.sale?.buyer,
        pounds(r.sale?.sellingPence),
        pounds(f?.marginPence),
        pounds(f?.vatPence),
        r.sale?.refunded ? "Refunded" : f && f.marginPence < 0 ? "Sold at a loss: no VAT" : "",
      ];
    }),
  ];
}

/** The quarter's summary as CSV rows. */
export function summaryCsvRows(s: MarginSummary): CsvCell[][] {
  return [
    ["VAT quarter", s.quarter.key],
    ["From", s.quarter.from],
    ["To", s.quarter.to],
    ["Copies sold", s.sold],
    ["Sales £", pounds(s.salesPence)],
    ["Cost of copies sold £", pounds(s.costOfSalesPence)],
    ["Margins £", pounds(s.marginsPence)],
    ["Losses (not set against margins) £", pounds(s.lossesPence)],
    ["VAT due on margins £", pounds(s.vatDuePence)],
    ["Copies bought", s.bought],
    ["Purchases £", pounds(s.purchasesPence)],
  ];
}
