import { describe, expect, it } from "vitest";
import { generateCatalogue } from "../catalogue";
import { coverDesignFor, coverSvg, DESIGN_NAMES, escapeXml, SHARED_DESIGN_NAMES, SIGNATURE_DESIGNS } from "./cover-svg";
import { fitText, measure } from "./cover-text";

const tricky = {
  catalogueId: "track-7",
  title: `Rock & Roll <Live> "Quoted" 'Single'`,
  artist: "Björk & Sigur Rós",
  genre: "Rock",
};

describe("coverSvg", () => {
  it("produces a self-contained 600×600 SVG by default", () => {
    const svg = coverSvg(tricky);
    expect(svg.startsWith("<svg ")).toBe(true);
    expect(svg.endsWith("</svg>")).toBe(true);
    expect(svg).toContain('width="600" height="600"');
    expect(svg).not.toMatch(/href|@import|url\((?!#)/);
  });

  it("escapes title and artist text", () => {
    const svg = coverSvg(tricky);
    const text = svg.match(/<tspan[^>]*>[^<]*<\/tspan>/g)?.join("") ?? "";
    expect(text).toMatch(/&amp;|&lt;|&quot;|&apos;/);
    expect(svg).not.toContain("<Live>");
    expect(svg).not.toContain("& ");
    expect(svg).toMatch(/Bj(ö|Ö)rk|BJÖRK/);
    // Every "<" in the document starts a tag we wrote.
    for (const m of svg.matchAll(
      /<(?!\/?(svg|rect|circle|path|g|text|tspan|defs|linearGradient|radialGradient|stop|filter|feGaussianBlur)[\s>/])/g,
    )) {
      throw new Error(`stray "<" at ${m.index}: ${svg.slice(m.index, m.index + 30)}`);
    }
  });

  it("is deterministic per catalogue id and differs between ids", () => {
    expect(coverSvg(tricky)).toBe(coverSvg({ ...tricky }));
    expect(coverSvg(tricky)).not.toBe(coverSvg({ ...tricky, catalogueId: "track-8" }));
  });

  it("honours size and can draw every design family, even with empty or huge text", () => {
    expect(coverSvg({ ...tricky, size: 300 })).toContain('width="300" height="300"');
    const huge = "Supercalifragilisticexpialidocious ".repeat(12);
    for (const design of DESIGN_NAMES) {
      for (const title of ["", huge, "東京 ラブストーリー"]) {
        const svg = coverSvg({ ...tricky, title, artist: huge }, design);
        expect(svg).toContain("<text");
        expect(svg).not.toContain("NaN");
      }
    }
  });

  it("spreads catalogue ids over every family but the signature ones", () => {
    const seen = new Set(Array.from({ length: 300 }, (_, i) => coverDesignFor(`track-${i}`)));
    expect(seen).toEqual(new Set(SHARED_DESIGN_NAMES));
    expect(SHARED_DESIGN_NAMES.length).toBeGreaterThanOrEqual(DESIGN_NAMES.length - 1);
  });
});

describe("the seeded catalogue's sleeves", () => {
  // The shop's default SEED; covers follow catalogue ids, which every seed shares.
  const shop = generateCatalogue({ seed: 20261122, today: "2026-11-22" });
  /** The artwork alone: type and the per-sleeve id prefix removed, so only shapes and colours are compared. */
  const artwork = (svg: string) => svg.replace(/<text[\s\S]*?<\/text>/g, "").replace(/\bc[0-9a-z]+(?=[vgrl]\d*\b)/g, "id");

  it("keep each signature design for its own record only", () => {
    for (const [catalogueId, design] of Object.entries(SIGNATURE_DESIGNS)) {
      expect(
        shop.some((r) => r.catalogueId === catalogueId),
        catalogueId,
      ).toBe(true);
      const wearers = shop.filter((r) => coverDesignFor(r.catalogueId) === design).map((r) => r.catalogueId);
      expect(wearers).toEqual([catalogueId]);
    }
  });

  it("never repeat: no two records share the same artwork", () => {
    const seen = new Map<string, string>();
    for (const r of shop) {
      const art = artwork(coverSvg({ catalogueId: r.catalogueId, title: r.title, artist: r.artist, genre: r.genre ?? null }));
      expect(art).not.toMatch(/<text|#c[0-9a-z]+[vgrl]/);
      expect(seen.get(art), `${r.catalogueId} repeats ${seen.get(art)}`).toBeUndefined();
      seen.set(art, r.catalogueId);
    }
    expect(seen.size).toBe(shop.length);
  });
});

describe("cover text", () => {
  it("escapes XML specials and drops forbidden control characters", () => {
    expect(escapeXml(`a&b<c>"d"'e'\u0001`)).toBe("a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;");
  });

  it("fits text within its width and line limits, shrinking and then truncating", () => {
    for (const text of ["Blue Train", "The Rise and Fall of Ziggy Stardust and the Spiders from Mars", "x".repeat(200)]) {
      const fitted = fitText(text, { maxWidth: 300, maxLines: 3, maxSize: 60, minSize: 14, maxHeight: 120 });
      expect(fitted.lines.length).toBeLessThanOrEqual(3);
      expect(fitted.height).toBeLessThanOrEqual(120);
      for (const line of fitted.lines) expect(measure(line, fitted.size)).toBeLessThanOrEqual(300);
    }
    expect(fitText("Blue Train", { maxWidth: 520, maxLines: 3, maxSize: 60, minSize: 14 }).size).toBe(60);
  });
});
