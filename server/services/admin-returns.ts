/**
 * The back office's returns queue (docs/decisions/0075): decide a shopper's request (approve with instructions, or
 * refuse with a reason, each mailed), mark the parcel received (the 14-day clock starts), inspect each line (back
 * into stock, into used stock as a new graded copy, or written off, each with its ledger row), and pay it back, to
 * the original payment through the order's refund or as store credit. Every step is one BEGIN IMMEDIATE
 * transaction that moves the return only from the status it was read in, and leaves an audit row.
 *
 * A refund is idempotent per return: the return becomes "refunded" (with the order's refund row) in the same
 * transaction that books the refund on the order, so a second press or a retried request finds it refunded and
 * pays nothing; the payment provider's key is made from the return number, so a retry after a lost answer is the
 * same refund to it. When the provider refuses, the booking and the return's step are undone together.
 */
import path from "node:path";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Actor } from "../../app/domain/admin/audit";
import { formatPence } from "../../app/domain/shared/money";
import { formatDateGB, todayInLondon } from "../../app/domain/shared/dates";
import { ConflictError, NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { SHOP_RETURNS_ADDRESS } from "../../app/domain/shipping/royal-mail";
import {
  isShopFault,
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  type RefundMethod,
  type ReturnReason,
  type ReturnStatus,
  type ReturnLineOutcome,
} from "../../app/domain/returns/return-reasons";
import {
  isRefundLate,
  planReturnRefund,
  refundByDate,
  returnPostage,
  returnRefundWords,
  type ReturnPostage,
} from "../../app/domain/returns/return-refund";
import { TAB_STATUSES, WAITING_STATUSES, type InspectLine, type ReturnTab } from "../../app/domain/returns/return-admin";
import type { Grade } from "../../app/domain/catalogue/grades";
import { writeTransaction, type Db } from "../../db/client";
import { orderLines, orders, records, returnLines, returnPhotos, returns, stockMovements, type ReturnRow } from "../../db/schema";
import { returnApprovedMail, returnRefusedMail, returnRefundedMail } from "../mail/return-decision-templates";
import type { MailLinks } from "../mail/links";
import type { AdminOrdersService } from "./admin-orders";
import type { AuditEntry, AuditService } from "./audit";
import type { MailService } from "./mail";
import type { ReturnLabelLinks } from "./return-label-link";
import { returnToShelf } from "./shelf-return";
import type { UsedCopiesService } from "./used-copies";
import type { VoucherMail } from "./voucher-mail";
import { issueVoucher } from "./voucher-ledger";
import type { WantsService } from "./wants";

export interface ReturnSummary {
  returnNumber: string;
  status: ReturnStatus;
  statusLabel: string;
  reason: ReturnReason;
  reasonLabel: string;
  orderNumber: string;
  email: string;
  units: number;
  createdAt: string;
  receivedOn: string | null;
  /** The last day the money may go back (14 days after receipt); null until received. */
  refundBy: string | null;
  late: boolean;
  refundedPence: number;
}

export interface ReturnLineView {
  id: number;
  orderLineId: number;
  recordId: number;
  title: string;
  artist: string;
  unitPricePence: number;
  quantity: number;
  outcome: ReturnLineOutcome | null;
  mediaGrade: Grade | null;
  sleeveGrade: Grade | null;
  usedCopyId: number | null;
  inspectedAt: string | null;
}

export interface ReturnDetail extends ReturnSummary {
  name: string;
  note: string | null;
  refundMethod: RefundMethod;
  refusalReason: string | null;
  postage: ReturnPostage;
  labelReference: string | null;
  decidedAt: string | null;
  refundedAt: string | null;
  lines: ReturnLineView[];
  photos: { id: number; width: number | null; height: number | null }[];
  /** The refund it would give now, in pence and in words; or why it cannot be worked out. */
  refund: { amountPence: number; vatPence: number; words: string[] } | null;
  refundProblem: string | null;
  history: AuditEntry[];
  moves: { decide: boolean; receive: boolean; inspect: boolean; refund: boolean };
}

/** What a printed return label shows. */
export interface ReturnLabel {
  returnNumber: string;
  orderNumber: string;
  shopAddress: readonly string[];
  /** Royal Mail Tracked Returns reference of a prepaid label; null when the shopper pays the postage. */
  prepaidReference: string | null;
  lines: { quantity: number; artist: string; title: string }[];
}

const nowIso = () => new Date().toISOString();
const CHANGED_MEANWHILE = "This return was changed by someone else just now. Reload it and try again.";

/** The payment provider's key for a return's refund: one return, one refund, however often it is asked. */
export const returnRefundKey = (returnNumber: string) => `needledrop-return-${returnNumber}`;

const snapshot = (r: ReturnRow): Record<string, unknown> => ({
  status: r.status,
  receivedAt: r.receivedAt,
  refundedPence: r.refundedPence,
});

const STEP_WORDS: Record<ReturnStatus, string> = {
  requested: "requested",
  approved: "approved",
  refused: "refused",
  received: "marked as received",
  refunded: "refunded",
};

function refusedMove(r: ReturnRow, to: ReturnStatus): ConflictError {
  if (r.status === "refunded" && to === "refunded")
    return new ConflictError(`Return ${r.returnNumber} has already been refunded.`);
  return new ConflictError(
    `Return ${r.returnNumber} is ${RETURN_STATUS_LABELS[r.status].toLowerCase()}: it cannot be ${STEP_WORDS[to]}.`,
  );
}

export function createAdminReturnsService(
  db: Db,
  deps: {
    audit: AuditService;
    mail: MailService;
    links: MailLinks;
    adminOrders: Pick<AdminOrdersService, "refundBasis" | "claimRefundFor" | "settleClaim">;
    usedCopies: Pick<UsedCopiesService, "add">;
    voucherMail: Pick<VoucherMail, "queueStoreCreditMail" | "dispatch">;
    wants: Pick<WantsService, "onStockChanged">;
    labels: ReturnLabelLinks;
    /** ROYAL_MAIL_RETURNS_REFERENCE: prepaid labels quote it; null without one. */
    returnsReference: string | null;
    mediaDir: string;
  },
) {
  const { audit, mail } = deps;

  function load(returnNumber: string): ReturnRow {
    const row = db.select().from(returns).where(eq(returns.returnNumber, returnNumber)).get();
    if (!row) throw new NotFoundError("Return not found.");
    return row;
  }

  /** Moves a return on only from the status it was read in (two people pressing at once: one wins). */
  function move(row: ReturnRow, set: Partial<typeof returns.$inferInsert>): ReturnRow {
    const updated = db
      .update(returns)
      .set({ ...set, updatedAt: nowIso() })
      .where(and(eq(returns.id, row.id), eq(returns.status, row.status)))
      .returning()
      .get();
    if (!updated) throw new ConflictError(CHANGED_MEANWHILE);
    return updated;
  }

  /** A return's postage: decided labels keep what they were given; undecided ones follow the shop's set-up now. */
  const postageOf = (r: ReturnRow) =>
    returnPostage(r.reason, r.status === "requested" ? deps.returnsReference !== null : r.labelReference !== null);

  const orderOf = (r: ReturnRow) => db.select().from(orders).where(eq(orders.id, r.orderId)).get()!;

  function linesOf(returnId: number): ReturnLineView[] {
    return db
      .select({
        id: returnLines.id,
        orderLineId: returnLines.orderLineId,
        recordId: orderLines.recordId,
        title: orderLines.title,
        artist: orderLines.artist,
        unitPricePence: orderLines.unitPricePence,
        quantity: returnLines.quantity,
        outcome: returnLines.outcome,
        mediaGrade: returnLines.mediaGrade,
        sleeveGrade: returnLines.sleeveGrade,
        usedCopyId: returnLines.usedCopyId,
        inspectedAt: returnLines.inspectedAt,
      })
      .from(returnLines)
      .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
      .where(eq(returnLines.returnId, returnId))
      .orderBy(asc(returnLines.id))
      .all();
  }

  const receivedOn = (r: Pick<ReturnRow, "receivedAt">) => r.receivedAt?.slice(0, 10) ?? null;

  function summaryOf(r: ReturnRow, orderNumber: string, units: number, today: string): ReturnSummary {
    const on = receivedOn(r);
    const refundBy = on ? refundByDate(on) : null;
    return {
      returnNumber: r.returnNumber,
      status: r.status,
      statusLabel: RETURN_STATUS_LABELS[r.status],
      reason: r.reason,
      reasonLabel: RETURN_REASON_LABELS[r.reason],
      orderNumber,
      email: r.email,
      units,
      createdAt: r.createdAt,
      receivedOn: on,
      refundBy,
      late: isRefundLate({ refundBy, status: r.status }, today),
      refundedPence: r.refundedPence,
    };
  }

  /** The refund a return gives now, worked out on the order as it stands (app/domain/returns/return-refund.ts). */
  function planOf(r: ReturnRow) {
    const basis = deps.adminOrders.refundBasis(r.orderId);
    const returned = db
      .select({ lineId: returnLines.orderLineId, quantity: returnLines.quantity })
      .from(returnLines)
      .where(eq(returnLines.returnId, r.id))
      .all();
    const plan = planReturnRefund({
      order: basis.row,
      lines: basis.lines,
      returned,
      reason: r.reason,
      shippingLeftPence: basis.shippingLeftPence,
    });
    return { plan, order: basis.row };
  }

  function mailReturn(r: ReturnRow) {
    const order = orderOf(r);
    return {
      order,
      content: {
        returnNumber: r.returnNumber,
        orderNumber: order.orderNumber,
        name: order.shippingName,
        lines: linesOf(r.id).map((l) => ({ quantity: l.quantity, artist: l.artist, title: l.title })),
      },
    };
  }

  function queueMail(r: ReturnRow, orderId: number, step: string, content: { subject: string; text: string; html: string }) {
    return mail.enqueueOnce({
      to: r.email,
      kind: `return-${step}`,
      orderId,
      onceKey: `return-${step}:${r.returnNumber}`,
      ...content,
    });
  }

  const dispatchAll = (ids: (number | null)[]) => {
    for (const id of ids) if (id !== null) mail.dispatch(id);
  };

  function unitsOf(ids: number[]): Map<number, number> {
    if (ids.length === 0) return new Map();
    const rows = db
      .select({ id: returnLines.returnId, units: sql<number>`sum(${returnLines.quantity})` })
      .from(returnLines)
      .where(inArray(returnLines.returnId, ids))
      .groupBy(returnLines.returnId)
      .all();
    return new Map(rows.map((r) => [r.id, Number(r.units)]));
  }

  function get(returnNumber: string, today = todayInLondon()): ReturnDetail {
    const r = load(returnNumber);
    const order = orderOf(r);
    const lines = linesOf(r.id);
    let refund: ReturnDetail["refund"] = null;
    let refundProblem: string | null = null;
    if (r.status === "refunded") {
      refundProblem = null;
    } else if (r.status !== "refused") {
      try {
        const { plan } = planOf(r);
        refund = {
          amountPence: plan.amountPence,
          vatPence: plan.vatPence,
          words: returnRefundWords(plan, r.reason, postageOf(r)),
        };
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        refundProblem = error.message;
      }
    }
    const inspected = lines.every((l) => l.outcome !== null);
    return {
      ...summaryOf(
        r,
        order.orderNumber,
        lines.reduce((n, l) => n + l.quantity, 0),
        today,
      ),
      name: order.shippingName,
      note: r.note,
      refundMethod: r.refundMethod,
      refusalReason: r.refusalReason,
      postage: postageOf(r),
      labelReference: r.labelReference,
      decidedAt: r.decidedAt,
      refundedAt: r.refundedAt,
      lines,
      photos: db
        .select({ id: returnPhotos.id, width: returnPhotos.width, height: returnPhotos.height })
        .from(returnPhotos)
        .where(eq(returnPhotos.returnId, r.id))
        .orderBy(asc(returnPhotos.id))
        .all(),
      refund,
      refundProblem,
      history: audit.forEntity("return", r.returnNumber),
      moves: {
        decide: r.status === "requested",
        receive: r.status === "approved",
        inspect: r.status === "received" && !inspected,
        refund: r.status === "received" && inspected && refund !== null,
      },
    };
  }

  /** The refund's checks, the same for its review and for making it. */
  function refundable(r: ReturnRow) {
    if (r.status === "refunded" || r.refundId !== null || r.voucherId !== null) throw refusedMove(r, "refunded");
    if (r.status !== "received") throw refusedMove(r, "refunded");
    if (linesOf(r.id).some((l) => l.outcome === null)) {
      throw new ConflictError(
        "Inspect every line first: the records must be back in stock or written off before the money goes back.",
      );
    }
    return planOf(r);
  }

  return {
    get,

    /** The queue: one tab's returns, oldest first (the longest waiting at the top), and how many each tab holds. */
    list(tab: ReturnTab, today = todayInLondon()) {
      const rows = db
        .select({ r: returns, orderNumber: orders.orderNumber })
        .from(returns)
        .innerJoin(orders, eq(orders.id, returns.orderId))
        .where(inArray(returns.status, [...TAB_STATUSES[tab]]))
        .orderBy(asc(returns.createdAt), asc(returns.id))
        .limit(500)
        .all();
      const units = unitsOf(rows.map((x) => x.r.id));
      const byStatus = db.select({ status: returns.status, n: count() }).from(returns).groupBy(returns.status).all();
      const counts = Object.fromEntries(byStatus.map((s) => [s.status, s.n])) as Partial<Record<ReturnStatus, number>>;
      return {
        tab,
        returns: rows.map(({ r, orderNumber }) => summaryOf(r, orderNumber, units.get(r.id) ?? 0, today)),
        counts,
      };
    },

    /** Returns waiting for the shop: to decide, or received and not yet paid back (the navigation's count). */
    waitingCount(): number {
      return db
        .select({ n: count() })
        .from(returns)
        .where(inArray(returns.status, [...WAITING_STATUSES]))
        .get()!.n;
    },

    /** An order's returns, for its page: each with the refund row it gave (and whether that was store credit). */
    forOrder(orderNumber: string) {
      return db
        .select({
          returnNumber: returns.returnNumber,
          status: returns.status,
          createdAt: returns.createdAt,
          refundedPence: returns.refundedPence,
          refundId: returns.refundId,
          storeCredit: sql<boolean>`${returns.voucherId} is not null`.mapWith(Boolean),
        })
        .from(returns)
        .innerJoin(orders, eq(orders.id, returns.orderId))
        .where(eq(orders.orderNumber, orderNumber))
        .orderBy(asc(returns.id))
        .all()
        .map((r) => ({ ...r, statusLabel: RETURN_STATUS_LABELS[r.status] }));
    },

    /** requested → approved: mailed with what to do (the return number, the shop's address, the label). */
    approve(actor: Actor, returnNumber: string): ReturnDetail {
      const mailId = writeTransaction(db, () => {
        const r = load(returnNumber);
        if (r.status !== "requested") throw refusedMove(r, "approved");
        const prepaid = isShopFault(r.reason) ? deps.returnsReference : null;
        const updated = move(r, { status: "approved", decidedAt: nowIso(), decidedById: actor.id, labelReference: prepaid });
        audit.record(actor, {
          entityType: "return",
          entityId: returnNumber,
          action: "approve",
          before: snapshot(r),
          after: { ...snapshot(updated), postage: prepaid ? `prepaid (${prepaid})` : "paid by the customer" },
        });
        const { order, content } = mailReturn(updated);
        return queueMail(
          updated,
          order.id,
          "approved",
          returnApprovedMail({
            ...content,
            shopAddress: SHOP_RETURNS_ADDRESS,
            labelLink: deps.links.page(deps.labels.path(returnNumber)),
            prepaidReference: prepaid,
            shopPaysPostage: isShopFault(r.reason),
          }),
        );
      });
      dispatchAll([mailId]);
      return get(returnNumber);
    },

    /** requested → refused, with the reason mailed to the shopper. */
    refuse(actor: Actor, returnNumber: string, { reason }: { reason: string }): ReturnDetail {
      const mailId = writeTransaction(db, () => {
        const r = load(returnNumber);
        if (r.status !== "requested") throw refusedMove(r, "refused");
        const updated = move(r, { status: "refused", refusalReason: reason, decidedAt: nowIso(), decidedById: actor.id });
        audit.record(actor, {
          entityType: "return",
          entityId: returnNumber,
          action: "refuse",
          before: snapshot(r),
          after: { ...snapshot(updated), reason },
        });
        const { order, content } = mailReturn(updated);
        return queueMail(updated, order.id, "refused", returnRefusedMail({ ...content, reason }));
      });
      dispatchAll([mailId]);
      return get(returnNumber);
    },

    /** approved → received on the day the parcel arrived (not in the future): the refund is due 14 days after it. */
    markReceived(
      actor: Actor,
      returnNumber: string,
      { receivedOn: on }: { receivedOn: string },
      today = todayInLondon(),
    ): ReturnDetail {
      if (on > today) throw new ValidationError("The parcel cannot have arrived after today.");
      writeTransaction(db, () => {
        const r = load(returnNumber);
        if (r.status !== "approved") throw refusedMove(r, "received");
        if (on < r.createdAt.slice(0, 10))
          throw new ValidationError("The parcel cannot have arrived before the return was asked for.");
        const updated = move(r, { status: "received", receivedAt: on });
        audit.record(actor, {
          entityType: "return",
          entityId: returnNumber,
          action: "receive",
          before: snapshot(r),
          after: { ...snapshot(updated), refundBy: formatDateGB(refundByDate(on)) },
        });
      });
      return get(returnNumber);
    },

    /**
     * One line inspected, once: its units back on the shelf as new (ledger "return_restock"), each into used stock
     * as a new graded copy of the pressing (ledger "return_used" on the copy), or written off (ledger
     * "return_write_off", a change of 0 that says why). Audited on the return.
     */
    inspect(actor: Actor, returnNumber: string, input: InspectLine): ReturnDetail {
      writeTransaction(db, () => {
        const r = load(returnNumber);
        if (r.status !== "received") {
          throw new ConflictError(
            `Return ${returnNumber} is ${RETURN_STATUS_LABELS[r.status].toLowerCase()}: only a received return is inspected.`,
          );
        }
        const line = linesOf(r.id).find((l) => l.id === input.lineId);
        if (!line) throw new NotFoundError("That line is not part of this return.");
        if (line.outcome !== null) throw new ConflictError(`"${line.title}" has already been inspected.`);
        const order = orderOf(r);
        const note = `Return ${returnNumber} (order ${order.orderNumber})${input.note ? `: ${input.note}` : ""}`;
        const copies: number[] = [];
        if (input.outcome === "restock") {
          returnToShelf(db, deps.wants, line.recordId, line.quantity);
          db.insert(stockMovements)
            .values({
              recordId: line.recordId,
              change: line.quantity,
              reason: "return_restock",
              orderId: order.id,
              actorId: actor.id,
              note,
            })
            .run();
        } else if (input.outcome === "used") {
          const record = db.select().from(records).where(eq(records.id, line.recordId)).get();
          if (!record) throw new NotFoundError("The record of that line no longer exists.");
          // A used copy that comes back becomes another copy of the same pressing.
          const pressingId = record.condition === "used" && record.usedOfRecordId !== null ? record.usedOfRecordId : record.id;
          for (let unit = 0; unit < line.quantity; unit++) {
            const copy = deps.usedCopies.add(actor, pressingId, { ...input.copy, note: input.note }, [], {
              reason: "return_used",
              note,
              orderId: order.id,
            });
            copies.push(copy.id);
          }
        } else {
          db.insert(stockMovements)
            .values({
              recordId: line.recordId,
              change: 0,
              reason: "return_write_off",
              orderId: order.id,
              actorId: actor.id,
              note,
            })
            .run();
        }
        const done = db
          .update(returnLines)
          .set({
            outcome: input.outcome,
            mediaGrade: input.outcome === "used" ? input.copy.mediaGrade : null,
            sleeveGrade: input.outcome === "used" ? input.copy.sleeveGrade : null,
            usedCopyId: copies[0] ?? null,
            inspectedAt: nowIso(),
            inspectedById: actor.id,
          })
          .where(and(eq(returnLines.id, line.id), sql`${returnLines.outcome} is null`))
          .run();
        if (done.changes !== 1) throw new ConflictError(CHANGED_MEANWHILE);
        audit.record(actor, {
          entityType: "return",
          entityId: returnNumber,
          action: "inspect",
          after: {
            line: `${line.quantity} × ${line.artist} – ${line.title}`,
            outcome: input.outcome,
            ...(input.outcome === "used"
              ? { grades: `${input.copy.mediaGrade}/${input.copy.sleeveGrade}`, copies: copies.map((c) => `#${c}`).join(", ") }
              : {}),
            ...(input.note ? { note: input.note } : {}),
          },
        });
      });
      return get(returnNumber);
    },

    /** What the refund will be, for the confirm step (nothing written). */
    reviewRefund(returnNumber: string): { amountPence: number; vatPence: number; words: string[]; method: RefundMethod } {
      const r = load(returnNumber);
      const { plan } = refundable(r);
      return {
        amountPence: plan.amountPence,
        vatPence: plan.vatPence,
        words: returnRefundWords(plan, r.reason),
        method: r.refundMethod,
      };
    },

    /**
     * Pays a received, inspected return back, once: to the original payment (the order's refund, asked of the
     * provider under the return's own key) or as store credit (a voucher mailed with its code, and a refund row on
     * the order with no provider reference, so the order's refunded total and VAT say what was given). Mailed.
     */
    async refund(actor: Actor, returnNumber: string, { method }: { method: RefundMethod }): Promise<ReturnDetail> {
      const booked = writeTransaction(db, () => {
        const r = load(returnNumber);
        const { plan, order } = refundable(r);
        const viaCard = method === "original_payment";
        const claim = deps.adminOrders.claimRefundFor(
          actor,
          order.orderNumber,
          { ...plan.request, reason: viaCard ? `Return ${returnNumber}` : `Store credit for return ${returnNumber}` },
          returnRefundKey(returnNumber),
        );
        const voucher = viaCard
          ? null
          : issueVoucher(db, {
              kind: "store_credit",
              status: "active",
              amountPence: claim.amountPence,
              issuedOn: todayInLondon(),
              userId: r.userId,
              returnId: r.id,
              issuedById: actor.id,
              note: `Return ${returnNumber} (order ${order.orderNumber})`,
            });
        const updated = move(r, {
          status: "refunded",
          refundMethod: method,
          refundedAt: nowIso(),
          refundedPence: claim.amountPence,
          refundId: claim.refundId,
          voucherId: voucher?.id ?? null,
        });
        audit.record(actor, {
          entityType: "return",
          entityId: returnNumber,
          action: "refund",
          before: snapshot(r),
          after: {
            ...snapshot(updated),
            method,
            refund: formatPence(claim.amountPence),
            ...(voucher ? { voucher: `#${voucher.id}` } : {}),
          },
        });
        const creditMail = voucher ? deps.voucherMail.queueStoreCreditMail(voucher, r.email, `for return ${returnNumber}`) : null;
        return { claim, creditMail, before: r, viaCard };
      });
      if (booked.viaCard) {
        await deps.adminOrders.settleClaim(actor, booked.claim, () => {
          // The provider refused: the return is received again, with nothing paid.
          const r = booked.before;
          db.update(returns)
            .set({
              status: "received",
              refundedAt: null,
              refundedPence: 0,
              refundId: null,
              refundMethod: r.refundMethod,
              updatedAt: nowIso(),
            })
            .where(eq(returns.id, r.id))
            .run();
          audit.record(actor, {
            entityType: "return",
            entityId: returnNumber,
            action: "refund failed",
            before: { status: "refunded" },
            after: snapshot(r),
          });
        });
      }
      const refundedMail = writeTransaction(db, () => {
        const r = load(returnNumber);
        const { order, content } = mailReturn(r);
        return queueMail(
          r,
          order.id,
          "refunded",
          returnRefundedMail({
            ...content,
            amountPence: booked.claim.amountPence,
            vatPence: booked.claim.vatPence,
            method,
            receivedOn: receivedOn(r),
          }),
        );
      });
      if (booked.creditMail !== null) deps.voucherMail.dispatch(booked.creditMail);
      dispatchAll([refundedMail]);
      return get(returnNumber);
    },

    /** The return label: the admin's print, and the shopper's through the signed link of the approved mail. */
    label(returnNumber: string): ReturnLabel {
      const r = load(returnNumber);
      if (r.status === "requested" || r.status === "refused") throw new NotFoundError("This return has not been approved.");
      const order = orderOf(r);
      return {
        returnNumber: r.returnNumber,
        orderNumber: order.orderNumber,
        shopAddress: SHOP_RETURNS_ADDRESS,
        prepaidReference: r.labelReference,
        lines: linesOf(r.id).map((l) => ({ quantity: l.quantity, artist: l.artist, title: l.title })),
      };
    },

    /** The shopper's label, only with the signature the approved mail carried (else "not found"). */
    labelBySignature(returnNumber: string, signature: string | null): ReturnLabel {
      if (!deps.labels.verify(returnNumber, signature)) throw new NotFoundError("Return label not found.");
      return this.label(returnNumber);
    },

    /** The file of one of a return's photos, inside the media folder (for staff only). */
    photoFile(returnNumber: string, photoId: number): string {
      const r = load(returnNumber);
      const photo = db
        .select({ fileName: returnPhotos.fileName })
        .from(returnPhotos)
        .where(and(eq(returnPhotos.id, photoId), eq(returnPhotos.returnId, r.id)))
        .get();
      if (!photo) throw new NotFoundError("Photo not found.");
      const root = path.resolve(deps.mediaDir);
      const file = path.resolve(root, photo.fileName);
      if (!file.startsWith(`${root}${path.sep}`)) throw new NotFoundError("Photo not found.");
      return file;
    },
  };
}

export type AdminReturnsService = ReturnType<typeof createAdminReturnsService>;
