import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Field, FieldError } from "~/components/forms";
import { COUNTRIES } from "~/domain/international/countries";

type AddressFields = Record<"name" | "addressLine1" | "addressLine2" | "city" | "postalCode" | "country", FieldMetadata<string>>;

/** The club's delivery address fields (the checkout's address, any country), for sign-up and for changing it on /profile. */
export function ClubAddressFields({ fields }: { fields: AddressFields }) {
  const { key: countryKey, ...country } = getSelectProps(fields.country);
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
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
      <div className="sm:col-span-2">
        <label htmlFor={fields.country.id} className="block text-sm font-medium text-stone-800">
          Country
        </label>
        <select
          {...country}
          key={countryKey}
          defaultValue={fields.country.initialValue ?? "GB"}
          autoComplete="shipping country"
          className="mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-base shadow-sm focus:border-needle focus:outline-none"
        >
          {COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        <FieldError id={fields.country.errorId} errors={fields.country.errors} />
      </div>
      <p className="text-sm text-stone-600 sm:col-span-2">
        Club records go anywhere Royal Mail delivers: the United Kingdom as always, and abroad by International Standard.
      </p>
    </div>
  );
}
