import { describe, expect, it } from "vitest";
import { articleJsonLd } from "./article-json-ld";
import { parsePageParam } from "~/domain/shared/paging";
import { artistPath, postPath, tagLabel, tagPath } from "./paths";
import { pagedPath } from "~/domain/shared/paging";
import type { PostDetail } from "./types";

describe("magazine addresses", () => {
  it("encodes slugs, tags and artist names", () => {
    expect(postPath("kind-of-blue")).toBe("/blog/kind-of-blue");
    expect(tagPath("hi-fi")).toBe("/blog/tag/hi-fi");
    expect(artistPath("Bob Marley & The Wailers")).toBe("/blog/artist/Bob%20Marley%20%26%20The%20Wailers");
    expect(artistPath("AC/DC")).toBe("/blog/artist/AC%2FDC");
    expect(pagedPath("/blog", 1)).toBe("/blog");
    expect(pagedPath("/blog", 2)).toBe("/blog?page=2");
  });

  it("labels tags in title case", () => {
    expect(tagLabel("classic-albums")).toBe("Classic Albums");
    expect(tagLabel("jazz")).toBe("Jazz");
  });

  it("reads ?page strictly", () => {
    const page = (q: string) => parsePageParam(new URLSearchParams(q));
    expect(page("")).toBe(1);
    expect(page("page=2")).toBe(2);
    for (const bad of ["page=0", "page=-1", "page=1.5", "page=abc", "page=", "page=01", "page=9999999"])
      expect(page(bad), bad).toBeNull();
  });
});

describe("article structured data", () => {
  const post: PostDetail = {
    id: 1,
    slug: "kind-of-blue",
    title: "Kind of Blue </script>",
    artist: "Miles Davis",
    excerpt: "Why everyone starts here.",
    coverUrl: "/media/covers/kind-of-blue.ki",
    publishedAt: "2026-02-04",
    tags: ["jazz", "classic-albums"],
    readingMinutes: 3,
    html: "<p>x</p>",
    wordCount: 464,
  };

  it("is a BlogPosting by Needledrop about the artist, with absolute addresses", () => {
    const ld = articleJsonLd(post, "https://shop.example");
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: post.title,
      datePublished: "2026-02-04",
      author: { "@type": "Organization", name: "Needledrop" },
      image: ["https://shop.example/media/covers/kind-of-blue.jpg"],
      mainEntityOfPage: { "@type": "WebPage", "@id": "https://shop.example/blog/kind-of-blue" },
      about: { "@type": "MusicGroup", name: "Miles Davis" },
      wordCount: 464,
    });
  });

  it("falls back to the default cover", () => {
    expect(articleJsonLd({ ...post, coverUrl: null }, "https://shop.example").image).toEqual([
      "https://shop.example/images/default-cover.jpg",
    ]);
  });
});
