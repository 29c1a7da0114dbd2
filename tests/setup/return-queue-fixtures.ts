import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orderLines, orders, returnLines, returnPhotos, returns } from "../../db/schema";
import type { RefundMethod, ReturnReason, ReturnStatus } from "../../app/domain/returns/return-reasons";
import { newReturnNumber } from "../../server/services/returns";

export { newReturnNumber };

/**
 * A shopper's return request as the shop stores it, written straight into the tables: every line of the order in
 * full unless `lines` (by the line's position in the order, 0-based) says which and how many.
 */
export function insertReturn(
  db: Db,
  orderNumber: string,
  opts: {
    reason?: ReturnReason;
    lines?: { index: number; quantity: number; sealed?: boolean }[];
    refundMethod?: RefundMethod;
    status?: ReturnStatus;
    note?: string | null;
    createdAt?: string;
    photos?: string[];
  } = {},
): { returnNumber: string; id: number } {
  const order = db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).get();
  if (!order) throw new Error(`No order ${orderNumber}`);
  const lines = db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.id).all();
  const chosen = opts.lines ?? lines.map((l, index) => ({ index, quantity: l.quantity, sealed: true }));
  const returnNumber = newReturnNumber();
  const row = db
    .insert(returns)
    .values({
      returnNumber,
      orderId: order.id,
      userId: order.userId,
      email: order.email,
      reason: opts.reason ?? "changed_mind",
      note: opts.note === undefined ? "Not for me after all." : opts.note,
      refundMethod: opts.refundMethod ?? "original_payment",
      status: opts.status ?? "requested",
      ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
    })
    .returning({ id: returns.id })
    .get();
  for (const pick of chosen) {
    const line = lines[pick.index];
    if (!line) throw new Error(`Order ${orderNumber} has no line ${pick.index}`);
    db.insert(returnLines)
      .values({ returnId: row.id, orderLineId: line.id, quantity: pick.quantity, sealed: pick.sealed ?? true })
      .run();
  }
  for (const fileName of opts.photos ?? [])
    db.insert(returnPhotos).values({ returnId: row.id, fileName, width: 800, height: 600 }).run();
  return { returnNumber, id: row.id };
}
