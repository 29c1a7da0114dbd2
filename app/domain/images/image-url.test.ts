import { describe, expect, it } from "vitest";
import {
  albumImageUrl,
  COVER_WIDTHS,
  coverSrcSet,
  coverVariantUrl,
  parseCoverVariantPath,
  isShopImagePath,
  MAX_IMAGE_DIMENSION,
  MIN_IMAGE_DIMENSION,
  parseShopImagePath,
} from "./image-url";

describe("parseShopImagePath (the image endpoint's allowlist)", () => {
  it("accepts generated covers and public images", () => {
    expect(parseShopImagePath("/media/covers/track-1.jpg")).toEqual({ root: "covers", file: "track-1.jpg" });
    expect(parseShopImagePath("/media/covers/LP_2024.v2.jpg")).toEqual({ root: "covers", file: "LP_2024.v2.jpg" });
    expect(parseShopImagePath("/images/default-cover.jpg")).toEqual({ root: "images", file: "default-cover.jpg" });
    expect(parseShopImagePath("/images/hero.png")).toEqual({ root: "images", file: "hero.png" });
    expect(parseShopImagePath("/images/hero.webp")).toEqual({ root: "images", file: "hero.webp" });
  });

  it("accepts photos of used copies, as JPEG only", () => {
    expect(parseShopImagePath("/media/photos/3f9a0c1d2e4b5a69.jpg")).toEqual({ root: "photos", file: "3f9a0c1d2e4b5a69.jpg" });
    expect(parseShopImagePath("/media/photos/a.png")).toBeNull();
    expect(parseShopImagePath("/media/photos/../covers/track-1.jpg")).toBeNull();
    expect(parseShopImagePath("/media/photos/sub/a.jpg")).toBeNull();
  });

  it.each([
    "",
    "http://evil.example/a.jpg",
    "https://evil.example/media/covers/track-1.jpg",
    "//evil.example/a.jpg",
    "///media/covers/track-1.jpg",
    "http://127.0.0.1/media/covers/track-1.jpg",
    "http://[::1]/media/covers/track-1.jpg",
    "http://localhost/media/covers/track-1.jpg",
    "file:///etc/passwd",
    "data:image/png;base64,iVBORw0KGgo=",
    "javascript:alert(1)",
    "/media/covers/../../etc/passwd",
    "/media/covers/../covers/track-1.jpg",
    "/media/covers/a..b.jpg",
    "/media/covers/..jpg",
    "/media/covers/.hidden.jpg",
    "/media/covers/%2e%2e/secret.jpg",
    "/media/covers/..%2f..%2fetc%2fpasswd.jpg",
    "/media/covers%2ftrack-1.jpg",
    "/media/covers/track-1.jpg%00.png",
    "/media/covers\\track-1.jpg",
    "/images/..\\..\\server\\app.jpg",
    "/media/covers/track-1.jpg\0",
    "/media/covers/track-1\0.jpg",
    "/media/covers/track-1.jpg?x=1",
    "/media/covers/track-1.jpg#top",
    "/media/covers/track-1.jpg\n",
    " /media/covers/track-1.jpg",
    "/media/covers/track 1.jpg",
    "/media/covers/sub/track-1.jpg",
    "/media/covers/track-1.png",
    "/media/covers/track-1.JPG",
    "/media/covers/track-1.ki",
    "/media/audio/track-1.wav",
    "/media/resized/ab/abcdef.jpeg",
    "/MEDIA/covers/track-1.jpg",
    "media/covers/track-1.jpg",
    "/images/default-cover.svg",
    "/images/default-cover.gif",
    "/images/sub/a.jpg",
    "/favicon.ico",
    `/media/covers/${"a".repeat(300)}.jpg`,
  ])("rejects %j", (url) => {
    expect(parseShopImagePath(url)).toBeNull();
  });

  it("rejects values that are not text", () => {
    expect(parseShopImagePath(undefined)).toBeNull();
    expect(parseShopImagePath(["/media/covers/track-1.jpg"])).toBeNull();
  });
});

describe("isShopImagePath", () => {
  it("applies the '.ki' display rule first", () => {
    expect(isShopImagePath("/media/covers/track-1.ki")).toBe(true);
    expect(isShopImagePath("/media/covers/track-1.jpg")).toBe(true);
    expect(isShopImagePath("https://cdn.example.com/a.jpg")).toBe(false);
    expect(isShopImagePath(null)).toBe(false);
  });
});

describe("albumImageUrl", () => {
  it("builds a readable endpoint address in a fixed parameter order", () => {
    expect(albumImageUrl("/media/covers/track-1.jpg", { width: 320, height: 240, quality: 70, format: "webp" })).toBe(
      "/api/album-image?url=/media/covers/track-1.jpg&width=320&height=240&quality=70&format=webp",
    );
  });

  it("leaves out the default quality and absent options", () => {
    expect(albumImageUrl("/media/covers/track-1.jpg", { width: 320, quality: 85 })).toBe(
      "/api/album-image?url=/media/covers/track-1.jpg&width=320",
    );
  });

  it("shows '.ki' covers as '.jpg'", () => {
    expect(albumImageUrl("/media/covers/track-9.ki", { width: 160 })).toBe(
      "/api/album-image?url=/media/covers/track-9.jpg&width=160",
    );
  });

  it("rounds and clamps sizes and quality into the endpoint's ranges", () => {
    expect(albumImageUrl("/images/a.png", { width: 5, height: 99_999, quality: 0 })).toBe(
      `/api/album-image?url=/images/a.png&width=${MIN_IMAGE_DIMENSION}&height=${MAX_IMAGE_DIMENSION}&quality=1`,
    );
    expect(albumImageUrl("/images/a.png", { width: 320.6, quality: 140 })).toBe(
      "/api/album-image?url=/images/a.png&width=321&quality=100",
    );
  });

  it("escapes characters that would break a query string or a srcset", () => {
    const url = albumImageUrl("/odd path/a,b&c=d?.jpg", { width: 100 });
    expect(url).toBe("/api/album-image?url=/odd%20path/a%2Cb%26c%3Dd%3F.jpg&width=100");
    expect(new URL(url, "http://x").searchParams.get("url")).toBe("/odd path/a,b&c=d?.jpg");
  });
});

describe("coverSrcSet", () => {
  it("lists one candidate per width, narrowest first, at the short addresses", () => {
    expect(coverSrcSet("/media/covers/track-1.jpg", [320, 160], "avif")).toBe(
      "/img/160/avif/covers/track-1.jpg 160w, /img/320/avif/covers/track-1.jpg 320w",
    );
  });

  it("drops duplicates after clamping", () => {
    expect(coverSrcSet("/images/a.jpg", [10, 16, 2000], "webp")).toBe(
      "/img/16/webp/images/a.jpg 16w, /img/1600/webp/images/a.jpg 1600w",
    );
  });

  it("offers the default cover widths as a parseable srcset", () => {
    const candidates = coverSrcSet("/media/covers/track-1.jpg", COVER_WIDTHS, "webp").split(", ");
    expect(candidates).toHaveLength(COVER_WIDTHS.length);
    for (const [i, c] of candidates.entries()) {
      const [url, descriptor, ...rest] = c.split(" ");
      expect(rest).toEqual([]);
      expect(descriptor).toBe(`${COVER_WIDTHS[i]}w`);
      expect(url).toBe(`/img/${COVER_WIDTHS[i]}/webp/covers/track-1.jpg`);
    }
  });
});

describe("coverVariantUrl and parseCoverVariantPath", () => {
  it("round-trip every shop image, format and width", () => {
    for (const src of [
      "/media/covers/track-12.jpg",
      "/media/photos/0a1b2c.jpg",
      "/images/default-cover.jpg",
      "/images/slide-1.webp",
    ]) {
      for (const format of ["avif", "webp", "jpeg"] as const) {
        const url = coverVariantUrl(src, 240, format);
        expect(url.startsWith("/img/240/")).toBe(true);
        expect(parseCoverVariantPath(url.slice("/img".length))).toEqual({ url: src, width: 240, format });
      }
      // No format: the endpoint negotiates it.
      const negotiated = coverVariantUrl(src, 240);
      expect(negotiated).not.toMatch(/\/(avif|webp|jpeg)\//);
      expect(parseCoverVariantPath(negotiated.slice("/img".length))).toEqual({ url: src, width: 240, format: null });
    }
  });

  it("shows a '.ki' cover as '.jpg' and keeps the long form for images the endpoint cannot read", () => {
    expect(coverVariantUrl("/media/covers/track-2.ki", 160, "avif")).toBe("/img/160/avif/covers/track-2.jpg");
    expect(coverVariantUrl("/media/other/x.jpg", 160, "avif")).toBe(
      "/api/album-image?url=/media/other/x.jpg&width=160&format=avif",
    );
    expect(coverVariantUrl("/media/other/x.jpg", 160)).toBe("/api/album-image?url=/media/other/x.jpg&width=160");
    expect(coverVariantUrl("/media/covers/track-2.ki", 160)).toBe("/img/160/covers/track-2.jpg");
  });

  it("refuses anything the long form's allowlist refuses, and widths out of range", () => {
    for (const path of [
      "/160/avif/covers/..jpg",
      "/160/avif/covers/a..b.jpg",
      "/160/avif/covers/track-1.png",
      "/160/avif/covers/%2e%2e.jpg",
      "/160/avif/other/track-1.jpg",
      "/160/gif/covers/track-1.jpg",
      "/160/avif/avif/covers/track-1.jpg",
      "/160/covers/covers/track-1.jpg",
      "/15/avif/covers/track-1.jpg",
      "/1601/avif/covers/track-1.jpg",
      "/160/avif/covers/track-1.jpg/x",
      "/160/avif/images/a b.jpg",
      "/abc/avif/covers/track-1.jpg",
      "",
    ]) {
      expect(parseCoverVariantPath(path), path).toBeNull();
    }
  });
});
