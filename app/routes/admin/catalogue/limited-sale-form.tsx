import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FieldMessage, FormAlert, inputClass } from "~/components/admin/form-field";
import { limitedSaleFormValues, limitedSaleSchema, type LimitedSale } from "~/domain/limited/limited-sale-schema";
import { replyFor, type FormReply } from "~/lib/forms/form-reply";
import { useSchemaForm } from "~/lib/forms/use-schema-form";

/** A record's limited sale: a limit per customer, an on-sale time (London), Record Store Day, drop, pre-order charging. */
export function LimitedSaleForm({ sale, reply }: { sale: LimitedSale; reply: Partial<FormReply> | undefined }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "limited-sale";
  const [form, fields] = useSchemaForm(limitedSaleSchema, {
    id: "limited-sale-form",
    lastResult: replyFor(reply, "limited-sale"),
    defaultValue: limitedSaleFormValues(sale),
  });
  const { key: limitKey, ...limit } = getInputProps(fields.limitPerCustomer, { type: "text" });
  const { key: onSaleKey, ...onSale } = getInputProps(fields.onSaleAt, { type: "datetime-local" });
  const { key: rsdKey, ...rsd } = getInputProps(fields.recordStoreDay, { type: "checkbox" });
  const { key: dropKey, ...drop } = getInputProps(fields.isDrop, { type: "checkbox" });
  const { key: chargeKey, ...charge } = getSelectProps(fields.preOrderCharge);
  return (
    <section
      id="limited-sale"
      aria-labelledby="limited-sale-heading"
      className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      <Form method="post" {...getFormProps(form)}>
        <fieldset>
          <legend id="limited-sale-heading" className="font-semibold">
            Limited sale
          </legend>
          <p className="mt-1 text-sm text-stone-600">
            For limited pressings: how many one customer may buy (counted across orders by account, e-mail, address and card) and
            when it goes on sale, London time. Leave blank for an ordinary record.
          </p>
          <input type="hidden" name="intent" value="limited-sale" />
          <FormAlert id={form.errorId} message={form.errors?.[0]} />
          <div className="mt-3 grid gap-4 sm:grid-cols-3">
            <div>
              <label htmlFor={fields.limitPerCustomer.id} className="block text-sm font-medium">
                Limit per customer
              </label>
              <input key={limitKey} {...limit} inputMode="numeric" placeholder="No limit" className={inputClass} />
              <p className="mt-1 text-xs text-stone-600">1 to 99; blank for none.</p>
              <FieldMessage field={fields.limitPerCustomer} />
            </div>
            <div>
              <label htmlFor={fields.onSaleAt.id} className="block text-sm font-medium">
                On sale from (London time)
              </label>
              <input key={onSaleKey} {...onSale} className={inputClass} />
              <p className="mt-1 text-xs text-stone-600">Blank: on sale now.</p>
              <FieldMessage field={fields.onSaleAt} />
            </div>
            <div>
              <label htmlFor={fields.preOrderCharge.id} className="block text-sm font-medium">
                Pre-orders are charged
              </label>
              <select key={chargeKey} {...charge} className={inputClass}>
                <option value="">As the shop's setting</option>
                <option value="at_order">When ordered</option>
                <option value="at_dispatch">When it ships</option>
              </select>
              <FieldMessage field={fields.preOrderCharge} />
            </div>
          </div>
          <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <label className="flex items-center gap-2">
              <input key={rsdKey} {...rsd} className="h-4 w-4" /> Record Store Day title (never on sale before 08:00 on the day)
            </label>
            <label className="flex items-center gap-2">
              <input key={dropKey} {...drop} className="h-4 w-4" /> Drop (a fair queue at the on-sale time; needs a limit and an
              on-sale time)
            </label>
          </div>
          <FieldMessage field={fields.recordStoreDay} />
          <FieldMessage field={fields.isDrop} />
        </fieldset>
        <button
          type="submit"
          disabled={saving}
          className="mt-3 rounded-full bg-ink px-5 py-2 text-sm font-semibold text-white hover:bg-needle disabled:cursor-wait disabled:opacity-60"
        >
          {saving ? "Saving…" : "Save limited sale"}
        </button>
      </Form>
    </section>
  );
}
