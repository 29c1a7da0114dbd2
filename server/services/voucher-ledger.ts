/**
 * The money side of gift vouchers and store credit, shared by buying, checkout, refunds, returns and the back
 * office. Every function runs inside the caller's write transaction (writeTransaction), so a balance and its
 * movement row change together, and a spend that would take more than the balance changes nothing.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { ConflictError } from "../../app/domain/shared/errors";
import { formatPence } from "../../app/domain/shared/money";
import { generateVoucherCode, normaliseVoucherCode, voucherCodeLast4 } from "../../app/domain/vouchers/voucher-code";
import { voucherExpiresOn, voucherProblem, type VoucherProblem } from "../../app/domain/vouchers/voucher-rules";
import type { Db } from "../../db/client";
import { voucherMovements, vouchers, type VoucherRow } from "../../db/schema";
import { hashToken } from "../auth/tokens";

export interface IssueVoucherInput {
  kind: VoucherRow["kind"];
  amountPence: number;
  /** The London day it is issued on: it lasts 24 months from then. */
  issuedOn: string;
  /** "active" for store credit; a bought voucher waits for its order's payment. */
  status: "active" | "pending_payment";
  purchaseOrderId?: number | null;
  userId?: number | null;
  buyerEmail?: string | null;
  recipientName?: string | null;
  recipientEmail?: string | null;
  message?: string | null;
  sendOn?: string | null;
  returnId?: number | null;
  issuedById?: number | null;
  note?: string | null;
}

/** A new voucher (no code yet: mintVoucherCode makes one when it is shown or mailed). */
export function issueVoucher(db: Db, input: IssueVoucherInput): VoucherRow {
  const row = db
    .insert(vouchers)
    .values({
      kind: input.kind,
      status: input.status,
      initialPence: input.amountPence,
      balancePence: input.amountPence,
      expiresOn: voucherExpiresOn(input.issuedOn),
      purchaseOrderId: input.purchaseOrderId ?? null,
      userId: input.userId ?? null,
      buyerEmail: input.buyerEmail ?? null,
      recipientName: input.recipientName ?? null,
      recipientEmail: input.recipientEmail ?? null,
      message: input.message ?? null,
      sendOn: input.sendOn ?? null,
      returnId: input.returnId ?? null,
      issuedById: input.issuedById ?? null,
      note: input.note ?? null,
    })
    .returning()
    .get();
  if (input.status === "active") recordMovement(db, row.id, "issued", input.amountPence, { actorId: input.issuedById ?? null });
  return row;
}

/** A bought voucher's order was paid: it may be spent from now, for 24 months from `paidOn`. */
export function activateVoucher(db: Db, voucherId: number, paidOn: string): VoucherRow | null {
  const row = db
    .update(vouchers)
    .set({ status: "active", expiresOn: voucherExpiresOn(paidOn) })
    .where(and(eq(vouchers.id, voucherId), eq(vouchers.status, "pending_payment")))
    .returning()
    .get();
  if (row) recordMovement(db, row.id, "issued", row.initialPence, {});
  return row ?? null;
}

/**
 * Makes the voucher's code, keeping only its hash and last four characters: the code returned is the only copy,
 * to be shown or mailed at once. Minting again replaces the code (the old one stops working).
 */
export function mintVoucherCode(db: Db, voucherId: number): string {
  for (;;) {
    const code = generateVoucherCode();
    const hash = hashToken(code);
    // Two codes alike is a 1 in 10^23 chance; the unique index catches it and another code is made.
    if (db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.codeHash, hash)).get()) continue;
    db.update(vouchers)
      .set({ codeHash: hash, codeLast4: voucherCodeLast4(code) })
      .where(eq(vouchers.id, voucherId))
      .run();
    return code;
  }
}

export type VoucherLookup =
  | { ok: true; voucher: VoucherRow; code: string }
  | { ok: false; problem: VoucherProblem | "unknown"; voucher: VoucherRow | null };

/** The voucher a typed code opens, and whether it may be spent today. */
export function findVoucherByCode(db: Db, typed: string, today: string): VoucherLookup {
  const code = normaliseVoucherCode(typed);
  if (!code) return { ok: false, problem: "unknown", voucher: null };
  const voucher = db
    .select()
    .from(vouchers)
    .where(eq(vouchers.codeHash, hashToken(code)))
    .get();
  if (!voucher) return { ok: false, problem: "unknown", voucher: null };
  const problem = voucherProblem(voucher, today);
  return problem ? { ok: false, problem, voucher } : { ok: true, voucher, code };
}

/**
 * Takes `amountPence` off a voucher for an order. The conditional update is what stops two checkouts spending
 * one balance twice: it takes the money only if all of it is still there, else ConflictError.
 */
export function spendVoucher(db: Db, voucherId: number, amountPence: number, orderId: number): void {
  if (!Number.isSafeInteger(amountPence) || amountPence <= 0) return;
  const taken = db
    .update(vouchers)
    .set({ balancePence: sql`${vouchers.balancePence} - ${amountPence}` })
    .where(and(eq(vouchers.id, voucherId), eq(vouchers.status, "active"), sql`${vouchers.balancePence} >= ${amountPence}`))
    .run();
  if (taken.changes !== 1)
    throw new ConflictError("A gift voucher's balance changed while you were paying. Please check it and try again.");
  recordMovement(db, voucherId, "spent", -amountPence, { orderId });
}

/** What each voucher paid towards an order, less what was already given back to it. */
export function voucherPartsOfOrder(db: Db, orderId: number): { voucherId: number; pence: number }[] {
  return db
    .select({ voucherId: voucherMovements.voucherId, pence: sql<number>`-sum(${voucherMovements.change})` })
    .from(voucherMovements)
    .where(and(eq(voucherMovements.orderId, orderId), sql`${voucherMovements.kind} in ('spent', 'restored')`))
    .groupBy(voucherMovements.voucherId)
    .orderBy(desc(voucherMovements.voucherId))
    .all()
    .filter((p) => p.pence > 0);
}

/**
 * Gives `amountPence` of an order's voucher part back (a cancel, an unpaid order, a refund): to the vouchers it
 * was spent from, the last one first; to a new store credit voucher for the same buyer when a voucher has
 * expired or been cancelled since. Returns the new vouchers made (their codes are minted by the caller).
 */
export function restoreVoucherPart(
  db: Db,
  order: { id: number; userId: number | null; email: string },
  amountPence: number,
  context: { today: string; refundId?: number | null; actorId?: number | null },
): VoucherRow[] {
  let left = amountPence;
  const made: VoucherRow[] = [];
  for (const part of voucherPartsOfOrder(db, order.id)) {
    if (left <= 0) break;
    const back = Math.min(left, part.pence);
    left -= back;
    const voucher = db.select().from(vouchers).where(eq(vouchers.id, part.voucherId)).get()!;
    const usable = voucher.status === "active" && voucher.expiresOn >= context.today;
    // The movement stays on the voucher it came from (so the order's voucher part adds up); the money goes to
    // the old voucher when it can still be spent, else to a new one.
    recordMovement(db, voucher.id, "restored", back, { orderId: order.id, refundId: context.refundId, actorId: context.actorId });
    if (usable) {
      db.update(vouchers)
        .set({ balancePence: sql`min(${vouchers.initialPence}, ${vouchers.balancePence} + ${back})` })
        .where(eq(vouchers.id, voucher.id))
        .run();
    } else {
      // The movement above gave the money back on paper; take it off again so the old voucher's balance is unchanged.
      recordMovement(db, voucher.id, "cancelled", -back, { orderId: order.id, note: "given back on a new voucher" });
      made.push(
        issueVoucher(db, {
          kind: "store_credit",
          amountPence: back,
          issuedOn: context.today,
          status: "active",
          userId: order.userId,
          buyerEmail: order.email,
          issuedById: context.actorId ?? null,
          note: `Given back from order ${order.id}: the voucher it was paid with can no longer be spent.`,
        }),
      );
    }
  }
  return made;
}

function recordMovement(
  db: Db,
  voucherId: number,
  kind: (typeof voucherMovements.$inferInsert)["kind"],
  change: number,
  extra: { orderId?: number | null; refundId?: number | null; actorId?: number | null; note?: string | null },
) {
  db.insert(voucherMovements)
    .values({
      voucherId,
      kind,
      change,
      orderId: extra.orderId ?? null,
      refundId: extra.refundId ?? null,
      actorId: extra.actorId ?? null,
      note: extra.note ?? null,
    })
    .run();
}

/**
 * Whether `amountPence` of a bought voucher's price may be refunded: only what is still unspent on it (a cancelled
 * voucher's purchase may be refunded in full: staff called it off to give the money back). Throws ConflictError.
 */
export function boughtVoucherRefundable(db: Db, purchaseOrderId: number, amountPence: number): VoucherRow | null {
  const voucher = db.select().from(vouchers).where(eq(vouchers.purchaseOrderId, purchaseOrderId)).get();
  if (!voucher || voucher.status !== "active") return voucher ?? null;
  if (amountPence > voucher.balancePence) {
    throw new ConflictError(
      voucher.balancePence === 0
        ? "This gift voucher has been spent in full: its price can no longer be refunded."
        : `Part of this gift voucher has been spent: at most ${formatPence(voucher.balancePence)} of its price can be refunded.`,
    );
  }
  return voucher;
}

/**
 * A bought voucher's price is refunded (in part): that much comes off its balance with a "cancelled" movement, and
 * a voucher left with nothing is cancelled. Inside the refund's transaction, so a voucher spent meanwhile refuses it.
 */
export function withdrawBoughtVoucher(db: Db, purchaseOrderId: number, amountPence: number, actorId: number | null): void {
  const voucher = boughtVoucherRefundable(db, purchaseOrderId, amountPence);
  if (!voucher || voucher.status !== "active") return;
  const left = voucher.balancePence - amountPence;
  db.update(vouchers)
    .set({ balancePence: left, ...(left === 0 ? { status: "cancelled" as const, cancelledAt: new Date().toISOString() } : {}) })
    .where(and(eq(vouchers.id, voucher.id), eq(vouchers.balancePence, voucher.balancePence)))
    .run();
  recordMovement(db, voucher.id, "cancelled", -amountPence, {
    orderId: purchaseOrderId,
    actorId,
    note: "its price was refunded",
  });
}
