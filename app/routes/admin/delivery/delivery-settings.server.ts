/**
 * The delivery page's forms: each rate table (one intent per zone and service, so a refusal shows on its own
 * table), the packaging weight, the euro rate and the labels' countries of origin. Each comes back with a toast.
 */
import type { Actor } from "~/domain/admin/audit";
import {
  exchangeRateSchema,
  labelOriginSchema,
  packagingSchema,
  rateTableSchema,
  removeLabelOriginSchema,
  ZONE_NAMES,
} from "~/domain/international/delivery-settings-schema";
import { deliveryService } from "~/domain/international/delivery-services";
import { countryName } from "~/domain/international/countries";
import { intent } from "~/lib/forms/form-action.server";
import { redirectWithToast } from "~/lib/toast.server";
import { RATE_TABLES, rateIntentOf } from "./rate-tables";
import type { Services } from "../../../../server/services";

export const DELIVERY_PAGE = "/admin/delivery";

export function deliveryIntents(services: Services, actor: Actor) {
  const done = (title: string, description?: string) => redirectWithToast(DELIVERY_PAGE, { type: "success", title, description });
  const admin = services.deliveryAdmin;
  const rateIntents = Object.fromEntries(
    RATE_TABLES.map(({ zone, service }) => [
      rateIntentOf(zone, service),
      intent(rateTableSchema, (table) => {
        admin.saveRateTable(actor, table);
        return done("Rates saved", `${ZONE_NAMES[table.zone]}: ${deliveryService(table.service)?.name ?? table.service}.`);
      }),
    ]),
  );
  return {
    ...rateIntents,
    packaging: intent(packagingSchema, ({ packagingGrams }) => {
      admin.savePackaging(actor, packagingGrams);
      return done("Packaging weight saved", `${packagingGrams} g is added to every parcel.`);
    }),
    "exchange-rate": intent(exchangeRateSchema, (rate) => {
      admin.saveExchangeRate(actor, rate);
      return done("Euro rate saved", `€${rate.eurPerGbp} to the pound, as of ${rate.asOf}.`);
    }),
    "label-origin": intent(labelOriginSchema, (origin) => {
      admin.setLabelOrigin(actor, origin);
      return done("Label origin saved", `${origin.label}: made in ${countryName(origin.countryCode)}.`);
    }),
    "remove-label-origin": intent(removeLabelOriginSchema, ({ label }) => {
      admin.removeLabelOrigin(actor, label);
      return done("Label origin removed", `${label}'s records are made in the United Kingdom unless they say otherwise.`);
    }),
  };
}
