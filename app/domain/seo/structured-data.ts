/**
 * Spec §3 structured product data (schema.org Product as JSON-LD) for the
 * record detail page, plus a serializer that is safe inside a <script> tag.
 */
import { displayCoverUrl } from "~/domain/catalogue/cover";
import { penceToDecimalString } from "~/domain/shared/money";
import { isPreOrder } from "~/domain/catalogue/pre-order";
import { toIsoDate } from "~/domain/shared/dates";
import { SHIPPING_SMALL_PENCE } from "~/domain/cart/shipping";
import { recordPath } from "~/domain/catalogue/slug";
import type { RecordItem } from "~/domain/catalogue/types";

export type JsonLd = { [key: string]: JsonLdValue };
export type JsonLdValue = string | number | boolean | null | JsonLd | JsonLdValue[];

export interface JsonLdOptions {
  /** Site origin such as "https://needledrop.co.uk" — JSON-LD needs absolute URLs. */
  origin: string;
  today: string;
}

const SCHEMA = "https://schema.org/";

/** Relative paths are resolved against the origin; absolute URLs are kept. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  try {
    return new URL(pathOrUrl, origin).href;
  } catch {
    // Invalid origin: still produce something readable instead of throwing during render.
    return `${origin.replace(/\/+$/, "")}/${pathOrUrl.replace(/^\/+/, "")}`;
  }
}

function availability(record: RecordItem, today: string): string {
  if (isPreOrder(record.releaseDate, today)) return `${SCHEMA}PreOrder`;
  return record.stockQuantity > 0 ? `${SCHEMA}InStock` : `${SCHEMA}OutOfStock`;
}

export function productJsonLd(record: RecordItem, { origin, today }: JsonLdOptions): JsonLd {
  const name = `${record.title} by ${record.artist}`;
  const url = absoluteUrl(origin, recordPath(record));
  const cover = displayCoverUrl(record.coverUrl);
  const releaseDate = toIsoDate(record.releaseDate);
  const label = record.label?.trim();

  const offer: JsonLd = {
    "@type": "Offer",
    url,
    price: penceToDecimalString(record.pricePence),
    priceCurrency: "GBP",
    itemCondition: record.condition === "used" ? `${SCHEMA}UsedCondition` : `${SCHEMA}NewCondition`,
    availability: availability(record, today),
    shippingDetails: {
      "@type": "OfferShippingDetails",
      // A single record ships at the under-5-items rate: £4.00.
      shippingRate: { "@type": "MonetaryAmount", value: penceToDecimalString(SHIPPING_SMALL_PENCE), currency: "GBP" },
      shippingDestination: { "@type": "DefinedRegion", addressCountry: "GB" },
    },
  };
  if (releaseDate !== null && isPreOrder(releaseDate, today)) offer.availabilityStarts = releaseDate;

  const product: JsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name,
    sku: record.catalogNumber?.trim() || `VP-${record.id}`,
    url,
    description: record.description?.trim() || `${name} on vinyl.`,
    offers: offer,
  };
  if (cover !== "") product.image = absoluteUrl(origin, cover);
  // The record label is the closest thing a record has to a brand.
  if (label) product.brand = { "@type": "Brand", name: label };
  if (record.genre) product.category = record.genre;
  if (releaseDate !== null) product.releaseDate = releaseDate;
  // No review count is stored, so none is invented; the scale is 0–5.
  if (record.rating !== null && Number.isFinite(record.rating)) {
    product.aggregateRating = { "@type": "AggregateRating", ratingValue: record.rating, bestRating: 5, worstRating: 0 };
  }
  return product;
}

const UNSAFE_IN_SCRIPT: Readonly<Record<string, string>> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * JSON for a <script type="application/ld+json"> body. Escaping < > & stops a
 * title like "</script><script>…" from closing the tag; U+2028/9 are escaped
 * because older JavaScript parsers treat them as line breaks. The escapes are
 * valid JSON, so JSON.parse gives back the same value.
 */
export function serializeJsonLd(value: unknown): string {
  const json = JSON.stringify(value) ?? "null";
  return json.replace(/[<>&\u2028\u2029]/g, (ch) => UNSAFE_IN_SCRIPT[ch] ?? ch);
}
