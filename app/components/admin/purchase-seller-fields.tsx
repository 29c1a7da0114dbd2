import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { FormField, InputField } from "./form-field";

const input = "mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2";

type Fields = Record<
  "sellerName" | "sellerAddress" | "boughtAt" | "vatScheme" | "invoiceReference" | "note",
  FieldMetadata<unknown>
>;

/** Who sold the collection, when, and how it is taxed: the purchase record's head. */
export function PurchaseSellerFields({ fields }: { fields: Fields }) {
  const { key: addressKey, ...address } = getTextareaProps(fields.sellerAddress);
  const scheme = (value: "margin" | "standard") => {
    const { key, ...props } = getInputProps(fields.vatScheme, { type: "radio", value });
    return <input key={key} {...props} className="mt-1 h-4 w-4" />;
  };
  return (
    <section className="grid gap-x-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:grid-cols-2 sm:p-6">
      <h2 className="font-semibold sm:col-span-2">Seller</h2>
      <InputField field={fields.sellerName} label="Seller's name" autoComplete="off" className={input} />
      <InputField field={fields.boughtAt} label="Date bought" type="date" className={input} />
      <FormField id={fields.sellerAddress.id} label="Seller's address" error={fields.sellerAddress.errors?.[0]}>
        {(aria) => <textarea key={addressKey} {...address} {...aria} rows={3} className={input} />}
      </FormField>
      <fieldset className="mt-3 text-sm" aria-describedby={fields.vatScheme.errorId}>
        <legend className="font-medium">How were they bought?</legend>
        <label className="mt-2 flex items-start gap-2">
          {scheme("margin")}
          <span>
            <span className="font-medium">Margin scheme</span>: from the public, or a dealer without a VAT invoice
          </span>
        </label>
        <label className="mt-2 flex items-start gap-2">
          {scheme("standard")}
          <span>
            <span className="font-medium">Standard VAT</span>: from a dealer, with a VAT invoice
          </span>
        </label>
        {fields.vatScheme.errors?.[0] && (
          <p id={fields.vatScheme.errorId} className="mt-1 text-sm text-red-800">
            {fields.vatScheme.errors[0]}
          </p>
        )}
      </fieldset>
      <InputField
        field={fields.invoiceReference}
        label={
          <>
            Dealer&apos;s VAT invoice number <span className="font-normal text-stone-600">(standard VAT only)</span>
          </>
        }
        className={input}
      />
      <InputField
        field={fields.note}
        label={
          <>
            Note <span className="font-normal text-stone-600">(optional)</span>
          </>
        }
        className={input}
      />
    </section>
  );
}
