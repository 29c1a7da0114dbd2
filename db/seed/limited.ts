/**
 * The demo shop's limited records, so a newcomer sees both kinds: one limited to 1 per customer and on sale now,
 * and one drop (limit 1, 30 copies) on sale at 08:00 London time tomorrow, counted from the day the seed runs.
 * Two records of the generated catalogue become them, so the catalogue keeps its size and its other records.
 */
import { addDays } from "../../app/domain/shared/dates";
import { londonToUtc } from "../../app/domain/schedule/schedule";
import type { NewRecordRow } from "../schema";

export const LIMITED_DEMO_RECORD = "track-700";
export const DROP_DEMO_RECORD = "track-701";
export const DROP_DEMO_COPIES = 30;

export function withLimitedDemo(rows: NewRecordRow[], today: string): NewRecordRow[] {
  const dropOnSaleAt = londonToUtc(addDays(today, 1), "08:00");
  return rows.map((row) => {
    if (row.catalogueId === LIMITED_DEMO_RECORD) {
      return { ...row, limitPerCustomer: 1, onSaleAt: null, stockQuantity: Math.max(row.stockQuantity ?? 0, 5) };
    }
    if (row.catalogueId === DROP_DEMO_RECORD) {
      return { ...row, limitPerCustomer: 1, onSaleAt: dropOnSaleAt, isDrop: true, stockQuantity: DROP_DEMO_COPIES };
    }
    return row;
  });
}
