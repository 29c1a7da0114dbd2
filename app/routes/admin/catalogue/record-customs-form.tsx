import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FieldMessage, FormAlert, inputClass } from "~/components/admin/form-field";
import { COUNTRIES, countryName } from "~/domain/international/countries";
import { recordCustomsSchema } from "~/domain/international/delivery-settings-schema";
import { replyFor, type FormReply } from "~/lib/forms/form-reply";
import { useSchemaForm } from "~/lib/forms/use-schema-form";

interface Customs {
  weightGrams: number | null;
  hsCode: string | null;
  originCountry: string | null;
  /** What stands in for a blank: the format's weight, the records' tariff code, the label's (or the UK's) origin. */
  defaults: { weightGrams: number; hsCode: string; originCountry: string };
}

/** A record's shipping weight, tariff (HS) code and country of origin, each blank to keep its default. */
export function RecordCustomsForm({ customs, reply }: { customs: Customs; reply: Partial<FormReply> | undefined }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "customs";
  const [form, fields] = useSchemaForm(recordCustomsSchema, {
    id: "customs-form",
    lastResult: replyFor(reply, "customs"),
    defaultValue: {
      weightGrams: customs.weightGrams === null ? "" : String(customs.weightGrams),
      hsCode: customs.hsCode ?? "",
      originCountry: customs.originCountry ?? "",
    },
  });
  const { key: weightKey, ...weight } = getInputProps(fields.weightGrams, { type: "text" });
  const { key: hsKey, ...hs } = getInputProps(fields.hsCode, { type: "text" });
  const { key: originKey, ...origin } = getSelectProps(fields.originCountry);
  const { defaults } = customs;
  return (
    <section
      id="customs"
      aria-labelledby="customs-heading"
      className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      <h2 id="customs-heading" className="font-semibold">
        Shipping and customs
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        For parcel weights and the customs declarations of parcels leaving the UK. Leave a field blank to use its default.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-3">
        <input type="hidden" name="intent" value="customs" />
        <FormAlert id={form.errorId} message={form.errors?.[0]} />
        <div className="grid gap-4 sm:grid-cols-3">
          <div>
            <label htmlFor={fields.weightGrams.id} className="block text-sm font-medium">
              Shipping weight (g)
            </label>
            <input
              key={weightKey}
              {...weight}
              inputMode="numeric"
              placeholder={String(defaults.weightGrams)}
              className={inputClass}
            />
            <p className="mt-1 text-xs text-stone-600">Blank: {defaults.weightGrams} g for its format.</p>
            <FieldMessage field={fields.weightGrams} />
          </div>
          <div>
            <label htmlFor={fields.hsCode.id} className="block text-sm font-medium">
              Tariff (HS) code
            </label>
            <input key={hsKey} {...hs} inputMode="numeric" placeholder={defaults.hsCode} className={inputClass} />
            <p className="mt-1 text-xs text-stone-600">Blank: {defaults.hsCode} (recorded gramophone records).</p>
            <FieldMessage field={fields.hsCode} />
          </div>
          <div>
            <label htmlFor={fields.originCountry.id} className="block text-sm font-medium">
              Country of origin
            </label>
            <select key={originKey} {...origin} className={inputClass}>
              <option value="">Default: {countryName(defaults.originCountry)}</option>
              {COUNTRIES.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
            <p className="mt-1 text-xs text-stone-600">Where it was pressed. Blank: its label's country, else the UK.</p>
            <FieldMessage field={fields.originCountry} />
          </div>
        </div>
        <button
          type="submit"
          disabled={saving}
          className="mt-3 rounded-full bg-ink px-5 py-2 text-sm font-semibold text-white hover:bg-needle disabled:cursor-wait disabled:opacity-60"
        >
          {saving ? "Saving…" : "Save shipping and customs"}
        </button>
      </Form>
    </section>
  );
}
