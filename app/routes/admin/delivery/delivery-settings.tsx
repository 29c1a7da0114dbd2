import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { FieldMessage, FormAlert, inputClass } from "~/components/admin/form-field";
import { COUNTRIES, countryName } from "~/domain/international/countries";
import {
  exchangeRateSchema,
  labelOriginSchema,
  packagingSchema,
  SHIPPING_ZONES,
  ZONE_NAMES,
} from "~/domain/international/delivery-settings-schema";
import { formAction } from "~/lib/forms/form-action.server";
import { replyFor, type FormReply } from "~/lib/forms/form-reply";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/delivery-settings";
import { deliveryIntents } from "./delivery-settings.server";
import { RATE_TABLES } from "./rate-tables";
import { RateTableForm } from "./rate-table-form";

export const handle = staffHandle("shipping.settings", { action: "shipping.settings" });

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Delivery rates and customs", description: "Delivery back office." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  const settings = context.services.deliverySettings.get();
  return {
    rates: settings.rates,
    defaultRates: settings.defaultRates,
    packagingGrams: settings.packagingGrams,
    exchangeRate: settings.exchangeRate,
    iossNumber: settings.iossNumber,
    eoriNumber: settings.eoriNumber,
    labelOrigins: context.services.deliveryAdmin.labelOrigins(),
    missingCount: context.services.deliveryAdmin.missingCustoms().count,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requirePermission(context, request, handle.action);
  return formAction(request, deliveryIntents(context.services, actor));
}

type Reply = Partial<FormReply> | undefined;
const card = "rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6";
const button =
  "rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-needle disabled:cursor-wait disabled:opacity-60";

function PackagingForm({ grams, reply }: { grams: number; reply: Reply }) {
  const [form, fields] = useSchemaForm(packagingSchema, {
    id: "packaging",
    lastResult: replyFor(reply, "packaging"),
    defaultValue: { packagingGrams: String(grams) },
  });
  const { key, ...input } = getInputProps(fields.packagingGrams, { type: "text" });
  return (
    <Form method="post" {...getFormProps(form)} className={card}>
      <h2 className="font-semibold">Packaging per parcel</h2>
      <input type="hidden" name="intent" value="packaging" />
      <FormAlert id={form.errorId} message={form.errors?.[0]} />
      <label htmlFor={fields.packagingGrams.id} className="mt-2 block text-sm font-medium">
        Mailer and stiffeners (g)
      </label>
      <p className="text-xs text-stone-600">Added once to every parcel's weight before its band is found.</p>
      <input key={key} {...input} inputMode="numeric" className={`${inputClass} max-w-40`} />
      <FieldMessage field={fields.packagingGrams} />
      <button type="submit" className={`${button} mt-3`}>
        Save packaging
      </button>
    </Form>
  );
}

function ExchangeRateForm({ rate, reply }: { rate: { eurPerGbp: number; asOf: string }; reply: Reply }) {
  const [form, fields] = useSchemaForm(exchangeRateSchema, {
    id: "exchange-rate",
    lastResult: replyFor(reply, "exchange-rate"),
    defaultValue: { eurPerGbp: rate.eurPerGbp.toFixed(4), asOf: rate.asOf },
  });
  const { key: rateKey, ...eur } = getInputProps(fields.eurPerGbp, { type: "text" });
  const { key: dateKey, ...asOf } = getInputProps(fields.asOf, { type: "date" });
  return (
    <Form method="post" {...getFormProps(form)} className={card}>
      <h2 className="font-semibold">Euro exchange rate</h2>
      <p className="mt-1 text-xs text-stone-600">
        Used for the EU's €150 test: an EU order worth up to €150 has its VAT charged at checkout under the shop's IOSS number.
        Orders keep the rate they were placed with; update it when the rate moves.
      </p>
      <input type="hidden" name="intent" value="exchange-rate" />
      <FormAlert id={form.errorId} message={form.errors?.[0]} />
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={fields.eurPerGbp.id} className="block text-sm font-medium">
            Euros per pound
          </label>
          <input key={rateKey} {...eur} inputMode="decimal" placeholder="1.1650" className={inputClass} />
          <FieldMessage field={fields.eurPerGbp} />
        </div>
        <div>
          <label htmlFor={fields.asOf.id} className="block text-sm font-medium">
            Rate as of
          </label>
          <input key={dateKey} {...asOf} className={inputClass} />
          <FieldMessage field={fields.asOf} />
        </div>
      </div>
      <button type="submit" className={`${button} mt-1`}>
        Save euro rate
      </button>
    </Form>
  );
}

function LabelOrigins({ origins, reply }: { origins: { label: string; countryCode: string }[]; reply: Reply }) {
  const [form, fields] = useSchemaForm(labelOriginSchema, { id: "label-origin", lastResult: replyFor(reply, "label-origin") });
  const { key: labelKey, ...label } = getInputProps(fields.label, { type: "text" });
  const { key: countryKey, ...country } = getSelectProps(fields.countryCode);
  const removal = replyFor(reply, "remove-label-origin");
  return (
    <section aria-labelledby="label-origins-heading" className={card}>
      <h2 id="label-origins-heading" className="font-semibold">
        Label origins
      </h2>
      <p className="mt-1 text-xs text-stone-600">
        A record's country of origin on its customs declaration, unless the record names its own. Labels without one here: United
        Kingdom.
      </p>
      <FormAlert message={removal?.error?.[""]?.[0]} />
      {origins.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">No labels set yet.</p>
      ) : (
        <table className="mt-3 w-full text-sm">
          <thead>
            <tr className="text-left text-stone-600">
              <th className="py-1 pr-2 font-medium">Label</th>
              <th className="py-1 pr-2 font-medium">Made in</th>
              <th className="py-1 font-medium">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {origins.map((o) => (
              <tr key={o.label} className="border-t border-stone-100">
                <th scope="row" className="py-1 pr-2 text-left font-normal">
                  {o.label}
                </th>
                <td className="py-1 pr-2">{countryName(o.countryCode)}</td>
                <td className="py-1 text-right">
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove-label-origin" />
                    <input type="hidden" name="label" value={o.label} />
                    <button type="submit" className="text-sm font-semibold text-needle-dark underline">
                      Remove<span className="sr-only"> {o.label}</span>
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-3 sm:grid-cols-2 sm:items-start">
        <input type="hidden" name="intent" value="label-origin" />
        <div className="sm:col-span-2">
          <FormAlert id={form.errorId} message={form.errors?.[0]} />
        </div>
        <div>
          <label htmlFor={fields.label.id} className="block text-sm font-medium">
            Label
          </label>
          <input key={labelKey} {...label} placeholder="Blue Note" className={inputClass} />
          <FieldMessage field={fields.label} />
        </div>
        <div>
          <label htmlFor={fields.countryCode.id} className="block text-sm font-medium">
            Made in
          </label>
          <select key={countryKey} {...country} className={inputClass}>
            <option value="">Choose a country…</option>
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
          <FieldMessage field={fields.countryCode} />
        </div>
        <button type="submit" className={`${button} justify-self-start`}>
          Add or change
        </button>
      </Form>
    </section>
  );
}

function CustomsNumbers({ iossNumber, eoriNumber }: { iossNumber: string | null; eoriNumber: string | null }) {
  return (
    <section aria-labelledby="customs-numbers-heading" className={card}>
      <h2 id="customs-numbers-heading" className="font-semibold">
        Customs numbers
      </h2>
      <p className="mt-1 text-xs text-stone-600">Set in the shop's configuration (IOSS_NUMBER, EORI_NUMBER), not here.</p>
      <dl className="mt-3 grid gap-3 text-sm">
        <div>
          <dt className="font-medium">IOSS number</dt>
          <dd className="break-words">
            {iossNumber ?? (
              <>
                <span className="font-semibold">Not set.</span> EU orders are sold as exports without UK VAT, and the shopper is
                warned that import VAT and a handling fee may be charged on the doorstep.
              </>
            )}
          </dd>
        </div>
        <div>
          <dt className="font-medium">EORI number</dt>
          <dd className="break-words">
            {eoriNumber ?? (
              <>
                <span className="font-semibold">Not set.</span> Customs declarations go out without the sender's EORI number.
              </>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}

export default function DeliverySettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { rates, defaultRates, missingCount } = loaderData;
  const reply = actionData as Reply;
  return (
    <div>
      <h1 className="font-display text-3xl font-bold sm:text-4xl">Delivery rates and customs</h1>
      <p className="mt-1 text-stone-600">
        What delivery costs by zone, service and parcel weight; the UK's Tracked 48 keeps the shop's rule (£4 under 5 records, £7
        for 5 or more).
      </p>
      <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
        {missingCount === 0 ? (
          "Every record has its own weight, tariff code and country of origin."
        ) : (
          <>
            {missingCount === 1 ? "1 record relies" : `${missingCount} records rely`} on a default weight, tariff code or origin.{" "}
            <Link to="/admin/delivery/missing" className="font-semibold underline">
              See which
            </Link>
          </>
        )}
      </p>

      <section aria-labelledby="rates-heading" className="mt-8">
        <h2 id="rates-heading" className="font-display text-2xl font-bold">
          Rate tables
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          {defaultRates
            ? "These are the shop's defaults: nothing has been saved yet. Saving any table keeps the rest as shown."
            : "Each band prices parcels up to its weight (and over the band below), packaging included."}
        </p>
        {SHIPPING_ZONES.map((zone) => (
          <div key={zone} className="mt-6">
            <h3 className="text-lg font-semibold">{ZONE_NAMES[zone]}</h3>
            <div className="mt-2 grid gap-4 lg:grid-cols-2">
              {RATE_TABLES.filter((t) => t.zone === zone).map(({ service }) => {
                const bands = rates.filter((r) => r.zone === zone && r.service === service);
                // A saved table is a new form: its fields start again from what was saved.
                const saved = bands.map((b) => `${b.maxGrams}:${b.pricePence}`).join(",");
                return <RateTableForm key={`${service}/${saved}`} zone={zone} service={service} bands={bands} reply={reply} />;
              })}
            </div>
          </div>
        ))}
      </section>

      <div className="mt-8 grid gap-4 lg:grid-cols-2">
        <PackagingForm key={loaderData.packagingGrams} grams={loaderData.packagingGrams} reply={reply} />
        <ExchangeRateForm
          key={`${loaderData.exchangeRate.eurPerGbp}/${loaderData.exchangeRate.asOf}`}
          rate={loaderData.exchangeRate}
          reply={reply}
        />
        <LabelOrigins
          key={loaderData.labelOrigins.map((o) => `${o.label}:${o.countryCode}`).join(",")}
          origins={loaderData.labelOrigins}
          reply={reply}
        />
        <CustomsNumbers iossNumber={loaderData.iossNumber} eoriNumber={loaderData.eoriNumber} />
      </div>
    </div>
  );
}
