/**
 * Buying a gift voucher: an order of kind "gift_voucher" (no lines, no delivery, no VAT at sale) and its voucher,
 * written in one transaction, then paid exactly as a shop order is (the checkout service: card form or hosted
 * page, webhook, the unpaid-order sweep). Paying activates the voucher (the orders service calls back here inside
 * markPaid), mails the buyer a receipt, and mails an e-mailed voucher due today; later days are the sweep's
 * (sendDue). A printable voucher's code is made the first time its buyer's browser asks for it, and never again.
 */
import { and, eq, isNull, lte } from "drizzle-orm";
import type { OrderView } from "../../app/domain/orders/order-view";
import { normaliseVoucherCode } from "../../app/domain/vouchers/voucher-code";
import { formatPence } from "../../app/domain/shared/money";
import { todayInLondon } from "../../app/domain/shared/dates";
import { ConflictError, ValidationError } from "../../app/domain/shared/errors";
import {
  amountProblem,
  giftVoucherPath,
  sendDateProblem,
  SHOP_VOUCHER_SCOPE,
  vatAtSalePence,
  voucherOrderAddress,
} from "../../app/domain/vouchers/voucher-purchase";
import type { VoucherPurchaseRequest } from "../../app/domain/vouchers/voucher-purchase-schema";
import { voucherProblem, voucherProblemMessage } from "../../app/domain/vouchers/voucher-rules";
import { writeTransaction, type Db } from "../../db/client";
import { orders, vouchers, type OrderRow, type VoucherRow } from "../../db/schema";
import { limitedAddress } from "../auth/client-address";
import type { RateLimits } from "../auth/rate-limits";
import { hashToken } from "../auth/tokens";
import type { MailLinks } from "../mail/links";
import { voucherReceiptMail } from "../mail/voucher-receipt-template";
import type { CheckoutOutcome, CheckoutService, OrderPlacer, PaymentDetails } from "./checkout";
import type { MailService } from "./mail";
import { newOrderNumber, type OrdersService } from "./orders";
import type { VoucherMail } from "./voucher-mail";
import { activateVoucher, findVoucherByCode, mintVoucherCode } from "./voucher-ledger";

export const GIFT_VOUCHER_RECEIPT_MAIL_KIND = "gift-voucher-receipt";

/** Where the hosted payment page sends a voucher's buyer back. */
const VOUCHER_RETURN: NonNullable<PaymentDetails["returnTo"]> = {
  success: giftVoucherPath,
  cancel: (n) => `/gift-vouchers?cancelled=${encodeURIComponent(n)}`,
};

/** A bought voucher as its buyer sees it (never its code, which is handed over once, apart). */
export interface BoughtVoucher {
  orderNumber: string;
  orderStatus: OrderView["status"];
  amountPence: number;
  delivery: "email" | "print";
  status: VoucherRow["status"];
  recipientName: string | null;
  recipientEmail: string | null;
  message: string | null;
  sendOn: string | null;
  mailed: boolean;
  expiresOn: string;
  codeLast4: string | null;
  buyerEmail: string;
}

export interface VoucherPurchase {
  outcome: CheckoutOutcome;
  voucher: BoughtVoucher;
  /** A printable voucher's code, when asked for (the API) and shown now for the first and only time. */
  code: string | null;
}

export type VoucherBalance =
  | { found: false; message: string }
  | { found: true; last4: string; balancePence: number; expiresOn: string; usable: boolean; message: string };

export function createGiftVouchersService(
  db: Db,
  deps: {
    orders: OrdersService;
    checkout: CheckoutService;
    voucherMail: VoucherMail;
    mail: MailService;
    links: MailLinks;
    rateLimits: RateLimits;
  },
) {
  const { orders: ordersService, checkout } = deps;

  const voucherOfOrder = (orderId: number) => db.select().from(vouchers).where(eq(vouchers.purchaseOrderId, orderId)).get();

  function bought(order: Pick<OrderRow, "orderNumber" | "status">, v: VoucherRow): BoughtVoucher {
    return {
      orderNumber: order.orderNumber,
      orderStatus: order.status,
      amountPence: v.initialPence,
      delivery: v.recipientEmail ? "email" : "print",
      status: v.status,
      recipientName: v.recipientName,
      recipientEmail: v.recipientEmail,
      message: v.message,
      sendOn: v.sendOn,
      mailed: v.mailedAt !== null,
      expiresOn: v.expiresOn,
      codeLast4: v.codeLast4,
      buyerEmail: v.buyerEmail ?? "",
    };
  }

  /** The order and its voucher, pending payment, in one transaction; the same form key again is the same order. */
  function place(request: VoucherPurchaseRequest, placer: OrderPlacer): { order: OrderView; created: boolean } {
    const keyHash = hashToken(request.idempotencyKey);
    return writeTransaction(db, () => {
      const existing = db.select().from(orders).where(eq(orders.idempotencyKey, keyHash)).get();
      if (existing) {
        if (existing.email !== request.email || existing.kind !== "gift_voucher")
          throw new ConflictError("This form has already been used. Please reload the page.");
        return { order: ordersService.get(existing.orderNumber)!, created: false };
      }
      const address = voucherOrderAddress(request);
      const row = db
        .insert(orders)
        .values({
          orderNumber: newOrderNumber(),
          kind: "gift_voucher",
          userId: placer.userId,
          email: request.email,
          status: "pending_payment",
          shippingName: address.name,
          addressLine1: address.addressLine1,
          city: address.city,
          postalCode: address.postalCode,
          country: address.country,
          itemsPence: request.amountPence,
          shippingPence: 0,
          totalPence: request.amountPence,
          // A multi-purpose voucher: no VAT at sale; the order that spends it carries the VAT.
          vatPence: vatAtSalePence(request.amountPence, SHOP_VOUCHER_SCOPE),
          idempotencyKey: keyHash,
          accessTokenHash: keyHash,
          paymentProvider: checkout.provider.id,
        })
        .returning()
        .get();
      db.insert(vouchers)
        .values({
          kind: "gift",
          status: "pending_payment",
          initialPence: request.amountPence,
          balancePence: request.amountPence,
          // Set again from the day it is paid (activateVoucher).
          expiresOn: placer.today,
          purchaseOrderId: row.id,
          buyerEmail: request.email,
          recipientName: request.recipientName,
          recipientEmail: request.recipientEmail,
          message: request.message,
          sendOn: request.sendOn,
        })
        .run();
      return { order: ordersService.get(row.orderNumber)!, created: true };
    });
  }

  /** Paying settles the voucher (inside markPaid's transaction): active, the receipt, today's recipient mail. */
  function onPaid(order: OrderRow): number[] {
    const found = voucherOfOrder(order.id);
    if (!found) {
      console.error(`[gift-vouchers] paid order ${order.orderNumber} has no voucher.`);
      return [];
    }
    const today = todayInLondon();
    const voucher = activateVoucher(db, found.id, today) ?? found;
    const mailIds: number[] = [];
    if (voucher.recipientEmail && voucher.sendOn && voucher.sendOn <= today && !voucher.mailedAt)
      mailIds.push(deps.voucherMail.queueGiftMail(voucher));
    const receipt = voucherReceiptMail({
      orderNumber: order.orderNumber,
      amountPence: voucher.initialPence,
      delivery: voucher.recipientEmail ? "email" : "print",
      recipientName: voucher.recipientName,
      recipientEmail: voucher.recipientEmail,
      sendOn: voucher.sendOn,
      today,
      expiresOn: voucher.expiresOn,
      codeLast4: voucher.codeLast4,
      voucherLink: deps.links.page(giftVoucherPath(order.orderNumber)),
      balanceLink: deps.links.page("/gift-vouchers/balance"),
    });
    mailIds.push(deps.mail.enqueue({ to: order.email, kind: GIFT_VOUCHER_RECEIPT_MAIL_KIND, orderId: order.id, ...receipt }));
    return mailIds;
  }
  ordersService.onPaid("gift_voucher", onPaid);

  /** A paid printable voucher's code, made now if none was ever made (null if one was: it is shown once). */
  function revealOnce(voucherId: number): string | null {
    return writeTransaction(db, () => {
      const v = db.select().from(vouchers).where(eq(vouchers.id, voucherId)).get();
      if (!v || v.status !== "active" || v.recipientEmail || v.codeHash) return null;
      return mintVoucherCode(db, v.id);
    });
  }

  return {
    /**
     * Places and pays for a voucher, for the page and the API alike. The card (with the card form) is checked
     * first; `reveal` (the API) hands a paid printable voucher's code back at once, as its one showing.
     */
    async buy(
      request: VoucherPurchaseRequest,
      placer: OrderPlacer,
      options: { reveal?: boolean } = {},
    ): Promise<VoucherPurchase> {
      // The schema checks these too; the service holds the rules so no caller can bend them.
      const amount = amountProblem(request.amountPence);
      if (amount) throw new ValidationError(amount, { amountPence: [amount] });
      const day = request.sendOn && sendDateProblem(request.sendOn, placer.today);
      if (day) throw new ValidationError(day, { sendOn: [day] });
      const card = checkout.readCard(request.card, placer.today);
      const outcome = await checkout.payPlaced(place(request, placer), { card, origin: placer.origin, returnTo: VOUCHER_RETURN });
      const row = db.select().from(orders).where(eq(orders.orderNumber, outcome.order.orderNumber)).get()!;
      const voucher = voucherOfOrder(row.id)!;
      const code = options.reveal && outcome.kind === "paid" ? revealOnce(voucher.id) : null;
      return { outcome, voucher: bought(row, voucherOfOrder(row.id)!), code };
    },

    /**
     * The voucher an order bought, for the browser that bought it (or its signed-in owner); anyone else gets
     * NotFound. With `reveal`, a paid printable voucher's code the first time, and null ever after.
     */
    forBuyer(
      orderNumber: string,
      viewer: { userId: number | null; accessTokens: readonly string[] },
      options: { reveal: boolean },
    ): { voucher: BoughtVoucher; code: string | null } {
      ordersService.forViewer(orderNumber, viewer);
      const row = db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).get()!;
      const found = row.kind === "gift_voucher" ? voucherOfOrder(row.id) : undefined;
      if (!found) throw new ValidationError("That order is not a gift voucher.");
      const code = options.reveal ? revealOnce(found.id) : null;
      return { voucher: bought(row, code ? voucherOfOrder(row.id)! : found), code };
    },

    /**
     * Mails every paid e-mailed voucher whose day has come and that has not been mailed (the periodic job). Each
     * is claimed in its own transaction, so two runs never mail one twice. Answers how many were queued.
     */
    async sendDue(today: string): Promise<number> {
      const due = db
        .select({ id: vouchers.id })
        .from(vouchers)
        .where(
          and(eq(vouchers.kind, "gift"), eq(vouchers.status, "active"), isNull(vouchers.mailedAt), lte(vouchers.sendOn, today)),
        )
        .all();
      let queued = 0;
      for (const { id } of due) {
        const mailId = writeTransaction(db, () => {
          const v = db.select().from(vouchers).where(eq(vouchers.id, id)).get();
          if (!v || v.status !== "active" || v.mailedAt || !v.recipientEmail) return null;
          return deps.voucherMail.queueGiftMail(v);
        });
        if (mailId === null) continue;
        queued += 1;
        deps.voucherMail.dispatch(mailId);
      }
      return queued;
    },

    /**
     * The balance check: each look-up counts against the address and, from anywhere, against the code's first
     * four characters (TooManyAttemptsError past either). Answers the balance and last day, or why it cannot be spent.
     */
    balance(typed: string, clientIp: string, today: string): VoucherBalance {
      const canonical = normaliseVoucherCode(typed) ?? typed.replace(/[\s-]+/g, "").toUpperCase();
      const rules = [deps.rateLimits.rule("voucherChecksPerAddress", limitedAddress(clientIp))];
      if (canonical.length >= 4) rules.push(deps.rateLimits.rule("voucherChecksPerPrefix", canonical.slice(0, 4)));
      deps.rateLimits.consume(rules);
      const found = findVoucherByCode(db, typed, today);
      const v = found.voucher;
      // A voucher not paid for has no code to type; "unknown" covers it too.
      if (!v || v.status === "pending_payment") return { found: false, message: voucherProblemMessage("unknown") };
      const problem = voucherProblem(v, today);
      return {
        found: true,
        last4: v.codeLast4 ?? "",
        balancePence: v.balancePence,
        expiresOn: v.expiresOn,
        usable: problem === null,
        message: problem ? voucherProblemMessage(problem, v) : `This gift voucher has ${formatPence(v.balancePence)} to spend.`,
      };
    },
  };
}

export type GiftVouchersService = ReturnType<typeof createGiftVouchersService>;
