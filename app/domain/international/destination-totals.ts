/**
 * An order's money for where it goes (docs/decisions/0081): the UK's totals as always (prices with 20% VAT in them,
 * delivery at the chosen service's price), or, for a parcel leaving the UK, every price without UK VAT, the
 * discount taken off those, the delivery added, and the destination's VAT added on top when the sale is under IOSS.
 */
import { orderTotalsWith, type OrderTotalsWithMargin, type PricedQuantity } from "~/domain/cart/order-totals";
import { cartItemCount, grandTotalPence } from "~/domain/cart/shipping";
import type { Country } from "./countries";
import { exportPricePence, vatOnNetPence, vatTreatment, type ExchangeRate, type ExportReason } from "./destination-vat";

/** The VAT of an order as its totals, pages and API show it: where, how and at what rate. */
export interface VatLine {
  /** "uk": included in the prices; "ioss": added at the destination's rate; "export": none (zero-rated). */
  treatment: "uk" | "export" | "ioss";
  /** The country whose VAT this is: GB for UK VAT, the member state under IOSS, the destination for an export. */
  countryCode: string;
  /** The rate, in basis points (2000 is 20%); 0 for an export. */
  rateBasisPoints: number;
  /** Why an export to the EU carries no VAT: over €150, or the shop has no IOSS number. */
  exportReason?: ExportReason;
  /** The goods' intrinsic value in euro cents, and the rate and its date it was worked out at (EU orders only). */
  consignmentEuroCents?: number;
}

export interface DestinationRules {
  country: Pick<Country, "code" | "vatArea">;
  /** The delivery's price, from the service chosen (delivery-services.ts). */
  shippingPence: number;
  exchangeRate: ExchangeRate;
  iossNumber: string | null;
}

export interface DestinationTotals extends OrderTotalsWithMargin {
  vat: VatLine;
  /** What each line's unit is charged, in the lines' order: the price, or without UK VAT for an export. */
  unitPrices: number[];
}

/** The unit price a shopper pays for a record priced `pricePence` (with UK VAT) when it goes to `country`. */
export function destinationUnitPence(pricePence: number, country: Pick<Country, "vatArea">): number {
  return country.vatArea === "uk" ? pricePence : exportPricePence(pricePence);
}

export function destinationTotals(
  lines: readonly PricedQuantity[],
  discountFor: (itemsPence: number) => number,
  rules: DestinationRules,
): DestinationTotals {
  const { country } = rules;
  if (country.vatArea === "uk") {
    const totals = orderTotalsWith(lines, discountFor, rules.shippingPence);
    return {
      ...totals,
      vat: { treatment: "uk", countryCode: "GB", rateBasisPoints: 2000 },
      unitPrices: lines.map((l) => l.pricePence),
    };
  }
  const unitPrices = lines.map((l) => destinationUnitPence(l.pricePence, country));
  const itemCount = cartItemCount(lines);
  const items = lines.reduce((sum, l, i) => sum + (l.quantity > 0 ? unitPrices[i]! * Math.floor(l.quantity) : 0), 0);
  const shipping = itemCount === 0 ? 0 : rules.shippingPence;
  const discount = Math.max(0, Math.min(items, Math.floor(discountFor(items))));
  const consignmentPence = items - discount;
  const treatment = vatTreatment(country, { consignmentPence, exchangeRate: rules.exchangeRate, iossNumber: rules.iossNumber });
  const consignmentEuroCents = country.vatArea === "eu" ? Math.round(consignmentPence * rules.exchangeRate.eurPerGbp) : undefined;
  const vatPence = treatment.kind === "ioss" ? vatOnNetPence(consignmentPence + shipping, treatment.rateBasisPoints) : 0;
  const total = grandTotalPence({ itemsPence: items + vatPence, shippingPence: shipping, discountPence: discount });
  const vat: VatLine =
    treatment.kind === "ioss"
      ? {
          treatment: "ioss",
          countryCode: treatment.countryCode,
          rateBasisPoints: treatment.rateBasisPoints,
          consignmentEuroCents,
        }
      : {
          treatment: "export",
          countryCode: country.code,
          rateBasisPoints: 0,
          ...(treatment.kind === "export" && treatment.reason !== "outside_eu" ? { exportReason: treatment.reason } : {}),
          ...(consignmentEuroCents === undefined ? {} : { consignmentEuroCents }),
        };
  return {
    itemCount,
    itemsPence: items,
    shippingPence: shipping,
    discountPence: discount,
    totalPence: total,
    vatPence,
    vat,
    unitPrices,
  };
}
