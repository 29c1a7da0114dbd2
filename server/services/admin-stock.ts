/**
 * Stock in the back office: every record's stock with its filters, adjustments with a reason, goods in, the
 * per-record ledger and low-stock thresholds. Stock on hand moves only through a conditional update that can
 * never take it below 0, in the same BEGIN IMMEDIATE transaction as its stock_movements row and its audit row,
 * so a record's stock always equals its ledger (see ledgerBalance in app/domain/stock/stock-rules.ts).
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Actor, AuditActor } from "../../app/domain/admin/audit";
import { USED_COPY_MAX_STOCK, USED_COPY_STOCK_CAP, isUsedCopy } from "../../app/domain/catalogue/grades";
import { isPreOrder } from "../../app/domain/catalogue/pre-order";
import { ConflictError, NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { addDays, todayInLondon } from "../../app/domain/shared/dates";
import { DEFAULT_LOW_STOCK_THRESHOLD, stockLevel, type StockLevel } from "../../app/domain/stock/low-stock";
import {
  NO_SALE_DAYS,
  STOCK_PAGE_SIZE,
  allocatePreOrders,
  changesStockOnHand,
  type AdjustReason,
  type AdjustStock,
  type GoodsIn,
  type StockQuery,
  type Threshold,
} from "../../app/domain/stock/stock-rules";
import { writeTransaction, type Db } from "../../db/client";
import { orderLines, orders, records, stockMovements, users } from "../../db/schema";
import type { AuditService } from "./audit";
import { isPreOrderSql, isReleasedSql } from "./pre-order-sql";
import type { WantsService } from "./wants";
import { pageWindow } from "../../app/domain/shared/paging";

export interface StockRow {
  id: number;
  title: string;
  artist: string;
  catalogNumber: string | null;
  stock: number;
  threshold: number | null;
  level: StockLevel;
  releaseDate: string | null;
  preOrder: boolean;
  published: boolean;
  lastSaleAt: string | null;
  /** Units ordered ahead of release and not yet set aside (paid or packed orders). */
  waitingPreOrders: number;
}

export interface StockMovementView {
  id: number;
  createdAt: string;
  reason: string;
  change: number;
  /** Stock on hand just after this movement. */
  balance: number;
  changesStock: boolean;
  note: string | null;
  actorName: string | null;
  orderNumber: string | null;
}

export interface AllocationView {
  orderNumber: string;
  recordId: number;
  title: string;
  quantity: number;
}

/**
 * Orders whose pre-order lines are waiting for their pressing: paid and not yet gone out, or with a card saved to
 * be charged when they ship (a pre-order charged at dispatch is in the queue like a paid one).
 */
const WAITING_STATUSES = ["paid", "packed", "card_saved"] as const;

// Subqueries name the outer record's id in full: drizzle writes a bare "id" in a one-table select.
const recordIdSql = sql.raw(`"records"."id"`);
const lastSaleSql = sql<
  string | null
>`(select max(m.created_at) from stock_movements m where m.record_id = ${recordIdSql} and m.reason in ('sale', 'pre_order') and m.change < 0)`;
const waitingSql = sql<number>`(select coalesce(sum(l.quantity), 0) from order_lines l join orders o on o.id = l.order_id
  where l.record_id = ${recordIdSql} and l.is_pre_order = 1 and l.allocated_at is null and o.status in ('paid', 'packed', 'card_saved'))`;
const thresholdSql = sql`coalesce(${records.lowStockThreshold}, ${DEFAULT_LOW_STOCK_THRESHOLD})`;

function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function createAdminStockService(db: Db, deps: { audit: AuditService; wants?: Pick<WantsService, "onStockChanged"> }) {
  const recordById = (id: number) => {
    const row = db.select().from(records).where(eq(records.id, id)).get();
    if (!row) throw new NotFoundError("Record not found.");
    return row;
  };

  // Low and out concern records sold from the shelf; a pre-order's empty shelf is expected until its pressing comes.
  // On sale: published and released; low and out are alerts about what shoppers can buy now.
  const onSale = (today: string) => sql`${records.published} = 1 and ${isReleasedSql(today)}`;
  const filterSql: Record<StockQuery["filter"], (today: string) => SQL | undefined> = {
    all: () => undefined,
    low: (today) => sql`${onSale(today)} and ${records.stockQuantity} > 0 and ${records.stockQuantity} <= ${thresholdSql}`,
    out: (today) => sql`${onSale(today)} and ${records.stockQuantity} <= 0`,
    "pre-order": (today) => isPreOrderSql(today),
    "no-sale-90": (today) =>
      sql`not exists (select 1 from stock_movements m where m.record_id = ${recordIdSql} and m.reason in ('sale', 'pre_order')
        and m.change < 0 and m.created_at >= ${addDays(today, -NO_SALE_DAYS)})`,
  };
  const sortSql: Record<StockQuery["sort"], SQL[]> = {
    title: [sql`${records.title} collate nocase`, sql`${records.id}`],
    artist: [sql`${records.artist} collate nocase`, sql`${records.title} collate nocase`, sql`${records.id}`],
    "stock-asc": [sql`${records.stockQuantity}`, sql`${records.id}`],
    "stock-desc": [sql`${records.stockQuantity} desc`, sql`${records.id}`],
    "release-desc": [sql`${records.releaseDate} desc nulls last`, sql`${records.id}`],
    "last-sale": [sql`${lastSaleSql} asc nulls first`, sql`${records.id}`],
  };

  /**
   * Sets aside copies on the shelf for a record's open pre-order lines, oldest order first (whole lines), each
   * with a "sale" movement for its order, so those orders become ready to pack. Runs inside the caller's
   * transaction, after stock has arrived.
   */
  function allocate(actor: AuditActor, recordId: number): AllocationView[] {
    const record = recordById(recordId);
    const open = db
      .select({
        lineId: orderLines.id,
        orderId: orders.id,
        orderNumber: orders.orderNumber,
        orderCreatedAt: orders.createdAt,
        quantity: orderLines.quantity,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(
        and(
          eq(orderLines.recordId, recordId),
          eq(orderLines.isPreOrder, true),
          isNull(orderLines.allocatedAt),
          inArray(orders.status, [...WAITING_STATUSES]),
        ),
      )
      .all();
    const { allocated } = allocatePreOrders(record.stockQuantity, open);
    const now = new Date().toISOString();
    const done: AllocationView[] = [];
    for (const line of allocated) {
      const taken = db
        .update(records)
        .set({ stockQuantity: sql`${records.stockQuantity} - ${line.quantity}`, updatedAt: now })
        .where(and(eq(records.id, recordId), sql`${records.stockQuantity} >= ${line.quantity}`))
        .run();
      if (taken.changes !== 1) break;
      db.update(orderLines)
        .set({ allocatedAt: now })
        .where(and(eq(orderLines.id, line.lineId), isNull(orderLines.allocatedAt)))
        .run();
      db.insert(stockMovements)
        .values({
          recordId,
          change: -line.quantity,
          reason: "sale",
          orderId: line.orderId,
          actorId: actor.id,
          note: `Allocated pre-order ${line.orderNumber}`,
        })
        .run();
      deps.audit.record(actor, {
        entityType: "order",
        entityId: line.orderNumber,
        action: "pre-order allocated",
        before: { [`${record.title} allocated`]: false },
        after: { [`${record.title} allocated`]: true },
      });
      done.push({ orderNumber: line.orderNumber, recordId, title: record.title, quantity: line.quantity });
    }
    if (done.length) {
      const units = done.reduce((n, d) => n + d.quantity, 0);
      deps.audit.record(actor, {
        entityType: "record",
        entityId: recordId,
        action: "pre-orders allocated",
        before: { stock: record.stockQuantity },
        after: { stock: record.stockQuantity - units, allocatedTo: done.map((d) => d.orderNumber).join(" ") },
      });
    }
    return done;
  }

  /** Stock on hand of records, to tell the wants service what changed once a transaction's moves are done. */
  const stockOf = (ids: number[]) => new Map(ids.map((id) => [id, recordById(id).stockQuantity]));

  /** The one place stock changes are told to shoppers' wants: before → now, after allocations. */
  function announceStock(before: Map<number, number>): void {
    if (!deps.wants) return;
    for (const [id, was] of before) deps.wants.onStockChanged(id, was, recordById(id).stockQuantity);
  }

  /** Adds (or takes away) units on the shelf: never below 0, with its ledger row, inside the caller's transaction. */
  function move(actor: Actor, recordId: number, change: number, reason: AdjustReason, note: string | null) {
    const before = recordById(recordId);
    if (isUsedCopy(before) && before.stockQuantity + change > USED_COPY_MAX_STOCK) throw new ConflictError(USED_COPY_STOCK_CAP);
    const moved = db
      .update(records)
      .set({ stockQuantity: sql`${records.stockQuantity} + ${change}`, updatedAt: new Date().toISOString() })
      .where(and(eq(records.id, recordId), sql`${records.stockQuantity} + ${change} >= 0`))
      .run();
    if (moved.changes !== 1) {
      throw new ConflictError(
        `Only ${before.stockQuantity} of "${before.title}" in stock: cannot take away ${-change}. Nothing was changed.`,
      );
    }
    db.insert(stockMovements).values({ recordId, change, reason, note, actorId: actor.id }).run();
    const stock = before.stockQuantity + change;
    deps.audit.record(actor, {
      entityType: "record",
      entityId: recordId,
      action: `stock ${reason.replace("_", " ")}${note ? ` (${note})` : ""}`,
      before: { stock: before.stockQuantity },
      after: { stock },
    });
    return { record: before, stock };
  }

  return {
    /**
     * Sets aside copies now on the shelf for the record's waiting pre-orders, oldest first (e.g. after a pre-order
     * whose hold ended gave its copy back). Inside the caller's transaction when there is one.
     */
    allocateWaiting(actor: AuditActor, recordId: number): AllocationView[] {
      return writeTransaction(db, () => allocate(actor, recordId));
    },

    list(query: StockQuery, today = todayInLondon()) {
      const where = and(
        filterSql[query.filter](today),
        query.q
          ? sql`(lower(${records.title}) like ${likePattern(query.q)} escape '\\' or lower(${records.artist}) like ${likePattern(query.q)} escape '\\'
              or lower(coalesce(${records.catalogNumber}, '')) like ${likePattern(query.q)} escape '\\')`
          : undefined,
      );
      const total = db
        .select({ n: sql<number>`count(*)` })
        .from(records)
        .where(where)
        .get()!.n;
      const { page, pageCount, offset } = pageWindow(total, query.page, STOCK_PAGE_SIZE);
      const rows = db
        .select({
          id: records.id,
          title: records.title,
          artist: records.artist,
          catalogNumber: records.catalogNumber,
          stock: records.stockQuantity,
          threshold: records.lowStockThreshold,
          releaseDate: records.releaseDate,
          published: records.published,
          lastSaleAt: lastSaleSql,
          waitingPreOrders: waitingSql,
        })
        .from(records)
        .where(where)
        .orderBy(...sortSql[query.sort])
        .limit(STOCK_PAGE_SIZE)
        .offset(offset)
        .all();
      const items: StockRow[] = rows.map((r) => ({
        ...r,
        preOrder: isPreOrder(r.releaseDate, today),
        level: stockLevel(r.stock, r.threshold),
      }));
      return { query: { ...query, page }, items, total, page, pageCount, pageSize: STOCK_PAGE_SIZE };
    },

    /** For the dashboard: records on sale that are low (but not out), and out of stock. */
    counts(today = todayInLondon()): { low: number; out: number } {
      const count = (where: SQL | undefined) =>
        db
          .select({ n: sql<number>`count(*)` })
          .from(records)
          .where(where)
          .get()!.n;
      return { low: count(filterSql.low(today)), out: count(filterSql.out(today)) };
    },

    /** One record's stock facts for its page. */
    record(recordId: number, today = todayInLondon()): StockRow {
      const r = db
        .select({
          id: records.id,
          title: records.title,
          artist: records.artist,
          catalogNumber: records.catalogNumber,
          stock: records.stockQuantity,
          threshold: records.lowStockThreshold,
          releaseDate: records.releaseDate,
          published: records.published,
          lastSaleAt: lastSaleSql,
          waitingPreOrders: waitingSql,
        })
        .from(records)
        .where(eq(records.id, recordId))
        .get();
      if (!r) throw new NotFoundError("Record not found.");
      return { ...r, preOrder: isPreOrder(r.releaseDate, today), level: stockLevel(r.stock, r.threshold) };
    },

    /** The record's movements, newest first, each with the stock on hand just after it (at most `limit`). */
    history(recordId: number, limit = 500): StockMovementView[] {
      const record = recordById(recordId);
      const rows = db
        .select({
          id: stockMovements.id,
          createdAt: stockMovements.createdAt,
          reason: stockMovements.reason,
          change: stockMovements.change,
          note: stockMovements.note,
          actorName: users.username,
          orderNumber: orders.orderNumber,
        })
        .from(stockMovements)
        .leftJoin(users, eq(users.id, stockMovements.actorId))
        .leftJoin(orders, eq(orders.id, stockMovements.orderId))
        .where(eq(stockMovements.recordId, recordId))
        .orderBy(desc(stockMovements.id))
        .limit(limit)
        .all();
      // Walk back from the stock on hand now: the balance after the newest movement is today's stock.
      let balance = record.stockQuantity;
      return rows.map((m) => {
        const changesStock = changesStockOnHand(m.reason);
        const view = { ...m, balance, changesStock };
        if (changesStock) balance -= m.change;
        return view;
      });
    },

    /**
     * A change with a reason, or (recount) the counted quantity, whose difference is written. A positive
     * change may satisfy waiting pre-orders, which are then allocated in the same transaction.
     */
    adjust(actor: Actor, recordId: number, v: AdjustStock) {
      return writeTransaction(db, () => {
        const current = recordById(recordId);
        const change = v.counted !== undefined ? v.counted - current.stockQuantity : v.change!;
        const note = v.counted !== undefined ? [`Counted ${v.counted}`, v.note].filter(Boolean).join(": ") : (v.note ?? null);
        if (change === 0) {
          // A count that agrees with the shelf is still worth a line in the ledger: it says when stock was last checked.
          db.insert(stockMovements).values({ recordId, change: 0, reason: v.reason, note, actorId: actor.id }).run();
          deps.audit.record(actor, {
            entityType: "record",
            entityId: recordId,
            action: "stock recount confirmed",
            after: { stock: current.stockQuantity },
          });
          return { stock: current.stockQuantity, change, allocated: [] as AllocationView[] };
        }
        const { stock } = move(actor, recordId, change, v.reason, note);
        const allocated = change > 0 ? allocate(actor, recordId) : [];
        announceStock(new Map([[recordId, current.stockQuantity]]));
        return { stock: stock - allocated.reduce((n, a) => n + a.quantity, 0), change, allocated };
      });
    },

    /**
     * A delivery of many records in one transaction: every line is checked first (and refused together, each
     * error with its line number), then each adds its units with a "delivery" movement, then waiting
     * pre-orders of every record in it are allocated oldest first.
     */
    goodsIn(actor: Actor, { lines, note }: GoodsIn) {
      return writeTransaction(db, () => {
        const errors: string[] = [];
        const resolved: { recordId: number; quantity: number }[] = [];
        lines.forEach((line, i) => {
          if (line.recordId !== undefined) {
            const found = db.select({ id: records.id }).from(records).where(eq(records.id, line.recordId)).get();
            if (found) resolved.push({ recordId: found.id, quantity: line.quantity });
            else errors.push(`Line ${i + 1}: there is no record #${line.recordId}.`);
            return;
          }
          const ref = line.catalogueNumber!.trim();
          const matches = db
            .select({ id: records.id })
            .from(records)
            .where(sql`lower(trim(${records.catalogNumber})) = lower(${ref}) or ${records.catalogueId} = ${ref}`)
            .orderBy(asc(records.id))
            .limit(6)
            .all();
          if (matches.length === 1) resolved.push({ recordId: matches[0]!.id, quantity: line.quantity });
          else if (matches.length === 0) errors.push(`Line ${i + 1}: no record has catalogue number "${ref}".`);
          else
            errors.push(
              `Line ${i + 1}: "${ref}" is the catalogue number of several records (${matches.map((m) => `#${m.id}`).join(", ")}); write "#id, quantity" instead.`,
            );
        });
        if (errors.length) throw new ValidationError(errors.join(" "), { lines: errors });

        const before = stockOf([...new Set(resolved.map((r) => r.recordId))]);
        const received = resolved.map(({ recordId, quantity }) => {
          const { record, stock } = move(actor, recordId, quantity, "delivery", note ? `Goods in: ${note}` : "Goods in");
          return { recordId, title: record.title, artist: record.artist, quantity, stock };
        });
        const allocated = [...new Set(resolved.map((r) => r.recordId))].flatMap((id) => allocate(actor, id));
        announceStock(before);
        return { received, allocated, units: resolved.reduce((n, r) => n + r.quantity, 0) };
      });
    },

    setThreshold(actor: Actor, recordId: number, { threshold }: Threshold) {
      return writeTransaction(db, () => {
        const before = recordById(recordId);
        db.update(records)
          .set({ lowStockThreshold: threshold, updatedAt: new Date().toISOString() })
          .where(eq(records.id, recordId))
          .run();
        const shown = (t: number | null) => (t === null ? `shop default (${DEFAULT_LOW_STOCK_THRESHOLD})` : t);
        deps.audit.record(actor, {
          entityType: "record",
          entityId: recordId,
          action: "low-stock threshold set",
          before: { lowStockThreshold: shown(before.lowStockThreshold) },
          after: { lowStockThreshold: shown(threshold) },
        });
        return { threshold };
      });
    },
  };
}

export type AdminStockService = ReturnType<typeof createAdminStockService>;
