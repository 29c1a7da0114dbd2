/**
 * The monthly VAT report (/admin/vat-report): UK VAT on the UK's sales, the zero-rated exports by why no VAT was
 * charged, and the VAT collected under the Import One-Stop Shop by EU member state and rate. Pure, browser-safe.
 *
 * Refunds are an adjustment of the month the money went back, never a change to the month of the sale. The IOSS
 * return is monthly, per member state of consumption, with the taxable amount and the VAT at each rate (VAT
 * Directive 2006/112/EC art. 369t(1)); a refund reduces the taxable amount once it is paid back (art. 90), and a
 * change to a return already made goes into a later return rather than reopening it (art. 369t(2) as amended by
 * Council Directive 2017/2455; European Commission, "Explanatory notes on VAT e-commerce rules", September 2020,
 * on IOSS returns and their corrections). A UK credit is likewise accounted for in the period it is given (HMRC VAT
 * Notice 700, "Changes to the consideration"). So a month's figures stay what was filed, and each table shows the
 * sales, the refunds given in the month and what is due after them.
 */
import { londonDayStart } from "~/domain/admin/periods";
import { addDays } from "~/domain/shared/dates";
import { countryName } from "./countries";
import type { ExportReason } from "./destination-vat";

/** A paid order as the report reads it: its total and the VAT that total contains. */
export interface VatReportSale {
  countryCode: string;
  vatTreatment: "uk" | "export" | "ioss";
  /** GB, or the member state whose VAT an IOSS order carried. */
  vatCountry: string;
  vatRateBasisPoints: number;
  /** Why an EU order was an export; null outside the EU. */
  exportReason: string | null;
  totalPence: number;
  vatPence: number;
  /** The part of `vatPence` on margin-scheme (used) copies. */
  marginVatPence: number;
}

/** Money given back on an order in the month. */
export interface VatReportRefund {
  order: VatReportSale;
  amountPence: number;
}

export interface VatMonth {
  key: string;
  label: string;
  from: string;
  to: string;
  startUtc: string;
  endUtc: string;
}

const MONTH_KEY = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** "2026-11" → November 2026 with its London boundaries as UTC instants; null for anything else. */
export function parseVatMonth(key: string | null | undefined): VatMonth | null {
  const m = MONTH_KEY.exec(key ?? "");
  if (!m) return null;
  const year = Number(m[1]);
  if (year < 2000 || year > 2100) return null;
  const from = `${m[1]}-${m[2]}-01`;
  const next = new Date(Date.UTC(year, Number(m[2]), 1)).toISOString().slice(0, 10);
  const label = new Date(`${from}T12:00:00Z`).toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
  return {
    key: `${m[1]}-${m[2]}`,
    label,
    from,
    to: addDays(next, -1),
    startUtc: londonDayStart(from),
    endUtc: londonDayStart(next),
  };
}

/** The month a day (YYYY-MM-DD) falls in. */
export function monthOf(isoDate: string): VatMonth {
  return parseVatMonth(isoDate.slice(0, 7))!;
}

/** The month before or after. */
export function shiftMonth(month: VatMonth, by: -1 | 1): VatMonth | null {
  const d = new Date(`${month.from}T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + by);
  return parseVatMonth(d.toISOString().slice(0, 7));
}

export const EXPORT_REASONS: readonly ExportReason[] = ["outside_eu", "over_ioss_limit", "no_ioss"];
export const EXPORT_REASON_LABELS: Record<ExportReason, string> = {
  outside_eu: "Outside the EU",
  over_ioss_limit: "EU, over €150",
  no_ioss: "EU, without IOSS",
};

/** Why an export was zero-rated: the stored reason of an EU order, "outside_eu" for everywhere else. */
export function exportReasonOf(sale: Pick<VatReportSale, "exportReason">): ExportReason {
  return EXPORT_REASONS.includes(sale.exportReason as ExportReason) ? (sale.exportReason as ExportReason) : "outside_eu";
}

/** A share of `part` in proportion `amount / whole`, to the nearest penny (a half penny up). */
const share = (part: number, amount: number, whole: number) =>
  whole <= 0 ? 0 : Math.floor((2 * part * amount + whole) / (2 * whole));

/** The VAT (and its margin-scheme part) in a refund: the order's VAT in proportion to the money given back. */
function refundVat(refund: VatReportRefund) {
  const { order, amountPence } = refund;
  const amount = Math.min(amountPence, order.totalPence);
  return {
    vatPence: share(order.vatPence, amount, order.totalPence),
    marginVatPence: share(order.marginVatPence, amount, order.totalPence),
  };
}

export interface UkVatFigures {
  orders: number;
  grossPence: number;
  netPence: number;
  vatPence: number;
  marginVatPence: number;
}
export interface ExportRow {
  reason: ExportReason;
  label: string;
  orders: number;
  netPence: number;
  refunds: number;
  refundedPence: number;
  dueNetPence: number;
}
export interface IossRow {
  countryCode: string;
  countryName: string;
  rateBasisPoints: number;
  orders: number;
  taxablePence: number;
  vatPence: number;
  refunds: number;
  refundedTaxablePence: number;
  refundedVatPence: number;
  dueTaxablePence: number;
  dueVatPence: number;
}

export interface VatReport {
  uk: {
    sales: UkVatFigures;
    refunds: Omit<UkVatFigures, "orders"> & { count: number };
    due: { netPence: number; vatPence: number; marginVatPence: number };
  };
  exports: { rows: ExportRow[]; total: Omit<ExportRow, "reason" | "label"> };
  ioss: { rows: IossRow[]; total: Omit<IossRow, "countryCode" | "countryName" | "rateBasisPoints"> };
}

/** The month's figures from its paid sales and the refunds given in it. */
export function vatReport(sales: readonly VatReportSale[], refunds: readonly VatReportRefund[]): VatReport {
  const ukSales = sales.filter((s) => s.vatTreatment === "uk");
  const ukRefunds = refunds.filter((r) => r.order.vatTreatment === "uk").map((r) => ({ amount: r.amountPence, ...refundVat(r) }));
  const sum = <T>(xs: readonly T[], pick: (x: T) => number) => xs.reduce((n, x) => n + pick(x), 0);
  const ukSold: UkVatFigures = {
    orders: ukSales.length,
    grossPence: sum(ukSales, (s) => s.totalPence),
    netPence: sum(ukSales, (s) => s.totalPence - s.vatPence),
    vatPence: sum(ukSales, (s) => s.vatPence),
    marginVatPence: sum(ukSales, (s) => s.marginVatPence),
  };
  const ukBack = {
    count: ukRefunds.length,
    grossPence: sum(ukRefunds, (r) => r.amount),
    netPence: sum(ukRefunds, (r) => r.amount - r.vatPence),
    vatPence: sum(ukRefunds, (r) => r.vatPence),
    marginVatPence: sum(ukRefunds, (r) => r.marginVatPence),
  };

  const exportRows = EXPORT_REASONS.map((reason): ExportRow => {
    const sold = sales.filter((s) => s.vatTreatment === "export" && exportReasonOf(s) === reason);
    const back = refunds.filter((r) => r.order.vatTreatment === "export" && exportReasonOf(r.order) === reason);
    const netPence = sum(sold, (s) => s.totalPence);
    const refundedPence = sum(back, (r) => r.amountPence);
    return {
      reason,
      label: EXPORT_REASON_LABELS[reason],
      orders: sold.length,
      netPence,
      refunds: back.length,
      refundedPence,
      dueNetPence: netPence - refundedPence,
    };
  });

  const iossRows = new Map<string, IossRow>();
  const iossRow = (s: VatReportSale) => {
    const key = `${s.vatCountry}:${s.vatRateBasisPoints}`;
    let row = iossRows.get(key);
    if (!row) {
      row = {
        countryCode: s.vatCountry,
        countryName: countryName(s.vatCountry),
        rateBasisPoints: s.vatRateBasisPoints,
        ...{
          orders: 0,
          taxablePence: 0,
          vatPence: 0,
          refunds: 0,
          refundedTaxablePence: 0,
          refundedVatPence: 0,
          dueTaxablePence: 0,
          dueVatPence: 0,
        },
      };
      iossRows.set(key, row);
    }
    return row;
  };
  for (const s of sales.filter((x) => x.vatTreatment === "ioss")) {
    const row = iossRow(s);
    row.orders += 1;
    row.taxablePence += s.totalPence - s.vatPence;
    row.vatPence += s.vatPence;
  }
  for (const r of refunds.filter((x) => x.order.vatTreatment === "ioss")) {
    const row = iossRow(r.order);
    const { vatPence } = refundVat(r);
    row.refunds += 1;
    row.refundedTaxablePence += r.amountPence - vatPence;
    row.refundedVatPence += vatPence;
  }
  const ioss = [...iossRows.values()]
    .map((r) => ({
      ...r,
      dueTaxablePence: r.taxablePence - r.refundedTaxablePence,
      dueVatPence: r.vatPence - r.refundedVatPence,
    }))
    .sort((a, b) => a.countryName.localeCompare(b.countryName, "en-GB") || a.rateBasisPoints - b.rateBasisPoints);

  const totalOf = <R extends object, K extends keyof R>(rows: readonly R[], keys: readonly K[]) =>
    Object.fromEntries(keys.map((k) => [k, sum(rows, (r) => r[k] as number)])) as Record<K, number>;
  return {
    uk: {
      sales: ukSold,
      refunds: ukBack,
      due: {
        netPence: ukSold.netPence - ukBack.netPence,
        vatPence: ukSold.vatPence - ukBack.vatPence,
        marginVatPence: ukSold.marginVatPence - ukBack.marginVatPence,
      },
    },
    exports: { rows: exportRows, total: totalOf(exportRows, ["orders", "netPence", "refunds", "refundedPence", "dueNetPence"]) },
    ioss: {
      rows: ioss,
      total: totalOf(ioss, [
        "orders",
        "taxablePence",
        "vatPence",
        "refunds",
        "refundedTaxablePence",
        "refundedVatPence",
        "dueTaxablePence",
        "dueVatPence",
      ]),
    },
  };
}

/** Pence as pounds with two decimals, so a spreadsheet reads the column as numbers. */
const pounds = (pence: number) => (pence / 100).toFixed(2);
const percent = (basisPoints: number) => String(basisPoints / 100);

export type VatReportTable = "uk" | "exports" | "ioss";

/** The IOSS table as CSV rows: what the month's IOSS return needs, per member state and rate. */
export function iossCsvRows(report: VatReport): (string | number)[][] {
  return [
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
    ...report.ioss.rows.map((r) => [
      r.countryName,
      r.countryCode,
      percent(r.rateBasisPoints),
      r.orders,
      pounds(r.taxablePence),
      pounds(r.vatPence),
      r.refunds,
      pounds(r.refundedTaxablePence),
      pounds(r.refundedVatPence),
      pounds(r.dueTaxablePence),
      pounds(r.dueVatPence),
    ]),
  ];
}

/** The zero-rated exports as CSV rows, by reason. */
export function exportsCsvRows(report: VatReport): (string | number)[][] {
  return [
    ["Reason", "Orders", "Value £", "Refunds", "Refunded £", "Value after refunds £"],
    ...report.exports.rows.map((r) => [
      r.label,
      r.orders,
      pounds(r.netPence),
      r.refunds,
      pounds(r.refundedPence),
      pounds(r.dueNetPence),
    ]),
  ];
}

/** UK VAT as CSV rows: sales, refunds and what is due, the margin scheme's part apart. */
export function ukCsvRows(report: VatReport): (string | number)[][] {
  const { sales, refunds, due } = report.uk;
  return [
    ["Line", "Count", "Gross £", "Net £", "VAT £", "Of which margin scheme VAT £", "Standard-rated VAT £"],
    [
      "Sales",
      sales.orders,
      pounds(sales.grossPence),
      pounds(sales.netPence),
      pounds(sales.vatPence),
      pounds(sales.marginVatPence),
      pounds(sales.vatPence - sales.marginVatPence),
    ],
    [
      "Refunds",
      refunds.count,
      pounds(-refunds.grossPence),
      pounds(-refunds.netPence),
      pounds(-refunds.vatPence),
      pounds(-refunds.marginVatPence),
      pounds(-(refunds.vatPence - refunds.marginVatPence)),
    ],
    [
      "Due",
      "",
      pounds(sales.grossPence - refunds.grossPence),
      pounds(due.netPence),
      pounds(due.vatPence),
      pounds(due.marginVatPence),
      pounds(due.vatPence - due.marginVatPence),
    ],
  ];
}

export const VAT_REPORT_CSV: Record<VatReportTable, (report: VatReport) => (string | number)[][]> = {
  uk: ukCsvRows,
  exports: exportsCsvRows,
  ioss: iossCsvRows,
};
