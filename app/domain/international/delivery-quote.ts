/**
 * Where a basket goes and how: its country (the UK when none was chosen), its parcel's weight, the services that
 * can carry it there with their prices, and the one it goes by (the shopper's choice while it is offered).
 */
import { countryByCode, UNITED_KINGDOM, type Country } from "./countries";
import { deliveryChoices, pickDelivery, type DeliveryChoice, type RateBand } from "./delivery-services";
import { parcelWeightGrams } from "./parcel-weight";

export interface DeliveryQuote {
  country: Country;
  weightGrams: number;
  choices: DeliveryChoice[];
  /** Null when the parcel is too heavy for every service to the country (nothing can be placed). */
  chosen: DeliveryChoice | null;
}

/** What a shopper has asked for: a country code and, perhaps, a service. */
export interface DeliveryWish {
  countryCode: string;
  service: string | null;
}

export const UK_DELIVERY: DeliveryWish = { countryCode: UNITED_KINGDOM.code, service: null };

export function quoteDelivery(
  wish: DeliveryWish,
  lines: readonly { weightGrams: number; quantity: number }[],
  settings: { rates: readonly RateBand[]; packagingGrams: number },
): DeliveryQuote {
  const country = countryByCode(wish.countryCode) ?? UNITED_KINGDOM;
  const weightGrams = parcelWeightGrams(lines, settings.packagingGrams);
  const itemCount = lines.reduce((n, l) => n + (l.quantity > 0 ? l.quantity : 0), 0);
  const choices = deliveryChoices(country.zone, { weightGrams, itemCount }, settings.rates);
  return { country, weightGrams, choices, chosen: pickDelivery(choices, country.zone, wish.service) };
}

export function tooHeavyMessage(quote: Pick<DeliveryQuote, "country" | "weightGrams">): string {
  const kg = (quote.weightGrams / 1000).toLocaleString("en-GB", { maximumFractionDigits: 1 });
  return `Your parcel (about ${kg} kg) is too heavy for our delivery services to ${quote.country.name}. Please split it into smaller orders, or contact us for a quote.`;
}
