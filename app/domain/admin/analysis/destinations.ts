/**
 * Business analysis: paid orders by where they went, by country and by the shop's Royal Mail zone. Browser-safe.
 * The query sums each country's orders, records kept and revenue (less refunds, like the page's other figures).
 */
import { countryByCode, type ShippingZone } from "~/domain/international/countries";

export interface CountrySums {
  countryCode: string;
  orders: number;
  records: number;
  revenuePence: number;
}

export interface DestinationRow {
  key: string;
  name: string;
  orders: number;
  records: number;
  revenuePence: number;
}

export const ZONE_NAMES: Record<ShippingZone, string> = {
  uk: "United Kingdom",
  europe: "Europe",
  usa: "United States",
  world: "Rest of the world",
};

const byRevenue = (a: DestinationRow, b: DestinationRow) =>
  b.revenuePence - a.revenuePence || a.name.localeCompare(b.name, "en-GB");

/** One row a country, by revenue. */
export function salesByCountry(sums: readonly CountrySums[]): DestinationRow[] {
  return sums
    .map((s) => ({
      key: s.countryCode,
      name: countryByCode(s.countryCode)?.name ?? s.countryCode,
      orders: s.orders,
      records: s.records,
      revenuePence: s.revenuePence,
    }))
    .sort(byRevenue);
}

/** One row a zone that had orders, by revenue; a country the shop no longer knows counts in the rest of the world. */
export function salesByZone(sums: readonly CountrySums[]): DestinationRow[] {
  const zones = new Map<ShippingZone, DestinationRow>();
  for (const s of sums) {
    const zone = countryByCode(s.countryCode)?.zone ?? "world";
    const row = zones.get(zone) ?? { key: zone, name: ZONE_NAMES[zone], orders: 0, records: 0, revenuePence: 0 };
    zones.set(zone, {
      ...row,
      orders: row.orders + s.orders,
      records: row.records + s.records,
      revenuePence: row.revenuePence + s.revenuePence,
    });
  }
  return [...zones.values()].sort(byRevenue);
}

/** The rows as CSV, revenue in pounds so a spreadsheet reads numbers. */
export function destinationCsvRows(heading: string, rows: readonly DestinationRow[]): (string | number)[][] {
  return [
    [heading, "Orders", "Records", "Revenue £"],
    ...rows.map((r) => [r.name, r.orders, r.records, (r.revenuePence / 100).toFixed(2)]),
  ];
}
