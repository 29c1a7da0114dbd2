import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { updatedAt } from "./columns";

/**
 * The back office's rate table: what a parcel up to `max_grams` costs the shopper by `service` to `zone`
 * (app/domain/international/delivery-services.ts). Empty until the owner saves one: the shop's defaults apply.
 */
export const shippingRates = sqliteTable(
  "shipping_rates",
  {
    zone: text("zone", { enum: ["uk", "europe", "usa", "world"] }).notNull(),
    service: text("service").notNull(),
    maxGrams: integer("max_grams").notNull(),
    pricePence: integer("price_pence").notNull(),
  },
  (t) => [primaryKey({ columns: [t.zone, t.service, t.maxGrams] })],
);

/** One row (id 1): the packaging weight per parcel and the euro rate for the €150 test, as the back office set them. */
export const shippingSettings = sqliteTable("shipping_settings", {
  id: integer("id").primaryKey(),
  packagingGrams: integer("packaging_grams").notNull(),
  /** Euros to the pound, as typed (e.g. "1.1650"), and the day it is from. */
  eurPerGbp: text("eur_per_gbp").notNull(),
  eurRateAsOf: text("eur_rate_as_of").notNull(),
  updatedAt: updatedAt(),
});

/** A label's records are made in this country unless a record says otherwise (its customs declaration's origin). */
export const labelOrigins = sqliteTable("label_origins", {
  label: text("label").primaryKey(),
  countryCode: text("country_code").notNull(),
  updatedAt: updatedAt(),
});
