/**
 * The customs declaration (CN22 or CN23) of a parcel leaving the UK VAT area: the EU, the rest of the world, and
 * Jersey and Guernsey; never Great Britain, Northern Ireland or the Isle of Man (countries.ts). Pure: the packing
 * slip and the label print it, and the Click & Drop export sends the same contents.
 *
 * What the forms ask (Royal Mail, "Customs declarations"; UPU CN22/CN23): per item a detailed description, the
 * quantity, the net weight in kg, the value and currency, the HS tariff number and the country of origin; for the
 * parcel the category ("Sale of goods"), the total weight and value, the sender's EORI (and the IOSS number for an
 * EU parcel whose import VAT was collected at checkout), and on a CN23 the postage paid.
 */
import { countryByCode, countryName } from "./countries";
import { CUSTOMS_CATEGORY, CUSTOMS_DESCRIPTION, customsFacts, customsFormFor, type CustomsForm } from "./customs";
import { formatDefaultGrams } from "./parcel-weight";

export interface DeclarationOrder {
  orderNumber: string;
  countryCode: string;
  name: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  postalCode: string;
  /** The parcel's gross weight as weighed at checkout (records and packaging), if known. */
  parcelGrams: number | null;
  /** What the shopper paid for delivery: the postage a CN23 asks for. */
  shippingPence: number;
  iossNumber: string | null;
}

/** One order line as the order keeps it (customs snapshots taken when the order was placed). */
export interface DeclarationLineInput {
  title: string;
  artist: string;
  quantity: number;
  /** What one copy sold for: ex-UK-VAT for an export. */
  unitPricePence: number;
  weightGrams: number | null;
  hsCode: string | null;
  originCountry: string | null;
}

export interface DeclarationLine {
  description: string;
  quantity: number;
  netKg: number;
  valuePence: number;
  hsCode: string;
  originCountry: string;
}

export interface CustomsDeclaration {
  form: CustomsForm;
  category: typeof CUSTOMS_CATEGORY;
  lines: DeclarationLine[];
  totalValuePence: number;
  totalNetKg: number;
  /** The parcel with its packaging, or the records alone when the order kept no parcel weight. */
  grossKg: number;
  currency: "GBP";
  postagePence: number;
  senderEori: string | null;
  iossNumber: string | null;
  sender: readonly string[];
  recipient: string[];
}

export interface DeclarationSender {
  eoriNumber: string | null;
  address: readonly string[];
}

/** Grams as kilograms to the gram (a CN22 prints kg to three places). */
const kg = (grams: number) => Math.round(grams) / 1000;

/** Whether a parcel to this country needs a declaration: it leaves the UK VAT area. */
export function needsCustomsDeclaration(countryCode: string): boolean {
  return countryByCode(countryCode)?.customs ?? false;
}

export function customsDeclaration(
  order: DeclarationOrder,
  lines: readonly DeclarationLineInput[],
  sender: DeclarationSender,
): CustomsDeclaration | null {
  if (!needsCustomsDeclaration(order.countryCode)) return null;
  const declared = lines
    .filter((l) => l.quantity > 0)
    .map((l) => {
      // The line keeps its own tariff code and origin; the label's origin was already applied when it was placed.
      const facts = customsFacts({ hsCode: l.hsCode, originCountry: l.originCountry, label: null }, () => undefined);
      return {
        description: `${CUSTOMS_DESCRIPTION}: ${l.artist} – ${l.title}`,
        quantity: l.quantity,
        netKg: kg((l.weightGrams ?? formatDefaultGrams(null)) * l.quantity),
        valuePence: l.unitPricePence * l.quantity,
        hsCode: facts.hsCode,
        originCountry: facts.originCountry,
      };
    });
  const totalValuePence = declared.reduce((sum, l) => sum + l.valuePence, 0);
  const totalNetKg = kg(declared.reduce((sum, l) => sum + l.netKg * 1000, 0));
  return {
    form: customsFormFor(totalValuePence),
    category: CUSTOMS_CATEGORY,
    lines: declared,
    totalValuePence,
    totalNetKg,
    grossKg: order.parcelGrams ? kg(order.parcelGrams) : totalNetKg,
    currency: "GBP",
    postagePence: order.shippingPence,
    senderEori: sender.eoriNumber,
    iossNumber: order.iossNumber || null,
    sender: sender.address,
    recipient: [
      order.name,
      order.addressLine1,
      ...(order.addressLine2 ? [order.addressLine2] : []),
      order.city,
      order.postalCode,
      countryName(order.countryCode),
    ],
  };
}
