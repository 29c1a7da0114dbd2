import { describe, it, expect } from "vitest";
import { absoluteUrl, deliveryTimeJsonLd, productJsonLd, serializeJsonLd, storeJsonLd, type JsonLd } from "./structured-data";
import { makeRecord } from "~/domain/catalogue/test-records";

const origin = "https://needledrop.example";
const today = "2026-11-22";

describe("productJsonLd (spec §3 structured product data)", () => {
  const record = makeRecord({
    id: 42,
    title: "Kind of Blue",
    artist: "Miles Davis",
    pricePence: 1200,
    catalogNumber: "CL 1355",
    coverUrl: "/images/covers/track-42.ki",
    rating: 4.5,
    stockQuantity: 3,
    releaseDate: "1959-08-17",
  });
  const data = productJsonLd(record, { origin, today });

  it("is a schema.org Product named '{title} by {artist}'", () => {
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@type"]).toBe("Product");
    expect(data.name).toBe("Kind of Blue by Miles Davis");
  });

  it("takes the sku from the catalogue number, else 'VP-{id}'", () => {
    expect(data.sku).toBe("CL 1355");
    expect(productJsonLd(makeRecord({ id: 7, catalogNumber: null }), { origin, today }).sku).toBe("VP-7");
    expect(productJsonLd(makeRecord({ id: 8, catalogNumber: "  " }), { origin, today }).sku).toBe("VP-8");
  });

  it("uses absolute canonical and image URLs (with the .ki display rule)", () => {
    expect(data.url).toBe("https://needledrop.example/vinyl/42-miles-davis-kind-of-blue");
    expect(data.image).toBe("https://needledrop.example/images/covers/track-42.jpg");
    const remote = productJsonLd(makeRecord({ coverUrl: "https://cdn.example.com/a.jpg" }), { origin, today });
    expect(remote.image).toBe("https://cdn.example.com/a.jpg");
    expect(productJsonLd(makeRecord({ coverUrl: "" }), { origin, today })).not.toHaveProperty("image");
    // A used copy's photos follow its cover.
    expect(productJsonLd(makeRecord(), { origin, today, photos: ["/media/photos/0123456789abcdef0123.jpg"] }).image).toEqual([
      "https://needledrop.example/images/covers/track-1.jpg",
      "https://needledrop.example/media/photos/0123456789abcdef0123.jpg",
    ]);
  });

  it("offers the price in GBP as a 2-decimal string with £4.00 shipping to GB", () => {
    expect(data.offers).toEqual({
      "@type": "Offer",
      url: "https://needledrop.example/vinyl/42-miles-davis-kind-of-blue",
      price: "12.00",
      priceCurrency: "GBP",
      itemCondition: "https://schema.org/NewCondition",
      availability: "https://schema.org/InStock",
      shippingDetails: {
        "@type": "OfferShippingDetails",
        shippingRate: { "@type": "MonetaryAmount", value: "4.00", currency: "GBP" },
        shippingDestination: { "@type": "DefinedRegion", addressCountry: "GB" },
        deliveryTime: deliveryTimeJsonLd(false),
      },
    });
    const pricey = productJsonLd(makeRecord({ pricePence: 123456 }), { origin, today });
    expect(pricey.offers).toMatchObject({ price: "1234.56" });
  });

  it("marks used records as UsedCondition", () => {
    const used = productJsonLd(makeRecord({ condition: "used" }), { origin, today });
    expect(used.offers).toMatchObject({ itemCondition: "https://schema.org/UsedCondition" });
  });

  it("availability: PreOrder for a future release, else by stock", () => {
    const preOrder = productJsonLd(makeRecord({ releaseDate: "2026-12-01", stockQuantity: 0 }), { origin, today });
    expect(preOrder.offers).toMatchObject({
      availability: "https://schema.org/PreOrder",
      availabilityStarts: "2026-12-01",
    });
    const releasedToday = productJsonLd(makeRecord({ releaseDate: today, stockQuantity: 0 }), { origin, today });
    expect(releasedToday.offers).toMatchObject({ availability: "https://schema.org/OutOfStock" });
    expect(releasedToday.offers).not.toHaveProperty("availabilityStarts");
    const inStock = productJsonLd(makeRecord({ releaseDate: null, stockQuantity: 1 }), { origin, today });
    expect(inStock.offers).toMatchObject({ availability: "https://schema.org/InStock" });
  });

  it("never states a rating: no review count is stored, and a rating without one is rejected", () => {
    expect(data).not.toHaveProperty("aggregateRating");
    expect(productJsonLd(makeRecord({ rating: null }), { origin, today })).not.toHaveProperty("aggregateRating");
  });

  it("promises the checkout's delivery lead: 1–5 working days, 1–14 for a pre-order", () => {
    const days = (r: JsonLd) => (((r.offers as JsonLd).shippingDetails as JsonLd).deliveryTime as JsonLd).transitTime as JsonLd;
    expect(days(data)).toMatchObject({ minValue: 1, maxValue: 5, unitCode: "DAY" });
    const pre = productJsonLd(makeRecord({ releaseDate: "2027-03-01", stockQuantity: 0 }), { origin, today });
    expect(days(pre)).toMatchObject({ minValue: 1, maxValue: 14 });
  });

  it("uses the label as brand and falls back to a default description", () => {
    expect(data.brand).toEqual({ "@type": "Brand", name: "Columbia" });
    const bare = productJsonLd(makeRecord({ label: null, description: null, genre: null }), { origin, today });
    expect(bare).not.toHaveProperty("brand");
    expect(bare).not.toHaveProperty("category");
    expect(bare.description).toBe("Kind of Blue by Miles Davis on vinyl.");
  });

  it("contains no undefined values (survives a JSON round trip unchanged)", () => {
    const bare = productJsonLd(makeRecord({ label: null, rating: null, releaseDate: null }), { origin, today });
    expect(JSON.parse(JSON.stringify(bare))).toEqual(bare);
  });
});

describe("absoluteUrl", () => {
  it("resolves paths against the origin and keeps absolute URLs", () => {
    expect(absoluteUrl("https://a.example/", "/x/y.jpg")).toBe("https://a.example/x/y.jpg");
    expect(absoluteUrl("https://a.example", "x.jpg")).toBe("https://a.example/x.jpg");
    expect(absoluteUrl("https://a.example", "https://b.example/z.jpg")).toBe("https://b.example/z.jpg");
  });

  it("falls back to joining when the origin is not a URL", () => {
    expect(absoluteUrl("not a url/", "/x.jpg")).toBe("not a url/x.jpg");
  });
});

describe("serializeJsonLd", () => {
  const evil = "</script><script>alert(1)</script>";

  it("cannot break out of a script tag", () => {
    const out = serializeJsonLd(productJsonLd(makeRecord({ title: evil }), { origin, today }));
    expect(out).not.toContain("</script");
    expect(out).not.toContain("<");
    expect(out).not.toContain(">");
    expect(out).toContain("\\u003c/script\\u003e");
  });

  it("escapes &, U+2028 and U+2029", () => {
    const out = serializeJsonLd({ a: "R&B", b: "line\u2028sep\u2029para" });
    expect(out).toBe('{"a":"R\\u0026B","b":"line\\u2028sep\\u2029para"}');
    expect(out).not.toMatch(/[&\u2028\u2029]/);
  });

  it("round-trips through JSON.parse", () => {
    const value = productJsonLd(makeRecord({ title: evil, artist: "Sly & <the> Family\u2028Stone" }), { origin, today });
    expect(JSON.parse(serializeJsonLd(value))).toEqual(value);
  });

  it("serializes undefined as null", () => {
    expect(serializeJsonLd(undefined)).toBe("null");
  });
});

describe("storeJsonLd (spec §9 shop metadata)", () => {
  const store = storeJsonLd("https://needledrop.example");

  it("is a Store with the shop's opening hours", () => {
    expect(store["@type"]).toBe("Store");
    expect(store.url).toBe("https://needledrop.example/");
    expect(store.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].map((d) => `https://schema.org/${d}`),
        opens: "09:00",
        closes: "17:30",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["https://schema.org/Saturday"], opens: "10:00", closes: "16:00" },
    ]);
  });

  it("states price range, currency, language and the delivery lead", () => {
    expect(store).toMatchObject({ priceRange: "£5–£100", currenciesAccepted: "GBP", knowsLanguage: "en-GB" });
    const leads = (store.hasShippingService as JsonLd[]).map((s) => (s.shippingConditions as JsonLd).transitTime);
    expect(leads).toEqual([
      { "@type": "QuantitativeValue", minValue: 1, maxValue: 5, unitCode: "DAY" },
      { "@type": "QuantitativeValue", minValue: 1, maxValue: 14, unitCode: "DAY" },
    ]);
  });

  it("survives a hostile origin inside a <script>", () => {
    const text = serializeJsonLd(storeJsonLd("https://x.example/</script><script>alert(1)</script>"));
    expect(text).not.toMatch(/<\/script/i);
    expect(JSON.parse(text)["@type"]).toBe("Store");
  });
});
