/**
 * The back office's order schemas: one of each for the form, the route action and the tRPC procedure, plus
 * the list's filters (read from the address) and the shape of a CSV export row.
 */
import { isIsoDate, todayInLondon, addDays } from "~/domain/shared/dates";
import { dateFormatter } from "~/domain/shared/date-formatter";
import { penceToDecimalString, parsePriceToPence } from "~/domain/shared/money";
import { royalMailService } from "~/domain/shipping/royal-mail";
import { royalMailServiceSchema, trackingNumberSchema } from "~/domain/shipping/royal-mail-schema";
import { z } from "~/domain/shared/zod";
import { orderStatusWords, type OrderStatus } from "./order-status";
import { orderNumberSchema, orderStatusSchema } from "./order-status-schema";

export const ORDER_SORTS = ["newest", "oldest", "total"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export const ORDER_SORT_WORDS: Record<OrderSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  total: "Highest total",
};
export const ORDER_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_ORDER_PAGE_SIZE = 25;
/** An export is for a spreadsheet, not a data dump: at most this many rows. */
export const ORDER_CSV_LIMIT = 10_000;

/** An empty field of a GET form means "not set". */
const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const isoDay = z.preprocess(blank, z.string().trim().refine(isIsoDate, "Enter a date as day, month and year").optional());

/** The list's filters, sort and page, as the address carries them (every field optional). */
export const orderListQuerySchema = z
  .object({
    status: z.preprocess(blank, orderStatusSchema.optional()),
    from: isoDay,
    to: isoDay,
    q: z.preprocess(blank, z.string().trim().max(100, "Keep the search under 100 characters").optional()),
    sort: z.preprocess(blank, z.enum(ORDER_SORTS).optional().default("newest")),
    page: z.preprocess(blank, z.coerce.number().int().min(1).max(100_000).optional().default(1)),
    size: z.preprocess(
      blank,
      z.coerce
        .number()
        .int()
        .refine((n) => (ORDER_PAGE_SIZES as readonly number[]).includes(n), "Choose 25, 50 or 100 a page")
        .optional()
        .default(DEFAULT_ORDER_PAGE_SIZE),
    ),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "The start date is after the end date", path: ["to"] });
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

/** The address of a list page with these filters (defaults left out so addresses stay short). */
export function orderListSearch(query: Partial<OrderListQuery>): string {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (query.q) params.set("q", query.q);
  if (query.sort && query.sort !== "newest") params.set("sort", query.sort);
  if (query.size && query.size !== DEFAULT_ORDER_PAGE_SIZE) params.set("size", String(query.size));
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * The instant (UTC ISO) a London calendar day begins: midnight GMT in winter, 23:00 UTC the evening before
 * in summer time. The clocks change at 01:00 UTC, never at midnight, so midnight always exists once.
 */
export function londonDayStart(isoDate: string): string {
  const utcMidnight = Date.parse(`${isoDate}T00:00:00Z`);
  for (const offsetHours of [1, 0]) {
    const instant = new Date(utcMidnight - offsetHours * 3_600_000);
    if (todayInLondon(instant) === isoDate && todayInLondon(new Date(instant.getTime() - 1)) !== isoDate) {
      return instant.toISOString();
    }
  }
  throw new RangeError(`No London midnight for ${isoDate}`);
}

/** The instants [from, until) the list's date filter covers, each London day whole. */
export function londonDateRange(from?: string, to?: string): { from?: string; until?: string } {
  return {
    ...(from ? { from: londonDayStart(from) } : {}),
    ...(to ? { until: londonDayStart(addDays(to, 1)) } : {}),
  };
}

/** How a status badge looks: its colour says whether anything is waiting on the shop or the customer. */
export type StatusTone = "neutral" | "info" | "waiting" | "success" | "danger";
export const ORDER_STATUS_TONES: Record<OrderStatus, StatusTone> = {
  pending_payment: "neutral",
  payment_failed: "neutral",
  card_saved: "waiting",
  paid: "waiting",
  packed: "info",
  shipped: "info",
  delivered: "success",
  cancelled: "danger",
  partially_refunded: "waiting",
  refunded: "danger",
};

// ---- the moves, one schema each for form, action and procedure ------------------------------------------

export const packInputSchema = z.object({ service: royalMailServiceSchema });
export const shipInputSchema = z.object({
  trackingNumber: z.string({ error: "Enter the tracking number" }).pipe(trackingNumberSchema),
  service: z.preprocess(blank, royalMailServiceSchema.optional()),
});
const reasonSchema = z.preprocess(blank, z.string().trim().max(500, "Keep the reason under 500 characters").optional());
export const cancelInputSchema = z.object({ reason: reasonSchema });
export type PackInput = z.output<typeof packInputSchema>;
export type ShipInput = z.output<typeof shipInputSchema>;
export type CancelInput = z.output<typeof cancelInputSchema>;

export const refundLineSchema = z.object({
  lineId: z.coerce.number().int().positive(),
  quantity: z.coerce.number({ error: "Enter a whole number" }).int("Enter a whole number").min(0, "Enter 0 or more").max(999),
});

/** Why money goes back, in the order the form lists them; "other" asks for the words. */
export const REFUND_REASONS = {
  damaged: "Damaged or faulty",
  cannot_supply: "We could not supply it",
  changed_mind: "Customer changed their mind",
  lost_or_late: "Lost or late in the post",
  goodwill: "Goodwill gesture",
  other: "Other",
} as const;
export type RefundReasonChoice = keyof typeof REFUND_REASONS;
const refundReasonText = z.string().trim().min(1, "Give a reason").max(500, "Keep the reason under 500 characters");

/** A refund as the service takes it: lines and/or shipping, an amount, or none of them (everything still refundable). */
export const refundInputSchema = z.object({
  lines: z.array(refundLineSchema).max(200).optional(),
  shipping: z.boolean().optional(),
  amountPence: z.number().int("An amount in whole pence").positive("A refund must be at least 1p").optional(),
  reason: refundReasonText,
  /** Put the refunded units back in stock (for units that never left the shop). */
  restock: z.boolean().optional(),
  /** What the page showed as refunded so far: a refund posted twice, or after another admin's, is refused. */
  expectedRefundedPence: z.number().int().min(0).optional(),
});
export type RefundInput = z.output<typeof refundInputSchema>;

const poundsAmount = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .regex(/^£?\d{1,6}(\.\d{1,2})?$/, "Enter an amount like 12.50")
    .transform((v) => parsePriceToPence(v.replace(/^£/, "")))
    .refine((p) => p > 0, "A refund must be at least 1p")
    .optional(),
);
/** A checkbox: "on" when ticked, absent when not. */
const ticked = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean().default(false));

/**
 * The refund form, the same for its two steps (intent "review" shows what will happen, intent "refund" does it):
 * a quantity per line, the shipping or not, an amount instead if wanted, a reason from the list (or the words
 * for "Other"), and whether the units go back in stock. Nothing is chosen for the admin; turned into RefundInput.
 */
export const refundFormSchema = z
  .object({
    lines: z.array(refundLineSchema).max(200).optional(),
    shipping: ticked,
    amount: poundsAmount,
    reasonChoice: z.enum(Object.keys(REFUND_REASONS) as [RefundReasonChoice, ...RefundReasonChoice[]], {
      error: "Choose a reason",
    }),
    reasonOther: z.preprocess(blank, z.string().trim().max(500, "Keep the reason under 500 characters").optional()),
    restock: ticked,
    expectedRefundedPence: z.coerce.number().int().min(0).optional(),
  })
  .superRefine((f, ctx) => {
    if (!f.lines?.some((l) => l.quantity > 0) && !f.shipping && f.amount === undefined) {
      ctx.addIssue({ code: "custom", path: ["lines"], message: "Choose the records, the shipping or an amount to refund" });
    }
    if (f.reasonChoice === "other" && !f.reasonOther) {
      ctx.addIssue({ code: "custom", path: ["reasonOther"], message: "Say why the money goes back" });
    }
  })
  .transform((f): RefundInput => ({
    ...(f.lines?.some((l) => l.quantity > 0) ? { lines: f.lines.filter((l) => l.quantity > 0) } : {}),
    ...(f.shipping ? { shipping: true } : {}),
    ...(f.amount !== undefined ? { amountPence: f.amount } : {}),
    reason: f.reasonChoice === "other" ? f.reasonOther! : REFUND_REASONS[f.reasonChoice],
    restock: f.restock,
    expectedRefundedPence: f.expectedRefundedPence,
  }));

export const orderNumberInputSchema = z.object({ orderNumber: orderNumberSchema });

/** A staff note is a few lines for colleagues, not a document. */
export const ORDER_NOTE_MAX = 2000;
/** A note staff leave on an order (seen by staff only, in the order's timeline). */
export const orderNoteInputSchema = z.object({
  note: z
    .string({ error: "Write the note" })
    .trim()
    .min(1, "Write the note")
    .max(ORDER_NOTE_MAX, `Keep the note under ${ORDER_NOTE_MAX.toLocaleString("en-GB")} characters`),
});
export type OrderNoteInput = z.output<typeof orderNoteInputSchema>;

/** Marking an order delivered takes nothing but the order. */
export const deliverInputSchema = z.object({});

/** An order's page: `?confirm=cancel` asks before cancelling; anything else shows the page as it is. */
export const orderPageQuerySchema = z.object({ confirm: z.literal("cancel").optional().catch(undefined) });

// ---- CSV ----------------------------------------------------------------------------------------------------

export interface OrderCsvSource {
  orderNumber: string;
  createdAt: string;
  status: OrderStatus;
  shippingName: string;
  email: string;
  postalCode: string;
  itemCount: number;
  itemsPence: number;
  shippingPence: number;
  discountPence: number;
  totalPence: number;
  vatPence: number;
  refundedPence: number;
  shippingService: string | null;
  trackingNumber: string | null;
}

export const ORDER_CSV_COLUMNS = [
  "Order number",
  "Placed (London)",
  "Status",
  "Customer",
  "Email",
  "Postcode",
  "Records",
  "Items (GBP)",
  "Shipping (GBP)",
  "Discount (GBP)",
  "Total (GBP)",
  "VAT (GBP)",
  "Refunded (GBP)",
  "Royal Mail service",
  "Tracking number",
] as const;

const londonClock = dateFormatter("en-GB", {
  timeZone: "Europe/London",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "25/11/2026 16:52": an instant as a London wall-clock time, day first. */
export function londonDateTime(iso: string): string {
  const parts = londonClock().formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("day")}/${part("month")}/${part("year")} ${part("hour")}:${part("minute")}`;
}

/**
 * One order as a row of the export, in ORDER_CSV_COLUMNS order. Money in pounds with two decimals. The writer
 * (writeCsv) neutralises formula-like text.
 */
export function orderCsvRow(o: OrderCsvSource): string[] {
  const pounds = (p: number) => penceToDecimalString(p);
  return [
    o.orderNumber,
    londonDateTime(o.createdAt),
    orderStatusWords(o.status),
    o.shippingName,
    o.email,
    o.postalCode,
    String(o.itemCount),
    pounds(o.itemsPence),
    pounds(o.shippingPence),
    pounds(o.discountPence),
    pounds(o.totalPence),
    pounds(o.vatPence),
    pounds(o.refundedPence),
    o.shippingService ? (royalMailService(o.shippingService)?.name ?? o.shippingService) : "",
    o.trackingNumber ?? "",
  ];
}
