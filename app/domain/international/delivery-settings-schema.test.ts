import { describe, expect, it } from "vitest";
import {
  exchangeRateSchema,
  labelOriginSchema,
  packagingSchema,
  rateTableSchema,
  recordCustomsSchema,
} from "./delivery-settings-schema";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe("a rate table as the back office sends it", () => {
  const table = (bands: object[]) => ({ zone: "europe", service: "intl_standard", bands });

  it("reads grams and pounds into bands, leaves out blank rows and rows ticked to remove, sorts by weight", () => {
    const parsed = rateTableSchema.parse(
      table([
        { maxGrams: "1,000", price: "£12.50" },
        { maxGrams: "500", price: "9.5" },
        { maxGrams: "750", price: "11", remove: "on" },
        {},
        { maxGrams: "", price: "" },
      ]),
    );
    expect(parsed).toEqual({
      zone: "europe",
      service: "intl_standard",
      bands: [
        { zone: "europe", service: "intl_standard", maxGrams: 500, pricePence: 950 },
        { zone: "europe", service: "intl_standard", maxGrams: 1000, pricePence: 1250 },
      ],
    });
  });

  it("refuses a band without its weight or price, with the message beside the field", () => {
    const result = rateTableSchema.safeParse(table([{ maxGrams: "500" }, { price: "12" }]));
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["bands.0.price", "Enter the price in pounds, such as 9.50"],
      ["bands.1.maxGrams", "Enter the weight in whole grams, such as 750"],
    ]);
  });

  it("refuses nonsense weights and prices", () => {
    expect(messages(rateTableSchema.safeParse(table([{ maxGrams: "heavy", price: "9" }])))).toEqual([
      "Enter the weight in whole grams, such as 750",
    ]);
    expect(messages(rateTableSchema.safeParse(table([{ maxGrams: "0", price: "9" }])))).toEqual(["The weight must be 1–30000 g"]);
    expect(messages(rateTableSchema.safeParse(table([{ maxGrams: "500", price: "-1" }])))).toEqual([
      "Enter the price in pounds, such as 9.50",
    ]);
    expect(messages(rateTableSchema.safeParse(table([{ maxGrams: "500", price: "2000" }])))).toEqual([
      "The price must be £0–£1000",
    ]);
  });

  it("refuses a band listed twice, a heavier band that costs less, and a table left empty", () => {
    expect(
      messages(
        rateTableSchema.safeParse(
          table([
            { maxGrams: "500", price: "9" },
            { maxGrams: "500", price: "10" },
          ]),
        ),
      ),
    ).toEqual(["europe Royal Mail International Standard up to 500 g: this band is listed twice"]);
    expect(
      messages(
        rateTableSchema.safeParse(
          table([
            { maxGrams: "500", price: "9" },
            { maxGrams: "1000", price: "8" },
          ]),
        ),
      ),
    ).toEqual(["Up to 1000 g costs less than up to 500 g: a heavier parcel must not cost less"]);
    expect(messages(rateTableSchema.safeParse(table([{ maxGrams: "500", price: "9", remove: "on" }])))).toEqual([
      "Keep at least one band: a service with none would not be offered",
    ]);
  });

  it("refuses a service that does not go to the zone, and an unknown zone", () => {
    expect(
      messages(rateTableSchema.safeParse({ zone: "uk", service: "intl_tracked", bands: [{ maxGrams: "500", price: "9" }] })),
    ).toEqual(["uk Royal Mail International Tracked & Signed up to 500 g: that service does not go to this zone"]);
    expect(rateTableSchema.safeParse({ zone: "mars", service: "intl_tracked", bands: [] }).success).toBe(false);
  });

  it("refuses the UK's Tracked 48, which keeps the spec's rule and has no table", () => {
    expect(
      messages(rateTableSchema.safeParse({ zone: "uk", service: "tracked_48", bands: [{ maxGrams: "500", price: "4" }] })),
    ).toEqual(["Royal Mail Tracked 48 keeps the shop's rule (£4 under 5 records, £7 for 5 or more): it has no rate table"]);
  });
});

describe("the euro exchange rate", () => {
  it("reads euros per pound with up to four decimals and its date", () => {
    expect(exchangeRateSchema.parse({ eurPerGbp: " 1.1650 ", asOf: "2026-11-27" })).toEqual({
      eurPerGbp: "1.1650",
      asOf: "2026-11-27",
    });
  });

  it.each([["0"], ["10"], ["abc"], ["1,17"], ["-1.1"], ["1.123456"], [""]])("refuses %j", (rate) => {
    const result = exchangeRateSchema.safeParse({ eurPerGbp: rate, asOf: "2026-11-27" });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(["eurPerGbp"]);
  });

  it("refuses a date that is not a real one", () => {
    expect(messages(exchangeRateSchema.safeParse({ eurPerGbp: "1.16", asOf: "2026-02-30" }))).toEqual([
      "The rate's date must be a real date written YYYY-MM-DD, such as 2026-03-14",
    ]);
  });
});

describe("the packaging weight", () => {
  it("takes whole grams from 0 to 2000", () => {
    expect(packagingSchema.parse({ packagingGrams: "180" })).toEqual({ packagingGrams: 180 });
    expect(packagingSchema.safeParse({ packagingGrams: "2001" }).success).toBe(false);
    expect(packagingSchema.safeParse({ packagingGrams: "1.5" }).success).toBe(false);
    expect(packagingSchema.safeParse({ packagingGrams: "" }).success).toBe(false);
  });
});

describe("a label's country of origin", () => {
  it("takes a label and a country code", () => {
    expect(labelOriginSchema.parse({ label: " Blue Note ", countryCode: "us" })).toEqual({
      label: "Blue Note",
      countryCode: "US",
    });
  });
  it("refuses an unknown country and a blank label", () => {
    expect(messages(labelOriginSchema.safeParse({ label: "Blue Note", countryCode: "XX" }))).toEqual([
      "Choose a country from the list",
    ]);
    expect(messages(labelOriginSchema.safeParse({ label: " ", countryCode: "US" }))).toEqual(["Enter the label's name"]);
  });
});

describe("a record's customs facts", () => {
  it("leaves blanks as null (the defaults apply) and reads a tariff code however it is typed", () => {
    expect(recordCustomsSchema.parse({})).toEqual({ weightGrams: null, hsCode: null, originCountry: null });
    expect(recordCustomsSchema.parse({ weightGrams: "460", hsCode: "8523.80.90 00", originCountry: "de" })).toEqual({
      weightGrams: 460,
      hsCode: "8523809000",
      originCountry: "DE",
    });
  });

  it.each([["8523"], ["85238O"], ["85.23.80.90.00.11"], ["vinyl"]])("refuses the tariff code %j", (hsCode) => {
    expect(messages(recordCustomsSchema.safeParse({ hsCode }))).toEqual([
      "A tariff code is 6 to 10 digits, such as 852380 or 8523 80 90 00",
    ]);
  });

  it("refuses a weight that is no whole number of grams, and an unknown country", () => {
    expect(messages(recordCustomsSchema.safeParse({ weightGrams: "0" }))).toEqual(["The weight must be 1–30000 g"]);
    expect(messages(recordCustomsSchema.safeParse({ weightGrams: "230g" }))).toEqual([
      "Enter the weight in whole grams, such as 230",
    ]);
    expect(messages(recordCustomsSchema.safeParse({ originCountry: "Narnia" }))).toEqual(["Choose a country from the list"]);
  });
});
