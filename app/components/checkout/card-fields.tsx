import type { FieldMetadata } from "@conform-to/react";
import { CheckoutField } from "./checkout-field";

type CardField = FieldMetadata<string | null | undefined>;

/**
 * The offline test provider's card form: the test-mode note with its two card numbers, then number, expiry and
 * security code. Checkout and the record club's sign-up take the card the same way.
 */
export function CardFields({
  cardNumber,
  cardExpiry,
  cardCvc,
}: {
  cardNumber: CardField;
  cardExpiry: CardField;
  cardCvc: CardField;
}) {
  return (
    <>
      <div
        className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
        role="note"
        aria-label="Test mode"
      >
        <p className="font-semibold">Test mode: no real money is taken</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          <li>
            <span className="font-mono">4242 4242 4242 4242</span> pays
          </li>
          <li>
            <span className="font-mono">4000 0000 0000 0002</span> is declined
          </li>
          <li>any future expiry date and any 3 digits</li>
        </ul>
      </div>
      <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
        <CheckoutField
          label="Card number"
          meta={cardNumber}
          autoComplete="cc-number"
          inputMode="numeric"
          placeholder="1234 1234 1234 1234"
          className="sm:col-span-2"
          maxLength={23}
        />
        <CheckoutField
          label="Expiry date"
          meta={cardExpiry}
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/YY"
          hint="MM/YY"
          maxLength={7}
        />
        <CheckoutField
          label="Security code"
          meta={cardCvc}
          autoComplete="cc-csc"
          inputMode="numeric"
          placeholder="123"
          hint="3 or 4 digits on the back"
          maxLength={4}
        />
      </div>
    </>
  );
}
