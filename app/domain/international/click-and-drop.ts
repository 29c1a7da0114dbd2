/**
 * Royal Mail Click & Drop: the ticked parcels as its order-import spreadsheet, and its tracking numbers read back.
 *
 * Column names and formats follow Royal Mail's "Order Import spreadsheet field specifications" (Click & Drop help,
 * help.parcel.royalmail.com, article 360000250093) and "Adding customs information when importing your orders via
 * spreadsheet" (article 360015376694): "Order reference" (max 40), "Date" (dd/mm/yy), "Full name", "Address Line
 * 1–3", "City", "Postcode", "Country" (a country's name or its three-letter ISO code), "Phone", "Email", "Weight"
 * (kg, product and packaging, at most 3 decimals), "Package Size" ("Parcel"; "Small parcel" is for UK orders
 * only), "Sub-total", "Shipping Cost", "Total" (pounds, 2 decimals), "Currency Code", "Service code" (a Royal Mail
 * service code or an alias set up in Click & Drop's settings); per product "Product name", "Quantity", "Unit
 * price", "Unit weight", "Customs description", "Product customs code" (HS code), "Country of origin"; and the
 * "IOSS number". An order of several records is one row a record, sharing the order reference.
 */
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import countries from "i18n-iso-countries";
import { neutraliseCell } from "~/domain/shared/csv";
import { isRoyalMailTrackingNumber, normaliseTrackingNumber } from "~/domain/shipping/royal-mail";
import { CUSTOMS_DESCRIPTION, customsFacts } from "./customs";
import { formatDefaultGrams } from "./parcel-weight";

export const CLICK_AND_DROP_COLUMNS = [
  "Order reference",
  "Date",
  "Full name",
  "Address Line 1",
  "Address Line 2",
  "City",
  "Postcode",
  "Country",
  "Phone",
  "Email",
  "Weight",
  "Package Size",
  "Service code",
  "Sub-total",
  "Shipping Cost",
  "Total",
  "Currency Code",
  "IOSS number",
  "Product name",
  "Quantity",
  "Unit price",
  "Unit weight",
  "Customs description",
  "Product customs code",
  "Country of origin",
] as const;

export interface ClickAndDropLine {
  title: string;
  artist: string;
  quantity: number;
  unitPricePence: number;
  weightGrams: number | null;
  hsCode: string | null;
  originCountry: string | null;
}

export interface ClickAndDropOrder {
  orderNumber: string;
  /** When the order was paid (or made), ISO. */
  date: string;
  name: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  postalCode: string;
  countryCode: string;
  phone: string | null;
  email: string;
  /** The shop's service key (packed with, or else the shopper's choice): set up as an alias in Click & Drop. */
  service: string;
  parcelGrams: number | null;
  itemsPence: number;
  shippingPence: number;
  totalPence: number;
  iossNumber: string | null;
  lines: ClickAndDropLine[];
}

const pounds = (pence: number) => (pence / 100).toFixed(2);
/** Kilograms to the gram, without trailing zeros ("0.71"). */
const kilos = (grams: number) => String(Math.round(grams) / 1000);
/** dd/mm/yy, in London. */
function shortDate(iso: string): string {
  const d = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "2-digit", month: "2-digit", year: "2-digit" });
  return d.format(new Date(iso));
}
/** A phone number keeps digits, spaces and a leading +: nothing a spreadsheet could run, so it is written as is. */
const plainPhone = (phone: string | null) => (phone ?? "").replace(/(?!^\+)[^\d ]/g, "").trim();

function rowsOf(order: ClickAndDropOrder): string[][] {
  const lineGrams = (l: ClickAndDropLine) => l.weightGrams ?? formatDefaultGrams(null);
  const weight = order.parcelGrams ?? order.lines.reduce((sum, l) => sum + lineGrams(l) * l.quantity, 0);
  const parcel = [
    order.orderNumber,
    shortDate(order.date),
    order.name,
    order.addressLine1,
    order.addressLine2 ?? "",
    order.city,
    order.postalCode,
    countries.alpha2ToAlpha3(order.countryCode) ?? order.countryCode,
  ].map(neutraliseCell);
  const rest = [
    order.email,
    kilos(weight),
    order.countryCode === "GB" ? "Small parcel" : "Parcel",
    order.service.toUpperCase(),
    pounds(order.itemsPence),
    pounds(order.shippingPence),
    pounds(order.totalPence),
    "GBP",
    order.iossNumber ?? "",
  ].map(neutraliseCell);
  return order.lines.map((l) => {
    const facts = customsFacts({ hsCode: l.hsCode, originCountry: l.originCountry, label: null }, () => undefined);
    const product = [
      `${l.artist} – ${l.title}`,
      String(l.quantity),
      pounds(l.unitPricePence),
      kilos(lineGrams(l)),
      CUSTOMS_DESCRIPTION,
      facts.hsCode,
      facts.originCountry,
    ].map(neutraliseCell);
    return [...parcel, plainPhone(order.phone), ...rest, ...product];
  });
}

/** The import file: a byte order mark and Windows line ends, as Click & Drop's own template has. */
export function clickAndDropCsv(orders: readonly ClickAndDropOrder[]): string {
  return stringify([[...CLICK_AND_DROP_COLUMNS], ...orders.flatMap(rowsOf)], { bom: true, record_delimiter: "windows" });
}

export interface TrackingRow {
  line: number;
  orderNumber: string;
  trackingNumber: string;
}

export interface TrackingProblem {
  line: number;
  reference: string;
  message: string;
}

const REFERENCE_HEADER = /order ?ref|^reference$|channel ?reference/i;
const TRACKING_HEADER = /tracking/i;

/**
 * Click & Drop's exported orders, pasted back: each row's order reference and tracking number. The columns are
 * found by their header names (Click & Drop's export has many more); a paste of two bare columns is read as
 * reference, tracking number. Every refused row is named by its line.
 */
export function readTrackingCsv(text: string): { rows: TrackingRow[]; problems: TrackingProblem[] } {
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch (error) {
    return { rows: [], problems: [{ line: 1, reference: "", message: `Not a CSV file: ${(error as Error).message}` }] };
  }
  const header = records[0] ?? [];
  const refAt = header.findIndex((cell) => REFERENCE_HEADER.test(cell));
  const trackAt = header.findIndex((cell) => TRACKING_HEADER.test(cell));
  const named = refAt >= 0 && trackAt >= 0;
  const [reference, tracking, first] = named ? [refAt, trackAt, 1] : [0, 1, 0];

  const rows: TrackingRow[] = [];
  const problems: TrackingProblem[] = [];
  const seen = new Set<string>();
  records.slice(first).forEach((record, i) => {
    const line = i + first + 1;
    const ref = (record[reference] ?? "").toUpperCase();
    const number = normaliseTrackingNumber(record[tracking] ?? "");
    const problem = (message: string) => problems.push({ line, reference: ref, message });
    if (!ref) return problem("No order reference");
    if (!number) return problem("No tracking number");
    if (!isRoyalMailTrackingNumber(number)) return problem(`${number} is not a Royal Mail tracking number`);
    if (seen.has(ref)) return problem(`${ref} is on an earlier row already`);
    seen.add(ref);
    rows.push({ line, orderNumber: ref, trackingNumber: number });
  });
  return { rows, problems };
}
