/**
 * The default, offline payment provider: a card form that accepts the well-known test numbers only.
 *   4242 4242 4242 4242 → paid
 *   4000 0000 0000 0002 → declined ("Your card was declined.")
 *   4000 0000 0000 0341 → saved fine for a pre-order charged when it ships, then declined when charged
 *                         (Stripe's documented "attaching succeeds, charging fails" test card)
 * Any other number is declined too: this provider never takes real money. Card details are neither
 * stored nor logged; the reference keeps the last four digits only.
 */
import { cardDigits } from "../../app/domain/checkout/card";
import { testCardFingerprint } from "../../app/domain/limited/identity";
import type { CardFormProvider } from "../../app/domain/payments/order-payments";

export const TEST_CARD_SUCCESS = "4242424242424242";
export const TEST_CARD_DECLINE = "4000000000000002";
export const TEST_CARD_DECLINE_LATER = "4000000000000341";
export const DECLINED_MESSAGE = "Your card was declined. Nothing has been charged.";
const TEST_MODE_HINT = "This shop is in test mode: use the test card 4242 4242 4242 4242.";

/** A saved test card: the order it was saved for and the last four digits (which say how a later charge ends). */
const savedReference = (orderNumber: string, digits: string) => `test_pm_${orderNumber}_${digits.slice(-4)}`;

/**
 * The provider's own record of what it charged, by order number: a real provider keeps this at its end,
 * which is what lets a charge be asked for twice without taking the money twice.
 */
export type TestCardLedger = Map<string, string>;
/** A charge only matters while its order may still be pending; the oldest are forgotten past this many. */
const LEDGER_LIMIT = 10_000;

/** Refunds the test provider made, by idempotency key: what it gave back for which order. */
export type TestCardRefunds = Map<string, { orderNumber: string; amountPence: number; reference: string }>;

export function createTestCardProvider(
  ledger: TestCardLedger = new Map(),
  refunds: TestCardRefunds = new Map(),
): CardFormProvider {
  return {
    id: "test-card",
    kind: "card-form",
    async charge(order, card) {
      const already = ledger.get(order.orderNumber);
      if (already) return { ok: true, reference: already };
      const digits = cardDigits(card.number);
      if (digits === TEST_CARD_SUCCESS) {
        const reference = `test_${order.orderNumber}_${digits.slice(-4)}`;
        ledger.set(order.orderNumber, reference);
        if (ledger.size > LEDGER_LIMIT) ledger.delete(ledger.keys().next().value!);
        return { ok: true, reference };
      }
      if (digits === TEST_CARD_DECLINE) return { ok: false, message: DECLINED_MESSAGE };
      return { ok: false, message: `${DECLINED_MESSAGE} ${TEST_MODE_HINT}` };
    },
    async saveCard(order, card) {
      const digits = cardDigits(card.number);
      if (digits !== TEST_CARD_SUCCESS && digits !== TEST_CARD_DECLINE_LATER) {
        return { ok: false, message: digits === TEST_CARD_DECLINE ? DECLINED_MESSAGE : `${DECLINED_MESSAGE} ${TEST_MODE_HINT}` };
      }
      // The fingerprint is the same for the same card on any order: a hash, never the number itself.
      return { ok: true, reference: savedReference(order.orderNumber, digits), fingerprint: testCardFingerprint(digits) };
    },
    async chargeSaved(order, savedCard) {
      const already = ledger.get(order.orderNumber);
      if (already) return { ok: true, reference: already };
      if (!savedCard.startsWith(`test_pm_${order.orderNumber}_`))
        return { ok: false, message: "No card is saved for this order." };
      if (!savedCard.endsWith(`_${TEST_CARD_SUCCESS.slice(-4)}`)) return { ok: false, message: DECLINED_MESSAGE };
      const reference = `test_${order.orderNumber}_offsession`;
      ledger.set(order.orderNumber, reference);
      if (ledger.size > LEDGER_LIMIT) ledger.delete(ledger.keys().next().value!);
      return { ok: true, reference };
    },
    async findCharge(order) {
      const reference = ledger.get(order.orderNumber);
      return reference ? { reference } : null;
    },
    async refund(order, { amountPence, idempotencyKey }) {
      const already = refunds.get(idempotencyKey);
      if (already) {
        if (already.orderNumber !== order.orderNumber || already.amountPence !== amountPence) {
          throw new Error("This refund key was already used for another refund.");
        }
        return { reference: already.reference };
      }
      if (!Number.isSafeInteger(amountPence) || amountPence <= 0) throw new Error("A refund must be a positive amount.");
      const given = [...refunds.values()]
        .filter((r) => r.orderNumber === order.orderNumber)
        .reduce((sum, r) => sum + r.amountPence, 0);
      // What was charged is the amount due: the part gift vouchers paid never went through the card.
      if (given + amountPence > order.totals.amountDuePence) throw new Error("A refund cannot exceed what was charged.");
      const reference = `test_refund_${order.orderNumber}_${refunds.size + 1}`;
      refunds.set(idempotencyKey, { orderNumber: order.orderNumber, amountPence, reference });
      if (refunds.size > LEDGER_LIMIT) refunds.delete(refunds.keys().next().value!);
      return { reference };
    },
  };
}
