/** Stripe Checkout provider: being written. */
import type { RedirectProvider } from "./provider";

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API address (a local mock in tests). */
  apiUrl?: string;
}

export function createStripeProvider(_options: StripeProviderOptions): RedirectProvider {
  throw new Error("The Stripe provider is not built yet.");
}
