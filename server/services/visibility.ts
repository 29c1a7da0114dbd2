/**
 * The record hiding rule (spec §5; the pure rule is app/domain/catalogue/hiding.ts) in SQL, for every
 * service that lists records: a pre-order always shows; any other record needs stock and must not be hidden
 * by its content (the stored, date-independent hidden_by_content column of db/schema/records.ts). An
 * integration test checks every form below against the pure rule on every seeded record.
 *
 * `ownIndex` puts a unary `+` on each column, which tells SQLite's planner not to use an index for it: the
 * caller's own index (a genre, the primary key, a sort order) is walked and visibility is tested row by row,
 * instead of OR-ing the release-date and visibility indexes, which nearly every row matches, and fetching
 * almost the whole table (docs/decisions/0004-catalogue-queries.md).
 */
import { and, count, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { records } from "../../db/schema";
import { isPreOrderRawSql, isPreOrderSql, isReleasedSql } from "./pre-order-sql";

type Today = string | Placeholder;
interface PlannerOptions {
  ownIndex?: boolean;
}

const hint = (ownIndex = false) => (ownIndex ? sql.raw("+") : sql.empty());

/**
 * Published and not scheduled for later, on a records row named `alias` ("records" for drizzle queries).
 * Always tested row by row (unary `+`): nearly every record is published, so no index would help.
 */
export function publishedRawSql(alias = "records"): string {
  return `(+${alias}.published = 1 and (+${alias}.publish_at is null or +${alias}.publish_at <= shop_now()))`;
}

/** Published, not hidden by content and in stock: the half of the rule that does not depend on the date. */
export function listedSql({ ownIndex }: PlannerOptions = {}): SQL {
  const p = hint(ownIndex);
  return sql`(${p}${records.hiddenByContent} = 0 and ${p}${records.stockQuantity} > 0 and ${sql.raw(publishedRawSql())})`;
}

/** The whole rule for a drizzle query on `records`. */
export function visibleSql(today: Today, options: PlannerOptions = {}): SQL {
  return sql`(${sql.raw(publishedRawSql())} and (${isPreOrderSql(today, options)} or ${listedSql(options)}))`;
}

/** The whole rule for hand-written SQL on a records row named `alias`; `today` is a parameter ("$today", "@today"). */
export function visibleRawSql(alias: string, today: string, { ownIndex }: PlannerOptions = {}): string {
  const c = (column: string) => `${ownIndex ? "+" : ""}${alias}.${column}`;
  return `(${publishedRawSql(alias)} and (${isPreOrderRawSql(alias, today, { ownIndex })} or (${c("hidden_by_content")} = 0 and ${c("stock_quantity")} > 0)))`;
}

/** Pre-orders (released after `today`) that the public may see: the pre-order half of the rule. */
export function preOrderSql(today: Today): SQL {
  return sql`(${isPreOrderSql(today)} and ${sql.raw(publishedRawSql())})`;
}

/**
 * Counts the visible records on a day in two index-friendly halves, pre-orders and listed records released
 * by then (an OR over two indexes is about 3× slower at 100,000 records).
 */
export function visibleCounter(db: Db): (today: string) => number {
  const today = sql.placeholder("today");
  const preOrders = db.select({ n: count() }).from(records).where(preOrderSql(today)).prepare();
  const listed = db
    .select({ n: count() })
    .from(records)
    .where(and(listedSql(), isReleasedSql(today)))
    .prepare();
  return (day) => (preOrders.get({ today: day })?.n ?? 0) + (listed.get({ today: day })?.n ?? 0);
}

/** Published and not scheduled for later, for a drizzle query on `records` (lists that apply their own date rule). */
export function publishedSql(): SQL {
  return sql.raw(publishedRawSql());
}

/**
 * The one new-release rule (spec §5/§9; the pure form is newReleases in app/domain/home/home-filters.ts):
 * published vinyl released from `since` (today − 40 days) up to today, both ends inclusive ("< tomorrow",
 * so a stored timestamp on today still counts), and not demo data (placeholder title, no cover). Stock does
 * not matter: a sold-out new release is still news. /new-releases, the home page's New Releases and the
 * crate dig's "New in" all read it, so they always count the same records.
 */
export function newReleaseWindowSql(since: Today, tomorrow: Today): SQL {
  return sql`(${records.releaseDate} >= ${since} and ${records.releaseDate} < ${tomorrow} and ${records.format} like '%vinyl%' and +${records.hiddenByContent} = 0 and ${sql.raw(publishedRawSql())})`;
}
