/**
 * Worked examples (issue 41's report): two £28.99 LPs (230 g each, 460 g, and the 250 g mailer: a 710 g parcel) sent
 * to five places with the shop's default rates, the exchange rate €1.17 to the pound and an IOSS number. Berlin's
 * basket adds a £106.12 box set (1200 g) so the goods come to €160.00 without UK VAT. All amounts in pounds.
 *
 * | Line                   | Dublin (IE)        | Berlin (DE)          | New York (US)      | Jersey (JE)        | Belfast (GB)  |
 * |------------------------|--------------------|----------------------|--------------------|--------------------|---------------|
 * | Records' unit prices   | 24.16, 24.16       | 24.16, 24.16, 88.43  | 24.16, 24.16       | 24.16, 24.16       | 28.99, 28.99  |
 * | Items                  | 48.32              | 136.75               | 48.32              | 48.32              | 57.98         |
 * | Parcel                 | 710 g              | 1910 g               | 710 g              | 710 g              | 710 g         |
 * | Delivery (service)     | 11.00 (Intl Std)   | 16.95 (Intl Std)     | 15.50 (Intl Std)   | 4.00 (Tracked 48)  | 4.00 (T48)    |
 * | Goods in euros         | €56.53             | €160.00              | –                  | –                  | –             |
 * | VAT                    | 13.64 (IE 23%)     | 0.00 (export)        | 0.00 (export)      | 0.00 (export)      | 10.33 (in)    |
 * | Total                  | 72.96              | 153.70               | 63.82              | 52.32              | 61.98         |
 * | Treatment              | IOSS, nothing more | over €150: doorstep  | export: doorstep   | export, customs    | UK VAT 20%    |
 *
 * Unit prices abroad are the price ÷ 1.2 to the nearest penny (28.99 → 24.16; 106.12 → 88.43). Dublin's VAT is 23% of
 * goods and delivery: 23% × (48.32 + 11.00) = 13.6436 → 13.64. Belfast's VAT is the sixth of its total already in it:
 * 61.98 ÷ 6 = 10.33. Jersey posts at UK rates (the spec's £4 under 5 records) but is outside the UK VAT area.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_RATES } from "./delivery-services";
import { quoteDelivery } from "./delivery-quote";
import { destinationTotals } from "./destination-totals";
import { DEFAULT_EXCHANGE_RATE, vatNotice, vatTreatment, DOORSTEP_WARNING } from "./destination-vat";
import { recordWeightGrams, DEFAULT_PACKAGING_GRAMS } from "./parcel-weight";

const IOSS_NUMBER = "IM3720000001";
const LP = { pricePence: 2899, weightGrams: recordWeightGrams({ weightGrams: null, format: "Vinyl LP" }) };
const BOX_SET = { pricePence: 10612, weightGrams: recordWeightGrams({ weightGrams: null, format: "Vinyl Box Set" }) };
const TWO_LPS = [{ ...LP, quantity: 2 }];

/** The whole of an order's money as the cart and the order work it out: the delivery quote, then the totals. */
function workedExample(countryCode: string, lines: { pricePence: number; weightGrams: number; quantity: number }[]) {
  const quote = quoteDelivery({ countryCode, service: null }, lines, {
    rates: DEFAULT_RATES,
    packagingGrams: DEFAULT_PACKAGING_GRAMS,
  });
  const totals = destinationTotals(lines, () => 0, {
    country: quote.country,
    shippingPence: quote.chosen!.pricePence,
    exchangeRate: DEFAULT_EXCHANGE_RATE,
    iossNumber: IOSS_NUMBER,
  });
  return { weightGrams: quote.weightGrams, service: quote.chosen!.service, totals };
}

describe("worked examples: two £28.99 LPs", () => {
  it("the rate and parcel the examples assume", () => {
    expect(DEFAULT_EXCHANGE_RATE.eurPerGbp).toBe(1.17);
    expect(LP.weightGrams).toBe(230);
    expect(DEFAULT_PACKAGING_GRAMS).toBe(250);
  });

  it("to Dublin: Irish VAT at 23% under IOSS, nothing more on the doorstep", () => {
    expect(workedExample("IE", TWO_LPS)).toEqual({
      weightGrams: 710,
      service: "intl_standard",
      totals: {
        itemCount: 2,
        unitPrices: [2416],
        itemsPence: 4832,
        shippingPence: 1100,
        discountPence: 0,
        vatPence: 1364,
        totalPence: 7296,
        vat: { treatment: "ioss", countryCode: "IE", rateBasisPoints: 2300, consignmentEuroCents: 5653 },
      },
    });
    expect(vatNotice({ kind: "ioss", countryCode: "IE", rateBasisPoints: 2300 }, "Ireland")).toContain("nothing more to pay");
  });

  it("to Berlin with €160.00 of goods: over €150, no VAT at checkout, the doorstep warning", () => {
    expect(workedExample("DE", [...TWO_LPS, { ...BOX_SET, quantity: 1 }])).toEqual({
      weightGrams: 1910,
      service: "intl_standard",
      totals: {
        itemCount: 3,
        unitPrices: [2416, 8843],
        itemsPence: 13675,
        shippingPence: 1695,
        discountPence: 0,
        vatPence: 0,
        totalPence: 15370,
        vat: {
          treatment: "export",
          countryCode: "DE",
          rateBasisPoints: 0,
          exportReason: "over_ioss_limit",
          consignmentEuroCents: 16000,
        },
      },
    });
    const treatment = vatTreatment(
      { code: "DE", vatArea: "eu" },
      {
        consignmentPence: 13675,
        exchangeRate: DEFAULT_EXCHANGE_RATE,
        iossNumber: IOSS_NUMBER,
      },
    );
    expect(vatNotice(treatment, "Germany")).toContain(DOORSTEP_WARNING);
  });

  it("to New York: an export, US zone rates", () => {
    expect(workedExample("US", TWO_LPS)).toEqual({
      weightGrams: 710,
      service: "intl_standard",
      totals: {
        itemCount: 2,
        unitPrices: [2416],
        itemsPence: 4832,
        shippingPence: 1550,
        discountPence: 0,
        vatPence: 0,
        totalPence: 6382,
        vat: { treatment: "export", countryCode: "US", rateBasisPoints: 0 },
      },
    });
  });

  it("to Jersey: an export, posted at UK rates", () => {
    expect(workedExample("JE", TWO_LPS)).toEqual({
      weightGrams: 710,
      service: "tracked_48",
      totals: {
        itemCount: 2,
        unitPrices: [2416],
        itemsPence: 4832,
        shippingPence: 400,
        discountPence: 0,
        vatPence: 0,
        totalPence: 5232,
        vat: { treatment: "export", countryCode: "JE", rateBasisPoints: 0 },
      },
    });
  });

  it("to Belfast: the UK, as today", () => {
    expect(workedExample("GB", TWO_LPS)).toEqual({
      weightGrams: 710,
      service: "tracked_48",
      totals: {
        itemCount: 2,
        unitPrices: [2899],
        itemsPence: 5798,
        shippingPence: 400,
        discountPence: 0,
        vatPence: 1033,
        totalPence: 6198,
        vat: { treatment: "uk", countryCode: "GB", rateBasisPoints: 2000 },
      },
    });
  });
});
