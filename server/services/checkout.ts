/**
 * The checkout use case: place the order (one transaction, see orders.ts), then take payment with the
 * configured provider. Every outcome is a plain value the adapters turn into a page, JSON or a redirect:
 * paid, declined (stock, code and vouchers' part already given back), redirect (hosted payment page) or pending.
 * The provider is asked for what the gift vouchers leave (the amount due); an order they pay in full is paid at once.
 */
import { cardSchema, type PlaceOrderRequest } from "../../app/domain/checkout/checkout-schemas";
import { findCountry } from "../../app/domain/international/countries";
import { parseInput } from "../../app/domain/shared/parse-input";
import { z } from "../../app/domain/shared/zod";
import type { CardDetails } from "../../app/domain/payments/charges";
import type { PaymentProvider, WebhookOutcome } from "../../app/domain/payments/order-payments";
import { NotFoundError, PaymentUnavailableError, ValidationError } from "../../app/domain/shared/errors";
import type { OrderView } from "../../app/domain/orders/order-view";
import type { OrdersService, PlaceOrderInput } from "./orders";
import { VOUCHER_PAYMENT } from "./order-vouchers";
import type { OrderChannel } from "./sale-guards";
import type { PreOrderChargesService } from "./pre-order-charges";
import { testCardKey } from "../../app/domain/limited/identity";

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
  /** Where the order came in (the checkout page when not said). */
  channel?: OrderChannel;
  /** The hash of the browser's waiting-room token, for a drop's hold. */
  dropSessionKey?: string | null;
}

/** An order as the checkout page and the API send it: details, lines and, with the card form, the card. */
export type OrderRequest = Omit<PlaceOrderRequest, "card" | "phone"> & {
  phone?: string | null;
  card?: z.input<ReturnType<typeof cardSchema>>;
};

/** A hosted session lasts 45 minutes (see stripe.ts): an order still unpaid after an hour is abandoned. */
export const ABANDONED_ORDER_MINUTES = 60;
/**
 * A card charge answers within seconds (the provider's timeout): a card-form order still pending after this
 * long was interrupted (the process died mid-checkout) and its stock is released unless the provider took the money.
 */
export const INTERRUPTED_CHARGE_MINUTES = 2;

/** How a payment is taken: the card (card form), the shop's origin and, for a hosted page, where it sends the shopper back. */
export interface PaymentDetails {
  card?: CardDetails;
  origin: string;
  /**
   * Paths (under `origin`) the hosted page returns to, paid or not; by default the order's confirmation page and
   * the checkout. The page at `cancel` must call returnFromPayment with the order number it is given.
   */
  returnTo?: { success: (orderNumber: string) => string; cancel: (orderNumber: string) => string };
}

const CHECKOUT_RETURN: NonNullable<PaymentDetails["returnTo"]> = {
  success: (n) => `/payment-confirmation?order=${encodeURIComponent(n)}`,
  cancel: (n) => `/checkout?cancelled=${encodeURIComponent(n)}`,
};

/** Money the provider reports for an order: from a verified webhook or from asking the provider itself. */
interface ReportedPayment {
  reference: string;
  amountPence: number;
  currency: string;
}

export const CANCELLED_ORDER_MESSAGE = "The payment for this order did not go through. Nothing has been charged.";

export function createCheckoutService(deps: {
  orders: OrdersService;
  payments: PaymentProvider;
  /** Pre-orders charged when they ship: the card is saved instead of charged (pre-order-charges.ts). */
  preOrders?: Pick<PreOrderChargesService, "chargesAtDispatch" | "cardSaved" | "paidOnHostedPage">;
}) {
  const { orders, payments, preOrders } = deps;

  // A card saved for a pre-order charged when it ships counts as done here ("paid" outcome): the shopper is shown
  // the confirmation page, which says when the card is charged (order status card_saved).
  function settled(order: OrderView): CheckoutOutcome {
    if (order.status === "payment_failed") return { kind: "declined", order, message: CANCELLED_ORDER_MESSAGE };
    if (order.status === "pending_payment") return { kind: "pending", order };
    return { kind: "paid", order };
  }

  /** Paid only when the amount and currency match the order; money for an order given up on needs a person. */
  function applyPayment(order: OrderView, paid: ReportedPayment): { applied: boolean; reason?: string } {
    if (order.status === "payment_failed") {
      // Money arrived for an order whose copies were already put back: a person must refund or re-open it.
      console.error(
        `[checkout] payment ${paid.reference} arrived for failed order ${order.orderNumber}: refund it or re-open the order.`,
      );
      return { applied: false, reason: "order payment failed" };
    }
    // The provider was asked for the amount due: the total less what gift vouchers paid.
    if (paid.amountPence !== order.totals.amountDuePence || paid.currency.toLowerCase() !== "gbp") {
      console.error(`[checkout] payment for ${order.orderNumber} does not match its total; left pending for review.`);
      return { applied: false, reason: "amount mismatch" };
    }
    orders.markPaid(order.orderNumber, { reference: paid.reference });
    return { applied: true };
  }

  const paidByVouchers = (order: OrderView) =>
    orders.markPaid(order.orderNumber, { reference: `${VOUCHER_PAYMENT}-${order.orderNumber}` });

  // Orders whose payment a request of this process is taking right now: a double submit meanwhile waits.
  const inFlight = new Set<string>();

  /**
   * Takes payment for an order just placed (or, idempotently, again for one an interrupted request left
   * pending: then a hosted session that cannot be opened leaves the order pending rather than cancelling it).
   */
  async function pay(order: OrderView, payment: PaymentDetails, retry = false): Promise<CheckoutOutcome> {
    inFlight.add(order.orderNumber);
    try {
      return await takePayment(order, payment, retry);
    } finally {
      inFlight.delete(order.orderNumber);
    }
  }

  async function takePayment(order: OrderView, payment: PaymentDetails, retry: boolean): Promise<CheckoutOutcome> {
    // The vouchers paid it all (spent as the order was placed): no card step.
    if (order.totals.amountDuePence === 0) return { kind: "paid", order: paidByVouchers(order) };
    if (preOrders?.chargesAtDispatch(order.orderNumber)) return saveCard(order, payment, retry);
    if (payments.kind === "card-form") {
      const result = await payments.charge(order, cardFor(order, payment));
      if (result.ok) return { kind: "paid", order: orders.markPaid(order.orderNumber, { reference: result.reference }) };
      return { kind: "declined", order: orders.cancelUnpaid(order.orderNumber), message: result.message };
    }
    return openHostedPage(order, payment, retry, "creating the payment session", (urls) => payments.createCheckout(order, urls));
  }

  /**
   * A pre-order charged when it ships: the card is saved, nothing is charged. The card form saves it at once (the
   * order is card_saved, its confirmation mailed); a hosted provider opens its setup page and the webhook follows.
   */
  async function saveCard(order: OrderView, payment: PaymentDetails, retry: boolean): Promise<CheckoutOutcome> {
    if (payments.kind === "card-form") {
      const saved = await payments.saveCard(order, cardFor(order, payment));
      if (!saved.ok) return { kind: "declined", order: orders.cancelUnpaid(order.orderNumber), message: saved.message };
      return { kind: "paid", order: preOrders!.cardSaved(order.orderNumber, saved) };
    }
    return openHostedPage(order, payment, retry, "opening the card setup page", (urls) => payments.createCardSetup(order, urls));
  }

  /** The card the shop's own form took; without one the order is given up (its stock back) and the field named. */
  function cardFor(order: OrderView, payment: PaymentDetails): CardDetails {
    if (payment.card) return payment.card;
    orders.cancelUnpaid(order.orderNumber);
    throw new ValidationError("Please enter your card details.", { card: ["Please enter your card details."] });
  }

  /**
   * Opens the provider's hosted page (to pay, or to save a card) and sends the shopper there. A page that cannot be
   * opened gives the order up, unless this is a retry of an interrupted request (then it stays pending).
   */
  async function openHostedPage(
    order: OrderView,
    payment: PaymentDetails,
    retry: boolean,
    what: string,
    open: (urls: { successUrl: string; cancelUrl: string }) => Promise<{ url: string; reference: string }>,
  ): Promise<CheckoutOutcome> {
    try {
      const back = payment.returnTo ?? CHECKOUT_RETURN;
      const session = await open({
        successUrl: `${payment.origin}${back.success(order.orderNumber)}`,
        cancelUrl: `${payment.origin}${back.cancel(order.orderNumber)}`,
      });
      orders.setPaymentReference(order.orderNumber, session.reference);
      return { kind: "redirect", order, url: session.url };
    } catch (error) {
      console.error(`[checkout] ${what} for ${order.orderNumber} failed:`, error instanceof Error ? error.message : error);
      if (!retry) orders.cancelUnpaid(order.orderNumber);
      throw new PaymentUnavailableError();
    }
  }

  /**
   * The same checkout key again while its order is still pending_payment: the first request died (a crash,
   * a lost answer) between placing the order and settling it, so this one finishes the job. The card is
   * charged again, which the provider answers with the charge it already made, if any, so money is never
   * taken twice. A hosted session is looked up: paid (the order is paid), open (back to its page) or expired
   * (cancelled, so a fresh attempt can start); one that was never opened is opened now, idempotently too.
   */
  async function resume(order: OrderView, payment: PaymentDetails): Promise<CheckoutOutcome> {
    if (inFlight.has(order.orderNumber)) return { kind: "pending", order };
    if (payments.kind === "card-form" || !order.paymentReference) return pay(order, payment, true);
    const state = await payments.getCheckout(order.paymentReference);
    if (state.status === "open") return { kind: "redirect", order, url: state.url };
    if (state.status === "paid") applyPayment(order, state);
    if (state.status === "expired") orders.cancelUnpaid(order.orderNumber);
    return settled(orders.get(order.orderNumber)!);
  }

  /**
   * Asks the provider whether it took the money for a pending order, and if so marks it paid. "wait" when the
   * payment may still arrive (a hosted payment clearing, or an amount left for a person to review); "unpaid"
   * otherwise, an open session included. Throws when the provider cannot be asked.
   */
  async function reconcile(order: OrderView): Promise<"paid" | "unpaid" | "wait"> {
    // Interrupted after its vouchers were spent: nothing more was to be paid, so it is paid.
    if (order.totals.amountDuePence === 0) {
      paidByVouchers(order);
      return "paid";
    }
    if (payments.kind === "card-form") {
      const taken = await payments.findCharge(order);
      if (!taken) return "unpaid";
      orders.markPaid(order.orderNumber, taken);
      return "paid";
    }
    if (!order.paymentReference) return "unpaid";
    const state = await payments.getCheckout(order.paymentReference);
    if (state.status === "processing") return "wait";
    if (state.status !== "paid") return "unpaid";
    return applyPayment(order, state).applied ? "paid" : "wait";
  }

  return {
    provider: payments,

    /**
     * Places and pays for an order, for the checkout page and the API alike: the card (when the shop takes it
     * on its own page) is checked first, so a mistyped card never takes stock. With gift vouchers and no card, the
     * card is asked for only if the vouchers leave something to pay (the order is then given up at once).
     */
    placeOrder(request: OrderRequest, placer: OrderPlacer): Promise<CheckoutOutcome> {
      const {
        lines,
        card,
        email,
        discountCode,
        voucherCodes,
        idempotencyKey,
        expectedTotalPence,
        expectedAmountDuePence,
        deliveryService,
        phone,
        ...shipping
      } = request;
      const cardDetails = card || voucherCodes.length === 0 ? this.readCard(card, placer.today) : undefined;
      return this.submit(
        {
          idempotencyKey,
          lines,
          discountCode,
          voucherCodes,
          email,
          shipping,
          // The address's country comes out of the form as its ISO code (checkout-schemas.ts).
          delivery: { countryCode: findCountry(shipping.country)?.code ?? shipping.country, service: deliveryService ?? null },
          phone: phone ?? null,
          userId: placer.userId,
          today: placer.today,
          expectedTotalPence,
          expectedAmountDuePence,
          channel: placer.channel ?? "checkout",
          dropSessionKey: placer.dropSessionKey ?? null,
          // The card the shop takes on its own page has no provider fingerprint: its key is a hash of the number.
          cardKey: cardDetails ? testCardKey(cardDetails.number) : null,
        },
        { card: cardDetails, origin: placer.origin },
      );
    },

    /**
     * The card as the API or a form sent it, checked when the shop takes it on its own page (else none is needed),
     * before anything is placed: a mistyped card never takes stock.
     */
    readCard(card: OrderRequest["card"], today: string): CardDetails | undefined {
      if (payments.kind !== "card-form") return undefined;
      // Parsed under "card" so a refusal names the field as the API body does (card.cardNumber).
      const checked = parseInput(z.object({ card: cardSchema(today) }), { card: card ?? {} }).card;
      return { number: checked.cardNumber, expiry: checked.cardExpiry, cvc: checked.cardCvc };
    },

    async submit(input: Omit<PlaceOrderInput, "paymentProvider">, payment: PaymentDetails): Promise<CheckoutOutcome> {
      return this.payPlaced(orders.place({ ...input, paymentProvider: payments.id }), payment);
    },

    /**
     * Pays for an order just placed (by the checkout or another use case, such as buying a gift voucher), or, for
     * a double submit or a replayed request, answers what became of the first one, finished if it was interrupted.
     */
    async payPlaced(
      { order, created }: { order: OrderView; created: boolean },
      payment: PaymentDetails,
    ): Promise<CheckoutOutcome> {
      if (created) return pay(order, payment);
      return order.status === "pending_payment" ? resume(order, payment) : settled(order);
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
      if (!order || order.status !== "pending_payment" || inFlight.has(orderNumber)) return order;
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
     * Settles orders left waiting for payment longer than `minutes` (a closed tab, a crash between placing and
     * paying). The provider is asked first: money taken (its answer or webhook lost) means the order is paid;
     * otherwise it is abandoned as above and its copies go back on the shelf. An order the provider cannot be
     * asked about stays pending for the next run. The default age: an hour for a hosted page, a couple of
     * minutes for the card form (a charge never takes longer). Returns how many were cancelled.
     */
    async sweepAbandoned(
      minutes: number = payments.kind === "card-form" ? INTERRUPTED_CHARGE_MINUTES : ABANDONED_ORDER_MINUTES,
    ): Promise<number> {
      let cancelled = 0;
      for (const orderNumber of orders.stalePending(minutes)) {
        const order = orders.get(orderNumber);
        if (!order || order.status !== "pending_payment" || inFlight.has(orderNumber)) continue;
        try {
          if ((await reconcile(order)) !== "unpaid") continue;
        } catch (error) {
          console.warn(
            `[checkout] could not ask the provider about ${orderNumber}; leaving it pending:`,
            error instanceof Error ? error.message : error,
          );
          continue;
        }
        if ((await this.abandon(orderNumber))?.status === "payment_failed") cancelled += 1;
      }
      return cancelled;
    },

    /** A hosted setup page saved the card of a pre-order charged when it ships (its webhook): the order is card_saved. */
    async applyCardSaved(
      outcome: Extract<WebhookOutcome, { type: "card_saved" }>,
    ): Promise<{ applied: boolean; reason?: string }> {
      const order = orders.get(outcome.orderNumber);
      if (!order || !preOrders) return { applied: false, reason: "unknown order" };
      if (order.status !== "pending_payment") return { applied: false, reason: `order is ${order.status}` };
      if (payments.kind !== "redirect") return { applied: false, reason: "no hosted provider" };
      preOrders.cardSaved(order.orderNumber, await payments.readSavedCard(outcome.setupReference));
      return { applied: true };
    },

    /** Applies a verified webhook event. Paid only when the amount and currency match the order. */
    applyWebhook(outcome: WebhookOutcome): { applied: boolean; reason?: string } {
      if (outcome.type === "ignored") return { applied: false, reason: outcome.reason };
      // The record club's events are the club service's (the webhook route sends them there).
      if (outcome.type === "club") return { applied: false, reason: "a record club event" };
      const order = orders.get(outcome.orderNumber);
      if (!order) return { applied: false, reason: "unknown order" };
      if (outcome.type === "failed") {
        orders.cancelUnpaid(order.orderNumber);
        return { applied: true };
      }
      if (outcome.type === "card_saved") return { applied: false, reason: "a saved card is applied by applyCardSaved" };
      // A held pre-order paid with another card after its dispatch charge was declined.
      if (order.status === "card_saved" && preOrders) {
        return preOrders.paidOnHostedPage(order.orderNumber, outcome)
          ? { applied: true }
          : { applied: false, reason: "amount mismatch or order moved on" };
      }
      return applyPayment(order, outcome);
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
