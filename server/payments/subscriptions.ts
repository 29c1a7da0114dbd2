/**
 * The record club's side of the payment provider: a card is saved once at sign-up (the provider answers with
 * a token such as `pm_test_4242`, which is all the shop keeps) and charged each month with that token.
 *
 * Only the offline test card provider is built so far. A Stripe adapter (a SetupIntent for the card, then
 * off-session PaymentIntents, or Stripe Billing subscriptions reported by signed webhooks) fits behind the
 * same interface; until then the club takes the test card even when checkout uses Stripe.
 */
import { cardDigits } from "../../app/domain/checkout/card";
import type { CardDetails, ChargeResult } from "./provider";
import { DECLINED_MESSAGE, TEST_CARD_DECLINE, TEST_CARD_SUCCESS } from "./test-card";

export type SaveCardResult = { ok: true; token: string; last4: string } | { ok: false; message: string };

export interface SubscriptionPayments {
  id: "test-card";
  /** Checks and keeps a card for later charges. Nothing is charged. */
  saveCard(card: CardDetails): Promise<SaveCardResult>;
  /**
   * Charges a saved card. Idempotent per key (one key per membership and month): asked again with a key it
   * has already charged, the provider answers with that charge and takes nothing more.
   */
  chargeSaved(token: string, amountPence: number, idempotencyKey: string): Promise<ChargeResult>;
}

/** Saved test cards: this token pays, the other is declined (what a card that has since failed looks like). */
export const TEST_TOKEN_PAYS = "pm_test_4242";
export const TEST_TOKEN_DECLINES = "pm_test_0002";

/** The test provider's own record of what it charged, by idempotency key. */
export type SubscriptionLedger = Map<string, { reference: string; amountPence: number }>;

export function createTestSubscriptionPayments(ledger: SubscriptionLedger = new Map()): SubscriptionPayments {
  let charges = 0;
  return {
    id: "test-card",
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
