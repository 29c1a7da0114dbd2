/**
 * Gift vouchers and store credit in the back office (/admin/gift-vouchers, docs/decisions/0076): the list with its
 * figures, one voucher with its movements, and the three things staff do: cancel a voucher, resend its code (a new
 * code: the old one stops working) and give a customer goodwill store credit. Each change is checked, made and
 * audited in one transaction; a code mail is sent once that transaction has committed.
 */
import { and, asc, desc, eq, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Actor } from "../../app/domain/admin/audit";
import { ConflictError, NotFoundError } from "../../app/domain/shared/errors";
import { pageWindow } from "../../app/domain/shared/paging";
import {
  CANCEL_REFUSALS,
  RESEND_REFUSALS,
  VOUCHER_PAGE_SIZE,
  voucherHolder,
  voucherMailAddress,
  voucherMoves,
  voucherStanding,
  type GoodwillCreditInput,
  type VoucherListQuery,
  type VoucherStanding,
} from "../../app/domain/vouchers/voucher-admin";
import { writeTransaction, type Db } from "../../db/client";
import { orders, users, voucherMovements, vouchers, type VoucherRow } from "../../db/schema";
import type { AuditService } from "./audit";
import { issueVoucher } from "./voucher-ledger";
import type { VoucherMail } from "./voucher-mail";

/** What the goodwill and resend mails say after "We have given you £x of store credit …". */
export const GOODWILL_WHY = "as a goodwill gesture from all of us at Needledrop";
export const RESEND_WHY = "again, under a new code: any earlier code for it no longer works";

export interface VoucherListRow {
  id: number;
  kind: VoucherRow["kind"];
  standing: VoucherStanding;
  codeLast4: string | null;
  holder: ReturnType<typeof voucherHolder>;
  createdAt: string;
  initialPence: number;
  balancePence: number;
  expiresOn: string;
}

/** The figures over the list: every voucher there is, whatever the filters. */
export interface VoucherFigures {
  issuedCount: number;
  issuedPence: number;
  /** Spent on orders, less what cancelled or refunded orders gave back. */
  spentPence: number;
  /** Active, unexpired balances: what the shop owes its voucher holders (the liability). */
  outstandingCount: number;
  outstandingPence: number;
  /** Balances left on vouchers past their date. */
  expiredCount: number;
  expiredPence: number;
  cancelledPence: number;
}

const buyers = alias(users, "holder");
const actors = alias(users, "actor");

/** The SQL test for each standing: voucherStanding's rules, in the same order. */
function standingIs(standing: VoucherStanding, today: string): SQL {
  switch (standing) {
    case "cancelled":
      return eq(vouchers.status, "cancelled");
    case "awaiting_payment":
      return eq(vouchers.status, "pending_payment");
    case "spent":
      return sql`${vouchers.status} = 'active' and ${vouchers.balancePence} <= 0`;
    case "expired":
      return sql`${vouchers.status} = 'active' and ${vouchers.balancePence} > 0 and ${vouchers.expiresOn} < ${today}`;
    case "active":
      return sql`${vouchers.status} = 'active' and ${vouchers.balancePence} > 0 and ${vouchers.expiresOn} >= ${today}`;
  }
}

/** Last four characters typed (spaces, hyphens and case forgiven), or any part of an address or name. */
function searchIs(q: string): SQL {
  const last4 = q.replace(/[\s-]+/g, "").toUpperCase();
  const text = q.toLowerCase();
  const has = (column: AnyColumn) => sql`instr(lower(coalesce(${column}, '')), ${text}) > 0`;
  return or(
    eq(vouchers.codeLast4, last4),
    has(vouchers.buyerEmail),
    has(vouchers.recipientEmail),
    has(vouchers.recipientName),
    has(buyers.email),
  )!;
}

export function createAdminVouchersService(db: Db, deps: { audit: AuditService; voucherMail: VoucherMail }) {
  const byId = (id: number) => db.select().from(vouchers).where(eq(vouchers.id, id)).get();
  const userOf = (userId: number | null) =>
    userId === null
      ? undefined
      : db.select({ id: users.id, email: users.email, username: users.username }).from(users).where(eq(users.id, userId)).get();

  /** Sends queued mail once the caller's transaction (a form's once-only one too) has committed. */
  const sendAfterCommit = (mailId: number) => queueMicrotask(() => deps.voucherMail.dispatch(mailId));

  function mustFind(id: number): VoucherRow {
    const row = byId(id);
    if (!row) throw new NotFoundError("No such voucher.");
    return row;
  }

  function summaryOf(row: VoucherRow, userEmail: string | null, today: string): VoucherListRow {
    return {
      id: row.id,
      kind: row.kind,
      standing: voucherStanding(row, today),
      codeLast4: row.codeLast4,
      holder: voucherHolder({ ...row, userEmail }),
      createdAt: row.createdAt,
      initialPence: row.initialPence,
      balancePence: row.balancePence,
      expiresOn: row.expiresOn,
    };
  }

  /** What a refused move says, checked before the question is asked and again when it is done. */
  function cancellable(row: VoucherRow, today: string): VoucherStanding {
    const standing = voucherStanding(row, today);
    if (!voucherMoves(standing).cancel) throw new ConflictError(CANCEL_REFUSALS[standing as keyof typeof CANCEL_REFUSALS]);
    return standing;
  }

  function resendable(row: VoucherRow, today: string): string {
    const standing = voucherStanding(row, today);
    if (!voucherMoves(standing).resend) throw new ConflictError(RESEND_REFUSALS[standing as keyof typeof RESEND_REFUSALS]);
    const to = voucherMailAddress({ ...row, userEmail: userOf(row.userId)?.email ?? null });
    if (!to) throw new ConflictError("This voucher has no address to send its code to.");
    return to;
  }

  return {
    /** A page of vouchers, newest first, filtered by standing and kind and searched by last four or address. */
    list(query: VoucherListQuery, today: string) {
      const where = and(
        query.status ? standingIs(query.status, today) : undefined,
        query.kind ? eq(vouchers.kind, query.kind) : undefined,
        query.q ? searchIs(query.q) : undefined,
      );
      const total =
        db
          .select({ n: sql<number>`count(*)` })
          .from(vouchers)
          .leftJoin(buyers, eq(buyers.id, vouchers.userId))
          .where(where)
          .get()?.n ?? 0;
      const { page, pageCount, offset } = pageWindow(total, query.page, VOUCHER_PAGE_SIZE);
      const rows = db
        .select({ voucher: vouchers, userEmail: buyers.email })
        .from(vouchers)
        .leftJoin(buyers, eq(buyers.id, vouchers.userId))
        .where(where)
        .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
        .limit(VOUCHER_PAGE_SIZE)
        .offset(offset)
        .all();
      return {
        vouchers: rows.map((r) => summaryOf(r.voucher, r.userEmail, today)),
        total,
        page,
        pageCount,
        query: { ...query, page },
      };
    },

    figures(today: string): VoucherFigures {
      const moved = db
        .select({
          issued: sql<number>`coalesce(sum(case when ${voucherMovements.kind} = 'issued' then ${voucherMovements.change} end), 0)`,
          spent: sql<number>`-coalesce(sum(case when ${voucherMovements.kind} in ('spent', 'restored') then ${voucherMovements.change} end), 0)`,
          cancelled: sql<number>`-coalesce(sum(case when ${voucherMovements.kind} = 'cancelled' then ${voucherMovements.change} end), 0)`,
        })
        .from(voucherMovements)
        .get()!;
      const held = db
        .select({
          issuedCount: sql<number>`count(*) filter (where ${vouchers.status} <> 'pending_payment')`,
          outstandingCount: sql<number>`count(*) filter (where ${standingIs("active", today)})`,
          outstanding: sql<number>`coalesce(sum(${vouchers.balancePence}) filter (where ${standingIs("active", today)}), 0)`,
          expiredCount: sql<number>`count(*) filter (where ${standingIs("expired", today)})`,
          expired: sql<number>`coalesce(sum(${vouchers.balancePence}) filter (where ${standingIs("expired", today)}), 0)`,
        })
        .from(vouchers)
        .get()!;
      return {
        issuedCount: held.issuedCount,
        issuedPence: moved.issued,
        spentPence: moved.spent,
        outstandingCount: held.outstandingCount,
        outstandingPence: held.outstanding,
        expiredCount: held.expiredCount,
        expiredPence: held.expired,
        cancelledPence: moved.cancelled,
      };
    },

    /** One voucher whole: what it is, who it is for, every movement of its balance and the back office's changes. */
    get(id: number, today: string) {
      const row = mustFind(id);
      const user = userOf(row.userId);
      const issuedBy = userOf(row.issuedById);
      const purchase =
        row.purchaseOrderId === null
          ? undefined
          : db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, row.purchaseOrderId)).get();
      const movements = db
        .select({
          id: voucherMovements.id,
          kind: voucherMovements.kind,
          change: voucherMovements.change,
          orderNumber: orders.orderNumber,
          actorName: actors.username,
          note: voucherMovements.note,
          createdAt: voucherMovements.createdAt,
        })
        .from(voucherMovements)
        .leftJoin(orders, eq(orders.id, voucherMovements.orderId))
        .leftJoin(actors, eq(actors.id, voucherMovements.actorId))
        .where(eq(voucherMovements.voucherId, id))
        .orderBy(asc(voucherMovements.id))
        .all();
      const summary = summaryOf(row, user?.email ?? null, today);
      return {
        ...summary,
        moves: voucherMoves(summary.standing),
        mailTo: voucherMailAddress({ ...row, userEmail: user?.email ?? null }),
        customer: user ? { id: user.id, username: user.username, email: user.email } : null,
        buyerEmail: row.buyerEmail,
        recipientName: row.recipientName,
        recipientEmail: row.recipientEmail,
        message: row.message,
        sendOn: row.sendOn,
        mailedAt: row.mailedAt,
        purchaseOrderNumber: purchase?.orderNumber ?? null,
        returnId: row.returnId,
        issuedBy: issuedBy?.username ?? null,
        note: row.note,
        cancelledAt: row.cancelledAt,
        movements,
        history: deps.audit.forEntity("voucher", id, 50),
      };
    },

    /** Read-only: refuses as `cancel` would, so the question is never asked about a voucher that cannot be cancelled. */
    checkCancel(id: number, today: string): VoucherListRow {
      const row = mustFind(id);
      cancellable(row, today);
      return summaryOf(row, null, today);
    },

    /** Read-only: where a resent code would go, or the refusal `resend` would give. */
    checkResend(id: number, today: string): { voucher: VoucherListRow; to: string } {
      const row = mustFind(id);
      return { voucher: summaryOf(row, null, today), to: resendable(row, today) };
    },

    /** Cancels a voucher: its balance goes to nothing (a "cancelled" movement), and it is never spendable again. */
    cancel(actor: Actor, id: number, input: { reason: string }, today: string): VoucherRow {
      return writeTransaction(db, () => {
        const row = mustFind(id);
        const standing = cancellable(row, today);
        const done = db
          .update(vouchers)
          .set({ status: "cancelled", balancePence: 0, cancelledAt: new Date().toISOString() })
          .where(and(eq(vouchers.id, id), eq(vouchers.status, "active"), eq(vouchers.balancePence, row.balancePence)))
          .returning()
          .get();
        // Spent from, or cancelled by someone else, since it was read: nothing is changed.
        if (!done) throw new ConflictError("This voucher changed just now. Reload the page and try again.");
        db.insert(voucherMovements)
          .values({ voucherId: id, kind: "cancelled", change: -row.balancePence, actorId: actor.id, note: input.reason })
          .run();
        deps.audit.record(actor, {
          entityType: "voucher",
          entityId: id,
          action: "cancel",
          before: { status: standing, balancePence: row.balancePence },
          after: { status: "cancelled", balancePence: 0, reason: input.reason },
        });
        return done;
      });
    },

    /** Mails the voucher a new code; the code it had stops working at once. Returns where it went. */
    resend(actor: Actor, id: number, today: string): { to: string; mailId: number } {
      const sent = writeTransaction(db, () => {
        const row = mustFind(id);
        const to = resendable(row, today);
        const mailId =
          row.kind === "gift" ? deps.voucherMail.queueGiftMail(row) : deps.voucherMail.queueStoreCreditMail(row, to, RESEND_WHY);
        deps.audit.record(actor, {
          entityType: "voucher",
          entityId: id,
          action: "resend",
          before: { codeLast4: row.codeLast4 },
          after: { mailedTo: to },
        });
        return { to, mailId };
      });
      sendAfterCommit(sent.mailId);
      return sent;
    },

    /**
     * Goodwill store credit: to the account with that address when there is one (it shows on their profile), else to
     * the address alone. The reason stays in the back office; the customer's mail says it is a goodwill gesture.
     */
    issueGoodwill(actor: Actor, input: GoodwillCreditInput, today: string) {
      const made = writeTransaction(db, () => {
        const account = db
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(sql`lower(${users.email}) = ${input.email}`)
          .get();
        const voucher = issueVoucher(db, {
          kind: "store_credit",
          amountPence: input.amount,
          issuedOn: today,
          status: "active",
          userId: account?.id ?? null,
          recipientEmail: input.email,
          issuedById: actor.id,
          note: input.reason,
        });
        const to = account?.email ?? input.email;
        const mailId = deps.voucherMail.queueStoreCreditMail(voucher, to, GOODWILL_WHY);
        deps.audit.record(actor, {
          entityType: "voucher",
          entityId: voucher.id,
          action: "goodwill",
          after: {
            kind: "store_credit",
            amountPence: input.amount,
            email: input.email,
            userId: account?.id ?? null,
            reason: input.reason,
          },
        });
        return { voucher, to, toAccount: account !== undefined, mailId };
      });
      sendAfterCommit(made.mailId);
      return made;
    },
  };
}

export type AdminVouchersService = ReturnType<typeof createAdminVouchersService>;
