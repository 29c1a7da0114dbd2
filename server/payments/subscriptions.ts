/**
 * The offline test provider of the record club's monthly payments: a test card is saved once at sign-up as a
 * token such as `pm_test_4242` (all the shop keeps) and charged each month with it. Its interface, and Stripe
 * Billing's (see stripe-club.ts), are in app/domain/payments/club-payments.ts.
 */
import { cardDigits } from "../../app/domain/checkout/card";
import type { SavedCardPayments } from "../../app/domain/payments/club-payments";
import { DECLINED_MESSAGE, TEST_CARD_DECLINE, TEST_CARD_SUCCESS } from "./test-card";

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
