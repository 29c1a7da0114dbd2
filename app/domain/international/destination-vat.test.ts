import { describe, expect, it } from "vitest";
import { countryByCode } from "./countries";
import {
  DOORSTEP_WARNING,
  EU_STANDARD_VAT_RATES,
  exportPricePence,
  ratePercentLabel,
  toEuroCents,
  vatNotice,
  vatOnNetPence,
  vatTreatment,
} from "./destination-vat";

const at = (code: string) => countryByCode(code)!;
const ONE_TO_ONE = { eurPerGbp: 1, asOf: "2026-11-01" };
const IOSS = "IM3720000001";

describe("the export price: price ÷ 1.2, to the nearest penny, a half penny up", () => {
  it.each([
    [2899, 2416], // 2415.83
    [1200, 1000], // exact
    [1999, 1666], // 1665.83
    [9999, 8333], // 8332.5: the half penny goes up
    [3, 3], // 2.5 → 3
    [1, 1], // 0.83
    [0, 0],
  ])("%i p → %i p", (price, expected) => {
    expect(exportPricePence(price)).toBe(expected);
  });
});

describe("the VAT treatment by destination", () => {
  const worth = (consignmentPence: number, iossNumber: string | null = IOSS) => ({
    consignmentPence,
    exchangeRate: ONE_TO_ONE,
    iossNumber,
  });

  it("the UK and the Isle of Man: UK VAT at 20%", () => {
    expect(vatTreatment(at("GB"), worth(100000))).toEqual({ kind: "uk", rateBasisPoints: 2000 });
    expect(vatTreatment(at("IM"), worth(100))).toEqual({ kind: "uk", rateBasisPoints: 2000 });
  });

  it("outside the EU (Jersey, the USA, Norway): an export", () => {
    for (const code of ["JE", "US", "NO"])
      expect(vatTreatment(at(code), worth(100))).toEqual({ kind: "export", reason: "outside_eu" });
  });

  it("the EU up to and including €150.00: the member state's VAT under IOSS; €150.01 is an export", () => {
    expect(vatTreatment(at("IE"), worth(15000))).toEqual({ kind: "ioss", countryCode: "IE", rateBasisPoints: 2300 });
    expect(vatTreatment(at("IE"), worth(15001))).toEqual({ kind: "export", reason: "over_ioss_limit" });
    expect(vatTreatment(at("FI"), worth(1))).toEqual({ kind: "ioss", countryCode: "FI", rateBasisPoints: 2550 });
  });

  it("the €150 uses the configured rate, to the nearest cent", () => {
    const rate = { eurPerGbp: 1.17, asOf: "2025-11-03" };
    expect(toEuroCents(12820, rate)).toBe(14999); // 14999.4
    expect(toEuroCents(12821, rate)).toBe(15001); // 15000.57
    expect(vatTreatment(at("DE"), { consignmentPence: 12820, exchangeRate: rate, iossNumber: IOSS }).kind).toBe("ioss");
    expect(vatTreatment(at("DE"), { consignmentPence: 12821, exchangeRate: rate, iossNumber: IOSS }).kind).toBe("export");
  });

  it("without an IOSS number every EU order is an export", () => {
    expect(vatTreatment(at("IE"), worth(1000, null))).toEqual({ kind: "export", reason: "no_ioss" });
  });

  it("has the 27 standard rates", () => {
    expect(Object.keys(EU_STANDARD_VAT_RATES)).toHaveLength(27);
    expect(EU_STANDARD_VAT_RATES.DE).toBe(1900);
    expect(ratePercentLabel(2550)).toBe("25.5%");
    expect(ratePercentLabel(2300)).toBe("23%");
  });
});

describe("VAT on a VAT-exclusive amount", () => {
  it("rounds to the nearest penny, a half penny up", () => {
    expect(vatOnNetPence(5932, 2300)).toBe(1364); // 1364.36
    expect(vatOnNetPence(50, 2300)).toBe(12); // 11.5
    expect(vatOnNetPence(1000, 1900)).toBe(190);
    expect(vatOnNetPence(0, 2300)).toBe(0);
  });
});

describe("what the shopper is told", () => {
  it("nothing in the UK; the VAT and its country under IOSS; the doorstep warning for an export, with why", () => {
    expect(vatNotice({ kind: "uk", rateBasisPoints: 2000 }, "United Kingdom")).toBeNull();
    expect(vatNotice({ kind: "ioss", countryCode: "IE", rateBasisPoints: 2300 }, "Ireland")).toContain(
      "VAT for Ireland (23%) is included in your total",
    );
    expect(vatNotice({ kind: "export", reason: "outside_eu" }, "United States")).toBe(DOORSTEP_WARNING);
    expect(vatNotice({ kind: "export", reason: "over_ioss_limit" }, "Germany")).toMatch(/more than €150.*charged on delivery/);
    expect(vatNotice({ kind: "export", reason: "no_ioss" }, "Ireland")).toMatch(/cannot collect EU VAT.*charged on delivery/);
  });
});
