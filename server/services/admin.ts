import { count } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orders, records, users } from "../../db/schema";

/** Figures for the admin dashboard. */
export function createAdminService(db: Db) {
  const countOf = (table: typeof records | typeof users | typeof orders) => db.select({ n: count() }).from(table).prepare();
  const recordCount = countOf(records);
  const userCount = countOf(users);
  const orderCount = countOf(orders);
  return {
    overview(): { records: number; users: number; orders: number } {
      return {
        records: recordCount.get()?.n ?? 0,
        users: userCount.get()?.n ?? 0,
        orders: orderCount.get()?.n ?? 0,
      };
    },
  };
}
