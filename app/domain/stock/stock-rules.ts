/**
 * The back office's stock rules: why an admin may move stock, what a stock listing may ask for, what a
 * goods-in line looks like, the ledger invariant and the order in which arriving pressings go to pre-orders.
 */
import { z } from "~/domain/shared/zod";
import { dateFormatter } from "~/domain/shared/date-formatter";

/** The reasons an admin may give for changing stock by hand, in the order the form lists them. */
/** Where the back office's stock pages live. */
export const STOCK_PATH = "/admin/stock-management";

export const ADJUST_REASONS = ["delivery", "damaged", "recount", "customer_return"] as const;
export type AdjustReason = (typeof ADJUST_REASONS)[number];

/** How every ledger reason reads in the back office (the shop's own reasons included). */
export const MOVEMENT_REASON_LABELS: Record<string, string> = {
  delivery: "Delivery received",
  damaged: "Damaged",
  recount: "Recount",
  customer_return: "Customer return",
  sale: "Sale",
  club_parcel: "Record club parcel",
  pre_order: "Pre-order (commitment)",
  cancellation: "Order cancelled",
  refund_restock: "Refunded, back in stock",
  return_restock: "Returned, back in stock",
  return_used: "Returned, into used stock",
  return_write_off: "Returned, written off",
  seed: "Opening stock",
  restock: "Restock",
  adjustment: "Adjustment",
};

export const reasonLabel = (reason: string) => MOVEMENT_REASON_LABELS[reason] ?? reason;

/**
 * A pre_order movement records a commitment against a pressing not yet in the shop: it never changed
 * stock_quantity (checkout skips the stock update for a pre-order line, and a cancelled pre-order writes
 * the opposite pre_order movement without giving stock back). Every other reason moved stock on hand.
 */
export const changesStockOnHand = (reason: string) => reason !== "pre_order";

/** The invariant: a record's stock on hand equals the sum of its movements that change stock on hand. */
export function ledgerBalance(movements: readonly { change: number; reason: string }[]): number {
  return movements.reduce((sum, m) => (changesStockOnHand(m.reason) ? sum + m.change : sum), 0);
}

/** The same rule in SQL, one row per record whose stock differs from its ledger (none, when all is well). */
export const LEDGER_MISMATCH_SQL = `
  select r.id as recordId, r.stock_quantity as stock, coalesce(sum(m.change), 0) as ledger
  from records r left join stock_movements m on m.record_id = r.id and m.reason <> 'pre_order'
  group by r.id
  having r.stock_quantity <> coalesce(sum(m.change), 0)`;

/** Units one adjustment may move at most, either way (a pallet of a popular pressing is far fewer). */
export const MAX_ADJUSTMENT = 10_000;
export const MAX_NOTE_LENGTH = 500;
export const MAX_THRESHOLD = 1_000;

const note = z
  .string()
  .trim()
  .max(MAX_NOTE_LENGTH, `A note is at most ${MAX_NOTE_LENGTH} characters.`)
  .transform((v) => (v ? v : undefined))
  .optional();

const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${max}.`);

/**
 * One adjustment: either a signed change with a reason, or (a recount) the counted quantity, from which the
 * service writes the difference. Exactly one of `change` and `counted`.
 */
export const adjustStockSchema = z
  .object({
    reason: z.enum(ADJUST_REASONS, { message: "Choose a reason." }),
    change: wholeNumber("The change", -MAX_ADJUSTMENT, MAX_ADJUSTMENT).optional(),
    counted: wholeNumber("The counted quantity", 0, 100_000).optional(),
    note,
  })
  .superRefine((v, ctx) => {
    if ((v.change === undefined) === (v.counted === undefined)) {
      ctx.addIssue({ code: "custom", path: ["change"], message: "Give either a change or the counted quantity." });
    } else if (v.counted !== undefined && v.reason !== "recount") {
      ctx.addIssue({ code: "custom", path: ["counted"], message: "Only a recount sets the counted quantity." });
    } else if (v.change === 0) {
      ctx.addIssue({ code: "custom", path: ["change"], message: "The change must not be 0." });
    }
  });
export type AdjustStockInput = z.input<typeof adjustStockSchema>;
export type AdjustStock = z.output<typeof adjustStockSchema>;

const adjustReason = z.enum(ADJUST_REASONS, { message: "Choose a reason." });
const signedChange = wholeNumber("The change", -MAX_ADJUSTMENT, MAX_ADJUSTMENT).refine(
  (n) => n !== 0,
  "The change must not be 0.",
);

/** The "Adjust stock" form of a record's stock page: a signed change with a reason. */
export const adjustFormSchema = z.object({ reason: adjustReason, change: signedChange, note });

/** A row's quick adjustment on the stock list: the same, for the record the row is about. */
export const quickAdjustFormSchema = adjustFormSchema.extend({ recordId: z.coerce.number().int().positive() });

/** The "Set to counted" form: the copies on the shelf, written as a recount. */
export const countFormSchema = z
  .object({ counted: wholeNumber("The counted quantity", 0, 100_000), note })
  .transform((v): AdjustStock => ({ reason: "recount", counted: v.counted, note: v.note }));

/** The record's own low-stock threshold, or null for the shop's default. */
export const thresholdSchema = z.object({
  threshold: z.union([z.null(), wholeNumber("The threshold", 0, MAX_THRESHOLD)]),
});
export type Threshold = z.output<typeof thresholdSchema>;

/** The threshold form: an empty box means the shop's default. */
export const thresholdFormSchema = z.object({
  threshold: wholeNumber("The threshold", 0, MAX_THRESHOLD)
    .optional()
    .transform((n) => n ?? null),
});

export const STOCK_FILTERS = ["all", "low", "out", "pre-order", "no-sale-90"] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];
export const STOCK_FILTER_LABELS: Record<StockFilter, string> = {
  all: "All records",
  low: "Low stock",
  out: "Out of stock",
  "pre-order": "Pre-orders",
  "no-sale-90": "No sale in 90 days",
};
export const STOCK_SORTS = ["title", "artist", "stock-asc", "stock-desc", "release-desc", "last-sale"] as const;
export type StockSort = (typeof STOCK_SORTS)[number];
export const STOCK_SORT_LABELS: Record<StockSort, string> = {
  title: "Title A–Z",
  artist: "Artist A–Z",
  "stock-asc": "Stock, lowest first",
  "stock-desc": "Stock, highest first",
  "release-desc": "Release date, newest first",
  "last-sale": "Last sale, oldest first",
};
/** A sort as the table's column and direction, so the column headings can sort the list too. */
export function stockSortAsColumn(sort: StockSort): { by: string; direction: "asc" | "desc" } {
  if (sort === "stock-asc" || sort === "stock-desc") return { by: "stock", direction: sort === "stock-asc" ? "asc" : "desc" };
  if (sort === "release-desc") return { by: "release", direction: "desc" };
  return { by: sort, direction: "asc" };
}

/** The sort a column heading asks for; one the list does not offer falls back to the default. */
export function stockSortFromColumn(by: string, direction: "asc" | "desc"): StockSort {
  const sort = by === "stock" ? `stock-${direction}` : by === "release" ? "release-desc" : by;
  return STOCK_SORTS.find((s) => s === sort) ?? "title";
}
export const NO_SALE_DAYS = 90;
export const STOCK_PAGE_SIZE = 50;
export const MAX_STOCK_PAGE = 10_000;

/**
 * The listing's URL: ?q=&filter=&sort=&page=. Unknown or malformed values fall back to the default rather
 * than failing, so a hand-edited address still shows a page.
 */
export const stockQuerySchema = z.object({
  q: z.string().trim().max(100).catch("").default(""),
  filter: z.enum(STOCK_FILTERS).catch("all").default("all"),
  sort: z.enum(STOCK_SORTS).catch("title").default("title"),
  page: z.coerce.number().int().min(1).max(MAX_STOCK_PAGE).catch(1).default(1),
});
export type StockQuery = z.output<typeof stockQuerySchema>;

export function parseStockQuery(params: URLSearchParams): StockQuery {
  return stockQuerySchema.parse(Object.fromEntries(["q", "filter", "sort", "page"].map((k) => [k, params.get(k) ?? undefined])));
}

/** The listing's address for a query, leaving out defaults. */
export function stockQueryString(query: Partial<StockQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.filter && query.filter !== "all") params.set("filter", query.filter);
  if (query.sort && query.sort !== "title") params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

// Goods in -------------------------------------------------------------------------------------------------

export const MAX_GOODS_IN_LINES = 200;
export const MAX_GOODS_IN_QUANTITY = 10_000;

/** One line of a delivery: a record (by id, or by its catalogue number) and how many arrived. */
export const goodsInLineSchema = z
  .object({
    recordId: z.number().int().positive().optional(),
    catalogueNumber: z.string().trim().min(1).max(60).optional(),
    quantity: z
      .number({ message: "The quantity must be a whole number." })
      .int("The quantity must be a whole number.")
      .min(1, "The quantity must be at least 1.")
      .max(MAX_GOODS_IN_QUANTITY, `The quantity must be at most ${MAX_GOODS_IN_QUANTITY}.`),
  })
  .refine((l) => (l.recordId === undefined) !== (l.catalogueNumber === undefined), {
    message: "Give a record id or a catalogue number.",
  });
export type GoodsInLine = z.output<typeof goodsInLineSchema>;

export const goodsInSchema = z.object({
  lines: z
    .array(goodsInLineSchema)
    .min(1, "Add at least one line.")
    .max(MAX_GOODS_IN_LINES, `A delivery has at most ${MAX_GOODS_IN_LINES} lines.`),
  note,
});
export type GoodsInInput = z.input<typeof goodsInSchema>;
export type GoodsIn = z.output<typeof goodsInSchema>;

/** Longest delivery text the goods-in form takes: 200 lines of a generous length. */
export const MAX_GOODS_IN_TEXT = 20_000;

/**
 * The goods-in text box: one "catalogue number, quantity" per line ("#123, 4" names record 123). Blank
 * lines are skipped; every bad line is reported with its line number, and nothing is returned unless all
 * are good.
 */
export function parseGoodsInText(text: string): { lines: GoodsInLine[]; errors: string[] } {
  const lines: GoodsInLine[] = [];
  const errors: string[] = [];
  const rows = text.split(/\r?\n/);
  rows.forEach((raw, i) => {
    const row = raw.trim();
    if (!row) return;
    const at = `Line ${i + 1}`;
    const comma = row.lastIndexOf(",");
    if (comma < 0) {
      errors.push(`${at}: write "catalogue number, quantity".`);
      return;
    }
    const ref = row.slice(0, comma).trim();
    const qty = row.slice(comma + 1).trim();
    if (!ref) {
      errors.push(`${at}: the catalogue number is missing.`);
      return;
    }
    if (!/^\d+$/.test(qty)) {
      errors.push(`${at}: the quantity must be a whole number.`);
      return;
    }
    const id = /^#(\d+)$/.exec(ref);
    const candidate = id ? { recordId: Number(id[1]), quantity: Number(qty) } : { catalogueNumber: ref, quantity: Number(qty) };
    const parsed = goodsInLineSchema.safeParse(candidate);
    if (parsed.success) lines.push(parsed.data);
    else errors.push(`${at}: ${parsed.error.issues[0]?.message ?? "not a valid line"}`);
  });
  if (lines.length + errors.length === 0) errors.push("Add at least one line.");
  if (lines.length > MAX_GOODS_IN_LINES) errors.push(`A delivery has at most ${MAX_GOODS_IN_LINES} lines.`);
  return { lines: errors.length ? [] : lines, errors };
}

/**
 * The goods-in form: its text box read line by line (every bad line named, see parseGoodsInText) into a delivery,
 * and an optional note.
 */
export const goodsInFormSchema = z.object({
  lines: z
    .string({ error: "Add at least one line." })
    .max(MAX_GOODS_IN_TEXT, `A delivery has at most ${MAX_GOODS_IN_LINES} lines.`)
    .transform((text, ctx) => {
      const { lines, errors } = parseGoodsInText(text);
      for (const message of errors) ctx.addIssue({ code: "custom", message });
      return errors.length ? z.NEVER : lines;
    }),
  note,
});

// Allocation -----------------------------------------------------------------------------------------------

export interface OpenPreOrderLine {
  lineId: number;
  orderId: number;
  /** When the order was placed (ISO instant): the oldest is served first. */
  orderCreatedAt: string;
  quantity: number;
}

/**
 * Which open pre-order lines `units` copies on the shelf go to: oldest order first (ties by order, then line
 * id), whole lines only, stopping at the first line that no longer fits. A later, smaller order never
 * overtakes an older one: the copies left wait on the shelf for that older order's next delivery.
 */
export function allocatePreOrders<L extends OpenPreOrderLine>(
  units: number,
  open: readonly L[],
): { allocated: L[]; remaining: number } {
  const queue = [...open].sort(
    (a, b) =>
      (a.orderCreatedAt < b.orderCreatedAt ? -1 : a.orderCreatedAt > b.orderCreatedAt ? 1 : 0) ||
      a.orderId - b.orderId ||
      a.lineId - b.lineId,
  );
  const allocated: L[] = [];
  let remaining = Math.max(0, Math.floor(units));
  for (const line of queue) {
    if (line.quantity > remaining) break;
    allocated.push(line);
    remaining -= line.quantity;
  }
  return { allocated, remaining };
}

// Wording -------------------------------------------------------------------------------------------------

const londonTime = dateFormatter("en-GB", {
  timeZone: "Europe/London",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** A ledger time as the shop reads it: "25 Nov 2026, 16:52" in London. */
export const formatLondonTime = (iso: string) => londonTime().format(new Date(iso));

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The toast after goods in: what arrived and which pre-orders it satisfied. */
export function goodsInSummary(result: { units: number; received: unknown[]; allocated: { orderNumber: string }[] }): string {
  const got = `${plural(result.units, "copy", "copies")} of ${plural(result.received.length, "line")} received.`;
  if (!result.allocated.length) return got;
  const orders = [...new Set(result.allocated.map((a) => a.orderNumber))];
  const listed = orders.length > 6 ? `${orders.slice(0, 6).join(", ")} and ${orders.length - 6} more` : orders.join(", ");
  return `${got} Allocated to ${plural(orders.length, "pre-order")}, now ready to pack: ${listed}.`;
}
