import { z } from "~/domain/shared/zod";
import { orderNumberSchema } from "~/domain/orders/order-status";
import { royalMailServiceSchema, trackingNumberSchema } from "./royal-mail";

/** Orders shown in each half of the packing queue; more than a day's packing for a small shop. */
export const SHIPPING_QUEUE_LIMIT = 200;
/** Orders acted on or printed in one go. */
export const SHIPPING_BATCH_LIMIT = 50;

const batch = z
  .array(orderNumberSchema)
  .min(1, "Tick at least one order")
  .max(SHIPPING_BATCH_LIMIT, `At most ${SHIPPING_BATCH_LIMIT} orders at once`)
  .transform((numbers) => [...new Set(numbers)]);

/** Packing many orders at once, each with the Royal Mail service it goes by. */
export const packManySchema = z.object({
  orders: z
    .array(z.object({ orderNumber: orderNumberSchema, service: royalMailServiceSchema }))
    .min(1, "Tick at least one order")
    .max(SHIPPING_BATCH_LIMIT, `At most ${SHIPPING_BATCH_LIMIT} orders at once`),
});

/** Dispatching many orders at once, each with its own tracking number. */
export const shipManySchema = z.object({
  orders: z
    .array(
      z.object({
        orderNumber: orderNumberSchema,
        trackingNumber: trackingNumberSchema,
        service: royalMailServiceSchema.optional(),
      }),
    )
    .min(1, "Tick at least one order")
    .max(SHIPPING_BATCH_LIMIT, `At most ${SHIPPING_BATCH_LIMIT} orders at once`),
});

/** What to print: packing slips (A4) or address labels (6 × 4 inch). */
export const printSchema = z.object({
  kind: z.enum(["slips", "labels"], { error: "Print slips or labels" }),
  orders: batch,
});

export type PackMany = z.infer<typeof packManySchema>;
export type ShipMany = z.infer<typeof shipManySchema>;

/**
 * A bulk form posts one checkbox per order ("selected") and per-order fields named `<field>:<orderNumber>`
 * (a plain HTML form has no nested names). This gathers the ticked orders with their own fields.
 */
export function selectedRows(form: { getAll(name: string): unknown[]; get(name: string): unknown }, fields: readonly string[]) {
  const numbers = form.getAll("selected").filter((v): v is string => typeof v === "string");
  return [...new Set(numbers)].slice(0, SHIPPING_BATCH_LIMIT + 1).map((orderNumber) => {
    const row: Record<string, unknown> = { orderNumber };
    for (const f of fields) {
      const v = form.get(`${f}:${orderNumber}`);
      if (typeof v === "string" && v !== "") row[f] = v;
    }
    return row;
  });
}
