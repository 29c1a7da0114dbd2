import { useRef } from "react";
import { FieldError } from "~/components/forms";
import { UPDATE_DELIVERY_INTENT } from "~/domain/checkout/delivery-wish";
import { COUNTRIES } from "~/domain/international/countries";
import type { DeliveryChoice } from "~/domain/international/delivery-services";
import { formatPence } from "~/domain/shared/money";

/** Where the order goes and by what, as the checkout summary was priced. */
export interface PricedDeliveryView {
  countryCode: string;
  countryName: string;
  /** "uk" for the UK, the Isle of Man and the Channel Islands (they post at UK rates). */
  zone: string;
  choices: readonly DeliveryChoice[];
  service: string | null;
  vatNotice: string | null;
  tooHeavy: string | null;
}

const BUTTON =
  "shrink-0 rounded-full border border-ink px-5 py-2 text-sm font-semibold text-ink transition hover:bg-ink hover:text-white disabled:opacity-60";

/** Presses the Update delivery button of the field's form: with JavaScript a change re-prices at once. */
function submitUpdate(element: HTMLElement) {
  const form = (element as HTMLInputElement).form;
  const button = form?.querySelector<HTMLButtonElement>(`button[name="intent"][value="${UPDATE_DELIVERY_INTENT}"]`);
  if (form && button) form.requestSubmit(button);
}

/**
 * The country select (the United Kingdom first), with an Update delivery button that re-prices the order for it:
 * without JavaScript the shopper presses it; with JavaScript a change presses it.
 */
export function CountrySelect({
  delivery,
  errorId,
  errors,
  updating,
}: {
  delivery: PricedDeliveryView;
  errorId: string;
  errors?: string[];
  updating: boolean;
}) {
  const ref = useRef<HTMLSelectElement>(null);
  return (
    <div>
      <label htmlFor="checkout-country" className="block text-sm font-medium text-stone-800">
        Country
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <select
          ref={ref}
          // A new pricing (another country) resets the choice shown to the one priced.
          key={delivery.countryCode}
          id="checkout-country"
          name="country"
          defaultValue={delivery.countryCode}
          autoComplete="shipping country"
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? errorId : undefined}
          onChange={(e) => submitUpdate(e.currentTarget)}
          className={`block w-full min-w-0 flex-1 rounded-md border bg-white px-3 py-2 text-base shadow-sm focus:border-needle focus:outline-none ${
            errors ? "border-red-500" : "border-stone-300"
          }`}
        >
          {COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        <button type="submit" name="intent" value={UPDATE_DELIVERY_INTENT} formNoValidate disabled={updating} className={BUTTON}>
          {updating ? "Updating…" : "Update delivery"}
        </button>
      </div>
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

/** The delivery services to the country chosen, with price and time; the one priced is ticked. */
export function DeliveryChoices({
  delivery,
  errorId,
  errors,
}: {
  delivery: PricedDeliveryView;
  errorId: string;
  errors?: string[];
}) {
  if (delivery.service === null) {
    return (
      <p role="alert" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="too-heavy">
        {delivery.tooHeavy}
      </p>
    );
  }
  return (
    <fieldset aria-describedby={errors ? errorId : undefined}>
      <legend className="text-sm font-medium text-stone-800">Delivery to {delivery.countryName}</legend>
      <div className="mt-2 space-y-2" key={`${delivery.countryCode}-${delivery.service}`}>
        {delivery.choices.map((choice) => (
          <label
            key={choice.service}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-stone-200 px-3 py-2 text-sm has-[:checked]:border-needle has-[:checked]:bg-stone-50"
          >
            <input
              type="radio"
              name="deliveryService"
              value={choice.service}
              defaultChecked={choice.service === delivery.service}
              onChange={(e) => submitUpdate(e.currentTarget)}
              className="mt-1"
            />
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-ink">{choice.name}</span>
              <span className="block text-xs text-stone-600">{choice.days}</span>
            </span>
            <span className="shrink-0 font-medium tabular-nums">{formatPence(choice.pricePence)}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} errors={errors} />
      <button type="submit" name="intent" value={UPDATE_DELIVERY_INTENT} formNoValidate className={`${BUTTON} mt-3`}>
        Update total
      </button>
    </fieldset>
  );
}

/** What the shopper is told about VAT and import charges where the parcel goes, before Pay. */
export function VatNotice({ notice }: { notice: string | null }) {
  if (!notice) return null;
  return (
    <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950" data-testid="vat-notice">
      {notice}
    </p>
  );
}
