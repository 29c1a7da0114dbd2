import { describe, expect, it } from "vitest";
import { countryByCode } from "./countries";
import { destinationTotals, destinationUnitPence } from "./destination-totals";

const ONE_TO_ONE = { eurPerGbp: 1, asOf: "2026-11-01" };
const rules = (code: string, shippingPence: number, iossNumber: string | null = "IM3720000001") => ({
  country: countryByCode(code)!,
  shippingPence,
  exchangeRate: ONE_TO_ONE,
  iossNumber,
});
const none = () => 0;

describe("an order's totals by destination", () => {
  it("the UK: as always, the chosen service's price, VAT inside the total", () => {
    const t = destinationTotals([{ pricePence: 1200, quantity: 1 }], none, rules("GB", 695));
    expect(t).toEqual({
      itemCount: 1,
      itemsPence: 1200,
      shippingPence: 695,
      discountPence: 0,
      totalPence: 1895,
      vatPence: 316, // 1895 / 6 = 315.83
      vat: { treatment: "uk", countryCode: "GB", rateBasisPoints: 2000 },
      unitPrices: [1200],
    });
  });

  it("an export: prices without UK VAT, no VAT, the value in euros for the EU", () => {
    const t = destinationTotals([{ pricePence: 1200, quantity: 2 }], none, rules("IE", 1100, null));
    expect(t).toEqual({
      itemCount: 2,
      itemsPence: 2000,
      shippingPence: 1100,
      discountPence: 0,
      totalPence: 3100,
      vatPence: 0,
      vat: { treatment: "export", countryCode: "IE", rateBasisPoints: 0, exportReason: "no_ioss", consignmentEuroCents: 2000 },
      unitPrices: [1000],
    });
    expect(destinationUnitPence(1200, countryByCode("IM")!)).toBe(1200);
  });

  it("a discount counts before the €150 test: €160 of goods less £20 is sold under IOSS", () => {
    const lines = [{ pricePence: 19200, quantity: 1 }]; // 16000 without UK VAT, €160.00 at one to one
    const full = destinationTotals(lines, none, rules("DE", 1250));
    expect(full.vat).toEqual({
      treatment: "export",
      countryCode: "DE",
      rateBasisPoints: 0,
      exportReason: "over_ioss_limit",
      consignmentEuroCents: 16000,
    });
    const discounted = destinationTotals(lines, () => 2000, rules("DE", 1250));
    expect(discounted).toEqual({
      itemCount: 1,
      itemsPence: 16000,
      shippingPence: 1250,
      discountPence: 2000,
      vatPence: 2898, // 19% of (14000 + 1250) = 2897.5, the half penny up
      totalPence: 16000 + 2898 + 1250 - 2000,
      vat: { treatment: "ioss", countryCode: "DE", rateBasisPoints: 1900, consignmentEuroCents: 14000 },
      unitPrices: [16000],
    });
  });

  it("an empty basket costs nothing anywhere", () => {
    expect(destinationTotals([], none, rules("US", 1550))).toMatchObject({ itemsPence: 0, shippingPence: 0, totalPence: 0 });
  });
});
