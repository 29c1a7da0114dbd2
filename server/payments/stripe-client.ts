import Stripe from "stripe";

export interface StripeClientOptions {
  secretKey: string;
  /** Another API address (a local mock in tests). */
  apiUrl?: string;
}

/** A checkout or a club sign-up waits on these calls: fail fast and let the shopper try again rather than hang. */
const REQUEST_TIMEOUT_MS = 10_000;

/** Host, port and protocol for the Stripe client, from an address such as http://127.0.0.1:12111. */
export function stripeApiAddress(apiUrl: string): { host: string; port: number; protocol: "http" | "https" } {
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : url.protocol === "https:" ? "https" : null;
  if (!protocol) throw new Error("The Stripe API address must be http or https.");
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443,
    protocol,
  };
}

/** The one way the shop builds its Stripe client: checkout and the record club alike. */
export function stripeClient(options: StripeClientOptions): Stripe {
  return new Stripe(options.secretKey, {
    // The version this package's types describe; the account default could differ from them.
    apiVersion: Stripe.API_VERSION,
    timeout: REQUEST_TIMEOUT_MS,
    maxNetworkRetries: 1,
    telemetry: false,
    appInfo: { name: "Needledrop" },
    ...(options.apiUrl ? stripeApiAddress(options.apiUrl) : {}),
  });
}
