/**
 * A Discogs order taken into the shop (docs/decisions/0078-discogs-sync.md), in one BEGIN IMMEDIATE transaction
 * like a checkout: each copy it bought still in stock is taken with the same conditional update the checkout uses,
 * so a copy sold in the shop at the same moment goes to exactly one of them; the sale becomes a paid shop order
 * with channel "discogs". A copy already gone is "oversold": the owner is told what to cancel and refund on
 * Discogs. The discogs_orders row makes every order taken once, however often the poll sees it.
 */
import { and, eq, sql } from "drizzle-orm";
import { orderVat } from "../../app/domain/vat/order-vat";
import { addressFromDiscogs, isCancelledOrder, oversoldNote } from "../../app/domain/discogs/discogs-sync-rules";
import { writeTransaction, type Db } from "../../db/client";
import { discogsListings, discogsOrders, orderLines, orders, records, stockMovements } from "../../db/schema";
import { hashToken } from "../auth/tokens";
import type { DiscogsOrder } from "../discogs/discogs-client";
import { newOrderNumber } from "./orders";

export type DiscogsOrderOutcome = "taken" | "oversold" | "seen" | "skipped";

type Item = DiscogsOrder["items"][number];

/** The shop's copy a Discogs order item bought: by its listing, else by the shop's own reference on it. */
function copyOf(db: Db, item: Item) {
  const byListing = db
    .select({ recordId: discogsListings.recordId })
    .from(discogsListings)
    .where(eq(discogsListings.listingId, item.listingId))
    .get();
  const id =
    byListing?.recordId ??
    (item.externalId
      ? db.select({ id: records.id }).from(records).where(eq(records.catalogueId, item.externalId)).get()?.id
      : undefined);
  return id === undefined ? undefined : db.select().from(records).where(eq(records.id, id)).get();
}

export function takeDiscogsOrder(db: Db, order: DiscogsOrder): DiscogsOrderOutcome {
  return writeTransaction(db, () => {
    const seen = db.select({ id: discogsOrders.id }).from(discogsOrders).where(eq(discogsOrders.discogsOrderId, order.id)).get();
    if (seen) return "seen";
    if (isCancelledOrder(order.status)) return "skipped";
    const items = order.items.map((item) => ({ item, copy: copyOf(db, item) })).filter((i) => i.copy !== undefined);
    // None of the shop's copies (the seller's other listings): not the shop's business.
    if (items.length === 0) return "skipped";

    const taken: typeof items = [];
    const missing: { item: string; pricePence: number }[] = [];
    for (const entry of items) {
      const copy = entry.copy!;
      // The same conditional update as a checkout's: it takes the copy only if it is still there.
      const took = db
        .update(records)
        .set({ stockQuantity: sql`${records.stockQuantity} - 1`, updatedAt: new Date().toISOString() })
        .where(and(eq(records.id, copy.id), sql`${records.stockQuantity} >= 1`))
        .run();
      if (took.changes === 1) taken.push(entry);
      else missing.push({ item: `${copy.artist} – ${copy.title}`, pricePence: entry.item.pricePence });
    }

    let orderId: number | null = null;
    let orderNumber: string | null = null;
    if (taken.length > 0) {
      const address = addressFromDiscogs(order.shippingAddress, order.buyer);
      const itemsPence = taken.reduce((sum, { item }) => sum + item.pricePence, 0);
      // Discogs's total is the items and the postage the buyer paid; only what the shop sells counts here.
      const shippingPence = Math.max(0, order.totalPence - order.items.reduce((sum, item) => sum + item.pricePence, 0));
      const totalPence = itemsPence + shippingPence;
      const paidAt = new Date().toISOString();
      // The same line-by-line VAT as a shop sale: a margin-scheme copy is taxed on its margin only (decision 0079).
      const vat = orderVat(
        taken.map(({ item, copy }) => ({
          pricePence: item.pricePence,
          quantity: 1,
          vatScheme: copy!.vatScheme,
          purchasePricePence: copy!.purchasePricePence,
        })),
        { discountPence: 0, shippingPence },
      );
      const row = db
        .insert(orders)
        .values({
          orderNumber: newOrderNumber(),
          channel: "discogs",
          externalReference: order.id,
          // Discogs keeps the buyer's e-mail to itself: the shop writes to them through Discogs.
          email: `${order.buyer || "buyer"}@discogs.invalid`,
          status: "paid",
          shippingName: address.name,
          addressLine1: address.addressLine1,
          addressLine2: address.addressLine2,
          city: address.city,
          postalCode: address.postalCode,
          country: address.country,
          itemsPence,
          shippingPence,
          totalPence,
          vatPence: vat.vatPence,
          idempotencyKey: hashToken(`discogs-order:${order.id}`),
          paymentProvider: "discogs",
          paymentReference: order.id,
          paidAt,
        })
        .returning({ id: orders.id, orderNumber: orders.orderNumber })
        .get();
      orderId = row.id;
      orderNumber = row.orderNumber;
      for (const [i, { item, copy }] of taken.entries()) {
        db.insert(orderLines)
          .values({
            orderId: row.id,
            recordId: copy!.id,
            title: copy!.title,
            artist: copy!.artist,
            unitPricePence: item.pricePence,
            quantity: 1,
            lineTotalPence: item.pricePence,
            vatScheme: copy!.vatScheme,
            purchasePricePence: copy!.purchasePricePence,
            vatPence: vat.lines[i]!.vatPence,
          })
          .run();
        db.insert(stockMovements)
          .values({ recordId: copy!.id, change: -1, reason: "sale", orderId: row.id, note: `Sold on Discogs, order ${order.id}` })
          .run();
        db.update(discogsListings)
          .set({ state: "sold_on_discogs", syncedAt: paidAt, updatedAt: paidAt })
          .where(eq(discogsListings.recordId, copy!.id))
          .run();
      }
    }

    const oversold = missing.length > 0 ? [oversoldNote(order.id, missing, taken.length === 0 ? order : null)] : [];
    const note = [...(orderNumber ? [`Taken into the shop as order ${orderNumber}.`] : []), ...oversold].join(" ");
    db.insert(discogsOrders)
      .values({
        discogsOrderId: order.id,
        outcome: oversold.length > 0 ? "oversold" : "taken",
        orderId,
        recordId: items[0]!.copy!.id,
        buyer: order.buyer || null,
        totalPence: order.totalPence,
        note,
      })
      .run();
    return oversold.length > 0 ? "oversold" : "taken";
  });
}
