import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { records } from "../../db/schema";
import { REVENUE_STATUSES } from "../../app/domain/orders/order-status";
import { addDays } from "../../app/domain/shared/dates";
import { vatIncludedPence } from "../../app/domain/shared/money";
import { londonDayStart } from "../../app/domain/admin/periods";
import type { AnalysisRange, Bucket } from "../../app/domain/admin/analysis/range";
import {
  salesTotals,
  sellThroughPercent,
  topWithOther,
  type AnalysisData,
  type BreakdownRow,
  type CustomersBucket,
  type DeadStockRow,
  type DiscountRow,
  type PreOrderRow,
  type ReturnsFigures,
  type SalesBucket,
  type SellThroughRow,
  type TopSeller,
  type VoucherLiability,
} from "../../app/domain/admin/analysis/figures";
import { isPreOrderSql, isReleasedSql } from "./pre-order-sql";
import { schemeSplit, type SchemeSplit, type SchemeSums } from "../../app/domain/vat/scheme-split";
import { RETURN_REASON_LABELS, RETURN_REASONS, type ReturnReason } from "../../app/domain/returns/return-reasons";
import { salesByCountry, salesByZone, type CountrySums } from "../../app/domain/admin/analysis/destinations";
import type { VatMonth } from "../../app/domain/international/vat-report";
import { createVatReportService } from "./vat-report";

/** Stock that came in: goods-in deliveries, older restocks and the opening stock. */
const RECEIPT_REASONS = sql`('delivery', 'restock', 'seed')`;
/** Days without a sale after which stock on the shelf counts as dead. */
export const DEAD_STOCK_DAYS = 90;

/** `records` as the queries below name it (`from records r`), for the rule helpers that take the table. */
const recordsAsR = alias(records, "r");

const kept = sql.raw(`(${REVENUE_STATUSES.map((s) => `'${s}'`).join(", ")})`);
/**
 * Orders that bought a gift voucher are not sales: the money is held until the voucher is spent, and the order that
 * spends it is the sale, VAT and all (docs/decisions/0074). Told apart by rowid through the vouchers' own index, so
 * the orders_paid_idx index still answers the figures alone (a kind column would mean reading every order row).
 */
const notVoucherSale = sql.raw(`o.id not in (select purchase_order_id from vouchers where purchase_order_id is not null)`);
const bucketsJson = (buckets: readonly Bucket[]) => JSON.stringify(buckets.map((b) => [b.key, b.startUtc, b.endUtc]));
/** The buckets as a table b(k, s, e) the figures join on by paid_at: each bucket an index range of orders. */
const bucketTable = (buckets: readonly Bucket[]): SQL =>
  sql`b(k, s, e) as (select value ->> 0, value ->> 1, value ->> 2 from json_each(${bucketsJson(buckets)}))`;

/**
 * The business analysis page's figures (/admin/business-analysis and admin.analysis.*), every one an SQL
 * aggregate. See docs/decisions for what counts as revenue.
 */
export function createBusinessAnalysisService(db: Db) {
  const vatReport = createVatReportService(db);
  const sales = (buckets: readonly Bucket[]): SalesBucket[] => {
    // VAT apart: UK orders carry 20% in their prices; an IOSS order carries the VAT it added (what is kept of it after
    // refunds); an export carries none (docs/decisions/0081).
    const rows = db.all<{
      k: string;
      n: number;
      revenue: number;
      ukRevenue: number;
      iossVat: number;
      refunded: number;
      discount: number;
    }>(sql`
      with ${bucketTable(buckets)}
      select b.k as k, count(o.id) as n, coalesce(sum(o.total_pence - o.refunded_pence), 0) as revenue,
             coalesce(sum(case when o.vat_treatment = 'uk' then o.total_pence - o.refunded_pence else 0 end), 0) as ukRevenue,
             coalesce(sum(case when o.vat_treatment = 'ioss' and o.total_pence > 0
               then o.vat_pence * (o.total_pence - o.refunded_pence) / o.total_pence else 0 end), 0) as iossVat,
             coalesce(sum(o.refunded_pence), 0) as refunded, coalesce(sum(o.discount_pence), 0) as discount
      from b left join orders o on o.paid_at >= b.s and o.paid_at < b.e and +o.status in ${kept} and ${notVoucherSale}
      group by b.k`);
    const byKey = new Map(rows.map((r) => [r.k, r]));
    return buckets.map((b) => {
      const r = byKey.get(b.key);
      const revenuePence = Number(r?.revenue ?? 0);
      return {
        key: b.key,
        label: b.label,
        orders: r?.n ?? 0,
        revenuePence,
        vatPence: vatIncludedPence(Number(r?.ukRevenue ?? 0)) + Number(r?.iossVat ?? 0),
        ukRevenuePence: Number(r?.ukRevenue ?? 0),
        iossVatPence: Number(r?.iossVat ?? 0),
        refundedPence: Number(r?.refunded ?? 0),
        discountPence: Number(r?.discount ?? 0),
      };
    });
  };

  const breakdown = (range: AnalysisRange, column: "genre" | "label" | "format"): BreakdownRow[] => {
    const col = sql.raw(`r.${column}`);
    const rows = db.all<BreakdownRow>(sql`
      select coalesce(nullif(trim(${col}), ''), '(none)') as name,
             sum(l.quantity - l.refunded_quantity) as units,
             sum(l.unit_price_pence * (l.quantity - l.refunded_quantity)) as revenuePence
      from orders o join order_lines l on l.order_id = o.id join records r on r.id = l.record_id
      where o.paid_at >= ${range.current.startUtc} and o.paid_at < ${range.current.endUtc} and +o.status in ${kept}
      group by 1`);
    return topWithOther(rows.filter((r) => r.units > 0));
  };

  return {
    /** Orders, revenue (VAT apart), refunds and discounts by bucket, for the period and the one before. */
    sales(range: AnalysisRange) {
      const current = sales(range.current.buckets);
      const previous = sales(range.previous.buckets);
      return { current, previous, totals: salesTotals(current), previousTotals: salesTotals(previous) };
    },

    genre: (range: AnalysisRange) => breakdown(range, "genre"),
    label: (range: AnalysisRange) => breakdown(range, "label"),
    format: (range: AnalysisRange) => breakdown(range, "format"),

    /** The records that sold the most units in the period (revenue breaks ties). */
    topSellers(range: AnalysisRange, limit = 10): TopSeller[] {
      return db.all<TopSeller>(sql`
        select l.record_id as recordId, r.title as title, r.artist as artist,
               sum(l.quantity - l.refunded_quantity) as units,
               sum(l.unit_price_pence * (l.quantity - l.refunded_quantity)) as revenuePence
        from orders o join order_lines l on l.order_id = o.id join records r on r.id = l.record_id
        where o.paid_at >= ${range.current.startUtc} and o.paid_at < ${range.current.endUtc} and +o.status in ${kept}
        group by l.record_id having units > 0
        order by units desc, revenuePence desc, l.record_id limit ${limit}`);
    },

    /** By genre, units sold in the period ÷ units received in it (goods-in, restocks, opening stock). */
    sellThrough(range: AnalysisRange): SellThroughRow[] {
      const { startUtc, endUtc } = range.current;
      const rows = db.all<{ genre: string; received: number; sold: number }>(sql`
        with received as (
          select m.record_id as id, sum(m.change) as n from stock_movements m
          where m.reason in ${RECEIPT_REASONS} and m.change > 0 and m.created_at >= ${startUtc} and m.created_at < ${endUtc}
          group by m.record_id),
        sold as (
          select l.record_id as id, sum(l.quantity - l.refunded_quantity) as n
          from orders o join order_lines l on l.order_id = o.id
          where o.paid_at >= ${startUtc} and o.paid_at < ${endUtc} and +o.status in ${kept}
          group by l.record_id),
        ids as (select id from received union select id from sold)
        select coalesce(nullif(trim(r.genre), ''), '(none)') as genre,
               coalesce(sum(received.n), 0) as received, coalesce(sum(sold.n), 0) as sold
        from ids join records r on r.id = ids.id
        left join received on received.id = ids.id left join sold on sold.id = ids.id
        group by 1`);
      const all = rows.reduce((t, r) => ({ received: t.received + r.received, sold: t.sold + r.sold }), { received: 0, sold: 0 });
      return [
        { genre: "All genres", ...all, percent: sellThroughPercent(all.sold, all.received) },
        ...rows
          .map((r) => ({ ...r, percent: sellThroughPercent(r.sold, r.received) }))
          .sort((a, b) => b.received - a.received || a.genre.localeCompare(b.genre)),
      ];
    },

    /** Released records on the shelf with no sale in the last 90 days, and the money (at shelf price) in them. */
    deadStock(today: string) {
      const since = londonDayStart(addDays(today, -(DEAD_STOCK_DAYS - 1)));
      const rows = db.all<DeadStockRow>(sql`
        with recent as (
          select distinct l.record_id as id from orders o join order_lines l on l.order_id = o.id
          where o.paid_at >= ${since} and +o.status in ${kept})
        select r.id as recordId, r.title as title, r.artist as artist, r.stock_quantity as stock,
               r.price_pence as pricePence, r.stock_quantity * r.price_pence as tiedUpPence
        from records r
        where r.stock_quantity > 0 and ${isReleasedSql(today, { table: recordsAsR })}
          and r.id not in (select id from recent)
        order by tiedUpPence desc, r.id`);
      return {
        rows,
        records: rows.length,
        units: rows.reduce((n, r) => n + r.stock, 0),
        tiedUpPence: rows.reduce((n, r) => n + r.tiedUpPence, 0),
      };
    },

    /** Records not yet released: units pre-ordered (and kept) against the stock expected for them. */
    preOrders(today: string): PreOrderRow[] {
      const rows = db.all<Omit<PreOrderRow, "shortfall">>(sql`
        select r.id as recordId, r.title as title, r.artist as artist, r.release_date as releaseDate,
               coalesce((select sum(l.quantity - l.refunded_quantity) from order_lines l join orders o on o.id = l.order_id
                         where l.record_id = r.id and l.is_pre_order = 1 and +o.status in ${kept}), 0) as ordered,
               r.stock_quantity as expected
        from records r where ${isPreOrderSql(today, { table: recordsAsR })}
        order by r.release_date, r.id`);
      return rows.map((r) => ({ ...r, shortfall: Math.max(0, r.ordered - r.expected) }));
    },

    /** Orders by bucket from customers (by e-mail) paying for the first time, and from those who paid before. */
    customers(range: AnalysisRange): CustomersBucket[] {
      const rows = db.all<{ k: string; fresh: number; total: number }>(sql`
        with ${bucketTable(range.current.buckets)}
        select b.k as k, count(o.id) as total,
               -- A bucket without orders has one row of nulls from the left join: it counts as no order, not a new one.
               coalesce(sum(o.id is not null and not exists (select 1 from orders p where p.email = o.email
                                        and p.paid_at < o.paid_at and p.status in ${kept})), 0) as fresh
        from b left join orders o on o.paid_at >= b.s and o.paid_at < b.e and +o.status in ${kept} and ${notVoucherSale}
        group by b.k`);
      const byKey = new Map(rows.map((r) => [r.k, r]));
      return range.current.buckets.map((b) => {
        const r = byKey.get(b.key);
        return { key: b.key, label: b.label, newOrders: r?.fresh ?? 0, returningOrders: (r?.total ?? 0) - (r?.fresh ?? 0) };
      });
    },

    /** Each discount code used in the period: orders, what it took off, what those orders brought in. */
    discounts(range: AnalysisRange): DiscountRow[] {
      return db.all<DiscountRow>(sql`
        select coalesce(d.code, '(deleted code)') as code, case when d.kind = 'percent' then d.percent_off end as percentOff, count(o.id) as orders,
               sum(o.discount_pence) as discountPence, sum(o.total_pence - o.refunded_pence) as revenuePence
        from orders o left join discount_codes d on d.id = o.discount_code_id
        where o.paid_at >= ${range.current.startUtc} and o.paid_at < ${range.current.endUtc} and +o.status in ${kept}
          and (o.discount_code_id is not null or o.discount_pence > 0)
        group by o.discount_code_id
        order by discountPence desc, code`);
    },

    /**
     * What was owed on vouchers at the end of the period's last day (or of today, when the period runs on past it):
     * each voucher's movements up to then, for vouchers not past their date by then (a cancel's movement takes its
     * balance to nothing, so a cancelled voucher adds nothing from its cancel on). And what was issued and spent in it.
     */
    vouchers(range: AnalysisRange, today: string): VoucherLiability {
      const asOf = range.current.to < today ? range.current.to : today;
      const until = londonDayStart(addDays(asOf, 1));
      const held = db.get<{ n: number; pence: number }>(sql`
        with held as (select m.voucher_id as id, sum(m.change) as balance from voucher_movements m
                      where m.created_at < ${until} group by m.voucher_id)
        select count(*) filter (where held.balance > 0) as n, coalesce(sum(held.balance), 0) as pence
        from held join vouchers v on v.id = held.id where v.expires_on >= ${asOf}`);
      const moved = db.get<{ issued: number; spent: number }>(sql`
        select coalesce(sum(case when kind = 'issued' then change end), 0) as issued,
               -coalesce(sum(case when kind in ('spent', 'restored') then change end), 0) as spent
        from voucher_movements where created_at >= ${range.current.startUtc} and created_at < ${range.current.endUtc}`);
      return {
        asOf,
        outstandingCount: held?.n ?? 0,
        outstandingPence: held?.pence ?? 0,
        issuedPence: moved?.issued ?? 0,
        spentPence: moved?.spent ?? 0,
      };
    },

    /** Returns asked for in the period by reason (count, records), and those paid back in it with what they gave. */
    returns(range: AnalysisRange): ReturnsFigures {
      const { startUtc, endUtc } = range.current;
      const rows = db.all<{ reason: ReturnReason; returns: number; units: number }>(sql`
        select r.reason as reason, count(*) as returns,
               coalesce(sum((select sum(l.quantity) from return_lines l where l.return_id = r.id)), 0) as units
        from returns r where r.created_at >= ${startUtc} and r.created_at < ${endUtc} and r.status != 'refused'
        group by r.reason`);
      const paid = db.get<{ n: number; pence: number }>(sql`
        select count(*) as n, coalesce(sum(refunded_pence), 0) as pence
        from returns where status = 'refunded' and refunded_at >= ${startUtc} and refunded_at < ${endUtc}`);
      const byReason = new Map(rows.map((r) => [r.reason, r]));
      return {
        byReason: RETURN_REASONS.filter((k) => byReason.has(k)).map((k) => ({
          reason: k,
          label: RETURN_REASON_LABELS[k],
          returns: byReason.get(k)!.returns,
          units: Number(byReason.get(k)!.units),
        })),
        refunded: paid?.n ?? 0,
        refundedPence: Number(paid?.pence ?? 0),
      };
    },

    /** Every figure of the page at once. */
    /** Standard-rated and margin-scheme sales apart, with the VAT each carried (app/domain/vat/scheme-split.ts). */
    vatSchemes(range: AnalysisRange): SchemeSplit {
      const rows = db.all<SchemeSums>(sql`
        select l.vat_scheme as scheme,
               coalesce(sum(l.quantity - l.refunded_quantity), 0) as units,
               coalesce(sum(l.unit_price_pence * (l.quantity - l.refunded_quantity)), 0) as revenuePence,
               coalesce(sum(case when l.vat_pence is null then 0
                 else (l.vat_pence * (l.quantity - l.refunded_quantity) + l.quantity / 2) / l.quantity end), 0) as keptVatPence,
               coalesce(sum(case when l.vat_pence is null
                 then l.unit_price_pence * (l.quantity - l.refunded_quantity) else 0 end), 0) as unknownVatRevenuePence
        from orders o join order_lines l on l.order_id = o.id
        where o.paid_at >= ${range.current.startUtc} and o.paid_at < ${range.current.endUtc} and +o.status in ${kept}
        group by l.vat_scheme`);
      return schemeSplit(rows);
    },

    /** Each country's paid orders in the period: orders, records kept and revenue less refunds. */
    countrySums(range: AnalysisRange): CountrySums[] {
      return db.all<CountrySums>(sql`
        select o.country_code as countryCode, count(o.id) as orders,
               coalesce(sum((select sum(l.quantity - l.refunded_quantity) from order_lines l where l.order_id = o.id)), 0) as records,
               coalesce(sum(o.total_pence - o.refunded_pence), 0) as revenuePence
        from orders o
        where o.paid_at >= ${range.current.startUtc} and o.paid_at < ${range.current.endUtc} and +o.status in ${kept}
          and ${notVoucherSale}
        group by o.country_code`);
    },

    /** The monthly VAT report: UK VAT, zero-rated exports and IOSS VAT by member state (/admin/vat-report). */
    vatReport: (month: VatMonth) => vatReport.month(month),

    all(range: AnalysisRange, today: string) {
      const destinations = this.countrySums(range);
      return {
        countries: salesByCountry(destinations),
        zones: salesByZone(destinations),
        vatSchemes: this.vatSchemes(range),
        sales: this.sales(range),
        genre: this.genre(range),
        label: this.label(range),
        format: this.format(range),
        topSellers: this.topSellers(range),
        sellThrough: this.sellThrough(range),
        deadStock: this.deadStock(today),
        preOrders: this.preOrders(today),
        customers: this.customers(range),
        discounts: this.discounts(range),
        vouchers: this.vouchers(range, today),
        returns: this.returns(range),
      } satisfies AnalysisData;
    },
  };
}

export type BusinessAnalysisService = ReturnType<typeof createBusinessAnalysisService>;
