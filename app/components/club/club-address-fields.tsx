import type { FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/forms";
import { SHIPPING_COUNTRY } from "~/domain/checkout/checkout-schemas";

type AddressFields = Record<"name" | "addressLine1" | "addressLine2" | "city" | "postalCode", FieldMetadata<string>>;

/** The club's delivery address fields (the checkout's UK address), for sign-up and for changing it on /profile. */
export function ClubAddressFields({ fields }: { fields: AddressFields }) {
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      <input type="hidden" name="country" value={SHIPPING_COUNTRY} />
      <div className="sm:col-span-2">
        <Field label="Full name" meta={fields.name} autoComplete="shipping name" />
      </div>
      <div className="sm:col-span-2">
        <Field label="Address line 1" meta={fields.addressLine1} autoComplete="shipping address-line1" />
      </div>
      <div className="sm:col-span-2">
        <Field label="Address line 2 (optional)" meta={fields.addressLine2} autoComplete="shipping address-line2" />
      </div>
      <Field label="Town or city" meta={fields.city} autoComplete="shipping address-level2" />
      <Field label="Postcode" meta={fields.postalCode} autoComplete="shipping postal-code" />
      <p className="text-sm text-stone-600 sm:col-span-2">We post to addresses in the United Kingdom.</p>
    </div>
  );
}
