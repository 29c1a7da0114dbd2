/**
 * Payment for an order behind a small interface, so the checkout does not care who takes the money:
 * - an on-site card form (the offline test provider: no network, documented test card numbers), or
 * - a redirect to a hosted page (Stripe Checkout), with the outcome reported later by a signed webhook.
 */
import type { OrderView } from "~/domain/orders/order-view";
import type { CardDetails, ChargeResult, RefundRequest, SaveCardResult } from "./charges";
import type { ClubEvent } from "./club-payments";

export interface CardFormProvider {
  id: "test-card";
  kind: "card-form";
  /**
   * Takes payment for the order. Idempotent per order: charging an order the provider has already charged
   * answers with that charge and takes nothing more (a retry after a crash lost the first answer).
   */
  charge(order: OrderView, card: CardDetails): Promise<ChargeResult>;
  /** The payment the provider took for this order, if any: settles an order whose charge answer was lost. */
  findCharge(order: OrderView): Promise<{ reference: string } | null>;
  /** Gives back part or all of what was charged; the provider's reference for the refund. */
  refund(order: OrderView, request: RefundRequest): Promise<{ reference: string }>;
  /** Keeps the card to charge later (a pre-order charged when it ships); charges nothing now. */
  saveCard(order: OrderView, card: CardDetails): Promise<SaveCardResult>;
  /**
   * Charges the order's amount due to the card saved for it, the shopper absent. Idempotent per order: asked
   * again (a retried dispatch or batch) it answers the first charge and takes nothing more.
   */
  chargeSaved(order: OrderView, savedCard: string): Promise<ChargeResult>;
}

/** Where a hosted payment session stands, asked of the provider when its answer or webhook was lost. */
export type HostedCheckoutState =
  | { status: "open"; url: string }
  | { status: "paid"; reference: string; amountPence: number; currency: string }
  /** Completed, but a delayed method (a bank debit) is still clearing: its webhook settles it. */
  | { status: "processing" }
  | { status: "expired" };

/** What a verified webhook says happened to an order, or to a record club membership. */
export type WebhookOutcome =
  | { type: "paid"; orderNumber: string; reference: string; amountPence: number; currency: string }
  | { type: "failed"; orderNumber: string; reference: string }
  /** A hosted setup page saved a card for the order (a pre-order charged when it ships); read it with readSavedCard. */
  | { type: "card_saved"; orderNumber: string; setupReference: string }
  | { type: "club"; event: ClubEvent }
  | { type: "ignored"; reason: string };

export interface RedirectProvider {
  id: "stripe";
  kind: "redirect";
  /** Origins the browser is sent to (they go into the CSP form-action list). */
  formActionOrigins: string[];
  /**
   * Opens the hosted session. Idempotent per order: asked again for the same order (a retry after a crash),
   * the provider answers with the session it already opened rather than a second one.
   */
  createCheckout(
    order: OrderView,
    urls: {
      successUrl: string;
      cancelUrl: string;
      /** Another session for the same order (paying a held pre-order with another card), opened at `openedAt`. */
      idempotencyKey?: string;
      openedAt?: string;
    },
  ): Promise<{ url: string; reference: string }>;
  /** Where the session stands now. */
  getCheckout(reference: string): Promise<HostedCheckoutState>;
  /** Closes an unpaid hosted session so it can no longer be paid; throws when it cannot (e.g. already paid). */
  cancelCheckout(reference: string): Promise<void>;
  /** Verifies the signature (throws when it does not match) and reads the event. */
  readWebhook(rawBody: string | Buffer, signature: string | undefined): WebhookOutcome;
  /** Gives back part or all of what the hosted page charged; the provider's reference for the refund. */
  refund(order: OrderView, request: RefundRequest): Promise<{ reference: string }>;
  /** Opens a hosted page that saves a card for the order and charges nothing (idempotent per order like createCheckout). */
  createCardSetup(order: OrderView, urls: { successUrl: string; cancelUrl: string }): Promise<{ url: string; reference: string }>;
  /** The card a completed setup saved: its reusable reference and fingerprint. */
  readSavedCard(setupReference: string): Promise<{ reference: string; fingerprint: string | null }>;
  /** As CardFormProvider.chargeSaved: an off-session charge of the saved card, idempotent per order. */
  chargeSaved(order: OrderView, savedCard: string): Promise<ChargeResult>;
}

export type PaymentProvider = CardFormProvider | RedirectProvider;
