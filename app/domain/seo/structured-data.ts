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
import { DELIVERY_LEAD, WORKING_DAYS } from "~/domain/checkout/delivery";

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

export function productJsonLd(
  record: RecordItem,
  { origin, today, photos = [] }: JsonLdOptions & { /** A used copy's own photos, after its cover. */ photos?: string[] },
): JsonLd {
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
      deliveryTime: deliveryTimeJsonLd(isPreOrder(record.releaseDate, today)),
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
  const images = [cover, ...photos].filter((src) => src !== "").map((src) => absoluteUrl(origin, src));
  if (images.length > 0) product.image = images.length === 1 ? images[0]! : images;
  // The record label is the closest thing a record has to a brand.
  if (label) product.brand = { "@type": "Brand", name: label };
  if (record.genre) product.category = record.genre;
  if (releaseDate !== null) product.releaseDate = releaseDate;
  // No aggregateRating: the shop stores a staff rating but no count of reviews behind it, and search engines
  // reject a rating without ratingCount or reviewCount. A count is never invented.
  return product;
}

/** The delivery lead (app/domain/checkout/delivery.ts) as schema.org reads it: transit days, Monday to Friday. */
export function deliveryTimeJsonLd(preOrder: boolean): JsonLd {
  const { minDays, maxDays } = preOrder ? DELIVERY_LEAD.preOrder : DELIVERY_LEAD.standard;
  return {
    "@type": "ShippingDeliveryTime",
    businessDays: { "@type": "OpeningHoursSpecification", dayOfWeek: WORKING_DAYS.map((d) => `${SCHEMA}${d}`) },
    transitTime: { "@type": "QuantitativeValue", minValue: minDays, maxValue: maxDays, unitCode: "DAY" },
  };
}

/**
 * Spec §9 shop metadata, in one place: opening hours, price range, currency, locale and delivery lead.
 * Opening hours are 24-hour "HH:MM" in the shop's time zone (Europe/London).
 */
export const SHOP_METADATA = {
  name: "Needledrop",
  description: "An independent UK record shop selling new vinyl, reissues and pre-orders, posted by Royal Mail.",
  openingHours: [
    { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "17:30" },
    { days: ["Saturday"], opens: "10:00", closes: "16:00" },
  ],
  priceRange: "£5–£100",
  currency: "GBP",
  locale: "en_GB",
  country: "GB",
} as const;

/** The shop itself (schema.org Store, a LocalBusiness and so an Organization) for the home page. */
export function storeJsonLd(origin: string): JsonLd {
  const url = absoluteUrl(origin, "/");
  return {
    "@context": "https://schema.org",
    "@type": "Store",
    "@id": `${url}#store`,
    name: SHOP_METADATA.name,
    description: SHOP_METADATA.description,
    url,
    logo: absoluteUrl(origin, "/favicon.ico"),
    priceRange: SHOP_METADATA.priceRange,
    currenciesAccepted: SHOP_METADATA.currency,
    paymentAccepted: "Credit card, debit card",
    knowsLanguage: SHOP_METADATA.locale.replace("_", "-"),
    address: { "@type": "PostalAddress", addressCountry: SHOP_METADATA.country },
    areaServed: { "@type": "Country", name: "United Kingdom" },
    openingHoursSpecification: SHOP_METADATA.openingHours.map((h) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: h.days.map((d) => `${SCHEMA}${d}`),
      opens: h.opens,
      closes: h.closes,
    })),
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: "Vinyl records",
      url: absoluteUrl(origin, "/allvinyl"),
    },
    // The delivery promise, the same rule checkout states: standard and pre-order.
    hasShippingService: [false, true].map((preOrder) => ({
      "@type": "ShippingService",
      name: preOrder ? "Royal Mail, pre-orders (from release day)" : "Royal Mail",
      shippingConditions: {
        "@type": "ShippingConditions",
        shippingDestination: { "@type": "DefinedRegion", addressCountry: SHOP_METADATA.country },
        shippingRate: {
          "@type": "MonetaryAmount",
          value: penceToDecimalString(SHIPPING_SMALL_PENCE),
          currency: SHOP_METADATA.currency,
        },
        transitTime: deliveryTimeJsonLd(preOrder).transitTime as JsonLd,
      },
    })),
  };
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
