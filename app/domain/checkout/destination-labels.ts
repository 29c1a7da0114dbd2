/**
 * How an order's delivery and VAT are worded wherever a shopper reads its totals (checkout, confirmation, the
 * order page and the confirmation mail), so that every place says the same thing.
 */
import { deliveryWindowText, type DeliveryEstimate } from "~/domain/checkout/delivery";
import { countryByCode, countryName } from "~/domain/international/countries";
import { deliveryService } from "~/domain/international/delivery-services";
import { ratePercentLabel } from "~/domain/international/destination-vat";
import type { VatLine } from "~/domain/international/destination-totals";
import { formatPence } from "~/domain/shared/money";

/** "Shipping (Royal Mail Tracked 48)"; the spec's "Shipping (Royal Mail)" when the service is not known. */
export function shippingLabel(serviceKey: string | null | undefined): string {
  const service = serviceKey ? deliveryService(serviceKey) : undefined;
  return service ? `Shipping (${service.name})` : "Shipping (Royal Mail)";
}

/** "Sent by Royal Mail International Standard to Ireland." */
export function deliveryLine(serviceKey: string | null | undefined, countryCode: string | null | undefined): string {
  const service = (serviceKey ? deliveryService(serviceKey)?.name : undefined) ?? "Royal Mail";
  return `Sent by ${service} to ${countryName(countryCode || "GB")}.`;
}

/**
 * When it should arrive: the shop's UK window (delivery.ts) inside the UK; abroad, the international service's
 * own time, which the UK promise does not cover.
 */
export function arrivalText(
  estimate: DeliveryEstimate,
  serviceKey: string | null | undefined,
  countryCode: string | null | undefined,
): string {
  const service = serviceKey ? deliveryService(serviceKey) : undefined;
  const zone = countryCode ? countryByCode(countryCode)?.zone : "uk";
  if (!service || zone === "uk" || zone === undefined) return deliveryWindowText(estimate);
  const from = estimate.preOrder ? "the day we send it (a pre-order leaves once released)" : "the day we send it";
  return `Estimated delivery by ${service.name}: ${service.days}, counted from ${from}.`;
}

/**
 * The VAT of an order as one line: "included" in a UK total (as before), "added" to the total under IOSS
 * ("VAT (Ireland 23%)"), or "none" for an export.
 */
export type VatLineText =
  | { kind: "included"; label: string; pence: number }
  | { kind: "added"; label: string; pence: number }
  | { kind: "none"; label: string };

export const EXPORT_VAT_LABEL = "No UK VAT (export)";

export function vatLineText(totals: { vatPence: number; vat?: VatLine | null }, margin = false): VatLineText {
  const vat = totals.vat;
  if (vat?.treatment === "ioss")
    return {
      kind: "added",
      label: `VAT (${countryName(vat.countryCode)} ${ratePercentLabel(vat.rateBasisPoints)})`,
      pence: totals.vatPence,
    };
  if (vat?.treatment === "export") return { kind: "none", label: EXPORT_VAT_LABEL };
  return {
    kind: "included",
    label: margin ? "Includes VAT (20%) on new records and shipping" : "Includes VAT (20%)",
    pence: totals.vatPence,
  };
}

/** The VAT line as one sentence of plain text (the mail): "VAT (Ireland 23%): £7.10". */
export function vatLinePlain(line: VatLineText): string {
  return line.kind === "none" ? line.label : `${line.label}: ${formatPence(line.pence)}`;
}
