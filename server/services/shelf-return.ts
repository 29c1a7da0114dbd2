import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { records } from "../../db/schema";
import type { WantsService } from "./wants";

/**
 * Copies of a called-off order go back on the shelf, inside the caller's transaction (its ledger row is the
 * caller's to write). A shelf that was empty tells the wants service, so collectors waiting for the record hear.
 */
export function returnToShelf(db: Db, wants: Pick<WantsService, "onStockChanged">, recordId: number, quantity: number): void {
  const back = db
    .update(records)
    .set({ stockQuantity: sql`${records.stockQuantity} + ${quantity}` })
    .where(eq(records.id, recordId))
    .returning({ stock: records.stockQuantity })
    .get();
  if (back) wants.onStockChanged(recordId, back.stock - quantity, back.stock);
}
