import { describe, expect, it } from "vitest";
import { destinationCsvRows, salesByCountry, salesByZone } from "./destinations";

// Paid orders by where they went, as the figures query sums them (revenue less refunds).
const sums = [
  { countryCode: "GB", orders: 5, records: 9, revenuePence: 20000 },
  { countryCode: "IE", orders: 2, records: 3, revenuePence: 9000 },
  { countryCode: "DE", orders: 1, records: 8, revenuePence: 25000 },
  { countryCode: "US", orders: 1, records: 1, revenuePence: 4500 },
  { countryCode: "JP", orders: 1, records: 2, revenuePence: 6000 },
];

describe("sales by destination", () => {
  it("names each country and sorts by revenue", () => {
    expect(salesByCountry(sums).map((r) => [r.name, r.revenuePence])).toEqual([
      ["Germany", 25000],
      ["United Kingdom", 20000],
      ["Ireland", 9000],
      ["Japan", 6000],
      ["United States", 4500],
    ]);
  });

  it("adds the countries up by shipping zone", () => {
    expect(salesByZone(sums)).toEqual([
      { key: "europe", name: "Europe", orders: 3, records: 11, revenuePence: 34000 },
      { key: "uk", name: "United Kingdom", orders: 5, records: 9, revenuePence: 20000 },
      { key: "world", name: "Rest of the world", orders: 1, records: 2, revenuePence: 6000 },
      { key: "usa", name: "United States", orders: 1, records: 1, revenuePence: 4500 },
    ]);
  });

  it("writes a CSV with the revenue in pounds", () => {
    expect(destinationCsvRows("Zone", salesByZone(sums)).slice(0, 2)).toEqual([
      ["Zone", "Orders", "Records", "Revenue £"],
      ["Europe", 3, 11, "340.00"],
    ]);
  });
});
