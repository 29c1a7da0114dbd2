/**
 * What happened to an order besides its moves: the notes staff leave on it, the mail it was sent, and the one
 * timeline on its page that merges these with its own moments and its audit rows (orderTimeline).
 */
import { desc, eq, inArray, or } from "drizzle-orm";
import type { Actor } from "../../app/domain/admin/audit";
import type { OrderNoteInput } from "../../app/domain/orders/order-admin";
import { orderTimeline, type OrderMailInput, type TimelineEntry } from "../../app/domain/orders/order-timeline";
import { NotFoundError } from "../../app/domain/shared/errors";
import { writeTransaction, type Db } from "../../db/client";
import { emailOutbox, orderNotes, orders, refunds } from "../../db/schema";
import type { AdminOrder } from "./admin-orders";
import type { AuditService } from "./audit";

/** The newest this many of each source: an order's page stays one screenful of reading, not an archive. */
export const TIMELINE_SOURCE_LIMIT = 100;

export function createOrderActivityService(db: Db, deps: { audit: AuditService }) {
  function orderOf(orderNumber: string) {
    const row = db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber)).get();
    if (!row) throw new NotFoundError("Order not found.");
    return row;
  }

  /**
   * The order's mail: by the order it was queued for, and (for mail queued before messages named their order) by
   * the once-keys its dispatch, cancellation and refund notices carry. Each lookup is one index seek.
   */
  function mailsOf(orderId: number, orderNumber: string): OrderMailInput[] {
    const refundIds = db.select({ id: refunds.id }).from(refunds).where(eq(refunds.orderId, orderId)).all();
    const onceKeys = [`dispatch:${orderNumber}`, `cancel:${orderNumber}`, ...refundIds.map((r) => `refund:${r.id}`)];
    return db
      .select({
        id: emailOutbox.id,
        subject: emailOutbox.subject,
        to: emailOutbox.toAddress,
        status: emailOutbox.status,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
      })
      .from(emailOutbox)
      .where(or(eq(emailOutbox.orderId, orderId), inArray(emailOutbox.onceKey, onceKeys)))
      .orderBy(desc(emailOutbox.id))
      .limit(TIMELINE_SOURCE_LIMIT)
      .all();
  }

  function notesOf(orderId: number) {
    return db
      .select({ id: orderNotes.id, body: orderNotes.body, staffName: orderNotes.staffName, createdAt: orderNotes.createdAt })
      .from(orderNotes)
      .where(eq(orderNotes.orderId, orderId))
      .orderBy(desc(orderNotes.id))
      .limit(TIMELINE_SOURCE_LIMIT)
      .all();
  }

  return {
    /** A note on the order, with its audit row, in one transaction. */
    addNote(actor: Actor, orderNumber: string, { note }: OrderNoteInput): void {
      writeTransaction(db, () => {
        const order = orderOf(orderNumber);
        db.insert(orderNotes).values({ orderId: order.id, staffId: actor.id, staffName: actor.username, body: note }).run();
        deps.audit.record(actor, { entityType: "order", entityId: orderNumber, action: "note", after: { note } });
      });
    },

    /** The order's page timeline, newest first (the order as the orders service reads it). */
    timeline(order: Pick<AdminOrder, "orderNumber" | "timeline" | "history">): TimelineEntry[] {
      const { id } = orderOf(order.orderNumber);
      return orderTimeline({
        events: order.timeline,
        changes: order.history,
        mails: mailsOf(id, order.orderNumber),
        notes: notesOf(id),
      });
    },
  };
}

export type OrderActivityService = ReturnType<typeof createOrderActivityService>;
