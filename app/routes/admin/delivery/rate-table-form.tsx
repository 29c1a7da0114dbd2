import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/admin/form-field";
import type { ShippingZone } from "~/domain/international/countries";
import { deliveryService, type DeliveryServiceKey, type RateBand } from "~/domain/international/delivery-services";
import { rateTableSchema } from "~/domain/international/delivery-settings-schema";
import type { FormReply } from "~/lib/forms/form-reply";
import { replyFor } from "~/lib/forms/form-reply";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { rateIntentOf } from "./rate-tables";

/** Empty rows under a table's bands: filling one in adds a band, with or without the page's script. */
const BLANK_ROWS = 2;
const cell = "w-full rounded-md border border-stone-300 bg-white px-2 py-1 text-right tabular-nums";

/** One service's bands to one zone: each band's weight limit and price, a box to remove it, empty rows to add one. */
export function RateTableForm({
  zone,
  service,
  bands,
  reply,
}: {
  zone: ShippingZone;
  service: DeliveryServiceKey;
  bands: readonly RateBand[];
  reply: Partial<FormReply> | undefined;
}) {
  const name = rateIntentOf(zone, service);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === name;
  const rows = [...bands]
    .sort((a, b) => a.maxGrams - b.maxGrams)
    .map((b) => ({ maxGrams: String(b.maxGrams), price: (b.pricePence / 100).toFixed(2) }));
  const [form, fields] = useSchemaForm(rateTableSchema, {
    id: name,
    lastResult: replyFor(reply, name),
    defaultValue: { zone, service, bands: [...rows, ...Array.from({ length: BLANK_ROWS }, () => ({}))] },
  });
  const list = fields.bands.getFieldList();
  const title = deliveryService(service)?.name ?? service;
  const headingId = `${name}-heading`;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby={headingId}
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
    >
      <h3 id={headingId} className="font-semibold">
        {title}
      </h3>
      <input type="hidden" name="intent" value={name} />
      <input type="hidden" name={fields.zone.name} value={zone} />
      <input type="hidden" name={fields.service.name} value={service} />
      <FormAlert id={form.errorId} message={form.errors?.[0]} />
      <table className="mt-2 w-full text-sm">
        <thead>
          <tr className="text-left text-stone-600">
            <th className="py-1 pr-2 font-medium">Up to (g)</th>
            <th className="py-1 pr-2 font-medium">Price (£)</th>
            <th className="py-1 text-center font-medium">Remove</th>
          </tr>
        </thead>
        <tbody>
          {list.map((item, i) => {
            const band = item.getFieldset();
            const { key: gramsKey, ...grams } = getInputProps(band.maxGrams, { type: "text" });
            const { key: priceKey, ...price } = getInputProps(band.price, { type: "text" });
            const { key: removeKey, ...remove } = getInputProps(band.remove, { type: "checkbox" });
            const filled = i < rows.length;
            const error = band.maxGrams.errors?.[0] ?? band.price.errors?.[0];
            return (
              <tr key={item.key} className="align-top">
                <td className="py-1 pr-2">
                  <input
                    key={gramsKey}
                    {...grams}
                    inputMode="numeric"
                    aria-label={filled ? `Band ${i + 1}: up to grams` : "New band: up to grams"}
                    placeholder={filled ? undefined : "add…"}
                    className={cell}
                  />
                  {error && (
                    <p role="alert" className="mt-1 text-left text-xs text-red-700">
                      {error}
                    </p>
                  )}
                </td>
                <td className="py-1 pr-2">
                  <input
                    key={priceKey}
                    {...price}
                    inputMode="decimal"
                    aria-label={filled ? `Band ${i + 1}: price in pounds` : "New band: price in pounds"}
                    className={cell}
                  />
                </td>
                <td className="py-1 text-center">
                  {filled && <input key={removeKey} {...remove} aria-label={`Remove band ${i + 1}`} className="mt-1.5 h-4 w-4" />}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="mt-1 text-xs text-stone-600">Fill in an empty row to add a band; tick a band to remove it.</p>
      <button
        type="submit"
        disabled={saving}
        className="mt-3 rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-needle disabled:cursor-wait disabled:opacity-60"
      >
        {saving ? "Saving…" : "Save rates"}
      </button>
    </Form>
  );
}
