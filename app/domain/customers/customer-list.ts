/**
 * The back office's customer list (/admin/customers): its query (search, sort, page) as the address carries it, the
 * address of a page with it, and the shape of a CSV export row. One schema for the page, its export and the service.
 */
import { planById } from "~/domain/club/plans";
import { londonDateTime } from "~/domain/orders/order-admin";
import { penceToDecimalString } from "~/domain/shared/money";
import { z } from "~/domain/shared/zod";

export const CUSTOMER_SORTS = ["spend", "last-order", "newest", "name"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export const CUSTOMER_SORT_WORDS: Record<CustomerSort, string> = {
  spend: "Highest lifetime spend",
  "last-order": "Most recent order",
  newest: "Newest account",
  name: "Name A–Z",
};
export const CUSTOMER_PAGE_SIZE = 25;
/** An export is for a spreadsheet, not a data dump: at most this many rows. */
export const CUSTOMER_CSV_LIMIT = 10_000;

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** The list's search, sort and page (every field optional). */
export const customerListQuerySchema = z.object({
  q: z.preprocess(blank, z.string().trim().max(100, "Keep the search under 100 characters").optional()),
  sort: z.preprocess(blank, z.enum(CUSTOMER_SORTS, { error: "Choose a sort from the list" }).optional().default("spend")),
  page: z.preprocess(
    blank,
    z.coerce
      .number({ error: "A page is a whole number" })
      .int("A page is a whole number")
      .min(1)
      .max(100_000)
      .optional()
      .default(1),
  ),
});
export type CustomerListQuery = z.output<typeof customerListQuerySchema>;

/** "?q=…&sort=…&page=…" with the defaults left out. */
export function customerListSearch(query: Partial<CustomerListQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.sort && query.sort !== "spend") params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A customer page's address parameter. */
export const customerIdSchema = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });

/** "SW1A1AA" for " sw1a 1aa": postcodes are matched without their spaces and case. */
export const postcodeKey = (text: string) => text.replace(/\s+/g, "").toUpperCase();

/** The name shown for a customer: first and last name when given, else the username. */
export function customerName(c: { firstName: string | null; lastName: string | null; username: string }): string {
  const name = [c.firstName, c.lastName]
    .map((p) => p?.trim() ?? "")
    .filter((p) => p !== "")
    .join(" ");
  return name || c.username;
}

/** "Yes, One LP a month" / "No": a live membership's plan, in the words the club uses. */
export function clubWords(plan: string | null): string {
  if (!plan) return "No";
  return `Yes, ${planById(plan)?.name ?? plan}`;
}

export interface CustomerListRow {
  id: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  zipCode: string | null;
  orderCount: number;
  spendPence: number;
  lastOrderAt: string | null;
  clubPlan: string | null;
  createdAt: string;
}

export const CUSTOMER_CSV_COLUMNS = [
  "Customer id",
  "Name",
  "Email",
  "Postcode",
  "Orders",
  "Lifetime spend (GBP)",
  "Last order (London)",
  "Record club",
  "Account opened (London)",
] as const;

/** One customer as a row of the export, in CUSTOMER_CSV_COLUMNS order; the writer neutralises formula-like text. */
export function customerCsvRow(c: CustomerListRow): string[] {
  return [
    String(c.id),
    customerName(c),
    c.email,
    c.zipCode ?? "",
    String(c.orderCount),
    penceToDecimalString(c.spendPence),
    c.lastOrderAt ? londonDateTime(c.lastOrderAt) : "",
    clubWords(c.clubPlan),
    londonDateTime(c.createdAt),
  ];
}
