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

    async createCheckout(order, { successUrl, cancelUrl }) {
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
          expires_at: Math.floor(Date.parse(order.createdAt) / 1000) + SESSION_LIFETIME_SECONDS,
        },
        { idempotencyKey: checkoutIdempotencyKey(order.orderNumber) },
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

/** What a verified Stripe event means for an order or the record club. Events the shop does not act on are ignored. */
export function outcomeOf(event: Stripe.Event): WebhookOutcome {
  const club = clubEventOf(event);
  if (club) return "ignored" in club ? { type: "ignored", reason: club.ignored } : { type: "club", event: club };
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      // A record club sign-up: the membership starts with its first paid invoice (invoice.paid).
      if (session.mode === "subscription") return { type: "ignored", reason: "record club sign-up completed" };
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
