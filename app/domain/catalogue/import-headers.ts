/**
 * Which record field a column of the shop's own kind of file holds, from its header read loosely: case, spaces,
 * underscores, hyphens, dots, "#" and a "(£)" do not count, and the names spreadsheets commonly give a column
 * ("Cat No", "Catalogue number", "Catalog #", "Release date", "Price (£)", "Qty") are known.
 */
import type { RecordFieldName } from "./record-fields";

/** Where a column's values go: a record field, the record's catalogue id, its opening stock or published flag. */
export type ImportTarget = RecordFieldName | "catalogueId" | "openingStock" | "published";

/** A header as a key: "Catalogue Number" → "catalogue_number", "catalogNumber" → "catalog_number". */
export function normaliseHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, "")
    .replace(/([a-z])([A-Z])/g, "$1_$2")
    .replace(/#/g, " number ")
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");
}

// Every name a column may go by, by target; matched with underscores taken out ("cat_no" and "catno" alike).
const NAMES: Record<ImportTarget, readonly string[]> = {
  catalogueId: ["catalogue_id", "catalog_id"],
  catalogNumber: [
    "catalogue_number",
    "catalog_number",
    "catalogue_no",
    "catalog_no",
    "catalogue_num",
    "catalog_num",
    "cat_no",
    "cat_number",
    "cat_num",
    "cat",
    "catalogue",
    "catalog",
  ],
  title: ["title", "album", "album_title", "record_title", "release_title"],
  artist: ["artist", "artist_name", "artists", "band", "performer"],
  genre: ["genre", "style", "genres"],
  price: ["price", "price_gbp", "gbp", "selling_price", "sale_price", "retail_price", "rrp", "price_inc_vat"],
  format: ["format", "media", "media_format", "formats"],
  label: ["label", "record_label", "label_name", "publisher"],
  releaseDate: ["release_date", "released", "date_released", "date"],
  physicalReleaseDate: ["physical_release_date", "physical_release", "street_date", "physical_date"],
  year: ["year", "release_year", "original_year"],
  condition: ["condition", "new_or_used", "new_used"],
  duration: ["duration", "preview_seconds", "preview_length", "preview"],
  rating: ["rating", "stars", "score"],
  isNewRelease: ["new_release", "is_new_release"],
  bestSeller: ["best_seller", "bestseller", "is_best_seller"],
  description: ["description", "notes", "comments", "details", "blurb"],
  openingStock: ["stock", "opening_stock", "quantity", "qty", "stock_quantity", "on_hand", "units", "in_stock"],
  published: ["published", "visible", "on_sale", "live"],
  discogsReleaseId: ["discogs_release_id", "discogs_release", "discogs_id"],
};

const compact = (name: string) => name.replace(/_/g, "");

const BY_NAME = new Map<string, ImportTarget>(
  (Object.entries(NAMES) as [ImportTarget, readonly string[]][]).flatMap(([target, names]) =>
    names.map((n) => [compact(n), target] as const),
  ),
);

/** The target of a column of the shop's kind of file, or undefined when it is not read. */
export function shopColumn(header: string): ImportTarget | undefined {
  const name = normaliseHeader(header)
    // "Price (£)", "Price GBP", "Price inc. VAT" are the price; a trailing currency word is dropped.
    .replace(/_(gbp|pounds|uk)$/, "");
  return BY_NAME.get(compact(name));
}
