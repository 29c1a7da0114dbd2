import { describe, it, expect } from "vitest";
import * as domain from "./index";

describe("index re-exports", () => {
  it("exposes the public functions and constants", () => {
    const names = [
      "parsePrice", "formatPrice", "formatPence", "poundsToPence", "penceToPounds", "parsePriceToPence", "vatIncludedPence",
      "shippingPence", "grandTotalPence", "cartItemCount", "discountPence",
      "recordSlug", "recordIdentifier", "parseRecordIdentifier", "recordPath", "isCanonicalIdentifier",
      "stockState", "stockWording", "isLowStock", "isOutOfStock",
      "isPreOrder", "todayInLondon", "addDays", "formatDateGB",
      "shouldHideRecord", "visibleRecords", "DEFAULT_COVER_URL", "PLACEHOLDER_TITLES",
      "bestSellers", "newReleases", "uniqueByTitleArtist", "pickRandom", "mulberry32", "dailySeed", "pickOfTheDay",
      "NEW_RELEASE_WINDOW_DAYS", "HOME_LIST_SIZES",
      "FORMATS", "formatLabel", "formatLabelText",
      "GENRES", "genreColours", "genresWithAtLeast",
      "displayCoverUrl", "productJsonLd", "serializeJsonLd", "toApiTrack",
    ];
    for (const name of names) expect(domain, name).toHaveProperty(name);
  });

  it("does not export the test factory", () => {
    expect(domain).not.toHaveProperty("makeRecord");
  });
});
