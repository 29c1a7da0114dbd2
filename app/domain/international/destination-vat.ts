/**
 * VAT by where the parcel goes (docs/decisions/0081). Pure rules, browser-safe.
 *
 * - The UK and the Isle of Man: prices as always, 20% UK VAT included.
 * - Everywhere else the sale is an export, zero-rated (HMRC VAT Notice 703, "Export of goods from the UK": goods
 *   sent by post to a customer abroad are zero-rated with evidence of export, which Royal Mail's customs declaration
 *   and proof of posting give). The shopper pays the price without UK VAT (exportPricePence) and is told that
 *   import duties and taxes may be charged on delivery.
 * - The EU: a consignment of intrinsic value up to €150 is sold under the Import One-Stop Shop when the shop has an
 *   IOSS number: the member state's standard VAT is charged at checkout and declared on the monthly IOSS return, and
 *   the parcel clears customs without a charge to the buyer (VAT Directive 2006/112/EC art. 369l-369x, inserted by
 *   Council Directive 2017/2455; European Commission, "Explanatory notes on VAT e-commerce rules", September 2020). Above €150, or
 *   without an IOSS number, the sale is an export like any other and the buyer pays import VAT and the carrier's fee.
 * - The €150 is the goods' intrinsic value: their price after discounts, without delivery (the Explanatory notes'
 *   "intrinsic value": the price of the goods, without transport and insurance unless included in the price). The VAT base under IOSS is the whole consideration, delivery included (Directive 2006/112/EC,
 *   art. 78(b)). Gift vouchers are multi-purpose vouchers, a way to pay rather than a discount (Directive
 *   2016/1065; HMRC VAT Notice 700/7), so they change neither the value nor the VAT.
 */
import { EU_MEMBER_STATES, type Country } from "./countries";

export type EuMemberState = (typeof EU_MEMBER_STATES)[number];

/** When the standard rates below were last checked against the European Commission's "VAT rates in the EU" list. */
export const EU_VAT_RATES_AS_OF = "2025-08-01";

/** Each member state's standard VAT rate, in basis points (2300 is 23%; Finland's 25.5% is 2550). */
export const EU_STANDARD_VAT_RATES: Readonly<Record<EuMemberState, number>> = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  HR: 2500,
  CY: 1900,
  CZ: 2100,
  DK: 2500,
  EE: 2400,
  FI: 2550,
  FR: 2000,
  DE: 1900,
  GR: 2400,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LV: 2100,
  LT: 2100,
  LU: 1700,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SK: 2300,
  SI: 2200,
  ES: 2100,
  SE: 2500,
};

/** The UK's standard rate, in basis points. */
export const UK_VAT_BASIS_POINTS = 2000;

/** IOSS covers consignments of an intrinsic value up to and including €150 (VAT Directive art. 369l). */
export const IOSS_LIMIT_EUR_CENTS = 15000;

/** How many euros a pound buys, and the day the rate was set (the back office updates it). */
export interface ExchangeRate {
  eurPerGbp: number;
  asOf: string;
}

/** The rate until the back office sets one: the ECB reference rate's level through 2025 (about €1.17 to the pound). */
export const DEFAULT_EXCHANGE_RATE: ExchangeRate = { eurPerGbp: 1.17, asOf: "2025-11-03" };

export type ExportReason = "outside_eu" | "over_ioss_limit" | "no_ioss";

export type VatTreatment =
  | { kind: "uk"; rateBasisPoints: number }
  | { kind: "export"; reason: ExportReason }
  | { kind: "ioss"; countryCode: EuMemberState; rateBasisPoints: number };

/**
 * The shopper pays the price without UK VAT: price ÷ 1.2, rounded to the nearest penny with a half penny rounded
 * up (the one rule, used for every line of every export, so the same record always costs the same abroad).
 */
export function exportPricePence(pricePence: number): number {
  return Math.floor((pricePence * 10 + 6) / 12);
}

/** Pence to euro cents at `rate`, to the nearest cent. */
export function toEuroCents(pence: number, rate: ExchangeRate): number {
  return Math.round(pence * rate.eurPerGbp);
}

/**
 * How a sale to `country` is taxed. `consignmentPence` is the goods' intrinsic value: their prices without UK VAT,
 * after any discount, without delivery. `iossNumber` is the shop's, or null when it has none.
 */
export function vatTreatment(
  country: Pick<Country, "code" | "vatArea">,
  {
    consignmentPence,
    exchangeRate,
    iossNumber,
  }: { consignmentPence: number; exchangeRate: ExchangeRate; iossNumber: string | null },
): VatTreatment {
  if (country.vatArea === "uk") return { kind: "uk", rateBasisPoints: UK_VAT_BASIS_POINTS };
  if (country.vatArea !== "eu") return { kind: "export", reason: "outside_eu" };
  if (!iossNumber) return { kind: "export", reason: "no_ioss" };
  if (toEuroCents(consignmentPence, exchangeRate) > IOSS_LIMIT_EUR_CENTS) return { kind: "export", reason: "over_ioss_limit" };
  const code = country.code as EuMemberState;
  return { kind: "ioss", countryCode: code, rateBasisPoints: EU_STANDARD_VAT_RATES[code] };
}

/** VAT at `rateBasisPoints` on a VAT-exclusive amount, to the nearest penny (a half penny up). */
export function vatOnNetPence(netPence: number, rateBasisPoints: number): number {
  return Math.floor((netPence * rateBasisPoints * 2 + 10000) / 20000);
}

/** A rate as people read it: "23%", "25.5%". */
export function ratePercentLabel(rateBasisPoints: number): string {
  return `${(rateBasisPoints / 100).toLocaleString("en-GB", { maximumFractionDigits: 2 })}%`;
}

/** What the shopper is told before paying, by how the sale is taxed. */
export const DOORSTEP_WARNING =
  "Prices are shown without UK VAT. Import duties, taxes and a handling fee may be charged on delivery: they are set by the destination country and paid by the recipient.";
export const NO_IOSS_NOTE = "We cannot collect EU VAT at checkout, so your parcel is sent as an export.";
export const OVER_IOSS_LIMIT_NOTE = "Your order is worth more than €150, so EU VAT cannot be collected at checkout.";

export function vatNotice(treatment: VatTreatment, countryName: string): string | null {
  switch (treatment.kind) {
    case "uk":
      return null;
    case "ioss":
      return `VAT for ${countryName} (${ratePercentLabel(treatment.rateBasisPoints)}) is included in your total and paid by us under the EU's Import One-Stop Shop: nothing more to pay on delivery.`;
    case "export":
      return treatment.reason === "no_ioss"
        ? `${NO_IOSS_NOTE} ${DOORSTEP_WARNING}`
        : treatment.reason === "over_ioss_limit"
          ? `${OVER_IOSS_LIMIT_NOTE} ${DOORSTEP_WARNING}`
          : DOORSTEP_WARNING;
  }
}
