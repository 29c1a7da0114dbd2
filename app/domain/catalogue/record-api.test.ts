import { describe, it, expect } from "vitest";
import { toApiTrack } from "./record-api";
import { makeRecord } from "./test-records";

const today = "2026-11-22";

describe("toApiTrack (spec §3 track shape)", () => {
  it("maps every field, with price as text and stock duplicated", () => {
    const record = makeRecord({
      id: 5,
      pricePence: 1200,
      stockQuantity: 9,
      physicalReleaseDate: "1959-09-01",
      coverUrl: "/images/covers/track-5.jpg",
    });
    expect(toApiTrack(record, today)).toEqual({
      id: 5,
      title: "Kind of Blue",
      artist: "Miles Davis",
      genre: "Jazz",
      coverUrl: "/images/covers/track-5.jpg",
      audioUrl: "/audio/track-1.mp3",
      duration: 30,
      isNewRelease: false,
      isPreOrder: false,
      description: "A modal jazz landmark.",
      price: "£12.00",
      label: "Columbia",
      format: "Vinyl LP",
      catalogNumber: "CL 1355",
      releaseDate: "1959-08-17",
      physical_release_date: "1959-09-01",
      stockQuantity: 9,
      stock: 9,
      year: 1959,
      rating: 4.8,
      bestSeller: false,
      condition: "new",
      limitPerCustomer: null,
      onSaleAt: null,
    });
  });

  it("carries a limited record's per-customer limit and on-sale time", () => {
    const track = toApiTrack(makeRecord({ limitPerCustomer: 1, onSaleAt: "2026-04-18T07:00:00.000Z" }), today);
    expect(track).toMatchObject({ limitPerCustomer: 1, onSaleAt: "2026-04-18T07:00:00.000Z" });
  });

  it("does not leak internal fields", () => {
    const track = toApiTrack(makeRecord(), today);
    expect(track).not.toHaveProperty("pricePence");
    expect(track).not.toHaveProperty("catalogueId");
    expect(track).not.toHaveProperty("updatedAt");
    expect(track).not.toHaveProperty("physicalReleaseDate");
  });

  it("applies the .ki cover display rule", () => {
    expect(toApiTrack(makeRecord({ coverUrl: "/c/a.ki" }), today).coverUrl).toBe("/c/a.jpg");
  });

  it("computes isPreOrder from the release date and today", () => {
    expect(toApiTrack(makeRecord({ releaseDate: "2026-11-23" }), today).isPreOrder).toBe(true);
    expect(toApiTrack(makeRecord({ releaseDate: today }), today).isPreOrder).toBe(false);
    expect(toApiTrack(makeRecord({ releaseDate: null }), today).isPreOrder).toBe(false);
  });

  it("formats prices with grouping and two decimals", () => {
    expect(toApiTrack(makeRecord({ pricePence: 199 }), today).price).toBe("£1.99");
    expect(toApiTrack(makeRecord({ pricePence: 123450 }), today).price).toBe("£1,234.50");
  });
});
