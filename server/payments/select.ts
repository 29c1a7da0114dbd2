import type { Config } from "../config";
import type { PaymentProvider } from "../../app/domain/payments/order-payments";
import type { SubscriptionPayments } from "../../app/domain/payments/club-payments";
import { createStripeProvider } from "./stripe";
import { createStripeSubscriptionPayments } from "./stripe-club";
import { createTestSubscriptionPayments } from "./subscriptions";
import { createTestCardProvider } from "./test-card";

/** Stripe when its keys are configured; otherwise the offline test card form. */
export function paymentProviderFor(
  config: Pick<Config, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_URL">,
): PaymentProvider {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    return createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiUrl: config.STRIPE_API_URL,
    });
  }
  return createTestCardProvider();
}

/** The record club on Stripe Billing when Stripe's keys are configured; otherwise the offline test card. */
export function clubPaymentsFor(
  config: Pick<Config, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_URL">,
): SubscriptionPayments {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    return createStripeSubscriptionPayments({ secretKey: config.STRIPE_SECRET_KEY, apiUrl: config.STRIPE_API_URL });
  }
  return createTestSubscriptionPayments();
}
