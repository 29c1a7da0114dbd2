/**
 * Stripe Checkout: the shopper pays on Stripe's hosted page and Stripe reports the result by a signed
 * webhook. The session has one line item whose amount is the order's amount due (records, shipping, discount and
 * gift vouchers already settled by our own pricing), so what Stripe charges is exactly what the order says.
 */
import Stripe from "stripe";
import type { OrderView } from "../../app/domain/orders/order-view";
import type { RedirectProvider, WebhookOutcome } from "../../app/domain/payments/order-payments";
import { WebhookSignatureError } from "./provider";
import { clubEventOf } from "./stripe-club";
import { stripeClient, type StripeClientOptions } from "./stripe-client";

export { stripeApiAddress } from "./stripe-client";

export interface StripeProviderOptions extends StripeClientOptions {
  webhookSecret: string;
}

export const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";
/**
 * Counted from when the order was placed, so asking again for the same order sends the same request and
 * Stripe's idempotency key returns the session it already made. Stripe refuses sessions that expire sooner
 * than 30 minutes after it creates them: the margin lets a retry open a first session up to 15 minutes late.
 * The abandoned-order sweep (an hour) runs after every session has expired.
 */
export const SESSION_LIFETIME_SECONDS = 45 * 60;
const DESCRIPTION_LIMIT = 500;

/** Same order, same key: a retried request can never open a second session for one order. */
export const checkoutIdempotencyKey = (orderNumber: string) => `needledrop-checkout-${orderNumber}`;

/** One off-session charge per order at dispatch, however often the dispatch or the batch is run. */
export const dispatchIdempotencyKey = (orderNumber: string) => `needledrop-dispatch-${orderNumber}`;
/** One setup session per order, like the payment session. */
export const setupIdempotencyKey = (orderNumber: string) => `needledrop-setup-${orderNumber}`;
/** Decline codes of an off-session charge that mean "ask the shopper for another card", not "try again later". */
const DECLINE_CODES = new Set([
  "card_declined",
  "authentication_required",
  "expired_card",
  "insufficient_funds",
  "incorrect_cvc",
]);
export const DISPATCH_DECLINED_MESSAGE = "The saved card was declined when the order was ready to ship.";

/** The saved card as the order keeps it: "cus_…/pm_…", ids only, useless without the shop's secret key. */
export const savedCardOf = (customer: string, paymentMethod: string) => `${customer}/${paymentMethod}`;
function readSaved(savedCard: string): { customer: string; paymentMethod: string } | null {
  const [customer, paymentMethod] = savedCard.split("/");
  return customer?.startsWith("cus_") && paymentMethod?.startsWith("pm_") ? { customer, paymentMethod } : null;
}

/** "2 × Kind of Blue (Miles Davis), 1 × Blue Train (John Coltrane)", cut to a length Stripe shows well. */
export function orderDescription(order: OrderView): string {
  const text = order.lines.map((l) => `${l.quantity} × ${l.title} (${l.artist})`).join(", ");
  return text.length > DESCRIPTION_LIMIT ? `${text.slice(0, DESCRIPTION_LIMIT - 1)}…` : text;
}

export function createStripeProvider(options: StripeProviderOptions): RedirectProvider {
  const stripe = stripeClient(options);
  const webhookSecret = options.webhookSecret;

  return {
    id: "stripe",
    kind: "redirect",
    // The hosted page lives here whatever API address is used: it is where the browser goes.
    formActionOrigins: [STRIPE_CHECKOUT_ORIGIN],

    async createCheckout(order, { successUrl, cancelUrl, idempotencyKey, openedAt }) {
      const metadata = { orderNumber: order.orderNumber };
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          currency: "gbp",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: "gbp",
                unit_amount: order.totals.amountDuePence,
                // A gift voucher's order has no lines, and Stripe refuses an empty description.
                product_data: {
                  name: `Needledrop order ${order.orderNumber}`,
                  description: orderDescription(order) || "Gift voucher",
                },
              },
            },
          ],
          customer_email: order.email,
          client_reference_id: order.orderNumber,
          metadata,
          payment_intent_data: { metadata },
          success_url: successUrl,
          cancel_url: cancelUrl,
          expires_at: Math.floor(Date.parse(openedAt ?? order.createdAt) / 1000) + SESSION_LIFETIME_SECONDS,
        },
        { idempotencyKey: idempotencyKey ?? checkoutIdempotencyKey(order.orderNumber) },
      );
      if (!session.url) throw new Error("Stripe returned a checkout session without a payment page address.");
      return { url: session.url, reference: session.id };
    },

    async getCheckout(reference) {
      const session = await stripe.checkout.sessions.retrieve(reference);
      if (session.status === "open" && session.url) return { status: "open", url: session.url };
      if (session.status === "complete") {
        if (session.payment_status === "unpaid" || session.amount_total === null) return { status: "processing" };
        return {
          status: "paid",
          reference: session.id,
          amountPence: session.amount_total,
          currency: session.currency ?? "",
        };
      }
      return { status: "expired" };
    },

    async cancelCheckout(reference) {
      // Expiring fails when the session was completed meanwhile: the caller then keeps the order.
      await stripe.checkout.sessions.expire(reference);
    },

    async refund(order, { amountPence, idempotencyKey }) {
      // The order keeps the Checkout Session's id; the money itself sits on the session's payment intent.
      if (!order.paymentReference) throw new Error(`Order ${order.orderNumber} has no Stripe payment to refund.`);
      const session = await stripe.checkout.sessions.retrieve(order.paymentReference);
      const intent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
      if (!intent) throw new Error(`Order ${order.orderNumber} was not paid through Stripe.`);
      const refund = await stripe.refunds.create(
        { payment_intent: intent, amount: amountPence, metadata: { orderNumber: order.orderNumber } },
        { idempotencyKey },
      );
      return { reference: refund.id };
    },

    async createCardSetup(order, { successUrl, cancelUrl }) {
      const metadata = { orderNumber: order.orderNumber };
      // A customer to attach the card to: Stripe charges a saved card off-session only through its customer.
      const customer = await stripe.customers.create(
        { email: order.email, metadata },
        { idempotencyKey: `needledrop-customer-${order.orderNumber}` },
      );
      const session = await stripe.checkout.sessions.create(
        {
          mode: "setup",
          currency: "gbp",
          customer: customer.id,
          client_reference_id: order.orderNumber,
          metadata,
          setup_intent_data: { metadata: { ...metadata, order: order.orderNumber } },
          success_url: successUrl,
          cancel_url: cancelUrl,
          expires_at: Math.floor(Date.parse(order.createdAt) / 1000) + SESSION_LIFETIME_SECONDS,
        },
        { idempotencyKey: setupIdempotencyKey(order.orderNumber) },
      );
      if (!session.url) throw new Error("Stripe returned a setup session without a page address.");
      return { url: session.url, reference: session.id };
    },

    async readSavedCard(setupReference) {
      const intent = await stripe.setupIntents.retrieve(setupReference, { expand: ["payment_method"] });
      const method = intent.payment_method;
      const customer = typeof intent.customer === "string" ? intent.customer : intent.customer?.id;
      if (!method || !customer) throw new Error("The setup did not save a card.");
      const id = typeof method === "string" ? method : method.id;
      const fingerprint = typeof method === "string" ? null : (method.card?.fingerprint ?? null);
      return { reference: savedCardOf(customer, id), fingerprint };
    },

    async chargeSaved(order, savedCard) {
      const saved = readSaved(savedCard);
      if (!saved) return { ok: false, message: "No card is saved for this order." };
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: order.totals.amountDuePence,
            currency: "gbp",
            customer: saved.customer,
            payment_method: saved.paymentMethod,
            off_session: true,
            confirm: true,
            description: `Needledrop order ${order.orderNumber}`,
            metadata: { orderNumber: order.orderNumber },
          },
          { idempotencyKey: dispatchIdempotencyKey(order.orderNumber) },
        );
        if (intent.status === "succeeded") return { ok: true, reference: intent.id };
        return { ok: false, message: DISPATCH_DECLINED_MESSAGE };
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (error instanceof Stripe.errors.StripeCardError || (code && DECLINE_CODES.has(code))) {
          return { ok: false, message: DISPATCH_DECLINED_MESSAGE };
        }
        throw error;
      }
    },

    readWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError("The webhook has no signature header.");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch {
        // Stripe's own message may quote the header; ours names nothing from the request or the secret.
        throw new WebhookSignatureError();
      }
      return outcomeOf(event);
    },
  };
}

function orderNumberOf(session: Stripe.Checkout.Session): string | null {
  return session.metadata?.orderNumber || session.client_reference_id || null;
}

function paidOutcome(session: Stripe.Checkout.Session): WebhookOutcome {
  const orderNumber = orderNumberOf(session);
  if (!orderNumber) return { type: "ignored", reason: "checkout session without an order number" };
  if (session.amount_total === null) return { type: "ignored", reason: "checkout session without an amount" };
  return {
    type: "paid",
    orderNumber,
    reference: session.id,
    amountPence: session.amount_total,
    currency: session.currency ?? "",
  };
}

function failedOutcome(session: Stripe.Checkout.Session): WebhookOutcome {
  const orderNumber = orderNumberOf(session);
  if (!orderNumber) return { type: "ignored", reason: "checkout session without an order number" };
  return { type: "failed", orderNumber, reference: session.id };
}

function savedOutcome(session: Stripe.Checkout.Session): WebhookOutcome {
  const orderNumber = orderNumberOf(session);
  const intent = typeof session.setup_intent === "string" ? session.setup_intent : session.setup_intent?.id;
  if (!orderNumber || !intent) return { type: "ignored", reason: "setup session without an order or a setup intent" };
  return { type: "card_saved", orderNumber, setupReference: intent };
}

/** What a verified Stripe event means for an order or the record club. Events the shop does not act on are ignored. */
export function outcomeOf(event: Stripe.Event): WebhookOutcome {
  const club = clubEventOf(event);
  if (club) return "ignored" in club ? { type: "ignored", reason: club.ignored } : { type: "club", event: club };
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      // A record club sign-up: the membership starts with its first paid invoice (invoice.paid).
      if (session.mode === "subscription") return { type: "ignored", reason: "record club sign-up completed" };
      // A pre-order charged when it ships saved its card: the setup intent says which card.
      if (session.mode === "setup") return savedOutcome(session);
      if (session.payment_status === "paid") return paidOutcome(session);
      // A delayed method (e.g. a bank debit) is still running: async_payment_succeeded/failed follows.
      return { type: "ignored", reason: `checkout completed with payment status ${session.payment_status}` };
    }
    case "checkout.session.async_payment_succeeded":
      return paidOutcome(event.data.object);
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired":
      if (event.data.object.mode === "subscription") return { type: "ignored", reason: "record club sign-up not completed" };
      return failedOutcome(event.data.object);
    default:
      return { type: "ignored", reason: `event ${event.type} is not used` };
  }
}
