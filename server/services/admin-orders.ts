/**
 * The back office's orders: find them, read one whole, and move it through the state machine (pack, ship,
 * delivered, cancel, refund). Every move is one BEGIN IMMEDIATE transaction that reads the order, checks the
 * move with canMoveOrder, updates it only if its status is still the one read (so of two admins clicking at
 * once one wins and the other is told), sets the move's timestamp and writes its audit row. Mail the customer
 * must get once only is queued with a once-key in that same transaction.
 *
 * A refund is claimed first (the order's refunded total, its lines and a refunds row, in one transaction),
 * then asked of the payment provider with a key made of the order and its state, so a retry after a lost
 * answer is the same refund to the provider; if the provider refuses, the claim is undone. For an order paid partly
 * by gift vouchers the card part goes back first and the rest back on the vouchers (app/domain/orders/refund-split.ts),
 * once the provider has made the card part.
 */
import { orderChannelLabel } from "../../app/domain/orders/order-channel";
import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Actor } from "../../app/domain/admin/audit";
import type { DeliveryEstimate } from "../../app/domain/checkout/delivery";
import type { OrderLineView } from "../../app/domain/orders/order-view";
import {
  londonDateRange,
  ORDER_CSV_COLUMNS,
  ORDER_CSV_LIMIT,
  orderCsvRow,
  type CancelInput,
  type OrderListQuery,
  type PackInput,
  type RefundInput,
  type ShipInput,
} from "../../app/domain/orders/order-admin";
import {
  canMoveOrder,
  fulfilmentStatus,
  isBeforeDispatch,
  orderStatusWords,
  type OrderStatus,
} from "../../app/domain/orders/order-status";
import { planRefund, refundablePence, type RefundPlan, type RefundReview } from "../../app/domain/orders/refunds";
import { splitRefund } from "../../app/domain/orders/refund-split";
import { writeCsv } from "../../app/domain/shared/csv";
import { ConflictError, NotFoundError } from "../../app/domain/shared/errors";
import { formatPence } from "../../app/domain/shared/money";
import { todayInLondon } from "../../app/domain/shared/dates";
import { packingServiceFor, royalMailService, trackingUrl } from "../../app/domain/shipping/royal-mail";
import { writeTransaction, type Db } from "../../db/client";
import { orderLines, orders, records, refunds, stockMovements, users, type OrderLineRow, type OrderRow } from "../../db/schema";
import { orderSearchTerms } from "../../app/domain/orders/order-search";
import type { OrderEventKind } from "../../app/domain/orders/order-timeline";
import { cancellationMail, dispatchMail, refundMail } from "../mail/fulfilment-templates";
import type { MailLinks } from "../mail/links";
import type { PaymentProvider } from "../../app/domain/payments/order-payments";
import type { AuditEntry, AuditService } from "./audit";
import { returnToShelf } from "./shelf-return";
import { usedCopiesOfLines } from "./line-copies";
import type { UsedCopyWords } from "../../app/domain/orders/used-copy-line";
import type { WantsService } from "./wants";
import type { MailService } from "./mail";
import { orderDelivery, shippingAddressOf, vatLineOf, type OrdersService } from "./orders";
import type { VatLine } from "../../app/domain/international/destination-totals";
import { deliveryService } from "../../app/domain/international/delivery-services";
import { countryName } from "../../app/domain/international/countries";
import { giveBackVoucherPart, VOUCHER_PAYMENT } from "./order-vouchers";
import type { VoucherMail } from "./voucher-mail";
import { boughtVoucherRefundable, withdrawBoughtVoucher } from "./voucher-ledger";
import { pageWindow } from "../../app/domain/shared/paging";

export interface AdminOrderSummary {
  orderNumber: string;
  createdAt: string;
  status: OrderStatus;
  email: string;
  shippingName: string;
  postalCode: string;
  itemCount: number;
  itemsPence: number;
  shippingPence: number;
  discountPence: number;
  totalPence: number;
  vatPence: number;
  refundedPence: number;
  shippingService: string | null;
  trackingNumber: string | null;
  /** "Discogs order 1234567-8" for an order taken in from Discogs; null for the shop's own. */
  channel: string | null;
}

export interface AdminOrderList {
  orders: AdminOrderSummary[];
  total: number;
  /** More orders matched a broad search than it counts (ORDER_SEARCH_BOUND): `total` is that bound. */
  more: boolean;
  page: number;
  pageCount: number;
  query: OrderListQuery;
}

/** A customer's order line as the back office sees it: with its row id, allocation and refunds. */
export interface AdminOrderLine extends OrderLineView {
  id: number;
  allocatedAt: string | null;
  refundedQuantity: number;
  /** For a used copy: its number, reference and grades; null for a new pressing. */
  copy: UsedCopyWords | null;
}

export interface AdminOrderRefund {
  id: number;
  amountPence: number;
  vatPence: number;
  shippingPence: number;
  lines: { lineId: number; quantity: number; amountPence: number }[];
  reason: string | null;
  providerReference: string | null;
  createdAt: string;
}

export interface AdminOrderMoves {
  pack: boolean;
  ship: boolean;
  markDelivered: boolean;
  cancel: boolean;
  refund: boolean;
}

export interface AdminOrder {
  orderNumber: string;
  status: OrderStatus;
  /** "Discogs order 1234567-8" for an order taken in from Discogs; null for the shop's own. */
  channel: string | null;
  createdAt: string;
  placedOn: string;
  customer: { userId: number | null; username: string | null; email: string; guest: boolean };
  shipping: {
    name: string;
    addressLine1: string;
    addressLine2: string | null;
    city: string;
    postalCode: string;
    country: string;
  };
  lines: AdminOrderLine[];
  totals: {
    itemCount: number;
    itemsPence: number;
    shippingPence: number;
    discountPence: number;
    totalPence: number;
    vatPence: number;
  };
  discountCode: string | null;
  refundedPence: number;
  refundablePence: number;
  payment: { provider: string | null; reference: string | null };
  delivery: DeliveryEstimate;
  fulfilment: {
    service: string | null;
    serviceName: string | null;
    costPence: number | null;
    trackingNumber: string | null;
    trackingUrl: string | null;
  };
  /** The order's own moments (placed, paid, …, each refund), oldest first. */
  timeline: { kind: OrderEventKind; label: string; at: string }[];
  refunds: AdminOrderRefund[];
  /** Where it went and how it was taxed there (app/domain/international). */
  destination: {
    countryCode: string;
    countryName: string;
    deliveryService: string;
    deliveryServiceName: string;
    parcelGrams: number | null;
    vat: VatLine;
    eurPerGbp: string | null;
    eurRateAsOf: string | null;
    iossNumber: string | null;
  };
  history: AuditEntry[];
  /** The moves the state machine allows now (the page offers only these). */
  moves: AdminOrderMoves;
  /** Why the order cannot be packed or shipped yet (a pre-order still waiting for its pressing), if it cannot. */
  blockedBy: string | null;
}

/** The fields an order's audit rows compare. */
function snapshot(row: OrderRow): Record<string, unknown> {
  return {
    status: row.status,
    shippingService: row.shippingService,
    shippingCostPence: row.shippingCostPence,
    trackingNumber: row.trackingNumber,
    refundedPence: row.refundedPence,
  };
}

const nowIso = () => new Date().toISOString();

/** A Discogs order's buyer hears from the shop through Discogs (which keeps their e-mail): the shop mails nobody. */
const mailsTheBuyer = (row: OrderRow) => row.channel !== "discogs";

/** The payment provider's key for a refund: the same order, state and amount make the same key. */
export const refundIdempotencyKey = (orderNumber: string, refundedBefore: number, amountPence: number) =>
  `needledrop-refund-${orderNumber}-${refundedBefore}-${amountPence}`;

const MOVE_VERBS: Record<OrderStatus, string> = {
  pending_payment: "put back to awaiting payment",
  payment_failed: "marked as payment failed",
  card_saved: "saved the card for",
  paid: "marked as paid",
  packed: "packed",
  shipped: "shipped",
  delivered: "marked as delivered",
  cancelled: "cancelled",
  partially_refunded: "partly refunded",
  refunded: "refunded",
};

/** A gift voucher's order has nothing to pack or post: it is paid, then e-mailed or printed. */
function nothingToPost(row: OrderRow): void {
  if (row.kind === "gift_voucher")
    throw new ConflictError(`Order ${row.orderNumber} is a gift voucher: there is nothing to post.`);
}

function refused(row: OrderRow, to: OrderStatus): ConflictError {
  return new ConflictError(
    `Order ${row.orderNumber} is ${orderStatusWords(row.status).toLowerCase()}: it cannot be ${MOVE_VERBS[to]}.`,
  );
}

const CHANGED_MEANWHILE = "This order was changed by someone else just now. Reload it and try again.";

/** LIKE pattern that matches `text` anywhere, with % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Texts from `start` up to every text that begins with it: a range an index reads directly. */
const startingWith = (column: SQLWrapper, start: string) => sql`(${column} >= ${start} AND ${column} < ${start + "\u{10FFFF}"})`;

/** Past this many matches a search is counted no further, and its rows are found by walking the orders newest first. */
export const ORDER_SEARCH_BOUND = 5_000;

/**
 * matchesOrderSearch in SQL, one statement per way of matching. Each reads its own index (the order number, the
 * e-mail, the postcode's key; the name's index, smaller than the table; the records, few beside the orders, then
 * their lines), so no search reads the whole orders table to find a few orders.
 */
function searchWays(q: string): { ids: SQL[]; row: SQL } {
  const terms = orderSearchTerms(q);
  const like = (column: SQLWrapper) => sql`${column} LIKE ${containing(terms.text)} ESCAPE '\\'`;
  const onRecords = sql`${orders.id} IN (SELECT ${orderLines.orderId} FROM ${orderLines} WHERE ${orderLines.recordId} IN (SELECT ${records.id} FROM ${records} WHERE ${like(records.title)} OR ${like(records.catalogNumber)} OR ${like(records.catalogueId)}))`;
  const conditions = [
    startingWith(orders.email, terms.email),
    like(orders.shippingName),
    onRecords,
    terms.orderNumber === null ? undefined : startingWith(orders.orderNumber, terms.orderNumber),
    terms.postcode === null ? undefined : startingWith(orders.postcodeKey, terms.postcode),
  ].filter((c): c is SQL => c !== undefined);
  return {
    ids: conditions.map((c) => sql`SELECT ${orders.id} FROM ${orders} WHERE ${c}`),
    // The same test on one order: for a search so broad that walking the orders finds a page at once.
    row: or(...conditions)!,
  };
}

/** A refund booked on the order, not yet (or never, for store credit) asked of the payment provider. */
export interface RefundClaim {
  refundId: number;
  orderNumber: string;
  amountPence: number;
  vatPence: number;
  key: string;
  statusBefore: OrderStatus;
  statusAfter: OrderStatus;
  refundedBefore: number;
  lines: RefundPlan["lines"];
  /** The part the provider gives back to the card, and the part that goes back on the order's vouchers. */
  cardPence: number;
  voucherPence: number;
}

export function createAdminOrdersService(
  db: Db,
  deps: {
    orders: OrdersService;
    audit: AuditService;
    mail: MailService;
    links: MailLinks;
    payments: PaymentProvider;
    wants: Pick<WantsService, "onStockChanged">;
    voucherMail: VoucherMail;
  },
) {
  const { audit, mail, links, payments } = deps;
  const byNumber = (orderNumber: string) => db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).get();
  const linesOf = (orderId: number) =>
    db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id).all();

  function load(orderNumber: string): OrderRow {
    const row = byNumber(orderNumber);
    if (!row) throw new NotFoundError("Order not found.");
    return row;
  }

  /** The update of a move, applied only if nobody moved the order since it was read. */
  function update(row: OrderRow, set: Partial<typeof orders.$inferInsert>): OrderRow {
    const updated = db
      .update(orders)
      .set({ ...set, updatedAt: nowIso() })
      .where(and(eq(orders.id, row.id), eq(orders.status, row.status), eq(orders.refundedPence, row.refundedPence)))
      .returning()
      .get();
    if (!updated) throw new ConflictError(CHANGED_MEANWHILE);
    return updated;
  }

  /** A pre-order line whose pressing has not been set aside for it yet keeps the order on the shelf. */
  function unallocated(lines: OrderLineRow[]): string | null {
    const waiting = lines.find((l) => l.isPreOrder && l.allocatedAt === null && l.quantity > l.refundedQuantity);
    return waiting
      ? `"${waiting.title}" is a pre-order still waiting for its pressing: the order can be packed once goods-in sets a copy aside.`
      : null;
  }

  const mailOrder = (row: OrderRow, lines: OrderLineRow[]) => ({
    orderNumber: row.orderNumber,
    name: row.shippingName,
    lines: lines.map((l) => ({ quantity: l.quantity, artist: l.artist, title: l.title })),
  });

  /**
   * A search's matches: the ids of at most ORDER_SEARCH_BOUND orders, each found through an index; or, when more
   * match, the test itself (`many`), which the list applies walking the orders in its order and counts no further.
   */
  function searchOf(q: string): { match: SQL; many: boolean } {
    const ways = searchWays(q);
    const found = db.all<{ id: number }>(
      sql`SELECT DISTINCT id FROM (${sql.join(ways.ids, sql` UNION ALL `)}) LIMIT ${ORDER_SEARCH_BOUND + 1}`,
    );
    if (found.length > ORDER_SEARCH_BOUND) return { match: ways.row, many: true };
    return { match: sql`${orders.id} IN (SELECT value FROM json_each(${JSON.stringify(found.map((r) => r.id))}))`, many: false };
  }

  function where(query: OrderListQuery, search = query.q ? searchOf(query.q) : undefined): SQL | undefined {
    const conditions: SQL[] = [];
    if (query.status) conditions.push(eq(orders.status, query.status));
    const range = londonDateRange(query.from, query.to);
    if (range.from) conditions.push(gte(orders.createdAt, range.from));
    if (range.until) conditions.push(lt(orders.createdAt, range.until));
    if (search) conditions.push(search.match);
    return conditions.length ? and(...conditions) : undefined;
  }

  const ORDERINGS = {
    newest: [desc(orders.createdAt), desc(orders.id)],
    oldest: [asc(orders.createdAt), asc(orders.id)],
    total: [desc(orders.totalPence), desc(orders.id)],
  } as const;

  function summaries(query: OrderListQuery, limit: number, offset: number, only?: SQL): AdminOrderSummary[] {
    return db
      .select({
        orderNumber: orders.orderNumber,
        createdAt: orders.createdAt,
        status: orders.status,
        email: orders.email,
        shippingName: orders.shippingName,
        postalCode: orders.postalCode,
        // Spelt out: inside a subquery an unqualified "id" would be the line's own.
        itemCount: sql<number>`(SELECT coalesce(sum(ol.quantity), 0) FROM order_lines ol WHERE ol.order_id = "orders"."id")`,
        itemsPence: orders.itemsPence,
        shippingPence: orders.shippingPence,
        discountPence: orders.discountPence,
        totalPence: orders.totalPence,
        vatPence: orders.vatPence,
        refundedPence: orders.refundedPence,
        shippingService: orders.shippingService,
        trackingNumber: orders.trackingNumber,
        orderChannel: orders.channel,
        externalReference: orders.externalReference,
      })
      .from(orders)
      .where(only ?? where(query))
      .orderBy(...ORDERINGS[query.sort])
      .limit(limit)
      .offset(offset)
      .all()
      .map(({ orderChannel, externalReference, ...row }) => ({
        ...row,
        channel: orderChannelLabel({ channel: orderChannel, externalReference }),
      }));
  }

  function get(orderNumber: string): AdminOrder {
    const row = load(orderNumber);
    const lines = linesOf(row.id);
    const user =
      row.userId !== null ? db.select({ username: users.username }).from(users).where(eq(users.id, row.userId)).get() : undefined;
    const code =
      row.discountCodeId !== null
        ? db.$client.prepare("SELECT code FROM discount_codes WHERE id = ?").pluck().get(row.discountCodeId)
        : null;
    const refundRows = db.select().from(refunds).where(eq(refunds.orderId, row.id)).orderBy(asc(refunds.id)).all();
    const placedOn = todayInLondon(new Date(row.createdAt));
    const service = row.shippingService ? royalMailService(row.shippingService) : undefined;
    const posted = row.kind !== "gift_voucher";
    const blockedBy = unallocated(lines);
    const copies = usedCopiesOfLines(
      db,
      lines.map((l) => l.recordId),
    );
    const left = refundablePence(row);
    const moments: [OrderEventKind, string, string | null][] = [
      ["placed", "Placed", row.createdAt],
      ["paid", "Paid", row.paidAt],
      ["packed", "Packed", row.packedAt],
      ["shipped", "Shipped", row.shippedAt],
      ["delivered", "Delivered", row.deliveredAt],
      ["cancelled", "Cancelled", row.cancelledAt],
      ...refundRows.map((r): [OrderEventKind, string, string] => [
        "refunded",
        `Refunded ${formatPence(r.amountPence)}`,
        r.createdAt,
      ]),
    ];
    const timeline = moments
      .filter((e): e is [OrderEventKind, string, string] => e[2] !== null)
      .map(([kind, label, at]) => ({ kind, label, at }))
      .sort((a, b) => a.at.localeCompare(b.at));
    const paidSomething = row.paidAt !== null;
    return {
      orderNumber: row.orderNumber,
      status: row.status,
      channel: orderChannelLabel(row),
      createdAt: row.createdAt,
      placedOn,
      customer: { userId: row.userId, username: user?.username ?? null, email: row.email, guest: row.userId === null },
      shipping: shippingAddressOf(row),
      lines: lines.map((l) => ({
        id: l.id,
        recordId: l.recordId,
        title: l.title,
        artist: l.artist,
        unitPricePence: l.unitPricePence,
        vatScheme: l.vatScheme,
        quantity: l.quantity,
        lineTotalPence: l.lineTotalPence,
        isPreOrder: l.isPreOrder,
        allocatedAt: l.allocatedAt,
        refundedQuantity: l.refundedQuantity,
        copy: copies.get(l.recordId) ?? null,
      })),
      totals: {
        itemCount: lines.reduce((n, l) => n + l.quantity, 0),
        itemsPence: row.itemsPence,
        shippingPence: row.shippingPence,
        discountPence: row.discountPence,
        totalPence: row.totalPence,
        vatPence: row.vatPence,
      },
      destination: {
        countryCode: row.countryCode,
        countryName: countryName(row.countryCode),
        deliveryService: row.deliveryService,
        deliveryServiceName: deliveryService(row.deliveryService)?.name ?? row.deliveryService,
        parcelGrams: row.parcelGrams,
        vat: vatLineOf(row),
        eurPerGbp: row.eurPerGbp,
        eurRateAsOf: row.eurRateAsOf,
        iossNumber: row.iossNumber,
      },
      discountCode: typeof code === "string" ? code : null,
      refundedPence: row.refundedPence,
      refundablePence: paidSomething ? left : 0,
      payment: { provider: row.paymentProvider, reference: row.paymentReference },
      delivery: orderDelivery(db, placedOn, lines),
      fulfilment: {
        service: row.shippingService,
        serviceName: service?.name ?? null,
        costPence: row.shippingCostPence,
        trackingNumber: row.trackingNumber,
        trackingUrl: row.trackingNumber ? trackingUrl(row.trackingNumber) : null,
      },
      timeline,
      refunds: refundRows.map((r) => ({
        id: r.id,
        amountPence: r.amountPence,
        vatPence: r.vatPence,
        shippingPence: r.shippingPence,
        lines: r.lines,
        reason: r.reason,
        providerReference: r.providerReference,
        createdAt: r.createdAt,
      })),
      history: audit.forEntity("order", row.orderNumber),
      moves: {
        // A card saved for a pre-order charged when it ships: packing or shipping charges it first (pre-order-charges.ts).
        pack:
          posted &&
          canMoveOrder(row.status === "card_saved" ? "paid" : fulfilmentStatus(row.status, row), "packed") &&
          !blockedBy,
        ship:
          posted &&
          canMoveOrder(row.status === "card_saved" ? "paid" : fulfilmentStatus(row.status, row), "shipped") &&
          !blockedBy,
        markDelivered: posted && canMoveOrder(fulfilmentStatus(row.status, row), "delivered"),
        cancel: isBeforeDispatch(row.status) && canMoveOrder(row.status, "cancelled"),
        refund:
          paidSomething && left > 0 && (canMoveOrder(row.status, "partially_refunded") || canMoveOrder(row.status, "refunded")),
      },
      blockedBy,
    };
  }

  /** Shipping not given back yet: the order's shipping less the shipping parts of its refunds. */
  function shippingLeft(row: OrderRow): number {
    const given = db
      .select({ sum: sql<number>`coalesce(sum(${refunds.shippingPence}), 0)` })
      .from(refunds)
      .where(eq(refunds.orderId, row.id))
      .get()!.sum;
    return Math.max(0, row.shippingPence - given);
  }

  /** The checks and the plan of a refund, the same for its review and for making it. */
  function planFor(row: OrderRow, request: RefundInput): { plan: RefundPlan; to: OrderStatus; lines: OrderLineRow[] } {
    if (row.kind === "gift_voucher" && request.amountPence !== undefined)
      boughtVoucherRefundable(db, row.id, request.amountPence);
    if (!row.paidAt) throw new ConflictError(`Nothing was paid for order ${row.orderNumber}, so there is nothing to refund.`);
    if (request.expectedRefundedPence !== undefined && request.expectedRefundedPence !== row.refundedPence) {
      throw new ConflictError("This order has been refunded since the page was opened. Check the amounts and try again.");
    }
    const lines = linesOf(row.id);
    const plan = planRefund(row, lines, request, shippingLeft(row));
    const to: OrderStatus = plan.full ? "refunded" : "partially_refunded";
    if (!canMoveOrder(row.status, to)) throw refused(row, to);
    return { plan, to, lines };
  }

  /**
   * Units of an order go back: on the shelf (a pre-order line still waiting for its pressing gives back only its
   * commitment, as it took nothing from the shelf), with their ledger row, inside the caller's transaction.
   */
  function putBack(
    actor: Actor,
    row: OrderRow,
    line: OrderLineRow,
    quantity: number,
    reason: "cancellation" | "refund_restock",
    note: string,
  ): void {
    const fromShelf = !line.isPreOrder || line.allocatedAt !== null;
    if (fromShelf) returnToShelf(db, deps.wants, line.recordId, quantity);
    db.insert(stockMovements)
      .values({
        recordId: line.recordId,
        change: quantity,
        reason: fromShelf ? reason : "pre_order",
        orderId: row.id,
        actorId: actor.id,
        note,
      })
      .run();
  }

  /** Books a refund on the order (inside the caller's transaction), before the provider is asked for the money. */
  function claimRefund(
    actor: Actor,
    row: OrderRow,
    plan: RefundPlan,
    statusAfter: OrderStatus,
    reason: string | null,
    restock: { lines: OrderLineRow[] } | null = null,
    key = refundIdempotencyKey(row.orderNumber, row.refundedPence, plan.amountPence),
  ): RefundClaim {
    // A bought gift voucher's money comes back only as far as it is unspent, and that much comes off the voucher.
    if (row.kind === "gift_voucher") withdrawBoughtVoucher(db, row.id, plan.amountPence, actor.id);
    const updated = update(row, { status: statusAfter, refundedPence: row.refundedPence + plan.amountPence });
    for (const line of plan.lines) {
      db.update(orderLines)
        .set({ refundedQuantity: sql`${orderLines.refundedQuantity} + ${line.quantity}` })
        .where(eq(orderLines.id, line.lineId))
        .run();
    }
    const refund = db
      .insert(refunds)
      .values({
        orderId: row.id,
        amountPence: plan.amountPence,
        vatPence: plan.vatPence,
        shippingPence: plan.shippingPence,
        lines: plan.lines,
        reason,
        actorId: actor.id,
      })
      .returning({ id: refunds.id })
      .get();
    const restocked: string[] = [];
    if (restock) {
      const byId = new Map(restock.lines.map((l) => [l.id, l]));
      for (const refunded of plan.lines) {
        const line = byId.get(refunded.lineId)!;
        putBack(actor, row, line, refunded.quantity, "refund_restock", `Order ${row.orderNumber} refunded`);
        restocked.push(`${refunded.quantity} × ${line.title}`);
      }
    }
    audit.record(actor, {
      entityType: "order",
      entityId: row.orderNumber,
      action: "refund",
      before: snapshot(row),
      after: {
        ...snapshot(updated),
        refund: formatPence(plan.amountPence),
        ...(reason ? { reason } : {}),
        ...(restocked.length ? { restocked: restocked.join(", ") } : {}),
      },
    });
    return {
      refundId: refund.id,
      orderNumber: row.orderNumber,
      amountPence: plan.amountPence,
      vatPence: plan.vatPence,
      key,
      statusBefore: row.status,
      statusAfter,
      refundedBefore: row.refundedPence,
      lines: plan.lines,
      ...splitRefund(row, plan.amountPence),
    };
  }

  /**
   * Asks the provider for the card part of a booked refund (undoing the booking when it refuses), then puts the
   * voucher part back on the vouchers. A refund wholly onto vouchers asks no provider.
   */
  async function settleRefund(
    actor: Actor,
    claim: RefundClaim,
    { sendMail, undone }: { sendMail: boolean; undone?: () => void },
  ): Promise<void> {
    let reference: string = VOUCHER_PAYMENT;
    try {
      if (claim.cardPence > 0) {
        ({ reference } = await payments.refund(deps.orders.get(claim.orderNumber)!, {
          amountPence: claim.cardPence,
          idempotencyKey: claim.key,
        }));
      }
    } catch (error) {
      console.error(`[admin-orders] refund for ${claim.orderNumber} failed:`, error instanceof Error ? error.message : error);
      writeTransaction(db, () => {
        const row = load(claim.orderNumber);
        db.update(orders)
          .set({ status: claim.statusBefore, refundedPence: claim.refundedBefore, updatedAt: nowIso() })
          .where(eq(orders.id, row.id))
          .run();
        for (const line of claim.lines) {
          db.update(orderLines)
            .set({ refundedQuantity: sql`${orderLines.refundedQuantity} - ${line.quantity}` })
            .where(eq(orderLines.id, line.lineId))
            .run();
        }
        undone?.();
        db.delete(refunds).where(eq(refunds.id, claim.refundId)).run();
        audit.record(actor, {
          entityType: "order",
          entityId: claim.orderNumber,
          action: "refund failed",
          before: snapshot(row),
          after: { ...snapshot(row), status: claim.statusBefore, refundedPence: claim.refundedBefore },
        });
      });
      throw new ConflictError("The payment provider did not make the refund, so nothing was given back. Try again in a moment.");
    }
    let mailId: number | null = null;
    let creditMailIds: number[] = [];
    writeTransaction(db, () => {
      db.update(refunds).set({ providerReference: reference }).where(eq(refunds.id, claim.refundId)).run();
      const row = load(claim.orderNumber);
      creditMailIds = giveBackVoucherPart(db, deps.voucherMail, row, claim.voucherPence, {
        today: todayInLondon(),
        refundId: claim.refundId,
        actorId: actor.id,
        why: `for the refund on order ${row.orderNumber}, in place of the gift voucher it was paid with, which can no longer be spent`,
      });
      if (!sendMail) return;
      const lines = linesOf(row.id);
      const byId = new Map(lines.map((l) => [l.id, l]));
      const content = refundMail({
        ...mailOrder(row, lines),
        amountPence: claim.amountPence,
        vatPence: claim.vatPence,
        voucherPence: claim.voucherPence,
        refundedLines: claim.lines.map((l) => ({
          quantity: l.quantity,
          artist: byId.get(l.lineId)!.artist,
          title: byId.get(l.lineId)!.title,
        })),
      });
      if (mailsTheBuyer(row))
        mailId = mail.enqueueOnce({
          to: row.email,
          kind: "order-refund",
          orderId: row.id,
          onceKey: `refund:${claim.refundId}`,
          ...content,
        });
    });
    if (mailId !== null) mail.dispatch(mailId);
    for (const id of creditMailIds) deps.voucherMail.dispatch(id);
  }

  return {
    /** One page of orders matching the filters (read from the address with orderListQuerySchema). */
    list(query: OrderListQuery): AdminOrderList {
      const search = query.q ? searchOf(query.q) : undefined;
      const filter = where(query, search);
      // A broad search is counted up to its bound: reading every match to count them would be the slow part.
      const matched = db
        .select({ one: sql`1` })
        .from(orders)
        .where(filter)
        .limit(search?.many ? ORDER_SEARCH_BOUND + 1 : -1)
        .as("matched");
      const n = db
        .select({ n: sql<number>`count(*)` })
        .from(matched)
        .get()!.n;
      const more = n > ORDER_SEARCH_BOUND && search?.many === true;
      const total = more ? ORDER_SEARCH_BOUND : n;
      const { page, pageCount, offset } = pageWindow(total, query.page, query.size);
      return {
        orders: summaries(query, query.size, offset, filter),
        total,
        more,
        page,
        pageCount,
        query: { ...query, page },
      };
    },

    /** The same filters as a CSV file (every matching order, up to ORDER_CSV_LIMIT, in the list's order). */
    csv(query: OrderListQuery): string {
      const rows = summaries(query, ORDER_CSV_LIMIT, 0).map(orderCsvRow);
      return writeCsv([ORDER_CSV_COLUMNS, ...rows], { forSpreadsheets: true });
    },

    /** The ticked orders as a CSV file, in the list's order (unknown numbers are left out). */
    csvOf(orderNumbers: readonly string[], sort: OrderListQuery["sort"] = "newest"): string {
      const only = inArray(orders.orderNumber, [...orderNumbers]);
      const rows = summaries({ sort, page: 1, size: orderNumbers.length }, orderNumbers.length, 0, only).map(orderCsvRow);
      return writeCsv([ORDER_CSV_COLUMNS, ...rows], { forSpreadsheets: true });
    },

    get,

    /** paid → packed, with the Royal Mail service the parcel goes by and what it costs the shop. */
    pack(actor: Actor, orderNumber: string, { service }: PackInput): AdminOrder {
      writeTransaction(db, () => {
        const row = load(orderNumber);
        nothingToPost(row);
        if (!canMoveOrder(fulfilmentStatus(row.status, row), "packed")) throw refused(row, "packed");
        const blocked = unallocated(linesOf(row.id));
        if (blocked) throw new ConflictError(blocked);
        const updated = update(row, {
          status: "packed",
          packedAt: nowIso(),
          shippingService: service,
          shippingCostPence: royalMailService(service)!.costPence,
        });
        audit.record(actor, {
          entityType: "order",
          entityId: orderNumber,
          action: "pack",
          before: snapshot(row),
          after: snapshot(updated),
        });
      });
      return get(orderNumber);
    },

    /**
     * paid or packed → shipped, with the tracking number; queues the dispatch mail with the tracking link,
     * once per order. Shipping an order again with the same number changes nothing and sends nothing.
     */
    ship(actor: Actor, orderNumber: string, { trackingNumber, service }: ShipInput): AdminOrder {
      let mailId: number | null = null;
      writeTransaction(db, () => {
        const row = load(orderNumber);
        if (row.shippedAt !== null && row.trackingNumber === trackingNumber) return;
        if (row.status === "shipped") {
          throw new ConflictError(
            `Order ${orderNumber} was already shipped with tracking number ${row.trackingNumber ?? "none"}.`,
          );
        }
        nothingToPost(row);
        if (!canMoveOrder(fulfilmentStatus(row.status, row), "shipped")) throw refused(row, "shipped");
        const lines = linesOf(row.id);
        const blocked = unallocated(lines);
        if (blocked) throw new ConflictError(blocked);
        const key = service ?? row.shippingService ?? packingServiceFor(row.deliveryService);
        const updated = update(row, {
          status: "shipped",
          shippedAt: nowIso(),
          trackingNumber,
          shippingService: key,
          shippingCostPence: royalMailService(key)!.costPence,
        });
        audit.record(actor, {
          entityType: "order",
          entityId: orderNumber,
          action: "ship",
          before: snapshot(row),
          after: snapshot(updated),
        });
        const content = dispatchMail(
          { ...mailOrder(row, lines), trackingNumber, service: key },
          row.userId !== null ? links.page("/profile#orders") : null,
          // A single-use link to the order's return form, its token made as the mail is sent (services/returns.ts);
          // a club parcel is not returned through the form.
          row.kind === "shop" ? links.withToken("/returns/start") : null,
        );
        if (mailsTheBuyer(row))
          mailId = mail.enqueueOnce({
            to: row.email,
            kind: "order-dispatch",
            orderId: row.id,
            onceKey: `dispatch:${orderNumber}`,
            ...content,
          });
      });
      if (mailId !== null) mail.dispatch(mailId);
      return get(orderNumber);
    },

    /** shipped → delivered. */
    markDelivered(actor: Actor, orderNumber: string): AdminOrder {
      writeTransaction(db, () => {
        const row = load(orderNumber);
        nothingToPost(row);
        if (!canMoveOrder(fulfilmentStatus(row.status, row), "delivered")) throw refused(row, "delivered");
        const updated = update(row, { status: "delivered", deliveredAt: nowIso() });
        audit.record(actor, {
          entityType: "order",
          entityId: orderNumber,
          action: "deliver",
          before: snapshot(row),
          after: snapshot(updated),
        });
      });
      return get(orderNumber);
    },

    /**
     * Calls a paid order off before dispatch: every copy taken goes back through the ledger (a "cancellation"
     * movement; a pre-order line still waiting for its pressing only gives its commitment back, as it took
     * nothing from the shelf), the money paid is refunded through the provider, and the customer is told once.
     */
    async cancel(actor: Actor, orderNumber: string, { reason }: CancelInput = {}): Promise<AdminOrder> {
      let mailId: number | null = null;
      const claim = writeTransaction(db, () => {
        const row = load(orderNumber);
        if (!isBeforeDispatch(row.status) || !canMoveOrder(row.status, "cancelled")) {
          throw new ConflictError(
            row.shippedAt
              ? `Order ${orderNumber} has left the shop: it can no longer be cancelled. Refund it instead.`
              : refused(row, "cancelled").message,
          );
        }
        const lines = linesOf(row.id);
        const cancelled = update(row, { status: "cancelled", cancelledAt: nowIso() });
        for (const line of lines) putBack(actor, row, line, line.quantity, "cancellation", `Order ${orderNumber} cancelled`);
        audit.record(actor, {
          entityType: "order",
          entityId: orderNumber,
          action: "cancel",
          before: snapshot(row),
          after: { ...snapshot(cancelled), ...(reason ? { reason } : {}) },
        });
        const left = row.paidAt ? refundablePence(row) : 0;
        const content = cancellationMail({
          ...mailOrder(row, lines),
          refundPence: left,
          reason: reason ?? null,
          voucherPence: splitRefund(row, left).voucherPence,
        });
        if (mailsTheBuyer(row))
          mailId = mail.enqueueOnce({
            to: row.email,
            kind: "order-cancelled",
            orderId: row.id,
            onceKey: `cancel:${orderNumber}`,
            ...content,
          });
        if (left === 0) return null;
        const plan = planRefund(cancelled, lines, {}, shippingLeft(cancelled));
        // The money goes back with the cancellation; the order stays "cancelled", which says more than "refunded".
        return claimRefund(actor, cancelled, plan, "cancelled", reason ?? "Order cancelled");
      });
      if (mailId !== null) mail.dispatch(mailId);
      if (claim) {
        try {
          await settleRefund(actor, claim, { sendMail: false });
        } catch {
          throw new ConflictError(
            `Order ${orderNumber} is cancelled and its records are back in stock, but the payment provider did not make the refund. Use Refund to try again.`,
          );
        }
      }
      return get(orderNumber);
    },

    /** An order's money as a refund of part of it needs it: the order, its lines, the delivery not given back yet. */
    refundBasis(orderId: number): { row: OrderRow; lines: OrderLineRow[]; shippingLeftPence: number } {
      const row = db.select().from(orders).where(eq(orders.id, orderId)).get();
      if (!row) throw new NotFoundError("Order not found.");
      return { row, lines: linesOf(row.id), shippingLeftPence: shippingLeft(row) };
    },

    /**
     * Books a refund worked out elsewhere (a return's: app/domain/returns/return-refund.ts) on the order, inside the
     * caller's transaction, under the caller's provider key, with the same checks as `refund`. The caller then
     * settles it with the provider (`settleClaim`), or, for store credit, leaves it without a provider reference.
     */
    claimRefundFor(actor: Actor, orderNumber: string, request: RefundInput, key: string): RefundClaim {
      const row = load(orderNumber);
      const { plan, to } = planFor(row, request);
      return claimRefund(actor, row, plan, to, request.reason, null, key);
    },

    /** Asks the provider for a booked claim's money; `undone` runs inside the transaction that undoes a refused one. */
    settleClaim: (actor: Actor, claim: RefundClaim, undone?: () => void) =>
      settleRefund(actor, claim, { sendMail: false, undone }),

    /** What a refund would do, for the admin to check before it is made: the same checks, nothing written. */
    reviewRefund(orderNumber: string, request: RefundInput): RefundReview {
      const row = load(orderNumber);
      const { plan, lines } = planFor(row, request);
      const byId = new Map(lines.map((l) => [l.id, l]));
      return {
        amountPence: plan.amountPence,
        vatPence: plan.vatPence,
        shippingPence: plan.shippingPence,
        reason: request.reason,
        lines: plan.lines.map((l) => ({
          ...l,
          title: byId.get(l.lineId)!.title,
          artist: byId.get(l.lineId)!.artist,
          restock: request.restock === true,
        })),
        full: plan.full,
      };
    },

    /**
     * Gives money back: chosen lines and quantities and/or the shipping, an amount to the penny, or (none of
     * them) everything still refundable. Never more than was paid less what was refunded already, shipping once
     * at most; the order becomes partly refunded or refunded by the amount. With `restock`, the refunded units
     * go back in stock in the same transaction. The customer is emailed once per refund.
     */
    async refund(actor: Actor, orderNumber: string, request: RefundInput): Promise<AdminOrder> {
      const claim = writeTransaction(db, () => {
        const row = load(orderNumber);
        const { plan, to, lines } = planFor(row, request);
        return claimRefund(actor, row, plan, to, request.reason, request.restock ? { lines } : null);
      });
      await settleRefund(actor, claim, { sendMail: true });
      return get(orderNumber);
    },
  };
}

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;
