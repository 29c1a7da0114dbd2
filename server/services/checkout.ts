/**
 * The checkout use case: place the order (one transaction, see orders.ts), then take payment with the
 * configured provider. Every outcome is a plain value the adapters turn into a page, JSON or a redirect:
 * paid, declined (stock and code already given back), redirect (hosted payment page) or pending.
 */
import { cardSchema, type PlaceOrderRequest } from "../../app/domain/checkout/checkout-schemas";
import { parseInput } from "../../app/domain/shared/parse-input";
import { z } from "../../app/domain/shared/zod";
import type { CardDetails, PaymentProvider, WebhookOutcome } from "../payments/provider";
import { NotFoundError, PaymentUnavailableError, ValidationError } from "../../app/domain/shared/errors";
import type { OrdersService, OrderView, PlaceOrderInput } from "./orders";

export type CheckoutOutcome =
  | { kind: "paid"; order: OrderView }
  | { kind: "declined"; order: OrderView; message: string }
  | { kind: "redirect"; order: OrderView; url: string }
  | { kind: "pending"; order: OrderView };

/** Who places an order: the signed-in customer (or a guest), on which day, and the shop's address for return links. */
export interface OrderPlacer {
  userId: number | null;
  today: string;
  /** Where the hosted payment page sends the shopper back (the shop's public origin). */
  origin: string;
}

/** An order as the checkout page and the API send it: details, lines and, with the card form, the card. */
export type OrderRequest = Omit<PlaceOrderRequest, "card"> & { card?: z.input<ReturnType<typeof cardSchema>> };

export const CANCELLED_ORDER_MESSAGE =
  "This order was cancelled because its payment did not go through. Nothing has been charged.";

export function createCheckoutService(deps: { orders: OrdersService; payments: PaymentProvider }) {
  const { orders, payments } = deps;

  function settled(order: OrderView): CheckoutOutcome {
    if (order.status === "cancelled") return { kind: "declined", order, message: CANCELLED_ORDER_MESSAGE };
    if (order.status === "pending_payment") return { kind: "pending", order };
    return { kind: "paid", order };
  }

  return {
    provider: payments,

    /**
     * Places and pays for an order, for the checkout page and the API alike: the card (when the shop takes it
     * on its own page) is checked first, so a mistyped card never takes stock.
     */
    placeOrder(request: OrderRequest, placer: OrderPlacer): Promise<CheckoutOutcome> {
      const { lines, card, email, discountCode, idempotencyKey, ...shipping } = request;
      let cardDetails: CardDetails | undefined;
      if (payments.kind === "card-form") {
        // Parsed under "card" so a refusal names the field as the API body does (card.cardNumber).
        const checked = parseInput(z.object({ card: cardSchema(placer.today) }), { card: card ?? {} }).card;
        cardDetails = { number: checked.cardNumber, expiry: checked.cardExpiry, cvc: checked.cardCvc };
      }
      return this.submit(
        { idempotencyKey, lines, discountCode, email, shipping, userId: placer.userId, today: placer.today },
        { card: cardDetails, origin: placer.origin },
      );
    },

    async submit(
      input: Omit<PlaceOrderInput, "paymentProvider">,
      payment: { card?: CardDetails; origin: string },
    ): Promise<CheckoutOutcome> {
      const { order, created } = orders.place({ ...input, paymentProvider: payments.id });
      // A double submit or a replayed request: report what became of the first one.
      if (!created) return settled(order);

      if (payments.kind === "card-form") {
        if (!payment.card) {
          orders.cancelUnpaid(order.orderNumber);
          throw new ValidationError("Please enter your card details.", { card: ["Please enter your card details."] });
        }
        const result = await payments.charge(order, payment.card);
        if (result.ok) return { kind: "paid", order: orders.markPaid(order.orderNumber, { reference: result.reference }) };
        return { kind: "declined", order: orders.cancelUnpaid(order.orderNumber), message: result.message };
      }

      try {
        const session = await payments.createCheckout(order, {
          successUrl: `${payment.origin}/payment-confirmation?order=${encodeURIComponent(order.orderNumber)}`,
          cancelUrl: `${payment.origin}/checkout?cancelled=${encodeURIComponent(order.orderNumber)}`,
        });
        orders.setPaymentReference(order.orderNumber, session.reference);
        return { kind: "redirect", order, url: session.url };
      } catch (error) {
        console.error(
          `[checkout] creating the payment session for ${order.orderNumber} failed:`,
          error instanceof Error ? error.message : error,
        );
        orders.cancelUnpaid(order.orderNumber);
        throw new PaymentUnavailableError();
      }
    },

    /**
     * `?cancelled={order}` on the checkout page: the shopper came back from the hosted payment page without
     * paying. Only the browser that placed the order (or its signed-in owner) may call it off; anyone else's
     * number, or a mistyped one, does nothing (null). Otherwise the order as it now stands.
     */
    async returnFromPayment(orderNumber: string, viewer: { userId: number | null; accessTokens: readonly string[] }) {
      try {
        orders.forViewer(orderNumber, viewer);
      } catch (error) {
        if (error instanceof NotFoundError) return null;
        throw error;
      }
      const order = await this.abandon(orderNumber);
      return order && { orderNumber: order.orderNumber, status: order.status };
    },

    /**
     * The shopper came back from the hosted page without paying: the session is closed first (so it can no
     * longer be paid), then the order is cancelled and its stock returned. If the session cannot be closed
     * (it was paid meanwhile), the order stays pending and the webhook settles it.
     */
    async abandon(orderNumber: string): Promise<OrderView | null> {
      const order = orders.get(orderNumber);
      if (!order || order.status !== "pending_payment") return order;
      if (payments.kind === "redirect" && order.paymentReference) {
        try {
          await payments.cancelCheckout(order.paymentReference);
        } catch (error) {
          console.warn(
            `[checkout] could not close the payment session of ${orderNumber}; leaving it to the webhook:`,
            error instanceof Error ? error.message : error,
          );
          return orders.get(orderNumber);
        }
      }
      return orders.cancelUnpaid(orderNumber);
    },

    /**
     * Cancels orders left waiting for payment longer than `minutes` (a closed tab, a crash between placing
     * and paying), so their copies go back on the shelf. Hosted sessions are closed first, as in abandon().
     */
    async sweepAbandoned(minutes: number): Promise<number> {
      let cancelled = 0;
      for (const orderNumber of orders.stalePending(minutes)) {
        const order = await this.abandon(orderNumber);
        if (order?.status === "cancelled") cancelled += 1;
      }
      return cancelled;
    },

    /** Applies a verified webhook event. Paid only when the amount and currency match the order. */
    applyWebhook(outcome: WebhookOutcome): { applied: boolean; reason?: string } {
      if (outcome.type === "ignored") return { applied: false, reason: outcome.reason };
      const order = orders.get(outcome.orderNumber);
      if (!order) return { applied: false, reason: "unknown order" };
      if (outcome.type === "failed") {
        orders.cancelUnpaid(order.orderNumber);
        return { applied: true };
      }
      if (order.status === "cancelled") {
        // Money arrived for an order whose copies were already put back: a person must refund or re-open it.
        console.error(
          `[checkout] payment ${outcome.reference} arrived for cancelled order ${order.orderNumber}: refund it or re-open the order.`,
        );
        return { applied: false, reason: "order cancelled" };
      }
      if (outcome.amountPence !== order.totals.totalPence || outcome.currency.toLowerCase() !== "gbp") {
        console.error(`[checkout] payment for ${order.orderNumber} does not match its total; left pending for review.`);
        return { applied: false, reason: "amount mismatch" };
      }
      orders.markPaid(order.orderNumber, { reference: outcome.reference });
      return { applied: true };
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
