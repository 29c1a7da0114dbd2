/**
 * The record club's side of the payment provider: a card is saved once at sign-up (the provider answers with
 * a token such as `pm_test_4242`, which is all the shop keeps) and charged each month with that token.
 *
 * With Stripe configured the club uses Stripe Billing instead (see stripe-club.ts): the member joins on Stripe's
 * hosted page, Stripe charges each month itself and reports every invoice by a signed webhook, and the shop
 * only asks Stripe to pause, skip or cancel.
 */
import { cardDigits } from "../../app/domain/checkout/card";
import type { ClubPlan } from "../../app/domain/club/plans";
import type { CardDetails, ChargeResult } from "./provider";
import { DECLINED_MESSAGE, TEST_CARD_DECLINE, TEST_CARD_SUCCESS } from "./test-card";

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
      member: { userId: number; plan: string; favouriteGenre: string } | null;
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

/** Saved test cards: this token pays, the other is declined (what a card that has since failed looks like). */
export const TEST_TOKEN_PAYS = "pm_test_4242";
export const TEST_TOKEN_DECLINES = "pm_test_0002";

/** The test provider's own record of what it charged, by idempotency key. */
export type SubscriptionLedger = Map<string, { reference: string; amountPence: number }>;

export function createTestSubscriptionPayments(ledger: SubscriptionLedger = new Map()): SavedCardPayments {
  let charges = 0;
  return {
    id: "test-card",
    kind: "saved-card",
    async saveCard(card) {
      const digits = cardDigits(card.number);
      if (digits === TEST_CARD_SUCCESS) return { ok: true, token: TEST_TOKEN_PAYS, last4: digits.slice(-4) };
      if (digits === TEST_CARD_DECLINE) return { ok: false, message: DECLINED_MESSAGE };
      return {
        ok: false,
        message: `${DECLINED_MESSAGE} This shop is in test mode: use the test card 4242 4242 4242 4242.`,
      };
    },
    async chargeSaved(token, amountPence, idempotencyKey) {
      const already = ledger.get(idempotencyKey);
      if (already) {
        if (already.amountPence !== amountPence) throw new Error("This payment key was already used for another amount.");
        return { ok: true, reference: already.reference };
      }
      if (token !== TEST_TOKEN_PAYS) return { ok: false, message: DECLINED_MESSAGE };
      charges += 1;
      const reference = `test_club_${charges}_${idempotencyKey}`;
      ledger.set(idempotencyKey, { reference, amountPence });
      return { ok: true, reference };
    },
  };
}
