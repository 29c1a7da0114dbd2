import { describe, it, expect } from "vitest";
import { absoluteUrl, productJsonLd, serializeJsonLd } from "./structured-data";
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

  it("includes the rating only when present", () => {
    expect(data.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 4.5, bestRating: 5, worstRating: 0 });
    expect(productJsonLd(makeRecord({ rating: null }), { origin, today })).not.toHaveProperty("aggregateRating");
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
