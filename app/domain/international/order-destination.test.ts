import { describe, expect, it } from "vitest";
import { euroValueWords, vatLineWords } from "./order-destination";

describe("an order's VAT line in the back office", () => {
  it("says UK VAT is included, with its rate", () => {
    expect(vatLineWords({ treatment: "uk", countryCode: "GB", rateBasisPoints: 2000 })).toBe("UK VAT included (20%)");
  });

  it("names the member state and rate of an IOSS sale", () => {
    expect(vatLineWords({ treatment: "ioss", countryCode: "IE", rateBasisPoints: 2300, consignmentEuroCents: 6000 })).toBe(
      "IOSS: Ireland VAT at 23% added",
    );
    expect(vatLineWords({ treatment: "ioss", countryCode: "FI", rateBasisPoints: 2550 })).toBe(
      "IOSS: Finland VAT at 25.5% added",
    );
  });

  it("gives the reason an export was zero-rated", () => {
    expect(vatLineWords({ treatment: "export", countryCode: "US", rateBasisPoints: 0 })).toBe(
      "Zero-rated export: outside the EU",
    );
    expect(vatLineWords({ treatment: "export", countryCode: "DE", rateBasisPoints: 0, exportReason: "over_ioss_limit" })).toBe(
      "Zero-rated export: EU, goods over €150",
    );
    expect(vatLineWords({ treatment: "export", countryCode: "FR", rateBasisPoints: 0, exportReason: "no_ioss" })).toBe(
      "Zero-rated export: EU, no IOSS number",
    );
  });

  it("writes the goods' euro value with the rate and the day it was set", () => {
    expect(euroValueWords(17550, "1.17", "2025-11-03")).toBe("Goods €175.50 at €1.17 to the pound (rate of 3 November 2025)");
    expect(euroValueWords(undefined, null, null)).toBeNull();
  });
});
