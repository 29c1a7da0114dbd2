import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { VAT_SCHEMES, VAT_SCHEME_NAMES } from "~/domain/vat/vat-schemes";
import { FormField, InputField } from "./form-field";

const input = "mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2";

type Fields = Record<"vatScheme" | "purchasePrice" | "purchasedAt" | "purchasedFrom", FieldMetadata<unknown>>;

/**
 * How a used copy was bought (its own block of the "Add a used copy" form): the VAT scheme it is sold under, what
 * the shop paid, when and from whom. A margin-scheme copy needs its price paid before it can go on sale.
 */
export function UsedCopyPurchaseFields({ fields }: { fields: Fields }) {
  const { key: schemeKey, ...scheme } = getSelectProps(fields.vatScheme);
  return (
    <fieldset className="mt-2 grid gap-x-4 rounded-lg border border-stone-200 p-3 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold">How it was bought</legend>
      <FormField id="used-vat-scheme" label="VAT scheme" error={fields.vatScheme.errors?.[0]}>
        {(aria) => (
          <select key={schemeKey} {...scheme} {...aria} className={input}>
            {VAT_SCHEMES.map((s) => (
              <option key={s} value={s}>
                {VAT_SCHEME_NAMES[s]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <InputField
        field={fields.purchasePrice}
        id="used-purchase-price"
        label="Price paid (£)"
        hint="Needed for the margin scheme."
        inputMode="decimal"
        className={input}
      />
      <InputField field={fields.purchasedAt} id="used-purchased-at" label="Date bought" type="date" className={input} />
      <InputField field={fields.purchasedFrom} id="used-purchased-from" label="Seller" autoComplete="off" className={input} />
    </fieldset>
  );
}
