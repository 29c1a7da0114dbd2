import { CHARGED_WHEN_SHIPS, MIXED_BASKET_NOTICE, type BasketCharge } from "~/domain/pre-orders/pre-order-charge";

/** Before Pay: a pre-order charged when it ships saves the card; a basket mixing it with other records is charged now. */
export function PreOrderChargeNotice({ charge }: { charge: BasketCharge["kind"] }) {
  if (charge === "now") return null;
  return (
    <p
      role="note"
      data-testid="pre-order-charge-notice"
      className="mt-4 rounded-lg bg-violet-50 px-3 py-2 text-sm text-violet-950 ring-1 ring-violet-200"
    >
      {charge === "at_dispatch" ? (
        <>
          <strong>{CHARGED_WHEN_SHIPS}</strong> Your card is saved now and charged on the day your pre-order is sent.
        </>
      ) : (
        MIXED_BASKET_NOTICE
      )}
    </p>
  );
}
