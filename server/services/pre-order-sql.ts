/**
 * The pre-order rule (spec §4; the pure rule is isPreOrder in app/domain/catalogue/pre-order.ts) in SQL on
 * `records`, for the back office's lists and counts: a record is a pre-order when its release date is after
 * today; one without a release date never is. Release dates are stored as YYYY-MM-DD, so comparing the text
 * compares the dates. An integration test checks both forms against the pure rule on every seeded record.
 */
import { sql, type SQL } from "drizzle-orm";
import { records } from "../../db/schema";

/** Released after `today`. */
export function isPreOrderSql(today: string): SQL {
  return sql`${records.releaseDate} > ${today}`;
}

/** Not a pre-order: released by `today`, or with no release date. */
export function isReleasedSql(today: string): SQL {
  return sql`(${records.releaseDate} is null or ${records.releaseDate} <= ${today})`;
}
