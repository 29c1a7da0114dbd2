/**
 * What the back office's delivery page and a record's customs section send, each checked by one schema: a zone's
 * rate table for one service, the packaging weight, the euro rate for the EU's €150 test, a label's country of
 * origin, and a record's own weight, tariff code and origin (blank = the defaults apply).
 */
import { poundsTextToPence } from "~/domain/catalogue/record-fields";
import { isIsoDate } from "~/domain/shared/dates";
import { z } from "~/domain/shared/zod";
import { countryByCode, type ShippingZone } from "./countries";
import { normaliseHsCode } from "./customs";
import { DELIVERY_SERVICE_KEYS, deliveryService, rateTableProblems, type RateBand } from "./delivery-services";

export const SHIPPING_ZONES = ["uk", "europe", "usa", "world"] as const satisfies readonly ShippingZone[];
export const ZONE_NAMES: Record<ShippingZone, string> = { uk: "UK", europe: "Europe", usa: "USA", world: "Rest of world" };

/** The most bands one service's table may have (Royal Mail's own tables have fewer than ten). */
export const MAX_BANDS = 20;
export const MAX_PARCEL_GRAMS = 30000;
export const MAX_PACKAGING_GRAMS = 2000;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const text = z.preprocess((v) => (blank(v) ? undefined : v), z.string().optional());
const ticked = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

const GRAMS = /^\d{1,3}(?:,?\d{3})*$/;
/** "750", "1,000" → grams; null when it is not a whole number. */
function gramsOf(value: string): number | null {
  const t = value.trim();
  return GRAMS.test(t) ? Number(t.replaceAll(",", "")) : null;
}

const bandRow = z.object({ maxGrams: text, price: text, remove: ticked.optional() }).optional();

export const NO_WEIGHT = "Enter the weight in whole grams, such as 750";
export const NO_PRICE = "Enter the price in pounds, such as 9.50";

/** One service's bands to one zone, as the page's table sends them: blank rows and rows ticked "remove" are left out. */
export const rateTableSchema = z
  .object({
    zone: z.enum(SHIPPING_ZONES, { error: "Choose a zone" }),
    service: z.enum(DELIVERY_SERVICE_KEYS, { error: "Choose a delivery service" }),
    bands: z
      .array(bandRow)
      .max(MAX_BANDS + 5, `At most ${MAX_BANDS} bands`)
      .default([]),
  })
  .transform(({ zone, service, bands }, ctx) => {
    if (service === "tracked_48") {
      ctx.addIssue({
        code: "custom",
        path: ["service"],
        message: "Royal Mail Tracked 48 keeps the shop's rule (£4 under 5 records, £7 for 5 or more): it has no rate table",
      });
      return z.NEVER;
    }
    const kept: RateBand[] = [];
    let bad = false;
    bands.forEach((row, i) => {
      if (!row || row.remove || (row.maxGrams === undefined && row.price === undefined)) return;
      const grams = row.maxGrams === undefined ? null : gramsOf(row.maxGrams);
      const pence = row.price === undefined ? null : poundsTextToPence(row.price);
      const fail = (field: string, message: string) => {
        bad = true;
        ctx.addIssue({ code: "custom", path: ["bands", i, field], message });
      };
      if (grams === null) fail("maxGrams", NO_WEIGHT);
      else if (grams < 1 || grams > MAX_PARCEL_GRAMS) fail("maxGrams", `The weight must be 1–${MAX_PARCEL_GRAMS} g`);
      if (pence === null) fail("price", NO_PRICE);
      else if (pence > 100000) fail("price", "The price must be £0–£1000");
      if (grams !== null && pence !== null) kept.push({ zone, service, maxGrams: grams, pricePence: pence });
    });
    if (bad) return z.NEVER;
    if (kept.length === 0) {
      ctx.addIssue({ code: "custom", message: "Keep at least one band: a service with none would not be offered" });
      return z.NEVER;
    }
    const problems = rateTableProblems(kept);
    for (const message of problems) ctx.addIssue({ code: "custom", message });
    if (problems.length > 0) return z.NEVER;
    kept.sort((a, b) => a.maxGrams - b.maxGrams);
    for (let i = 1; i < kept.length; i++) {
      const [lighter, heavier] = [kept[i - 1]!, kept[i]!];
      if (heavier.pricePence < lighter.pricePence)
        ctx.addIssue({
          code: "custom",
          message: `Up to ${heavier.maxGrams} g costs less than up to ${lighter.maxGrams} g: a heavier parcel must not cost less`,
        });
    }
    return { zone, service, bands: kept };
  });

export type RateTableInput = z.output<typeof rateTableSchema>;

/** The services a zone's rate tables are kept for: all that go there but the UK's Tracked 48 (the spec's rule). */
export function ratedServices(zone: ShippingZone) {
  return DELIVERY_SERVICE_KEYS.filter((key) => key !== "tracked_48" && deliveryService(key)?.zones.some((z) => z === zone));
}

const wholeGrams = (min: number, max: number, example: number) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z
      .string({ error: `Enter the weight in whole grams, such as ${example}` })
      .trim()
      .regex(/^\d{1,6}$/, `Enter the weight in whole grams, such as ${example}`)
      .transform(Number)
      .refine((n) => n >= min && n <= max, `The weight must be ${min}–${max} g`),
  );

export const packagingSchema = z.object({ packagingGrams: wholeGrams(0, MAX_PACKAGING_GRAMS, 250) });

const BAD_RATE = "Enter how many euros a pound buys, such as 1.1650";
/** Euros a pound buys: four decimals at most, and a rate a pound has been anywhere near (refuses 0, 10, 1.17 typed as 117). */
export const exchangeRateSchema = z.object({
  eurPerGbp: z
    .string({ error: BAD_RATE })
    .trim()
    .regex(/^\d{1,2}(?:\.\d{1,4})?$/, BAD_RATE)
    .refine((v) => Number(v) >= 0.5 && Number(v) <= 3, "A pound buys between €0.50 and €3.00: check the rate"),
  asOf: z
    .string({ error: "Enter the rate's date, such as 2026-03-14" })
    .trim()
    .refine(isIsoDate, "The rate's date must be a real date written YYYY-MM-DD, such as 2026-03-14"),
});

const countryCode = z
  .string({ error: "Choose a country from the list" })
  .trim()
  .transform((v, ctx) => {
    const country = countryByCode(v);
    if (!country) {
      ctx.addIssue({ code: "custom", message: "Choose a country from the list" });
      return z.NEVER;
    }
    return country.code;
  });

export const LABEL_MAX = 120;
const labelName = z
  .string({ error: "Enter the label's name" })
  .trim()
  .min(1, "Enter the label's name")
  .max(LABEL_MAX, `A label's name is at most ${LABEL_MAX} characters`);

/** A label's records are made in this country (a record's own origin wins). */
export const labelOriginSchema = z.object({ label: labelName, countryCode });
export const removeLabelOriginSchema = z.object({ label: labelName });

const BAD_HS = "A tariff code is 6 to 10 digits, such as 852380 or 8523 80 90 00";

/** A record's own shipping weight, tariff code and country of origin; blank leaves the default in force. */
export const recordCustomsSchema = z.object({
  weightGrams: wholeGrams(1, MAX_PARCEL_GRAMS, 230)
    .optional()
    .transform((v) => v ?? null),
  hsCode: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z
      .string({ error: BAD_HS })
      .max(40, BAD_HS)
      .transform((v, ctx) => {
        const code = normaliseHsCode(v);
        if (code === null) {
          ctx.addIssue({ code: "custom", message: BAD_HS });
          return z.NEVER;
        }
        return code;
      })
      .optional()
      .transform((v) => v ?? null),
  ),
  originCountry: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    countryCode.optional().transform((v) => v ?? null),
  ),
});

export type RecordCustoms = z.output<typeof recordCustomsSchema>;
