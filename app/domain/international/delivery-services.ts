/**
 * What a shopper may choose to be sent their records by, and what it costs them: the UK's Tracked 48 keeps the
 * spec's rule (£4 under 5 items, £7 for 5 or more, any weight); every other service is priced by the parcel's
 * weight from a rate table the back office edits (DEFAULT_RATES until it does). All amounts are integer pence.
 *
 * UK prices include UK VAT as before. Prices abroad are what the shopper pays for delivery: an export's delivery is
 * zero-rated with its goods, and under IOSS the destination's VAT is added on goods and delivery together
 * (destination-vat.ts).
 */
import { shippingPence } from "~/domain/cart/shipping";
import type { ShippingZone } from "./countries";

export const DELIVERY_SERVICES = [
  { key: "tracked_48", name: "Royal Mail Tracked 48", zones: ["uk"], days: "2–3 working days", tracked: true },
  { key: "tracked_24", name: "Royal Mail Tracked 24", zones: ["uk"], days: "1–2 working days", tracked: true },
  {
    key: "intl_standard",
    name: "Royal Mail International Standard",
    zones: ["europe", "usa", "world"],
    days: "5–10 working days (Europe), 7–14 elsewhere",
    tracked: false,
  },
  {
    key: "intl_tracked",
    name: "Royal Mail International Tracked & Signed",
    zones: ["europe", "usa", "world"],
    days: "3–5 working days (Europe), 5–10 elsewhere",
    tracked: true,
  },
] as const satisfies readonly { key: string; name: string; zones: readonly ShippingZone[]; days: string; tracked: boolean }[];

export type DeliveryServiceKey = (typeof DELIVERY_SERVICES)[number]["key"];
export const DELIVERY_SERVICE_KEYS = DELIVERY_SERVICES.map((s) => s.key) as [DeliveryServiceKey, ...DeliveryServiceKey[]];

/** The UK's everyday service, and each zone abroad's cheapest: what a shopper gets without choosing. */
export const DEFAULT_SERVICE: Record<ShippingZone, DeliveryServiceKey> = {
  uk: "tracked_48",
  europe: "intl_standard",
  usa: "intl_standard",
  world: "intl_standard",
};

export function deliveryService(key: string) {
  return DELIVERY_SERVICES.find((s) => s.key === key);
}

/** One band of a rate table: parcels up to `maxGrams` (and over the band below) cost `pricePence`. */
export interface RateBand {
  zone: ShippingZone;
  service: DeliveryServiceKey;
  maxGrams: number;
  pricePence: number;
}

const bands = (zone: ShippingZone, service: DeliveryServiceKey, rows: readonly [number, number][]): RateBand[] =>
  rows.map(([maxGrams, pricePence]) => ({ zone, service, maxGrams, pricePence }));

/**
 * The shop's rates until the owner sets their own: Royal Mail's published retail prices for small parcels (up to
 * 2 kg; Tracked & Signed takes up to 5 kg) rounded up to cover the mailer and the time to pack.
 */
export const DEFAULT_RATES: readonly RateBand[] = [
  ...bands("uk", "tracked_24", [
    [2000, 695],
    [10000, 995],
  ]),
  ...bands("europe", "intl_standard", [
    [500, 950],
    [750, 1100],
    [1000, 1250],
    [1500, 1495],
    [2000, 1695],
  ]),
  ...bands("europe", "intl_tracked", [
    [500, 1250],
    [750, 1400],
    [1000, 1550],
    [1500, 1795],
    [2000, 1995],
    [3000, 2695],
    [5000, 3495],
  ]),
  ...bands("usa", "intl_standard", [
    [500, 1295],
    [750, 1550],
    [1000, 1795],
    [1500, 2150],
    [2000, 2495],
  ]),
  ...bands("usa", "intl_tracked", [
    [500, 1695],
    [750, 1950],
    [1000, 2195],
    [1500, 2550],
    [2000, 2895],
    [3000, 3795],
    [5000, 4995],
  ]),
  ...bands("world", "intl_standard", [
    [500, 1450],
    [750, 1750],
    [1000, 2050],
    [1500, 2495],
    [2000, 2895],
  ]),
  ...bands("world", "intl_tracked", [
    [500, 1850],
    [750, 2150],
    [1000, 2450],
    [1500, 2895],
    [2000, 3295],
    [3000, 4295],
    [5000, 5495],
  ]),
];

export interface DeliveryChoice {
  service: DeliveryServiceKey;
  name: string;
  days: string;
  tracked: boolean;
  pricePence: number;
}

/**
 * The services a parcel of `weightGrams` with `itemCount` records can go by to `zone`, cheapest first. Empty when
 * the parcel is too heavy for every one (the cart says so; nothing is placed).
 */
export function deliveryChoices(
  zone: ShippingZone,
  { weightGrams, itemCount }: { weightGrams: number; itemCount: number },
  rates: readonly RateBand[] = DEFAULT_RATES,
): DeliveryChoice[] {
  const choices: DeliveryChoice[] = [];
  for (const service of DELIVERY_SERVICES) {
    if (!(service.zones as readonly string[]).includes(zone)) continue;
    const { key, name, days, tracked } = service;
    if (zone === "uk" && key === "tracked_48") {
      choices.push({ service: key, name, days, tracked, pricePence: shippingPence(itemCount) });
      continue;
    }
    const band = rates
      .filter((r) => r.zone === zone && r.service === key && r.maxGrams >= weightGrams)
      .sort((a, b) => a.maxGrams - b.maxGrams)[0];
    if (band) choices.push({ service: key, name, days, tracked, pricePence: band.pricePence });
  }
  return choices.sort((a, b) => a.pricePence - b.pricePence);
}

/**
 * The choice a shopper made if it is still offered, else the zone's default, else the cheapest left; null when
 * nothing can carry the parcel.
 */
export function pickDelivery(
  choices: readonly DeliveryChoice[],
  zone: ShippingZone,
  wanted: string | null,
): DeliveryChoice | null {
  return (
    choices.find((c) => c.service === wanted) ?? choices.find((c) => c.service === DEFAULT_SERVICE[zone]) ?? choices[0] ?? null
  );
}

/** A rate table must be usable: positive whole grams and pence, each band once, each service's bands rising in price. */
export function rateTableProblems(rates: readonly RateBand[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const r of rates) {
    const name = `${r.zone} ${deliveryService(r.service)?.name ?? r.service} up to ${r.maxGrams} g`;
    if (!deliveryService(r.service)?.zones.some((z) => z === r.zone))
      problems.push(`${name}: that service does not go to this zone`);
    if (!Number.isSafeInteger(r.maxGrams) || r.maxGrams < 1 || r.maxGrams > 30000)
      problems.push(`${name}: weight must be 1–30000 g`);
    if (!Number.isSafeInteger(r.pricePence) || r.pricePence < 0 || r.pricePence > 100000)
      problems.push(`${name}: price must be £0–£1000`);
    const key = `${r.zone}/${r.service}/${r.maxGrams}`;
    if (seen.has(key)) problems.push(`${name}: this band is listed twice`);
    seen.add(key);
  }
  return problems;
}
