import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { clubPaymentsFor, paymentProviderFor } from "./select";

const stripeEnv = { STRIPE_SECRET_KEY: "sk_test_needledropSelect", STRIPE_WEBHOOK_SECRET: "whsec_needledropSelect" };

describe("paymentProviderFor", () => {
  it("uses the offline test card form when Stripe is not configured", () => {
    const provider = paymentProviderFor(loadConfig({}));
    expect(provider.id).toBe("test-card");
    expect(provider.kind).toBe("card-form");
  });

  it("uses Stripe Checkout when both the secret key and the webhook secret are set", () => {
    const provider = paymentProviderFor(loadConfig({ ...stripeEnv, STRIPE_API_URL: "http://127.0.0.1:12111" }));
    expect(provider.id).toBe("stripe");
    expect(provider.kind === "redirect" && provider.formActionOrigins).toEqual(["https://checkout.stripe.com"]);
  });

  it("refuses half a Stripe configuration or a malformed key, rather than quietly taking no payments", () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: stripeEnv.STRIPE_SECRET_KEY })).toThrow(
      "set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET",
    );
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: stripeEnv.STRIPE_WEBHOOK_SECRET })).toThrow("set both");
    expect(() => loadConfig({ ...stripeEnv, STRIPE_SECRET_KEY: "pk_test_publishable" })).toThrow("must be a Stripe secret key");
  });
});

describe("clubPaymentsFor", () => {
  it("keeps the record club on the offline test card without Stripe, and on Stripe Billing with it", () => {
    expect(clubPaymentsFor(loadConfig({}))).toMatchObject({ id: "test-card", kind: "saved-card" });
    expect(clubPaymentsFor(loadConfig({ ...stripeEnv, STRIPE_API_URL: "http://127.0.0.1:12111" }))).toMatchObject({
      id: "stripe",
      kind: "hosted",
    });
  });
});
