/**
 * The record club's side of the payment provider: a card saved once at sign-up (the provider answers with a
 * token, which is all the shop keeps) and charged each month with that token; or, with Stripe Billing, a
 * subscription Stripe charges itself and reports by signed webhook, which the shop asks to pause, skip or cancel.
 */
import type { ClubAddress } from "~/domain/club/club-schemas";
import type { ClubPlan } from "~/domain/club/plans";
import type { CardDetails, ChargeResult } from "./charges";

export type SaveCardResult = { ok: true; token: string; last4: string } | { ok: false; message: string };

export interface SavedCardPayments {
  id: "test-card";
  kind: "saved-card";
  /** Checks and keeps a card for later charges. Nothing is charged. */
  saveCard(card: CardDetails): Promise<SaveCardResult>;
  /**
   * Charges a saved card. Idempotent per key (one key per membership and month): asked again with a key it
   * has already charged, the provider answers with that charge and takes nothing more.
   */
  chargeSaved(token: string, amountPence: number, idempotencyKey: string): Promise<ChargeResult>;
}

/** A member's change as the provider's subscription sees it. */
export type SubscriptionChange =
  | { type: "pause" }
  | { type: "resume" }
  /** No payment for the renewal on `renewalOn`; collection starts again after it. */
  | { type: "skip"; renewalOn: string }
  | { type: "unskip" }
  | { type: "cancel-at-period-end" }
  | { type: "keep" }
  /** Ends it now: nothing is paid for the period (a failed renewal the member gives up). */
  | { type: "cancel-now" };

/** Stripe Billing: Stripe keeps the card and the schedule; the shop starts, changes and hears about subscriptions. */
export interface HostedSubscriptionPayments {
  id: "stripe";
  kind: "hosted";
  /** The member's Stripe customer: the one already kept, or a new one (one per member, by idempotency key). */
  ensureCustomer(user: { id: number; email: string; stripeCustomerId: string | null }): Promise<string>;
  /** Opens Stripe's hosted page that starts the subscription; the shop hears of it by the first paid invoice. */
  startSignUp(input: {
    customerId: string;
    userId: number;
    plan: ClubPlan;
    favouriteGenre: string;
    /** Where the records go: kept on the subscription, so the membership made from its first invoice has it. */
    address: ClubAddress;
    /** Which sign-up of this member it is (1 for the first): part of the idempotency key. */
    attempt: number;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ url: string }>;
  update(subscriptionId: string, change: SubscriptionChange): Promise<void>;
}

export type SubscriptionPayments = SavedCardPayments | HostedSubscriptionPayments;

/**
 * What a verified Stripe Billing event says about a membership. Dates are ISO calendar dates in Europe/London.
 * `member` comes from the subscription's metadata, set when the member started it.
 */
export type ClubEvent =
  | {
      type: "invoice-paid";
      subscriptionId: string;
      customerId: string | null;
      invoiceId: string;
      amountPence: number;
      currency: string;
      attempt: number;
      periodStart: string;
      periodEnd: string;
      member: { userId: number; plan: string; favouriteGenre: string; address: ClubAddress | null } | null;
    }
  | {
      type: "invoice-failed";
      subscriptionId: string;
      invoiceId: string;
      amountPence: number;
      attempt: number;
      periodStart: string;
      /** When Stripe tries again; null when it has given up. */
      nextAttemptOn: string | null;
      on: string;
    }
  | {
      type: "subscription-updated";
      subscriptionId: string;
      /** Stripe's status: active, past_due, unpaid, canceled, incomplete… */
      status: string;
      cancelAtPeriodEnd: boolean;
      /** Collection paused: indefinitely (resumesOn null) or until a date (a skipped month). */
      pause: { resumesOn: string | null } | null;
    }
  | { type: "subscription-deleted"; subscriptionId: string; on: string };
