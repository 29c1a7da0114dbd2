import { z } from "~/domain/shared/zod";
import { ORDER_BULK_LIMIT } from "~/domain/orders/order-bulk";
import { orderNumberSchema } from "~/domain/orders/order-status-schema";
import { royalMailServiceSchema, trackingNumberSchema } from "./royal-mail-schema";

/** Orders shown in each half of the packing queue; more than a day's packing for a small shop. */
export const SHIPPING_QUEUE_LIMIT = 200;
/** Orders acted on or printed in one go: the same bound as the orders list's, so a whole page of it prints. */
export const SHIPPING_BATCH_LIMIT = ORDER_BULK_LIMIT;

const batch = z
  .array(orderNumberSchema)
  .min(1, "Tick at least one order")
  .max(SHIPPING_BATCH_LIMIT, `At most ${SHIPPING_BATCH_LIMIT} orders at once`)
  .transform((numbers) => [...new Set(numbers)]);

/** A list from a form: nothing ticked sends nothing, one ticked box sends one value. */
const asList = (v: unknown) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const blank = (v: unknown) => (v === "" ? undefined : v);

/** The name of one order's own field in the queue's forms, e.g. `trackingNumber:ND-ABCDEFGH`. */
export const rowField = (field: string, orderNumber: string) => `${field}:${orderNumber}`;

/**
 * A form of the packing queue: one checkbox per order (`selected`, its value the order number) and per-order fields
 * named by `rowField` (a plain HTML form has no nested names). It reads the ticked orders, each with its own fields
 * checked by `row`; a refused field is named as the form names it, so its message shows beside it.
 */
function queueForm<Row extends z.ZodObject>(row: Row) {
  const ticked = z.preprocess(asList, batch);
  return z.looseObject({ selected: ticked }).transform((form, ctx) => {
    const orders: ({ orderNumber: string } & z.output<Row>)[] = [];
    for (const orderNumber of form.selected) {
      const fields = Object.fromEntries(Object.keys(row.shape).map((name) => [name, blank(form[rowField(name, orderNumber)])]));
      const parsed = row.safeParse(fields);
      if (parsed.success) orders.push({ orderNumber, ...parsed.data });
      for (const issue of parsed.error?.issues ?? [])
        ctx.addIssue({ code: "custom", message: issue.message, path: [rowField(String(issue.path[0]), orderNumber)] });
    }
    return orders.length === form.selected.length ? { orders } : z.NEVER;
  });
}

/** Packing many orders at once, each with the Royal Mail service it goes by. */
export const packManySchema = queueForm(z.object({ service: royalMailServiceSchema }));

/** Dispatching many orders at once, each with its own tracking number. */
export const shipManySchema = queueForm(
  z.object({
    trackingNumber: z.string({ error: "Enter the tracking number" }).pipe(trackingNumberSchema),
    service: royalMailServiceSchema.optional(),
  }),
);

/** What to print: packing slips (A4) or address labels (6 × 4 inch). */
export const printSchema = z.object({
  kind: z.enum(["slips", "labels"], { error: "Print slips or labels" }),
  orders: batch,
});

/** Rows of a pasted Click & Drop export, and its size: more than a day's parcels, small enough to read in one go. */
export const CLICK_AND_DROP_ROW_LIMIT = 500;
export const TRACKING_PASTE_MAX_BYTES = 256 * 1024;

/** The ticked orders to export as a Click & Drop order import file. */
export const clickAndDropExportSchema = z.object({ orders: batch });

/** Click & Drop's exported orders, pasted back for their tracking numbers: bounded in size and in rows. */
export const trackingPasteSchema = z.object({
  csv: z
    .string({ error: "Paste the file Click & Drop exported" })
    .trim()
    .min(1, "Paste the file Click & Drop exported")
    .refine((text) => new TextEncoder().encode(text).length <= TRACKING_PASTE_MAX_BYTES, {
      error: `At most ${TRACKING_PASTE_MAX_BYTES / 1024} KB at once`,
    })
    .refine((text) => text.split(/\r?\n/).length <= CLICK_AND_DROP_ROW_LIMIT + 1, {
      error: `At most ${CLICK_AND_DROP_ROW_LIMIT} rows at once`,
    }),
});

export type PackMany = z.output<typeof packManySchema>;
export type ShipMany = z.output<typeof shipManySchema>;
