/**
 * Returns, the shopper's side: which orders may go back and what of them, the return form's data, the request
 * itself, and the return's page. The rules are in app/domain/returns/; the back office's queue is elsewhere.
 *
 * Who may start a return for an order: the signed-in customer it belongs to, or a browser holding a grant for it
 * (a guest who gave its number and e-mail on /returns, or used the single-use link of the dispatch mail): see
 * ./return-grants.ts. Anyone else is told the order does not exist (404), as for an order number that does not.
 *
 * A request is checked, its photos are checked, scaled and written (as the back office's used-copy photos are,
 * by the same code), and then, in one BEGIN IMMEDIATE transaction that checks everything again against the rows
 * as they are now (two requests for the same line at once: one wins), the return, its lines, its photos and its
 * mail are written. Anything refused leaves nothing behind, photos included.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { isUsedCopy } from "../../app/domain/catalogue/grades";
import { usedCopyWords } from "../../app/domain/orders/used-copy-line";
import { lineProblem, returnableUnits, type ReturnableLine } from "../../app/domain/returns/return-eligibility";
import { nextStepWords } from "../../app/domain/returns/return-policy-words";
import {
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  type RefundMethod,
  type ReturnReason,
  type ReturnStatus,
} from "../../app/domain/returns/return-reasons";
import { MAX_RETURN_PHOTOS, type ReturnRequest } from "../../app/domain/returns/return-schemas";
import { returnWindow, windowProblem, type ReturnWindow } from "../../app/domain/returns/return-window";
import { ConflictError, NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { writeTransaction, type Db } from "../../db/client";
import {
  emailOutbox,
  orderLines,
  orders,
  records,
  returnLines,
  returnPhotos,
  returns,
  returnTokens,
  type OrderRow,
} from "../../db/schema";
import { generateToken, hashToken } from "../auth/tokens";
import type { MailLinks } from "../mail/links";
import { returnRequestedMail } from "../mail/return-templates";
import type { CopyPhotosService } from "./copy-photos";
import type { MailService } from "./mail";
import type { ReturnGrants } from "./return-grants";
import { shortReference } from "./short-reference";
import type { Upload } from "./upload";

/** The dispatch mail's kind: its return link carries a token made as it is sent (docs/decisions/0013). */
export const DISPATCH_MAIL_KIND = "order-dispatch";
export const RETURN_REQUESTED_MAIL_KIND = "return-requested";

/** One answer for a wrong order number, a wrong e-mail, or both: it tells a guesser nothing. */
export const LOOKUP_MISS =
  "We could not find an order with that number and e-mail address. Check both against your order confirmation.";
export const NOT_FOUND = "Order not found.";
export const TOO_MANY_PHOTOS = `Choose at most ${MAX_RETURN_PHOTOS} photos.`;

/** Who is asking: the signed-in customer, if any, and the grants their browser holds. */
export interface ReturnViewer {
  userId: number | null;
  grants: ReturnGrants;
}

export interface ReturnFormLine {
  lineId: number;
  artist: string;
  title: string;
  unitPricePence: number;
  bought: number;
  /** Units that may still go back. */
  returnable: number;
  used: boolean;
  /** "Media: VG+ · Sleeve: VG" for a used copy. */
  grades: string | null;
}

export interface ReturnForm {
  orderNumber: string;
  placedOn: string;
  /** The window for a change of mind (the shortest); null before dispatch. */
  window: ReturnWindow | null;
  /** Why nothing of this order can be returned now, or null. */
  problem: string | null;
  lines: ReturnFormLine[];
  returns: ReturnSummary[];
}

export interface ReturnSummary {
  returnNumber: string;
  orderNumber: string;
  status: ReturnStatus;
  statusWords: string;
  createdAt: string;
}

export interface ReturnView extends ReturnSummary {
  reason: ReturnReason;
  reasonWords: string;
  refundMethod: RefundMethod;
  note: string | null;
  refusalReason: string | null;
  next: string;
  lines: { artist: string; title: string; quantity: number; sealed: boolean; used: boolean }[];
  photoCount: number;
}

/**
 * A record club parcel is paid for by the membership, not by its £0 order, so there is nothing for a return to
 * refund: the shop replaces a faulty or wrong club record itself.
 */
export const clubParcelMessage = (orderNumber: string) =>
  `Order ${orderNumber} is a record club parcel: it is not returned here. Reply to its dispatch mail and we will replace a damaged, faulty or wrong record.`;

export const notShippedMessage = (orderNumber: string) =>
  `Order ${orderNumber} has not left the shop yet, so there is nothing to send back. To call it off, reply to your order confirmation and we cancel it and refund it in full.`;

/** "RT-" and 8 base32 characters (40 bits), like order numbers. */
export const newReturnNumber = () => shortReference("RT");

const sha = (text: string) => createHash("sha256").update(text).digest();
/** Equal addresses, compared in time that does not depend on where they differ. */
const sameEmail = (a: string, b: string) => timingSafeEqual(sha(a.trim().toLowerCase()), sha(b.trim().toLowerCase()));

export function createReturnsService(db: Db, deps: { mail: MailService; links: MailLinks; photos: CopyPhotosService }) {
  // Every dispatch mail's return link gets a fresh single-use token as it is sent; a failed send deletes it.
  deps.mail.mintTokensFor(DISPATCH_MAIL_KIND, (message) => {
    const orderId = db
      .select({ orderId: emailOutbox.orderId })
      .from(emailOutbox)
      .where(eq(emailOutbox.id, message.id))
      .get()?.orderId;
    const token = generateToken();
    // Every dispatch mail names its order; were one not to, its link opens nothing rather than the mail not going.
    if (!orderId) return { token, revoke: () => {} };
    const id = db
      .insert(returnTokens)
      .values({ orderId, tokenHash: hashToken(token) })
      .returning({ id: returnTokens.id })
      .get().id;
    return { token, revoke: () => db.delete(returnTokens).where(eq(returnTokens.id, id)).run() };
  });

  const orderByNumber = (orderNumber: string) => db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).get();

  /** The order, if the viewer may return from it; otherwise NotFound (another customer's order says nothing more). */
  function visibleOrder(orderNumber: string, viewer: ReturnViewer): OrderRow {
    const order = orderByNumber(orderNumber);
    const mine = order && viewer.userId !== null && order.userId === viewer.userId;
    if (!order || !(mine || viewer.grants.orders.includes(order.orderNumber))) throw new NotFoundError(NOT_FOUND);
    return order;
  }

  /** The order's lines with what the rules need: bought, refunded, in returns, new or used. */
  function linesOf(
    orderId: number,
  ): (ReturnableLine & { lineId: number; artist: string; unitPricePence: number; grades: string | null })[] {
    const rows = db
      .select({
        lineId: orderLines.id,
        title: orderLines.title,
        artist: orderLines.artist,
        unitPricePence: orderLines.unitPricePence,
        bought: orderLines.quantity,
        refunded: orderLines.refundedQuantity,
        record: {
          id: records.id,
          catalogueId: records.catalogueId,
          condition: records.condition,
          mediaGrade: records.mediaGrade,
          sleeveGrade: records.sleeveGrade,
        },
      })
      .from(orderLines)
      .innerJoin(records, eq(records.id, orderLines.recordId))
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.id))
      .all();
    const inReturns = db
      .select({
        lineId: returnLines.orderLineId,
        open: sql<number>`coalesce(sum(case when ${returns.status} in ('requested', 'approved', 'received') then ${returnLines.quantity} end), 0)`,
        refunded: sql<number>`coalesce(sum(case when ${returns.status} = 'refunded' then ${returnLines.quantity} end), 0)`,
      })
      .from(returnLines)
      .innerJoin(returns, eq(returns.id, returnLines.returnId))
      .where(eq(returns.orderId, orderId))
      .groupBy(returnLines.orderLineId)
      .all();
    const byLine = new Map(inReturns.map((r) => [r.lineId, r]));
    return rows.map(({ record, ...line }) => ({
      ...line,
      inOpenReturns: byLine.get(line.lineId)?.open ?? 0,
      inRefundedReturns: byLine.get(line.lineId)?.refunded ?? 0,
      used: isUsedCopy(record),
      grades: usedCopyWords(record)?.grades ?? null,
    }));
  }

  const summaries = (where: ReturnType<typeof eq>) =>
    db
      .select({
        returnNumber: returns.returnNumber,
        orderNumber: orders.orderNumber,
        status: returns.status,
        createdAt: returns.createdAt,
      })
      .from(returns)
      .innerJoin(orders, eq(orders.id, returns.orderId))
      .where(where)
      .orderBy(desc(returns.id))
      .all()
      .map((r): ReturnSummary => ({ ...r, statusWords: RETURN_STATUS_LABELS[r.status] }));

  /**
   * Every rule, checked against the rows as they are: the order has shipped, the window for the reason is open, each
   * chosen line is the order's and may go back in that quantity for that reason. Throws the first refusal.
   */
  function check(order: OrderRow, request: ReturnRequest, today: string) {
    if (order.kind !== "shop") throw new ConflictError(clubParcelMessage(order.orderNumber));
    const window = order.status === "cancelled" ? null : returnWindow(order, request.reason);
    if (!window) throw new ConflictError(notShippedMessage(order.orderNumber));
    const closed = windowProblem(window, today);
    if (closed) throw new ConflictError(closed);
    const lines = linesOf(order.id);
    const chosen = request.lines.map((choice) => {
      const line = lines.find((l) => l.lineId === choice.lineId);
      if (!line) throw new ValidationError("That record is not in this order.", { lines: ["That record is not in this order."] });
      const problem = lineProblem(line, choice, request.reason);
      if (problem) throw new ValidationError(problem, { lines: [problem] });
      return { line, choice };
    });
    return chosen;
  }

  /** Whether anything of the order may still go back today (for the profile's "Return items" link). */
  function openFor(order: OrderRow, today: string): string | null {
    if (order.kind !== "shop") return clubParcelMessage(order.orderNumber);
    // Every reason's window is at least the change of mind's; the longest (a fault's) decides whether any is open.
    const window = order.status === "cancelled" ? null : returnWindow(order, "faulty");
    if (!window) return notShippedMessage(order.orderNumber);
    return windowProblem(window, today);
  }

  return {
    /** The return form's data for an order the viewer may return from (404 otherwise). */
    formFor(orderNumber: string, viewer: ReturnViewer, today: string): ReturnForm {
      const order = visibleOrder(orderNumber, viewer);
      const lines = linesOf(order.id).map((l) => ({
        lineId: l.lineId,
        artist: l.artist,
        title: l.title,
        unitPricePence: l.unitPricePence,
        bought: l.bought,
        returnable: returnableUnits(l),
        used: l.used,
        grades: l.grades,
      }));
      const closed = openFor(order, today);
      const nothingLeft = lines.every((l) => l.returnable === 0)
        ? "Everything in this order is already being returned or refunded."
        : null;
      return {
        orderNumber: order.orderNumber,
        placedOn: order.createdAt.slice(0, 10),
        window: order.status === "cancelled" ? null : returnWindow(order, "changed_mind"),
        problem: closed ?? nothingLeft,
        lines,
        returns: summaries(eq(returns.orderId, order.id)),
      };
    },

    /**
     * A guest's look-up: the order number and the e-mail it was placed with. Both wrong, either wrong, or an order
     * that does not exist: one answer (LOOKUP_MISS). The caller counts the attempt against the address first.
     */
    findForGuest(orderNumber: string, email: string): string {
      const order = orderByNumber(orderNumber);
      // Compared even without an order, so a missing one takes as long as a wrong address.
      const match = sameEmail(order?.email ?? "no-order@needledrop.invalid", email);
      if (!order || !match) throw new NotFoundError(LOOKUP_MISS);
      return order.orderNumber;
    },

    /**
     * Uses a dispatch mail's return link: marks its token used (once only: a second use finds it used) and
     * answers the order it opens, or null for a token unknown, used or malformed.
     */
    useToken(token: string | null | undefined): string | null {
      if (!token || !/^[a-z2-7]{32}$/.test(token)) return null;
      const used = db
        .update(returnTokens)
        .set({ usedAt: new Date().toISOString() })
        .where(and(eq(returnTokens.tokenHash, hashToken(token)), isNull(returnTokens.usedAt)))
        .returning({ orderId: returnTokens.orderId })
        .get();
      if (!used) return null;
      return db.select({ n: orders.orderNumber }).from(orders).where(eq(orders.id, used.orderId)).get()?.n ?? null;
    },

    /**
     * Starts a return. Refuses (nothing saved, photos included): an order the viewer may not see (404), one not
     * shipped or past its window (409, with the date it closed), a record not in the order, more than may go back,
     * a line already in a return, a change of mind on an unsealed new record (400), photos that are too many, too
     * large or not images (400).
     */
    async requestReturn(viewer: ReturnViewer, request: ReturnRequest, uploads: readonly Upload[], today: string) {
      const order = visibleOrder(request.orderNumber, viewer);
      check(order, request, today);
      const files = uploads.filter((u): u is NonNullable<Upload> => !!u && u.size > 0);
      if (files.length > MAX_RETURN_PHOTOS) throw new ValidationError(TOO_MANY_PHOTOS, { photos: [TOO_MANY_PHOTOS] });
      const stored = await deps.photos.prepare(files);
      let made: { returnNumber: string; mailId: number };
      try {
        made = writeTransaction(db, () => {
          const now = orderByNumber(order.orderNumber)!;
          const chosen = check(now, request, today);
          const returnNumber = newReturnNumber();
          const row = db
            .insert(returns)
            .values({
              returnNumber,
              orderId: now.id,
              userId: now.userId,
              email: now.email,
              reason: request.reason,
              note: request.note || null,
              refundMethod: request.refundMethod,
            })
            .returning({ id: returns.id })
            .get();
          for (const { line, choice } of chosen) {
            db.insert(returnLines)
              .values({
                returnId: row.id,
                orderLineId: line.lineId,
                quantity: choice.quantity,
                sealed: !line.used && choice.sealed,
              })
              .run();
          }
          for (const photo of stored) {
            db.insert(returnPhotos)
              .values({
                returnId: row.id,
                fileName: photo.url.replace(/^\/media\//, ""),
                width: photo.width,
                height: photo.height,
              })
              .run();
          }
          const mailId = deps.mail.enqueue({
            to: now.email,
            kind: RETURN_REQUESTED_MAIL_KIND,
            orderId: now.id,
            ...returnRequestedMail({
              returnNumber,
              orderNumber: now.orderNumber,
              name: now.shippingName,
              reason: request.reason,
              lines: chosen.map(({ line, choice }) => ({ quantity: choice.quantity, artist: line.artist, title: line.title })),
              returnLink: deps.links.page(`/returns/${returnNumber}`),
            }),
          });
          return { returnNumber, mailId };
        });
      } catch (error) {
        await deps.photos.discardUnused(stored.map((s) => s.url));
        throw error;
      }
      deps.mail.dispatch(made.mailId);
      return { returnNumber: made.returnNumber };
    },

    /** One return, for the signed-in customer it belongs to or the browser that sent it (404 otherwise). */
    view(returnNumber: string, viewer: ReturnViewer): ReturnView {
      const row = db.select().from(returns).where(eq(returns.returnNumber, returnNumber)).get();
      const mine = row && viewer.userId !== null && row.userId === viewer.userId;
      if (!row || !(mine || viewer.grants.returns.includes(row.returnNumber))) throw new NotFoundError("Return not found.");
      const orderNumber = db.select({ n: orders.orderNumber }).from(orders).where(eq(orders.id, row.orderId)).get()!.n;
      const lines = db
        .select({
          artist: orderLines.artist,
          title: orderLines.title,
          quantity: returnLines.quantity,
          sealed: returnLines.sealed,
          condition: records.condition,
          mediaGrade: records.mediaGrade,
        })
        .from(returnLines)
        .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
        .innerJoin(records, eq(records.id, orderLines.recordId))
        .where(eq(returnLines.returnId, row.id))
        .orderBy(asc(returnLines.id))
        .all();
      const photoCount = db.select({ n: count() }).from(returnPhotos).where(eq(returnPhotos.returnId, row.id)).get()?.n ?? 0;
      return {
        returnNumber: row.returnNumber,
        orderNumber,
        status: row.status,
        statusWords: RETURN_STATUS_LABELS[row.status],
        createdAt: row.createdAt,
        reason: row.reason,
        reasonWords: RETURN_REASON_LABELS[row.reason],
        refundMethod: row.refundMethod,
        note: row.note,
        refusalReason: row.status === "refused" ? row.refusalReason : null,
        next: nextStepWords(row.status, row.reason),
        lines: lines.map(({ condition, mediaGrade, ...l }) => ({ ...l, used: isUsedCopy({ condition, mediaGrade }) })),
        photoCount,
      };
    },

    /** A customer's returns, newest first (the profile lists them under their orders). */
    listForUser(userId: number): ReturnSummary[] {
      return summaries(eq(returns.userId, userId));
    },

    /** Which of these orders of the customer's have something that may still go back today. */
    returnableOrders(userId: number, orderNumbers: readonly string[], today: string): Set<string> {
      if (orderNumbers.length === 0) return new Set();
      const rows = db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), inArray(orders.orderNumber, [...orderNumbers])))
        .all();
      return new Set(
        rows
          .filter((o) => o.shippedAt && openFor(o, today) === null && linesOf(o.id).some((l) => returnableUnits(l) > 0))
          .map((o) => o.orderNumber),
      );
    },
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
