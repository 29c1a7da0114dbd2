/**
 * Pre-orders charged when they ship (app/domain/pre-orders): the shop's setting, the sale guard that marks such
 * an order at checkout, the card saved instead of charged, the off-session charge when the order is dispatched,
 * and what follows a declined charge: a mail with a link to pay with another card, the copy held 72 hours,
 * then released to the next pre-order in line (or the shelf, which tells the wants service).
 */
import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Actor, AuditActor } from "../../app/domain/admin/audit";
import { cardFingerprintKey } from "../../app/domain/limited/identity";
import {
  CHARGED_WHEN_SHIPS,
  DEFAULT_PRE_ORDER_CHARGE,
  PRE_ORDER_CHARGE_WORDS,
  basketCharge,
  chargeFor,
  holdEnded,
  holdUntil,
  type BasketCharge,
  type PreOrderCharge,
} from "../../app/domain/pre-orders/pre-order-charge";
import type { CardDetails } from "../../app/domain/payments/charges";
import type { PaymentProvider } from "../../app/domain/payments/order-payments";
import type { OrderView } from "../../app/domain/orders/order-view";
import { ConflictError, NotFoundError } from "../../app/domain/shared/errors";
import { formatPence } from "../../app/domain/shared/money";
import { writeTransaction, type Db } from "../../db/client";
import { shopNow } from "../../db/clock";
import { emailOutbox, orderLines, orders, records, saleSettings, stockMovements, type OrderRow } from "../../db/schema";
import { generateToken, hashToken, tokenMatchesHash } from "../auth/tokens";
import { TOKEN_SLOT, type MailLinks } from "../mail/links";
import { orderConfirmationMail } from "../mail/order-templates";
import { escapeHtml } from "../mail/templates";
import type { AuditService } from "./audit";
import type { MailService } from "./mail";
import type { OrdersService } from "./orders";
import type { SaleGuard } from "./sale-guards";
import type { WantsService } from "./wants";
import type { createAdminStockService } from "./admin-stock";

/** The shop's pre-order charge (sale_settings row 1; no row yet means the spec's rule, charged at order time). */
export function preOrderChargeSetting(db: Db): PreOrderCharge {
  return db.select().from(saleSettings).where(eq(saleSettings.id, 1)).get()?.preOrderCharge ?? DEFAULT_PRE_ORDER_CHARGE;
}

/** The sale guard (sale-guards.ts): an order of pre-orders that are all charged at dispatch saves a card instead. */
export function preOrderChargeGuard(): SaleGuard {
  return {
    orderValues(ctx) {
      const setting = preOrderChargeSetting(ctx.db);
      const basket = basketCharge(
        ctx.lines.map((l) => ({ preOrder: l.preOrder, charge: chargeFor(l.record.preOrderCharge, setting) })),
      );
      return basket.kind === "at_dispatch" ? { chargeAtDispatch: true } : {};
    },
  };
}

export const PAY_LINK_MAIL_KIND = "pre-order-pay-link";

/** Who releases a copy whose hold ended: the shop itself, no member of staff (the audit row has no user). */
const HOLD_SWEEP_ACTOR: AuditActor = { id: null, username: "Shop (72-hour hold ended)" };

export type DispatchCharge =
  { outcome: "paid"; orderNumber: string } | { outcome: "declined"; orderNumber: string; message: string; holdUntil: string };

export interface PayLinkView {
  order: OrderView;
  holdUntil: string;
  declineMessage: string | null;
}

export function createPreOrderChargesService(
  db: Db,
  deps: {
    orders: OrdersService;
    payments: PaymentProvider;
    mail: MailService;
    links: MailLinks;
    audit: AuditService;
    wants: Pick<WantsService, "onStockChanged">;
    stock: Pick<ReturnType<typeof createAdminStockService>, "allocateWaiting">;
  },
) {
  const { orders: ordersService, payments, mail, links, audit } = deps;
  const byNumber = (orderNumber: string) => db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).get();
  const now = () => shopNow(db.$client);

  function load(orderNumber: string): OrderRow {
    const row = byNumber(orderNumber);
    if (!row) throw new NotFoundError("Order not found.");
    return row;
  }

  const viewOf = (orderNumber: string) => ordersService.get(orderNumber)!;

  // The pay link's token, made for each attempt at sending the mail; only its hash is kept, on the order.
  mail.mintTokensFor(PAY_LINK_MAIL_KIND, (message) => {
    const sent = db.select({ orderId: emailOutbox.orderId }).from(emailOutbox).where(eq(emailOutbox.id, message.id)).get();
    const row = sent?.orderId ? db.select().from(orders).where(eq(orders.id, sent.orderId)).get() : undefined;
    // Paid or released meanwhile: the link would open nothing, so the mail is not sent.
    if (!row || row.status !== "card_saved" || holdEnded(row.chargeHoldUntil, now())) return null;
    const token = generateToken();
    const hash = hashToken(token);
    db.update(orders).set({ payLinkTokenHash: hash }).where(eq(orders.id, row.id)).run();
    return {
      token,
      revoke: () =>
        void db
          .update(orders)
          .set({ payLinkTokenHash: null })
          .where(and(eq(orders.id, row.id), eq(orders.payLinkTokenHash, hash)))
          .run(),
    };
  });

  /** The confirmation mail of an order whose card is saved: the order as placed, and when it will be charged. */
  function savedCardMail(order: OrderView) {
    const base = orderConfirmationMail(order, order.userId !== null ? links.page("/profile#orders") : null);
    const amount = formatPence(order.totals.amountDuePence);
    return {
      subject: base.subject,
      text: base.text
        .replace("Total paid:", "Total:")
        .replace(
          `Order number: ${order.orderNumber}`,
          `Order number: ${order.orderNumber}\n\n${CHARGED_WHEN_SHIPS} Your card is saved; ${amount} will be taken on the day we send your order.`,
        ),
      html: base.html
        ?.replaceAll("Total paid:", "Total:")
        .replace(
          "</strong></p>",
          `</strong></p>\n<p><strong>${escapeHtml(CHARGED_WHEN_SHIPS)}</strong> Your card is saved; ${escapeHtml(amount)} will be taken on the day we send your order.</p>`,
        ),
    };
  }

  /** card_saved → paid with the provider's reference; false when the order had moved on meanwhile. */
  function markCharged(actor: AuditActor, row: OrderRow, reference: string, how: string): boolean {
    return writeTransaction(db, () => {
      const at = now().toISOString();
      const updated = db
        .update(orders)
        .set({
          status: "paid",
          paidAt: at,
          paymentReference: reference,
          chargeHoldUntil: null,
          payLinkTokenHash: null,
          updatedAt: at,
        })
        .where(and(eq(orders.id, row.id), eq(orders.status, "card_saved")))
        .run();
      if (updated.changes !== 1) return false;
      audit.record(actor, {
        entityType: "order",
        entityId: row.orderNumber,
        action: how,
        before: { status: row.status, paid: false },
        after: { status: "paid", paid: true, amount: formatPence(row.totalPence - row.voucherPence) },
      });
      return true;
    });
  }

  return {
    /** The shop-wide setting, as the back office and VinylBot read it. */
    setting: (): PreOrderCharge => preOrderChargeSetting(db),

    setSetting(actor: Actor, charge: PreOrderCharge): PreOrderCharge {
      writeTransaction(db, () => {
        const before = preOrderChargeSetting(db);
        if (before === charge) return;
        db.insert(saleSettings)
          .values({ id: 1, preOrderCharge: charge })
          .onConflictDoUpdate({ target: saleSettings.id, set: { preOrderCharge: charge, updatedAt: now().toISOString() } })
          .run();
        audit.record(actor, {
          entityType: "settings",
          entityId: "pre-orders",
          action: "pre-order charge",
          before: { preOrdersCharged: PRE_ORDER_CHARGE_WORDS[before] },
          after: { preOrdersCharged: PRE_ORDER_CHARGE_WORDS[charge] },
        });
      });
      return preOrderChargeSetting(db);
    },

    /** How a basket would be charged (the checkout's notice): its pre-order lines' records, the shop's setting. */
    basketChargeOf(lines: readonly { recordId: number; isPreOrder: boolean }[]): BasketCharge {
      const setting = preOrderChargeSetting(db);
      const ids = lines.map((l) => l.recordId);
      const overrides = new Map(
        ids.length === 0
          ? []
          : db
              .select({ id: records.id, charge: records.preOrderCharge })
              .from(records)
              .where(inArray(records.id, ids))
              .all()
              .map((r) => [r.id, r.charge]),
      );
      return basketCharge(lines.map((l) => ({ preOrder: l.isPreOrder, charge: chargeFor(overrides.get(l.recordId), setting) })));
    },

    /** Whether the order (just placed) saves a card to be charged when it ships, instead of paying now. */
    chargesAtDispatch(orderNumber: string): boolean {
      const row = byNumber(orderNumber);
      return !!row?.chargeAtDispatch && row.status === "pending_payment";
    },

    /**
     * pending_payment → card_saved, keeping the provider's reusable card reference (ids only) and the hash of its
     * fingerprint; queues the confirmation mail, which says when the card is charged. Idempotent.
     */
    cardSaved(orderNumber: string, saved: { reference: string; fingerprint: string | null }): OrderView {
      let mailId: number | null = null;
      writeTransaction(db, () => {
        const row = load(orderNumber);
        if (row.status !== "pending_payment") return;
        const at = now().toISOString();
        db.update(orders)
          .set({
            status: "card_saved",
            savedCardReference: saved.reference,
            cardKey: saved.fingerprint ? cardFingerprintKey(row.paymentProvider ?? "unknown", saved.fingerprint) : row.cardKey,
            updatedAt: at,
          })
          .where(and(eq(orders.id, row.id), eq(orders.status, "pending_payment")))
          .run();
        mailId = mail.enqueueOnce({
          to: row.email,
          kind: "order-confirmation",
          orderId: row.id,
          onceKey: `card-saved:${orderNumber}`,
          ...savedCardMail(viewOf(orderNumber)),
        });
      });
      if (mailId !== null) mail.dispatch(mailId);
      return viewOf(orderNumber);
    },

    /**
     * Charges a card_saved order before it goes out, off-session. Idempotent: the provider answers a repeated
     * charge with the first one (its idempotency key is the order), and an order already paid is not charged.
     * Declined: the order keeps its copy for 72 hours and the shopper is mailed a link to pay with another card
     * (once per decline; a second attempt while the hold runs answers the same decline without charging).
     */
    async chargeForDispatch(actor: Actor, orderNumber: string): Promise<DispatchCharge> {
      const row = load(orderNumber);
      if (row.status !== "card_saved") {
        if (row.paidAt) return { outcome: "paid", orderNumber };
        throw new ConflictError(`Order ${orderNumber} has no saved card to charge.`);
      }
      if (row.chargeHoldUntil && !holdEnded(row.chargeHoldUntil, now())) {
        return {
          outcome: "declined",
          orderNumber,
          message: row.chargeDeclineMessage ?? "The card was declined.",
          holdUntil: row.chargeHoldUntil,
        };
      }
      const waiting = db
        .select({ title: orderLines.title })
        .from(orderLines)
        .where(and(eq(orderLines.orderId, row.id), eq(orderLines.isPreOrder, true), isNull(orderLines.allocatedAt)))
        .get();
      if (waiting) throw new ConflictError(`"${waiting.title}" has no copy set aside yet: nothing was charged.`);
      if (!row.savedCardReference) throw new ConflictError(`Order ${orderNumber} has no saved card to charge.`);
      let result;
      try {
        result = await payments.chargeSaved(viewOf(orderNumber), row.savedCardReference);
      } catch (error) {
        console.error(`[pre-orders] charging ${orderNumber} failed:`, error instanceof Error ? error.message : error);
        throw new ConflictError(`The payment provider did not answer for order ${orderNumber}. Nothing was sent; try again.`);
      }
      if (result.ok) {
        markCharged(actor, row, result.reference, "dispatch charge taken");
        return { outcome: "paid", orderNumber };
      }
      const declinedAt = now();
      const until = holdUntil(declinedAt).toISOString();
      let mailId: number | null = null;
      writeTransaction(db, () => {
        const set = db
          .update(orders)
          .set({
            chargeDeclinedAt: declinedAt.toISOString(),
            chargeDeclineMessage: result.message,
            chargeHoldUntil: until,
            // The link's token is made as the mail goes out (the minter below): none rests in the outbox.
            payLinkTokenHash: null,
            updatedAt: declinedAt.toISOString(),
          })
          .where(and(eq(orders.id, row.id), eq(orders.status, "card_saved")))
          .run();
        if (set.changes !== 1) return;
        audit.record(actor, {
          entityType: "order",
          entityId: orderNumber,
          action: "dispatch charge declined",
          before: { heldUntil: row.chargeHoldUntil },
          after: { heldUntil: until, reason: result.message },
        });
        mailId = mail.enqueueOnce({
          to: row.email,
          kind: PAY_LINK_MAIL_KIND,
          orderId: row.id,
          onceKey: `pay-link:${orderNumber}:${declinedAt.toISOString()}`,
          ...declinedMail(row, `${links.origin}/pay/${encodeURIComponent(orderNumber)}?token=${TOKEN_SLOT}`, until),
        });
      });
      if (mailId !== null) mail.dispatch(mailId);
      return { outcome: "declined", orderNumber, message: result.message, holdUntil: until };
    },

    /**
     * Before an order is packed or shipped: a card_saved order is charged first, and nothing ships unpaid (a
     * decline is refused with when its hold ends). Any other order passes untouched.
     */
    async chargeBeforeDispatch(actor: Actor, orderNumber: string): Promise<void> {
      if (byNumber(orderNumber)?.status !== "card_saved") return;
      const charged = await this.chargeForDispatch(actor, orderNumber);
      if (charged.outcome === "declined") {
        throw new ConflictError(
          `The saved card of order ${orderNumber} was declined: it is held for the customer to pay with another card until ${new Date(charged.holdUntil).toLocaleString("en-GB", { timeZone: "Europe/London" })}, and does not ship unpaid.`,
        );
      }
    },

    /** The order a mailed pay link opens: its token matches, the card is still unpaid and the hold still runs. */
    payLink(orderNumber: string, token: string): PayLinkView | null {
      const row = byNumber(orderNumber);
      if (!row?.payLinkTokenHash || !tokenMatchesHash(token, row.payLinkTokenHash)) return null;
      if (row.status !== "card_saved" || !row.chargeHoldUntil || holdEnded(row.chargeHoldUntil, now())) return null;
      return { order: viewOf(orderNumber), holdUntil: row.chargeHoldUntil, declineMessage: row.chargeDeclineMessage };
    },

    /** Pays a held order with another card on the card form; paid or the card's decline message. */
    async payWithCard(
      orderNumber: string,
      token: string,
      card: CardDetails,
    ): Promise<{ ok: true } | { ok: false; message: string }> {
      const link = this.payLink(orderNumber, token);
      if (!link) throw new NotFoundError("This payment link has expired or was already used.");
      if (payments.kind !== "card-form") throw new ConflictError("Cards are taken on the payment page.");
      const result = await payments.charge(link.order, card);
      if (!result.ok) return result;
      markCharged(customerActor(link.order), load(orderNumber), result.reference, "paid with another card");
      return { ok: true };
    },

    /** Pays a held order on the hosted payment page: where to send the shopper. */
    async payOnHostedPage(orderNumber: string, token: string, origin: string): Promise<string> {
      const link = this.payLink(orderNumber, token);
      if (!link) throw new NotFoundError("This payment link has expired or was already used.");
      if (payments.kind !== "redirect") throw new ConflictError("Cards are taken on this page.");
      const row = load(orderNumber);
      const path = `/pay/${encodeURIComponent(orderNumber)}`;
      const session = await payments.createCheckout(link.order, {
        successUrl: `${origin}${path}?paid=1`,
        cancelUrl: `${origin}${path}?token=${token}`,
        // One session per decline, open from now (the order itself may be weeks old).
        idempotencyKey: `needledrop-pay-link-${orderNumber}-${row.chargeDeclinedAt ?? ""}`,
        openedAt: now().toISOString(),
      });
      return session.url;
    },

    /** A hosted page's payment for a held order (its webhook): paid when the amount matches. */
    paidOnHostedPage(orderNumber: string, paid: { reference: string; amountPence: number; currency: string }): boolean {
      const row = byNumber(orderNumber);
      if (!row || row.status !== "card_saved") return false;
      if (paid.amountPence !== row.totalPence - row.voucherPence || paid.currency.toLowerCase() !== "gbp") return false;
      return markCharged(customerActor(viewOf(orderNumber)), row, paid.reference, "paid with another card");
    },

    /**
     * Held orders whose 72 hours ended unpaid are cancelled: each copy set aside for them goes to the next
     * pre-order waiting for the record, or back on the shelf, which alerts the record's wants. Returns how many.
     */
    releaseEndedHolds(): number {
      const at = now().toISOString();
      const ended = db
        .select()
        .from(orders)
        .where(and(eq(orders.status, "card_saved"), isNotNull(orders.chargeHoldUntil), lte(orders.chargeHoldUntil, at)))
        .orderBy(asc(orders.chargeHoldUntil))
        .limit(200)
        .all();
      let released = 0;
      for (const row of ended) {
        const done = writeTransaction(db, () => {
          const cancelled = db
            .update(orders)
            .set({ status: "cancelled", cancelledAt: at, payLinkTokenHash: null, updatedAt: at })
            .where(and(eq(orders.id, row.id), eq(orders.status, "card_saved")))
            .run();
          if (cancelled.changes !== 1) return null;
          const lines = db.select().from(orderLines).where(eq(orderLines.orderId, row.id)).all();
          const before = new Map<number, number>();
          for (const line of lines) {
            const record = db.select({ stock: records.stockQuantity }).from(records).where(eq(records.id, line.recordId)).get();
            if (record && !before.has(line.recordId)) before.set(line.recordId, record.stock);
            if (line.allocatedAt === null) continue;
            // The copy set aside for this order goes back, then to whoever waits next for it.
            db.update(records)
              .set({ stockQuantity: sql`${records.stockQuantity} + ${line.quantity}` })
              .where(eq(records.id, line.recordId))
              .run();
            db.insert(stockMovements)
              .values({
                recordId: line.recordId,
                change: line.quantity,
                reason: "cancellation",
                orderId: row.id,
                note: `Hold of pre-order ${row.orderNumber} ended unpaid`,
              })
              .run();
          }
          audit.record(HOLD_SWEEP_ACTOR, {
            entityType: "order",
            entityId: row.orderNumber,
            action: "hold ended: pre-order cancelled",
            before: { status: row.status, heldUntil: row.chargeHoldUntil },
            after: { status: "cancelled" },
          });
          for (const recordId of before.keys()) deps.stock.allocateWaiting(HOLD_SWEEP_ACTOR, recordId);
          return before;
        });
        if (!done) continue;
        released += 1;
        for (const [recordId, was] of done) {
          const stock = db.select({ stock: records.stockQuantity }).from(records).where(eq(records.id, recordId)).get();
          if (stock) deps.wants.onStockChanged(recordId, was, stock.stock);
        }
      }
      return released;
    },

    /**
     * Release-day batches for the dispatch queue: each record released today with pre-orders set aside for
     * orders not yet gone out, and those orders (card saved, held after a decline, or paid).
     */
    releaseDayBatches(today: string): ReleaseBatch[] {
      const rows = db
        .select({
          recordId: records.id,
          title: records.title,
          artist: records.artist,
          orderNumber: orders.orderNumber,
          status: orders.status,
          heldUntil: orders.chargeHoldUntil,
          quantity: orderLines.quantity,
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .innerJoin(records, eq(records.id, orderLines.recordId))
        .where(
          and(
            eq(records.releaseDate, today),
            eq(orderLines.isPreOrder, true),
            isNotNull(orderLines.allocatedAt),
            inArray(orders.status, ["card_saved", "paid", "packed"]),
          ),
        )
        .orderBy(asc(records.id), asc(orders.createdAt), asc(orders.id))
        .limit(2000)
        .all();
      const batches = new Map<number, ReleaseBatch>();
      for (const r of rows) {
        const batch =
          batches.get(r.recordId) ??
          batches.set(r.recordId, { recordId: r.recordId, title: r.title, artist: r.artist, orders: [] }).get(r.recordId)!;
        batch.orders.push({
          orderNumber: r.orderNumber,
          quantity: r.quantity,
          state: r.status !== "card_saved" ? "paid" : r.heldUntil ? "held" : "to_charge",
          heldUntil: r.heldUntil,
        });
      }
      return [...batches.values()];
    },

    /**
     * Charges a release-day batch: every order of the record's batch whose card is saved, one after another. A
     * decline holds that order and the rest go on; run again, nobody is charged twice (paid orders are skipped and
     * the provider answers a repeated charge with the first). Answers the paid orders (to print) and the declined.
     */
    async chargeBatch(actor: Actor, recordId: number, today: string): Promise<{ paid: string[]; declined: DispatchCharge[] }> {
      const batch = this.releaseDayBatches(today).find((b) => b.recordId === recordId);
      if (!batch) throw new NotFoundError("No pre-orders of this record are waiting to go out today.");
      const paid: string[] = [];
      const declined: DispatchCharge[] = [];
      for (const order of batch.orders) {
        if (order.state === "paid") {
          paid.push(order.orderNumber);
          continue;
        }
        const charged = await this.chargeForDispatch(actor, order.orderNumber);
        if (charged.outcome === "paid") paid.push(order.orderNumber);
        else declined.push(charged);
      }
      audit.record(actor, {
        entityType: "record",
        entityId: recordId,
        action: "release-day batch charged",
        after: { paid: paid.join(" "), declined: declined.map((d) => d.orderNumber).join(" ") },
      });
      return { paid, declined };
    },
  };
}

export interface ReleaseBatch {
  recordId: number;
  title: string;
  artist: string;
  orders: { orderNumber: string; quantity: number; state: "to_charge" | "held" | "paid"; heldUntil: string | null }[];
}

export type PreOrderChargesService = ReturnType<typeof createPreOrderChargesService>;

/** The shopper paying through their mailed link, as the audit log names them (no staff account). */
function customerActor(order: OrderView): AuditActor {
  return { id: null, username: `Customer ${order.email}` };
}

function declinedMail(row: OrderRow, link: string, until: string) {
  const when = new Date(until).toLocaleString("en-GB", {
    timeZone: "Europe/London",
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
  });
  const amount = formatPence(row.totalPence - row.voucherPence);
  const subject = `Your pre-order ${row.orderNumber} is ready, but the card was declined`;
  const text = [
    `Hello ${row.shippingName},`,
    "",
    `Your pre-order ${row.orderNumber} is ready to ship, but your saved card was declined when we tried to take ${amount}. Nothing has been charged.`,
    "",
    `We are holding your copy until ${when}. Pay with another card here:`,
    link,
    "",
    "After that time the copy goes to the next customer waiting for it.",
    "",
    "Needledrop",
  ].join("\n");
  const html = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>Hello ${escapeHtml(row.shippingName)},</p>
<p>Your pre-order <strong>${escapeHtml(row.orderNumber)}</strong> is ready to ship, but your saved card was declined when we tried to take ${escapeHtml(amount)}. Nothing has been charged.</p>
<p>We are holding your copy until ${escapeHtml(when)}. <a href="${escapeHtml(link)}">Pay with another card</a>.</p>
<p>After that time the copy goes to the next customer waiting for it.</p>
<p style="color:#666;font-size:12px;margin-top:32px">Needledrop, independent vinyl records for UK collectors.</p>
</body></html>`;
  return { subject, text, html };
}
