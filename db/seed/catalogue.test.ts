import { describe, expect, it } from "vitest";
import { FORMATS } from "../../app/domain/catalogue/formats";
import { isPlaceholderTitle, hasRealCover } from "../../app/domain/catalogue/hiding";
import { addDays } from "../../app/domain/shared/dates";
import { generateBenchRecords, generateCatalogue, TRACK_COUNT } from "./catalogue";
import { LABELS, NAMED_RECORDS, REAL_RECORDS } from "./content";
import { FORMAT_TRAITS } from "./record-traits";

const today = "2026-11-22";
const rows = generateCatalogue({ seed: 7, today });

describe("generateCatalogue", () => {
  it("holds the 7 named records then track-1 … track-757 (spec §9)", () => {
    expect(rows).toHaveLength(7 + TRACK_COUNT);
    expect(rows.slice(0, 7).map((r) => r.catalogueId)).toEqual(NAMED_RECORDS.map((n) => n.catalogueId));
    expect(rows[7]?.catalogueId).toBe("track-1");
    expect(rows.at(-1)?.catalogueId).toBe("track-757");
    expect(new Set(rows.map((r) => r.catalogueId)).size).toBe(rows.length);
  });

  it("is deterministic from the seed, and another seed gives another shop", () => {
    expect(generateCatalogue({ seed: 7, today })).toEqual(rows);
    const other = generateCatalogue({ seed: 8, today });
    expect(other.map((r) => r.pricePence)).not.toEqual(rows.map((r) => r.pricePence));
  });

  it("uses every real record it knows, with their facts", () => {
    const byKey = new Map(rows.map((r) => [`${r.artist}|${r.title}`, r]));
    for (const real of REAL_RECORDS) {
      const row = byKey.get(`${real.artist}|${real.title}`);
      expect(row, `${real.artist} – ${real.title}`).toBeDefined();
      expect(row?.label).toBe(real.label);
      expect(row?.year).toBe(real.year);
      expect(row?.genre).toBe(real.genre);
    }
  });

  it("sells every real record in its own format, priced within that format's band", () => {
    const byKey = new Map(rows.map((r) => [`${r.artist}|${r.title}`, r]));
    for (const real of [...REAL_RECORDS, ...NAMED_RECORDS]) {
      const row = byKey.get(`${real.artist}|${real.title}`)!;
      const what = `${real.artist} – ${real.title}`;
      expect(row.format, what).toBe(real.format);
      const band = FORMAT_TRAITS[real.format];
      expect(row.pricePence, what).toBeGreaterThanOrEqual(band.min);
      expect(row.pricePence, what).toBeLessThanOrEqual(band.max);
    }
  });

  it("prices every record within the band of its format", () => {
    for (const r of rows) {
      const band = FORMAT_TRAITS[r.format as keyof typeof FORMAT_TRAITS];
      expect(band, String(r.format)).toBeDefined();
      expect(r.pricePence, `${r.title} (${r.format})`).toBeGreaterThanOrEqual(band.min);
      expect(r.pricePence, `${r.title} (${r.format})`).toBeLessThanOrEqual(band.max);
    }
  });

  // 7 is this file's seed; 20261122 is the shop's default SEED.
  it.each([7, 20261122])("never dates a pressing before the record's original year (seed %i)", (seed) => {
    const shop = [...generateCatalogue({ seed, today }), ...generateBenchRecords({ seed, today, from: 764, count: 2000 })];
    const early = shop.filter((r) => r.releaseDate! < `${r.year}-01-01`);
    expect(early.map((r) => `${r.catalogueId} ${r.title}: ${r.year} pressed ${r.releaseDate}`)).toEqual([]);
    expect(shop.every((r) => Number.isInteger(r.year) && /^\d{4}-\d{2}-\d{2}$/.test(r.releaseDate!))).toBe(true);
  });

  it("prices every record between £5 and £100 in whole pence", () => {
    for (const r of rows) {
      expect(Number.isInteger(r.pricePence)).toBe(true);
      expect(r.pricePence).toBeGreaterThanOrEqual(500);
      expect(r.pricePence).toBeLessThanOrEqual(10_000);
    }
  });

  it("has stock levels of 0, 1–5, 6–10 and more", () => {
    const stock = rows.map((r) => r.stockQuantity ?? 0);
    expect(stock.some((s) => s === 0)).toBe(true);
    expect(stock.some((s) => s >= 1 && s <= 5)).toBe(true);
    expect(stock.some((s) => s >= 6 && s <= 10)).toBe(true);
    expect(stock.some((s) => s > 10)).toBe(true);
  });

  it("uses every format label of spec §9", () => {
    expect(new Set(rows.map((r) => r.format))).toEqual(new Set(FORMATS));
  });

  it("has new releases within 40 days, pre-orders in the future, and best sellers", () => {
    const windowStart = addDays(today, -40);
    const fresh = rows.filter((r) => r.releaseDate! >= windowStart && r.releaseDate! <= today);
    const future = rows.filter((r) => r.releaseDate! > today);
    expect(fresh.length).toBeGreaterThanOrEqual(10);
    expect(future.length).toBeGreaterThanOrEqual(10);
    expect(rows.filter((r) => r.bestSeller).length).toBeGreaterThanOrEqual(20);
    expect(future.every((r) => !r.bestSeller)).toBe(true);
  });

  it("keeps a few legacy rows for the hiding rule, and only a few", () => {
    expect(rows.filter((r) => isPlaceholderTitle(r.title)).length).toBe(3);
    expect(rows.filter((r) => !hasRealCover(r.coverUrl)).length).toBe(2);
  });

  it("points every other record at its own local cover and preview", () => {
    const first = rows[7]!;
    expect(first.coverUrl).toBe("/media/covers/track-1.jpg");
    expect(first.audioUrl).toBe("/media/audio/track-1.wav");
  });
});

describe("generateBenchRecords", () => {
  it("makes unique fictional records that borrow existing covers", () => {
    const bench = generateBenchRecords({ seed: 7, today, from: 764, count: 2000 });
    expect(bench).toHaveLength(2000);
    expect(new Set(bench.map((r) => `${r.artist}|${r.title}`)).size).toBe(2000);
    expect(bench.every((r) => /^\/media\/covers\/track-\d+\.jpg$/.test(r.coverUrl))).toBe(true);
    expect(bench[0]?.catalogueId).toBe("bench-764");
  });
});

describe("generated descriptions", () => {
  it('never write a band name ending in s as "…s\'s"', () => {
    const fictional = rows.filter((r) => (LABELS as readonly string[]).includes(r.label ?? ""));
    expect(fictional.filter((r) => r.artist.endsWith("s") && r.description?.includes(r.artist)).length).toBeGreaterThan(0);
    expect(fictional.some((r) => r.description?.includes(`${r.artist}'s`) && r.artist.endsWith("s"))).toBe(false);
  });
});
