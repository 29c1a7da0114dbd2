/**
 * The audit log page and its CSV: the filters as the address carries them (one schema for both), where a logged
 * thing is shown in the back office, and a row of the export.
 */
import { describeSnapshot } from "~/domain/admin/audit";
import { londonDateTime } from "~/domain/orders/order-admin";
import { isIsoDate } from "~/domain/shared/dates";
import { z } from "~/domain/shared/zod";

/** Rows on a page of the log. */
export const AUDIT_PAGE_SIZE = 50;
/** Pages the log goes back through one filter (50,000 rows); past that, narrow the filters. */
export const AUDIT_MAX_PAGE = 1000;
/** An export is for a spreadsheet: at most this many rows, newest first. */
export const AUDIT_CSV_LIMIT = 10_000;

/** An empty field of a GET form means "not set". */
const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const text = (max: number, message: string) => z.preprocess(blank, z.string().trim().max(max, message).optional());
const isoDay = z.preprocess(blank, z.string().trim().refine(isIsoDate, "Enter a date as day, month and year").optional());

/**
 * The log's filters: who (an account id from the list, or a name as written for an account since removed), the
 * area, the thing changed (its type and id, or both at once as `thing=order:ND-1001`), a London date range and the
 * page. Every field is optional; the newest changes come first.
 */
export const auditLogQuerySchema = z
  .object({
    who: text(100, "Keep the person under 100 characters"),
    area: z.preprocess(
      blank,
      z
        .string()
        .trim()
        .regex(/^[a-z][a-z-]{0,39}$/, "Choose an area from the list")
        .optional(),
    ),
    type: text(40, "Keep the kind of thing under 40 characters"),
    id: text(100, "Keep the id under 100 characters"),
    thing: z.preprocess(
      blank,
      z
        .string()
        .trim()
        .max(141, "Keep the thing under 140 characters")
        .regex(/^[^:]+:.+$/, "Give the thing as kind:id, such as order:ND-1001")
        .optional(),
    ),
    from: isoDay,
    to: isoDay,
    page: z.preprocess(
      blank,
      z.coerce
        .number({ error: "The page must be a whole number" })
        .int("The page must be a whole number")
        .min(1, "The page must be 1 or more")
        .max(AUDIT_MAX_PAGE, `The log goes back ${AUDIT_MAX_PAGE} pages: narrow the filters to see older changes`)
        .optional()
        .default(1),
    ),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "The start date is after the end date", path: ["to"] })
  .transform(({ thing, ...q }) => {
    if (!thing) return q;
    const colon = thing.indexOf(":");
    return { ...q, type: thing.slice(0, colon).trim(), id: thing.slice(colon + 1).trim() };
  });
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;
/** The filters without the page: what the CSV takes. */
export type AuditLogFilters = Omit<AuditLogQuery, "page">;

/** The address of the log (or its CSV) with these filters; defaults left out. */
export function auditLogSearch(query: Partial<AuditLogQuery>): string {
  const params = new URLSearchParams();
  for (const key of ["who", "area", "type", "id", "from", "to"] as const) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** An area as the filter names it: "back-office" → "Back office". */
export function areaLabel(area: string): string {
  const words = area.replaceAll("-", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The back-office page of a logged thing, where there is one; null otherwise. */
export function thingHref(entityType: string, entityId: string): string | null {
  const id = encodeURIComponent(entityId);
  const numeric = /^\d+$/.test(entityId);
  switch (entityType) {
    case "order":
      return `/admin/order-management/${id}`;
    case "record":
      return numeric ? `/admin/catalog-update/${id}` : null;
    case "email campaign":
      return numeric ? `/admin/email-marketing/campaigns/${id}` : null;
    case "home slide":
      return numeric ? `/marketing-tools/slides/${id}` : null;
    case "curated list":
      return "/marketing-tools/lists";
    case "discount_code":
      return "/marketing-tools";
    case "instagram_post":
      return "/admin/instagram-management";
    default:
      return null;
  }
}

/** One row of the log, as the service reads it. */
export interface AuditLogRow {
  id: number;
  createdAt: string;
  actorId: number | null;
  actorName: string;
  actorIp: string | null;
  area: string | null;
  permission: string | null;
  entityType: string;
  entityId: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export const AUDIT_CSV_COLUMNS = [
  "Row",
  "When (London)",
  "When (UTC)",
  "Who",
  "From",
  "Area",
  "Permission",
  "Thing",
  "Thing id",
  "Action",
  "Before",
  "After",
] as const;

/** A row of the export, in AUDIT_CSV_COLUMNS order; the writer (writeCsv) neutralises formula-like text. */
export function auditCsvRow(row: AuditLogRow): string[] {
  return [
    String(row.id),
    londonDateTime(row.createdAt),
    row.createdAt,
    row.actorName,
    row.actorIp ?? "",
    row.area ?? "",
    row.permission ?? "",
    row.entityType,
    row.entityId,
    row.action,
    row.before ? describeSnapshot(row.before) : "",
    row.after ? describeSnapshot(row.after) : "",
  ];
}
