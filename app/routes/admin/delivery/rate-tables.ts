import { ratedServices, SHIPPING_ZONES } from "~/domain/international/delivery-settings-schema";

/** The intent of one zone's rate table for one service ("rates-europe-intl_standard"), also its form's id. */
export const rateIntentOf = (zone: string, service: string) => `rates-${zone}-${service}`;

/** Every (zone, service) with a rate table, in the page's order. */
export const RATE_TABLES = SHIPPING_ZONES.flatMap((zone) => ratedServices(zone).map((service) => ({ zone, service })));
