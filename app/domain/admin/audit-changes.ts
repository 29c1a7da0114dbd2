/**
 * A back-office change as people read it: "Shipping cost: £3.89", "Release date: 5 April 2026", "Published: Yes".
 * Every page that shows an audit row's before and after (a record's or an order's history, the stock page, the audit
 * log) and the log's CSV read it through here, so a field reads the same everywhere.
 */
import { formatDateGB, formatDateTimeGB, isIsoDate } from "~/domain/shared/dates";
import { formatPence } from "~/domain/shared/money";

/** How a field's value reads: pence or typed pounds as money, a date or instant in UK words, Yes/No, or as it is. */
export type AuditFieldKind = "money" | "date" | "boolean" | "text";

/** The fields audit rows keep, by the name they are stored under. A field not here reads by its name's words. */
export const AUDIT_FIELDS: Record<string, { label: string; kind: AuditFieldKind }> = {
  // records
  title: { label: "Title", kind: "text" },
  artist: { label: "Artist", kind: "text" },
  genre: { label: "Genre", kind: "text" },
  price: { label: "Price", kind: "money" },
  pricePence: { label: "Price", kind: "money" },
  description: { label: "Description", kind: "text" },
  label: { label: "Label", kind: "text" },
  format: { label: "Format", kind: "text" },
  catalogNumber: { label: "Catalogue number", kind: "text" },
  releaseDate: { label: "Release date", kind: "date" },
  physicalReleaseDate: { label: "Physical release date", kind: "date" },
  year: { label: "Year", kind: "text" },
  condition: { label: "Condition", kind: "text" },
  duration: { label: "Duration (minutes)", kind: "text" },
  rating: { label: "Rating", kind: "text" },
  isNewRelease: { label: "New release", kind: "boolean" },
  bestSeller: { label: "Best seller", kind: "boolean" },
  published: { label: "Published", kind: "boolean" },
  publishAt: { label: "Appears", kind: "date" },
  publishedAt: { label: "Published on", kind: "date" },
  coverUrl: { label: "Cover", kind: "text" },
  audioUrl: { label: "Audio preview", kind: "text" },
  openingStock: { label: "Opening stock", kind: "text" },
  stock: { label: "Stock", kind: "text" },
  stockQuantity: { label: "Stock", kind: "text" },
  lowStockThreshold: { label: "Low stock warning at", kind: "text" },
  // orders
  status: { label: "Status", kind: "text" },
  shippingService: { label: "Shipping service", kind: "text" },
  shippingCostPence: { label: "Shipping cost", kind: "money" },
  trackingNumber: { label: "Tracking number", kind: "text" },
  refundedPence: { label: "Refunded", kind: "money" },
  amountPence: { label: "Amount", kind: "money" },
  reason: { label: "Reason", kind: "text" },
  // staff
  staffRole: { label: "Role", kind: "text" },
  secondFactor: { label: "Second factor", kind: "text" },
  twoFactorForAllStaff: { label: "Second factor for all staff", kind: "boolean" },
  recoveryCodesLeft: { label: "Recovery codes left", kind: "text" },
  active: { label: "Active", kind: "boolean" },
  username: { label: "Username", kind: "text" },
  email: { label: "Email", kind: "text" },
  // marketing
  scheduledAt: { label: "Scheduled for", kind: "date" },
  postedAt: { label: "Posted", kind: "date" },
  recordId: { label: "Record", kind: "text" },
};

/** "lowStockThreshold" → "Low stock threshold"; an amount's "Pence" suffix is dropped ("handlingFeePence" → "Handling fee"). */
function wordsOf(key: string): string {
  const words = key
    .replace(/Pence$/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

const kindOf = (key: string): AuditFieldKind => AUDIT_FIELDS[key]?.kind ?? (/.Pence$/.test(key) ? "money" : "text");

/** A field's name in words. */
export function fieldLabel(key: string): string {
  return AUDIT_FIELDS[key]?.label ?? wordsOf(key);
}

const POUNDS = /^\d+(\.\d{1,2})?$/;
const YES = new Set(["yes", "true", "on", "1"]);
const NO = new Set(["no", "false", "off", "0"]);

function money(value: unknown): string | null {
  if (typeof value === "number" && Number.isInteger(value)) return formatPence(value);
  // A record's price is kept as the pounds typed on its form ("12.99").
  if (typeof value === "string" && POUNDS.test(value)) return `£${Number(value).toFixed(2)}`;
  return null;
}

function date(value: unknown): string | null {
  if (typeof value !== "string") return null;
  if (isIsoDate(value)) return formatDateGB(value);
  return formatDateTimeGB(value) || null;
}

function yesNo(value: unknown): string | null {
  const word = String(value).toLowerCase();
  return YES.has(word) ? "Yes" : NO.has(word) ? "No" : null;
}

/** A field's value in words; a value its kind cannot read is shown as it is rather than hidden. */
export function formatAuditValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  const kind = kindOf(key);
  const read = kind === "money" ? money(value) : kind === "date" ? date(value) : kind === "boolean" ? yesNo(value) : null;
  if (read !== null) return read;
  if (Array.isArray(value)) return value.map(String).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** One side of a change as a short line: "Status: paid, Shipping cost: £3.89"; a dash when there is nothing. */
export function describeChange(snapshot: Record<string, unknown> | null | undefined): string {
  if (!snapshot) return "—";
  const parts = Object.entries(snapshot).map(([key, value]) => `${fieldLabel(key)}: ${formatAuditValue(key, value)}`);
  return parts.length ? parts.join(", ") : "—";
}
