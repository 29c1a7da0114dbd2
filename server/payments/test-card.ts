/**
 * The default, offline payment provider: a card form that accepts the well-known test numbers only.
 *   4242 4242 4242 4242 → paid
 *   4000 0000 0000 0002 → declined ("Your card was declined.")
 * Any other number is declined too: this provider never takes real money. Card details are neither
 * stored nor logged; the reference keeps the last four digits only.
 */
import { cardDigits } from "../../app/domain/checkout/card";
import type { CardFormProvider } from "./provider";

export const TEST_CARD_SUCCESS = "4242424242424242";
export const TEST_CARD_DECLINE = "4000000000000002";
export const DECLINED_MESSAGE = "Your card was declined. Nothing has been charged.";

/**
 * The provider's own record of what it charged, by order number: a real provider keeps this at its end,
 * which is what lets a charge be asked for twice without taking the money twice.
 */
export type TestCardLedger = Map<string, string>;
/** A charge only matters while its order may still be pending; the oldest are forgotten past this many. */
const LEDGER_LIMIT = 10_000;

export function createTestCardProvider(ledger: TestCardLedger = new Map()): CardFormProvider {
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
      return { ok: false, message: `${DECLINED_MESSAGE} This shop is in test mode: use the test card 4242 4242 4242 4242.` };
    },
    async findCharge(order) {
      const reference = ledger.get(order.orderNumber);
      return reference ? { reference } : null;
    },
  };
}
