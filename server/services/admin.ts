import { and, count, desc, eq, gte, inArray, isNull, ne, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orderLines, orders, records, users } from "../../db/schema";
import { REVENUE_STATUSES, type OrderStatus } from "../../app/domain/orders/order-status";
import { averagePence, dashboardPeriods } from "../../app/domain/admin/periods";
import { waitingForPressingSql } from "./admin-shipping";

export interface PeriodFigures {
  orders: number;
  /** What was paid less what was refunded, in pence. */
  revenuePence: number;
  averagePence: number;
}

export interface DashboardOverview {
  today: PeriodFigures;
  week: PeriodFigures;
  thirtyDays: PeriodFigures;
  toPack: number;
  awaitingStock: number;
  lowStock: number;
  outOfStock: number;
  releasingSoon: { records: number; openPreOrders: number; from: string; to: string };
  records: number;
  customers: number;
  latest: { orderNumber: string; createdAt: string; name: string; email: string; totalPence: number; status: OrderStatus }[];
}

/** Figures for the admin dashboard: every one a count the owner can act on from the page it links to. */
export function createAdminService(db: Db, deps: { stock: { counts(today: string): { low: number; out: number } } }) {
  const revenueStatuses = [...REVENUE_STATUSES];
  /** Orders whose money was taken and kept (cancelled and wholly refunded ones are not orders here). */
  const period = (from: string): PeriodFigures => {
    const row = db
      .select({ n: count(), pence: sql<number>`coalesce(sum(${orders.totalPence} - ${orders.refundedPence}), 0)` })
      .from(orders)
      // A gift voucher sold is money held for a later sale, not a sale (docs/decisions/0074).
      .where(and(inArray(orders.status, revenueStatuses), gte(orders.paidAt, from), ne(orders.kind, "gift_voucher")))
      .get();
    const n = row?.n ?? 0;
    const pence = Number(row?.pence ?? 0);
    return { orders: n, revenuePence: pence, averagePence: averagePence(pence, n) };
  };

  return {
    overview(now: Date = new Date()): DashboardOverview {
      const p = dashboardPeriods(now);
      // The stock page's own rule, so each figure matches the filtered list it links to.
      const stock = deps.stock.counts(p.today);
      const releasing = sql`${records.releaseDate} between ${p.releaseWindow.from} and ${p.releaseWindow.to}`;
      const releasingRecords = db.select({ n: count() }).from(records).where(releasing).get()?.n ?? 0;
      const openPreOrders =
        db
          .select({ n: sql<number>`count(distinct ${orders.id})` })
          .from(orderLines)
          .innerJoin(orders, eq(orders.id, orderLines.orderId))
          .innerJoin(records, eq(records.id, orderLines.recordId))
          .where(
            and(
              eq(orderLines.isPreOrder, true),
              isNull(orderLines.allocatedAt),
              inArray(orders.status, ["paid", "packed"]),
              releasing,
            ),
          )
          .get()?.n ?? 0;
      const paidCount = (waiting: boolean) =>
        db
          .select({ n: count() })
          .from(orders)
          .where(
            and(
              eq(orders.status, "paid"),
              ne(orders.kind, "gift_voucher"),
              waiting ? waitingForPressingSql : sql`not ${waitingForPressingSql}`,
            ),
          )
          .get()?.n ?? 0;
      return {
        today: period(p.todayStart),
        week: period(p.weekStart),
        thirtyDays: period(p.thirtyDaysStart),
        toPack: paidCount(false),
        awaitingStock: paidCount(true),
        lowStock: stock.low,
        outOfStock: stock.out,
        releasingSoon: { records: releasingRecords, openPreOrders, ...p.releaseWindow },
        records: db.select({ n: count() }).from(records).get()?.n ?? 0,
        customers: db.select({ n: count() }).from(users).where(ne(users.role, "admin")).get()?.n ?? 0,
        latest: db
          .select({
            orderNumber: orders.orderNumber,
            createdAt: orders.createdAt,
            name: orders.shippingName,
            email: orders.email,
            totalPence: orders.totalPence,
            status: orders.status,
          })
          .from(orders)
          .where(notInArray(orders.status, ["payment_failed"]))
          .orderBy(desc(orders.id))
          .limit(10)
          .all(),
      };
    },
  };
}
