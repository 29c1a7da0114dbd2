import { describe, expect, it } from "vitest";
import { DEFAULT_RATES, deliveryChoices, pickDelivery, rateTableProblems, type RateBand } from "./delivery-services";

const prices = (choices: { service: string; pricePence: number }[]) => choices.map((c) => [c.service, c.pricePence]);

describe("delivery choices", () => {
  it("the UK keeps the spec's rule for Tracked 48 (£4 under 5 items, £7 from 5), whatever the weight", () => {
    expect(prices(deliveryChoices("uk", { weightGrams: 710, itemCount: 2 }))).toEqual([
      ["tracked_48", 400],
      ["tracked_24", 695],
    ]);
    // Cheapest first: at 5 records Tracked 24's £6.95 undercuts Tracked 48's £7.
    expect(prices(deliveryChoices("uk", { weightGrams: 1400, itemCount: 5 }))).toEqual([
      ["tracked_24", 695],
      ["tracked_48", 700],
    ]);
    expect(prices(deliveryChoices("uk", { weightGrams: 12000, itemCount: 40 }))).toEqual([["tracked_48", 700]]);
  });

  it("abroad, each service is priced by the weight band the parcel falls in (the band's top included)", () => {
    expect(prices(deliveryChoices("europe", { weightGrams: 500, itemCount: 1 }))).toEqual([
      ["intl_standard", 950],
      ["intl_tracked", 1250],
    ]);
    expect(prices(deliveryChoices("europe", { weightGrams: 501, itemCount: 1 }))).toEqual([
      ["intl_standard", 1100],
      ["intl_tracked", 1400],
    ]);
    expect(prices(deliveryChoices("usa", { weightGrams: 710, itemCount: 2 }))).toEqual([
      ["intl_standard", 1550],
      ["intl_tracked", 1950],
    ]);
    expect(prices(deliveryChoices("world", { weightGrams: 2001, itemCount: 8 }))).toEqual([["intl_tracked", 4295]]);
  });

  it("a parcel too heavy for every service has no choices", () => {
    expect(deliveryChoices("europe", { weightGrams: 5001, itemCount: 20 })).toEqual([]);
    expect(pickDelivery([], "europe", "intl_tracked")).toBeNull();
  });

  it("reads its own rate table instead of the defaults", () => {
    const mine: RateBand[] = [{ zone: "europe", service: "intl_standard", maxGrams: 1000, pricePence: 800 }];
    expect(prices(deliveryChoices("europe", { weightGrams: 710, itemCount: 2 }, mine))).toEqual([["intl_standard", 800]]);
  });

  it("keeps the shopper's choice while it is offered, else the zone's default, else the cheapest", () => {
    const choices = deliveryChoices("europe", { weightGrams: 710, itemCount: 2 });
    expect(pickDelivery(choices, "europe", "intl_tracked")?.service).toBe("intl_tracked");
    expect(pickDelivery(choices, "europe", "tracked_24")?.service).toBe("intl_standard");
    expect(pickDelivery(choices, "europe", null)?.service).toBe("intl_standard");
    const heavy = deliveryChoices("europe", { weightGrams: 2500, itemCount: 9 });
    expect(pickDelivery(heavy, "europe", null)?.service).toBe("intl_tracked");
  });
});

describe("rate tables", () => {
  it("the defaults are sound", () => expect(rateTableProblems(DEFAULT_RATES)).toEqual([]));

  it("says what is wrong with a band", () => {
    expect(
      rateTableProblems([
        { zone: "uk", service: "intl_standard", maxGrams: 500, pricePence: 900 },
        { zone: "europe", service: "intl_standard", maxGrams: 0, pricePence: -1 },
        { zone: "usa", service: "intl_tracked", maxGrams: 500, pricePence: 1000 },
        { zone: "usa", service: "intl_tracked", maxGrams: 500, pricePence: 1100 },
      ]),
    ).toEqual([
      "uk Royal Mail International Standard up to 500 g: that service does not go to this zone",
      "europe Royal Mail International Standard up to 0 g: weight must be 1–30000 g",
      "europe Royal Mail International Standard up to 0 g: price must be £0–£1000",
      "usa Royal Mail International Tracked & Signed up to 500 g: this band is listed twice",
    ]);
  });
});
