/**
 * The one place catalogue edits, by hand or by import, reach shoppers' wants: a lower price, a pre-order now out.
 */
import { writeTransaction, type Db } from "../../db/client";
import { todayInLondon } from "../../app/domain/shared/dates";
import type { WantsService } from "./wants";

/** A record's price and release date before and after an edit: what shoppers' wants listen for. */
export interface RecordEdit {
  id: number;
  priceBefore: number;
  priceAfter: number;
  releaseBefore: string | null;
  releaseAfter: string | null;
}

export type EditListeners = Pick<WantsService, "onPriceChanged" | "onReleaseDateChanged" | "wantedAmong">;

/**
 * Each want is told of an event once (decision 28), so telling it again never mails twice. The alerts are queued
 * in one transaction (a savepoint inside an edit's own).
 */
export function tellWantsOfEdits(db: Db, wants: EditListeners | undefined, edits: readonly RecordEdit[]): void {
  if (!wants) return;
  const changed = edits.filter((e) => e.priceAfter !== e.priceBefore || e.releaseAfter !== e.releaseBefore);
  if (changed.length === 0) return;
  // Only records someone wants can alert: an import of thousands of prices asks once, not once a record.
  const wanted = wants.wantedAmong(changed.map((e) => e.id));
  const told = changed.filter((e) => wanted.has(e.id));
  if (told.length === 0) return;
  const today = todayInLondon();
  writeTransaction(db, () => {
    for (const e of told) {
      if (e.priceAfter !== e.priceBefore) wants.onPriceChanged(e.id, e.priceBefore, e.priceAfter);
      if (e.releaseAfter !== e.releaseBefore) wants.onReleaseDateChanged(e.id, e.releaseBefore, e.releaseAfter, today);
    }
  });
}
