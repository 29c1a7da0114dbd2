import { vatIncludedPence } from "~/domain/shared/money";
import type { SchemeSplit } from "~/domain/vat/scheme-split";
import { z } from "~/domain/shared/zod";
import { destinationCsvRows, type DestinationRow } from "./destinations";

/**
 * The business analysis figures' shapes and the rules that read them. Money is integer pence. Revenue is what
 * orders paid in the period (by the day they were paid, in London) took, less what was refunded on them:
 * orders in REVENUE_STATUSES only, so pending, failed, cancelled and wholly refunded orders are not counted.
 */

export interface SalesBucket {
  key: string;
  label: string;
  orders: number;
  /** Paid less refunded, VAT included. */
  revenuePence: number;
  vatPence: number;
  refundedPence: number;
  discountPence: number;
  /**
   * The revenue of UK orders (20% VAT in their prices) and the VAT IOSS orders added, when the bucket knows them
   * (docs/decisions/0081): exports carry no VAT. Without them all revenue is taken as the UK's.
   */
  ukRevenuePence?: number;
  iossVatPence?: number;
}

export interface SalesTotals {
  orders: number;
  revenuePence: number;
  vatPence: number;
  exVatPence: number;
  refundedPence: number;
  discountPence: number;
  averagePence: number;
}

export interface BreakdownRow {
  name: string;
  units: number;
  /** Line prices of the units kept (before order discounts and without postage), VAT included. */
  revenuePence: number;
}

export interface TopSeller {
  recordId: number;
  title: string;
  artist: string;
  units: number;
  revenuePence: number;
}

export interface SellThroughRow {
  genre: string;
  received: number;
  sold: number;
  /** sold ÷ received as a whole percentage, or null when nothing was received. */
  percent: number | null;
}

export interface DeadStockRow {
  recordId: number;
  title: string;
  artist: string;
  stock: number;
  pricePence: number;
  tiedUpPence: number;
}

export interface PreOrderRow {
  recordId: number;
  title: string;
  artist: string;
  releaseDate: string;
  ordered: number;
  expected: number;
  /** Units ordered beyond the expected stock. */
  shortfall: number;
}

export interface CustomersBucket {
  key: string;
  label: string;
  /** Orders that were the customer's first paid order (a customer is an e-mail address). */
  newOrders: number;
  returningOrders: number;
}

/** Returns asked for in the period, by reason: how many, how many records; and the money they gave back. */
export interface ReturnsFigures {
  byReason: { reason: string; label: string; returns: number; units: number }[];
  /** Returns paid back in the period (to the card or as store credit) and what they gave. */
  refunded: number;
  refundedPence: number;
}

export interface DiscountRow {
  code: string;
  percentOff: number | null;
  orders: number;
  discountPence: number;
  revenuePence: number;
}

/** Change from the previous period as a whole percentage; null when the previous figure was nought. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 100);
}

/** "+12%", "−5%", "0%", or "new" when there is nothing to compare with. */
export function formatChange(change: number | null): string {
  if (change === null) return "new";
  if (change > 0) return `+${change}%`;
  if (change < 0) return `−${Math.abs(change)}%`;
  return "0%";
}

/** Units sold ÷ units received as a whole percentage (null when nothing came in). */
export function sellThroughPercent(sold: number, received: number): number | null {
  if (received <= 0) return null;
  return Math.round((sold / received) * 100);
}

/** The period's totals from its buckets: VAT of the net revenue (prices contain 20%), average order value. */
export function salesTotals(buckets: readonly SalesBucket[]): SalesTotals {
  const sum = (pick: (b: SalesBucket) => number) => buckets.reduce((n, b) => n + pick(b), 0);
  const orders = sum((b) => b.orders);
  const revenuePence = sum((b) => b.revenuePence);
  // UK VAT worked out once on the period's UK revenue, as a VAT return rounds; IOSS VAT as each order added it.
  const vatPence = vatIncludedPence(sum((b) => b.ukRevenuePence ?? b.revenuePence)) + sum((b) => b.iossVatPence ?? 0);
  return {
    orders,
    revenuePence,
    vatPence,
    exVatPence: revenuePence - vatPence,
    refundedPence: sum((b) => b.refundedPence),
    discountPence: sum((b) => b.discountPence),
    averagePence: orders > 0 ? Math.round(revenuePence / orders) : 0,
  };
}

/** The largest rows by revenue, the rest folded into one "Other" row so a chart stays readable. */
export function topWithOther(rows: readonly BreakdownRow[], keep = 10): BreakdownRow[] {
  const sorted = [...rows].sort((a, b) => b.revenuePence - a.revenuePence || a.name.localeCompare(b.name));
  if (sorted.length <= keep + 1) return sorted;
  const rest = sorted.slice(keep);
  return [
    ...sorted.slice(0, keep),
    {
      name: `Other (${rest.length})`,
      units: rest.reduce((n, r) => n + r.units, 0),
      revenuePence: rest.reduce((n, r) => n + r.revenuePence, 0),
    },
  ];
}

export const ANALYSIS_FIGURES = [
  "sales",
  "genre",
  "label",
  "format",
  "top-sellers",
  "sell-through",
  "dead-stock",
  "pre-orders",
  "customers",
  "discounts",
  "vouchers",
  "returns",
  "countries",
  "zones",
] as const;
export type AnalysisFigure = (typeof ANALYSIS_FIGURES)[number];
export const figureSchema = z.enum(ANALYSIS_FIGURES, { error: "No such figure." });

/** Pence as pounds with two decimals and no sign, so a spreadsheet reads the column as numbers. */
const pounds = (pence: number) => (pence / 100).toFixed(2);

/**
 * Gift vouchers and store credit: the balances still to be spent at the period's end (or today, when the period runs
 * on past it), which the shop owes its voucher holders (a liability), and what was issued and spent in the period.
 */
export interface VoucherLiability {
  asOf: string;
  outstandingCount: number;
  outstandingPence: number;
  issuedPence: number;
  spentPence: number;
}

export interface AnalysisData {
  sales: { current: SalesBucket[]; previous: SalesBucket[] };
  /** Standard-rated and margin-scheme sales apart (app/domain/vat/scheme-split.ts). */
  vatSchemes?: SchemeSplit;
  genre: BreakdownRow[];
  label: BreakdownRow[];
  format: BreakdownRow[];
  topSellers: TopSeller[];
  sellThrough: SellThroughRow[];
  deadStock: { rows: DeadStockRow[] };
  preOrders: PreOrderRow[];
  customers: CustomersBucket[];
  discounts: DiscountRow[];
  vouchers: VoucherLiability;
  returns: ReturnsFigures;
  /** Paid orders by destination country and by shipping zone (./destinations.ts). */
  countries?: DestinationRow[];
  zones?: DestinationRow[];
}

/** One figure as CSV rows: a header row, then one row per bucket or item. */
export function figureCsvRows(figure: AnalysisFigure, data: Partial<AnalysisData>): (string | number)[][] {
  switch (figure) {
    case "sales": {
      const previous = data.sales?.previous ?? [];
      return [
        [
          "Period starting",
          "Orders",
          "Revenue £",
          "VAT £",
          "Revenue ex VAT £",
          "Refunded £",
          "Discounts £",
          "Average order £",
          "Previous period revenue £",
        ],
        ...(data.sales?.current ?? []).map((b, i) => {
          const vat = vatIncludedPence(b.revenuePence);
          return [
            b.key,
            b.orders,
            pounds(b.revenuePence),
            pounds(vat),
            pounds(b.revenuePence - vat),
            pounds(b.refundedPence),
            pounds(b.discountPence),
            pounds(b.orders > 0 ? Math.round(b.revenuePence / b.orders) : 0),
            previous[i] ? pounds(previous[i].revenuePence) : "",
          ];
        }),
      ];
    }
    case "genre":
    case "label":
    case "format":
      return [
        [figure[0]!.toUpperCase() + figure.slice(1), "Units", "Revenue £"],
        ...(data[figure] ?? []).map((r) => [r.name, r.units, pounds(r.revenuePence)]),
      ];
    case "top-sellers":
      return [
        ["Record ID", "Title", "Artist", "Units", "Revenue £"],
        ...(data.topSellers ?? []).map((r) => [r.recordId, r.title, r.artist, r.units, pounds(r.revenuePence)]),
      ];
    case "sell-through":
      return [
        ["Genre", "Received", "Sold", "Sell-through %"],
        ...(data.sellThrough ?? []).map((r) => [r.genre, r.received, r.sold, r.percent ?? ""]),
      ];
    case "dead-stock":
      return [
        ["Record ID", "Title", "Artist", "Stock", "Price £", "Tied up £"],
        ...(data.deadStock?.rows ?? []).map((r) => [
          r.recordId,
          r.title,
          r.artist,
          r.stock,
          pounds(r.pricePence),
          pounds(r.tiedUpPence),
        ]),
      ];
    case "pre-orders":
      return [
        ["Record ID", "Title", "Artist", "Release date", "Pre-ordered", "Expected stock", "Short by"],
        ...(data.preOrders ?? []).map((r) => [r.recordId, r.title, r.artist, r.releaseDate, r.ordered, r.expected, r.shortfall]),
      ];
    case "customers":
      return [
        ["Period starting", "Orders from new customers", "Orders from returning customers"],
        ...(data.customers ?? []).map((b) => [b.key, b.newOrders, b.returningOrders]),
      ];
    case "discounts":
      return [
        ["Code", "Percent off", "Orders", "Discount given £", "Revenue of those orders £"],
        ...(data.discounts ?? []).map((r) => [
          r.code,
          r.percentOff ?? "",
          r.orders,
          pounds(r.discountPence),
          pounds(r.revenuePence),
        ]),
      ];
    case "vouchers": {
      const v = data.vouchers;
      return [
        ["As of", "Vouchers outstanding", "Outstanding £", "Issued in period £", "Spent in period £"],
        ...(v ? [[v.asOf, v.outstandingCount, pounds(v.outstandingPence), pounds(v.issuedPence), pounds(v.spentPence)]] : []),
      ];
    }
    case "countries":
      return destinationCsvRows("Country", data.countries ?? []);
    case "zones":
      return destinationCsvRows("Zone", data.zones ?? []);
    case "returns":
      return [
        ["Reason", "Returns", "Records"],
        ...(data.returns?.byReason ?? []).map((r) => [r.label, r.returns, r.units]),
        ["Refunded in the period", data.returns?.refunded ?? 0, ""],
        ["Refunded £", pounds(data.returns?.refundedPence ?? 0), ""],
      ];
  }
}

/** Whole pounds for chart axes and bar values: "£1,234" (pence rounded). */
export function formatWholePounds(pence: number): string {
  const pounds = Math.round(pence / 100);
  const text = Math.abs(pounds)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return pounds < 0 ? `-£${text}` : `£${text}`;
}
