/**
 * The record club on Stripe Billing. The member joins on Stripe's hosted page (a Checkout Session in
 * subscription mode, so the card never reaches the shop and the page works without JavaScript); Stripe then
 * charges each month, retries failed payments itself and reports every invoice by a signed webhook, which
 * arrives at checkout's webhook endpoint and is read by checkout's verification (stripe.ts `outcomeOf`).
 */
import { createHash } from "node:crypto";
import type Stripe from "stripe";
import { clubAddressSchema, type ClubAddress } from "../../app/domain/club/club-schemas";
import { addDays, todayInLondon } from "../../app/domain/shared/dates";
import { stripeClient, type StripeClientOptions } from "./stripe-client";
import type { ClubEvent, HostedSubscriptionPayments, SubscriptionChange } from "../../app/domain/payments/club-payments";

/** One Stripe customer per member: a retried creation answers with the customer already made. */
export const customerIdempotencyKey = (userId: number) => `needledrop-customer-${userId}`;
/**
 * The same join (member, n-th sign-up, plan, genre, address) opens one hosted page, however often it is submitted;
 * a corrected address is a new request, not a clash with the first.
 */
export const clubJoinIdempotencyKey = (userId: number, attempt: number, plan: string, genre: string, address?: ClubAddress) =>
  `needledrop-club-join-${userId}-${attempt}-${plan}-${genre}` +
  (address ? `-${createHash("sha256").update(JSON.stringify(address)).digest("hex").slice(0, 12)}` : "");

/** The delivery address as subscription metadata (one key a field: Stripe keeps each value to 500 characters). */
const addressMetadata = (a: ClubAddress) => ({
  deliveryName: a.name,
  addressLine1: a.addressLine1,
  addressLine2: a.addressLine2 ?? "",
  city: a.city,
  postalCode: a.postalCode,
  // Its ISO code: read back by clubAddressSchema as the member's country (a member abroad keeps theirs).
  country: a.country,
});

/** Stripe's instants (seconds since 1970) as the shop's calendar dates. */
const londonDate = (seconds: number) => todayInLondon(new Date(seconds * 1000));

export function createStripeSubscriptionPayments(options: StripeClientOptions): HostedSubscriptionPayments {
  const stripe = stripeClient(options);
  return {
    id: "stripe",
    kind: "hosted",

    async ensureCustomer(user) {
      if (user.stripeCustomerId) return user.stripeCustomerId;
      const customer = await stripe.customers.create(
        { email: user.email, metadata: { userId: String(user.id) } },
        { idempotencyKey: customerIdempotencyKey(user.id) },
      );
      return customer.id;
    },

    async startSignUp({ customerId, userId, plan, favouriteGenre, address, attempt, successUrl, cancelUrl }) {
      const metadata = { userId: String(userId), plan: plan.id, favouriteGenre, ...addressMetadata(address) };
      const session = await stripe.checkout.sessions.create(
        {
          mode: "subscription",
          customer: customerId,
          client_reference_id: `club-${userId}`,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: "gbp",
                unit_amount: plan.pricePence,
                recurring: { interval: "month" },
                product_data: { name: `Needledrop record club: ${plan.name}` },
              },
            },
          ],
          metadata,
          // Copied onto every invoice's subscription details: the first paid invoice says whose membership it is.
          subscription_data: { metadata },
          success_url: successUrl,
          cancel_url: cancelUrl,
        },
        { idempotencyKey: clubJoinIdempotencyKey(userId, attempt, plan.id, favouriteGenre, address) },
      );
      if (!session.url) throw new Error("Stripe returned a subscription sign-up without a payment page address.");
      return { url: session.url };
    },

    async update(subscriptionId, change) {
      if (change.type === "cancel-now") {
        await stripe.subscriptions.cancel(subscriptionId);
        return;
      }
      await stripe.subscriptions.update(subscriptionId, updateParams(change));
    },
  };
}

/** A member's change as Stripe subscription parameters. Pausing voids the invoices it would have sent. */
export function updateParams(change: Exclude<SubscriptionChange, { type: "cancel-now" }>): Stripe.SubscriptionUpdateParams {
  switch (change.type) {
    case "pause":
      return { pause_collection: { behavior: "void" } };
    case "resume":
    case "unskip":
      return { pause_collection: "" };
    case "skip":
      // Collection starts again the day after the skipped renewal (midday, clear of any clock change).
      return {
        pause_collection: {
          behavior: "void",
          resumes_at: Math.floor(Date.parse(`${addDays(change.renewalOn, 1)}T12:00:00Z`) / 1000),
        },
      };
    case "cancel-at-period-end":
      return { cancel_at_period_end: true };
    case "keep":
      return { cancel_at_period_end: false };
  }
}

const idOf = (x: string | { id: string } | null | undefined) => (typeof x === "string" ? x : (x?.id ?? null));

function memberOf(metadata: Record<string, string> | null | undefined) {
  const userId = Number(metadata?.userId);
  if (!Number.isSafeInteger(userId) || userId <= 0 || !metadata?.plan || !metadata.favouriteGenre) return null;
  // A subscription begun before the club asked for an address has none: its parcels wait for one.
  const address = clubAddressSchema.safeParse({ ...metadata, name: metadata.deliveryName });
  return {
    userId,
    plan: metadata.plan,
    favouriteGenre: metadata.favouriteGenre,
    address: address.success ? address.data : null,
  };
}

function invoiceFacts(invoice: Stripe.Invoice) {
  const details = invoice.parent?.subscription_details ?? null;
  const subscriptionId = idOf(details?.subscription);
  const line = invoice.lines?.data?.[0];
  const period = line?.period ?? { start: invoice.period_start, end: invoice.period_end };
  return { subscriptionId, details, period };
}

/** What a verified Stripe event means for the record club; null for events the club does not use. */
export function clubEventOf(event: Stripe.Event): ClubEvent | { ignored: string } | null {
  switch (event.type) {
    case "invoice.paid": {
      const invoice = event.data.object;
      const { subscriptionId, details, period } = invoiceFacts(invoice);
      if (!subscriptionId) return { ignored: "invoice without a subscription" };
      return {
        type: "invoice-paid",
        subscriptionId,
        customerId: idOf(invoice.customer),
        invoiceId: invoice.id ?? "",
        amountPence: invoice.amount_paid,
        currency: invoice.currency,
        attempt: Math.max(1, invoice.attempt_count),
        periodStart: londonDate(period.start),
        periodEnd: londonDate(period.end),
        member: memberOf(details?.metadata),
      };
    }
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const { subscriptionId, period } = invoiceFacts(invoice);
      if (!subscriptionId) return { ignored: "invoice without a subscription" };
      return {
        type: "invoice-failed",
        subscriptionId,
        invoiceId: invoice.id ?? "",
        amountPence: invoice.amount_due,
        attempt: Math.max(1, invoice.attempt_count),
        periodStart: londonDate(period.start),
        nextAttemptOn: invoice.next_payment_attempt ? londonDate(invoice.next_payment_attempt) : null,
        on: londonDate(event.created),
      };
    }
    case "customer.subscription.updated": {
      const sub = event.data.object;
      return {
        type: "subscription-updated",
        subscriptionId: sub.id,
        status: sub.status,
        cancelAtPeriodEnd: sub.cancel_at_period_end,
        pause: sub.pause_collection
          ? { resumesOn: sub.pause_collection.resumes_at ? londonDate(sub.pause_collection.resumes_at) : null }
          : null,
      };
    }
    case "customer.subscription.deleted":
      return { type: "subscription-deleted", subscriptionId: event.data.object.id, on: londonDate(event.created) };
    default:
      return null;
  }
}
