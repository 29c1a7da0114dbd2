/**
 * The pre-order rule (spec §4; the pure rule is isPreOrder in app/domain/catalogue/pre-order.ts) in SQL on
 * `records`, for every query that tells pre-orders from released records: a record is a pre-order when its
 * release date is after today; one without a release date never is. Release dates are stored as YYYY-MM-DD, so
 * comparing the text compares the dates. An integration test checks every form against the pure rule on every
 * seeded record.
 */
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { records } from "../../db/schema";

type Today = string | Placeholder;

export interface PreOrderSqlOptions {
  /** The table as the query names it: `alias(records, "r")` in SQL that calls it `r`. */
  table?: { releaseDate: AnySQLiteColumn };
  /**
   * A unary `+` on the release date, which tells SQLite's planner not to use its index: for a query that walks
   * an index of its own (see visibility.ts).
   */
  ownIndex?: boolean;
}

/** Released after `today`. */
export function isPreOrderSql(today: Today, { table = records, ownIndex = false }: PreOrderSqlOptions = {}): SQL {
  return sql`${ownIndex ? sql.raw("+") : sql.empty()}${table.releaseDate} > ${today}`;
}

/** Not a pre-order: released by `today`, or with no release date. */
export function isReleasedSql(today: Today, { table = records }: Pick<PreOrderSqlOptions, "table"> = {}): SQL {
  return sql`(${table.releaseDate} is null or ${table.releaseDate} <= ${today})`;
}

/**
 * Released after `today`, for SQL written as text on a records row named `alias`; `today` is a parameter as the
 * statement writes it ("?", "$today", "@today").
 */
export function isPreOrderRawSql(
  alias: string,
  today: string,
  { ownIndex = false }: Pick<PreOrderSqlOptions, "ownIndex"> = {},
): string {
  return `${ownIndex ? "+" : ""}${alias}.release_date > ${today}`;
}
