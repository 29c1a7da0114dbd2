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

export function createTestCardProvider(): CardFormProvider {
  return {
    id: "test-card",
    kind: "card-form",
    async charge(order, card) {
      const digits = cardDigits(card.number);
      if (digits === TEST_CARD_SUCCESS) return { ok: true, reference: `test_${order.orderNumber}_${digits.slice(-4)}` };
      if (digits === TEST_CARD_DECLINE) return { ok: false, message: DECLINED_MESSAGE };
      return { ok: false, message: `${DECLINED_MESSAGE} This shop is in test mode: use the test card 4242 4242 4242 4242.` };
    },
  };
}
