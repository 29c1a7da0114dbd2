/**
 * Limited records at the till: the sale guard that refuses a record before its on-sale time and an order that
 * would take a customer past a record's per-customer limit, counting their earlier orders of it by account,
 * e-mail, address or card (app/domain/limited/). Every order keeps those keys, so a limit set later sees the
 * history. A refused attempt is kept for the back office (limit_refusals) after the order's transaction rolls back.
 */
import { and, count, desc, eq, gte, isNotNull, isNull, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { shopNow } from "../../db/clock";
import { limitRefusals, orderLines, orders, records } from "../../db/schema";
import { pageWindow } from "../../app/domain/shared/paging";
import { addressKey, emailKey } from "../../app/domain/limited/identity";
import {
  checkLimit,
  limitRefusalMessage,
  STATUSES_NOT_COUNTED,
  type EarlierPurchase,
  type Identity,
  type LimitDecision,
} from "../../app/domain/limited/limit-rule";
import { notOnSaleYetMessage, saleStateAt } from "../../app/domain/limited/on-sale";
import { ConflictError, ValidationError } from "../../app/domain/shared/errors";
import type { OrderStatus } from "../../app/domain/orders/order-status";
import type { SaleContext, SaleGuard } from "./sale-guards";

/** At most this many earlier orders are read per record and customer: a limit is at most 99 copies. */
const EARLIER_ORDERS_READ = 200;
/** The back office lists this many limited records at most, the latest on-sale times first. */
const LIMITED_RECORDS_SHOWN = 200;
const REFUSALS_PER_PAGE = 25;
/** The same refusal again within this time is one attempt sent twice (a double submit), kept once. */
const SAME_ATTEMPT_MS = 60_000;

/** A refusal by the per-customer limit, carrying what the back office keeps of it. */
export class LimitRefusedError extends ConflictError {
  constructor(
    message: string,
    readonly refusal: {
      recordId: number;
      userId: number | null;
      email: string;
      matchedBy: Identity;
      matchedOrderNumber: string | null;
      requestedQuantity: number;
      alreadyBought: number;
      channel: string;
    },
  ) {
    super(message);
  }
}

/** The keys an order is recognised by (hashes only). */
export interface CustomerKeys {
  userId: number | null;
  emailKey: string;
  addressKey: string;
  cardKey: string | null;
}

export function customerKeysOf(ctx: Pick<SaleContext, "userId" | "email" | "shipping" | "cardKey">): CustomerKeys {
  return {
    userId: ctx.userId,
    emailKey: emailKey(ctx.email),
    addressKey: addressKey(ctx.shipping),
    cardKey: ctx.cardKey,
  };
}

export function createLimitedSalesService(db: Db) {
  /** The customer's earlier orders of a record that still count, each with the identities it shares. */
  function earlierPurchases(recordId: number, keys: CustomerKeys): EarlierPurchase[] {
    const same: SQL[] = [eq(orders.emailKey, keys.emailKey), eq(orders.addressKey, keys.addressKey)];
    if (keys.userId !== null) same.push(eq(orders.userId, keys.userId));
    if (keys.cardKey) same.push(eq(orders.cardKey, keys.cardKey));
    const rows = db
      .select({
        orderNumber: orders.orderNumber,
        status: orders.status,
        placedAt: orders.createdAt,
        userId: orders.userId,
        emailKey: orders.emailKey,
        addressKey: orders.addressKey,
        cardKey: orders.cardKey,
        quantity: orderLines.quantity,
        refundedQuantity: orderLines.refundedQuantity,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(
        and(
          eq(orderLines.recordId, recordId),
          notInArray(orders.status, STATUSES_NOT_COUNTED as OrderStatus[]),
          sql`${orderLines.quantity} > ${orderLines.refundedQuantity}`,
          or(...same),
        ),
      )
      .orderBy(desc(orders.id))
      .limit(EARLIER_ORDERS_READ)
      .all();
    return rows.map((r) => {
      const matchedBy: Identity[] = [];
      if (keys.userId !== null && r.userId === keys.userId) matchedBy.push("account");
      if (r.emailKey === keys.emailKey) matchedBy.push("email");
      if (r.addressKey === keys.addressKey) matchedBy.push("address");
      if (keys.cardKey && r.cardKey === keys.cardKey) matchedBy.push("card");
      return { ...r, matchedBy };
    });
  }

  /** Whether the customer may buy `requested` copies of a record limited to `limit` per customer. */
  function decide(recordId: number, limit: number | null, requested: number, keys: CustomerKeys): LimitDecision {
    if (limit === null) return { allowed: true, alreadyBought: 0, allowedNow: requested };
    return checkLimit({ limit, requested, earlier: earlierPurchases(recordId, keys) });
  }

  /** Keeps a refused attempt for the back office, once however often the same form is sent. */
  function recordRefusal(refusal: LimitRefusedError["refusal"]): void {
    const now = shopNow(db.$client);
    const since = new Date(now.getTime() - SAME_ATTEMPT_MS).toISOString();
    const same = db
      .select({ id: limitRefusals.id })
      .from(limitRefusals)
      .where(
        and(
          eq(limitRefusals.recordId, refusal.recordId),
          eq(limitRefusals.email, refusal.email),
          refusal.userId === null ? isNull(limitRefusals.userId) : eq(limitRefusals.userId, refusal.userId),
          eq(limitRefusals.requestedQuantity, refusal.requestedQuantity),
          eq(limitRefusals.channel, refusal.channel),
          gte(limitRefusals.createdAt, since),
        ),
      )
      .get();
    if (same) return;
    db.insert(limitRefusals)
      .values({ ...refusal, createdAt: now.toISOString() })
      .run();
  }

  const guard: SaleGuard = {
    check(ctx) {
      for (const { record } of ctx.lines) {
        const state = saleStateAt(record.onSaleAt, ctx.now);
        if (state.state === "not-yet") throw new ValidationError(notOnSaleYetMessage(record.title, state.onSaleAt));
      }
      const limited = ctx.lines.filter(({ record }) => record.limitPerCustomer !== null);
      if (limited.length === 0) return;
      const keys = customerKeysOf(ctx);
      for (const { line, record } of limited) {
        const decision = decide(record.id, record.limitPerCustomer, line.quantity, keys);
        if (decision.allowed) continue;
        throw new LimitRefusedError(limitRefusalMessage(record.title, record.limitPerCustomer!, decision), {
          recordId: record.id,
          userId: ctx.userId,
          email: ctx.email,
          matchedBy: decision.matchedBy,
          matchedOrderNumber: decision.orderNumber || null,
          requestedQuantity: line.quantity,
          alreadyBought: decision.alreadyBought,
          channel: ctx.channel,
        });
      }
    },
    // Every order keeps its keys, limited or not, so a limit set later counts what was bought before it.
    orderValues(ctx) {
      const keys = customerKeysOf(ctx);
      return { emailKey: keys.emailKey, addressKey: keys.addressKey, cardKey: keys.cardKey };
    },
    refused(error) {
      if (error instanceof LimitRefusedError) recordRefusal(error.refusal);
    },
  };

  /** The back office's limited records: limit, on-sale time, drop or not, and copies sold so far (kept copies). */
  function limitedRecords() {
    // Written with table names: drizzle leaves columns unqualified inside a select's own expression.
    const notCounted = sql.join(
      STATUSES_NOT_COUNTED.map((status) => sql`${status}`),
      sql`, `,
    );
    const sold = sql<number>`coalesce((
      select sum(ol.quantity - ol.refunded_quantity)
      from order_lines ol join orders o on o.id = ol.order_id
      where ol.record_id = "records"."id" and o.status not in (${notCounted})
    ), 0)`;
    return db
      .select({
        id: records.id,
        title: records.title,
        artist: records.artist,
        limitPerCustomer: records.limitPerCustomer,
        onSaleAt: records.onSaleAt,
        isDrop: records.isDrop,
        recordStoreDay: records.recordStoreDay,
        stockQuantity: records.stockQuantity,
        sold,
      })
      .from(records)
      .where(or(isNotNull(records.limitPerCustomer), isNotNull(records.onSaleAt), eq(records.isDrop, true)))
      .orderBy(desc(sql`coalesce(${records.onSaleAt}, '')`), desc(records.id))
      .limit(LIMITED_RECORDS_SHOWN)
      .all();
  }

  /** A page of refused attempts, newest first, with the record's title. */
  function refusals(askedPage: number) {
    const total = db.select({ n: count() }).from(limitRefusals).get()!.n;
    const { page, pageCount, offset } = pageWindow(total, askedPage, REFUSALS_PER_PAGE);
    const rows = db
      .select({
        id: limitRefusals.id,
        createdAt: limitRefusals.createdAt,
        recordId: limitRefusals.recordId,
        title: records.title,
        artist: records.artist,
        email: limitRefusals.email,
        matchedBy: limitRefusals.matchedBy,
        matchedOrderNumber: limitRefusals.matchedOrderNumber,
        requestedQuantity: limitRefusals.requestedQuantity,
        alreadyBought: limitRefusals.alreadyBought,
        channel: limitRefusals.channel,
      })
      .from(limitRefusals)
      .innerJoin(records, eq(records.id, limitRefusals.recordId))
      .orderBy(desc(limitRefusals.createdAt), desc(limitRefusals.id))
      .limit(REFUSALS_PER_PAGE)
      .offset(offset)
      .all();
    return { rows, total, page, pageCount };
  }

  return {
    guard,
    limitedRecords,
    refusals,
    /** The shop's clock (tests move it): what the on-sale time is compared with. */
    now: () => shopNow(db.$client),
    decide,
    recordRefusal,
  };
}

export type LimitedSalesService = ReturnType<typeof createLimitedSalesService>;
