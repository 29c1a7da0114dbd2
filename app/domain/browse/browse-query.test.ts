import { describe, expect, it } from "vitest";
import { activeChips } from "./filter-chips";
import {
  browseTitle,
  canonicalBrowsePath,
  hrefWith,
  isIndexable,
  NO_FILTERS,
  penceToInput,
  toSearchParams,
  withoutEmptyParams,
  type BrowseQuery,
} from "./browse-query";
import { parseBrowseQuery } from "./browse-query-parse";
import { pageWindow, rangeText } from "./listing-text";

const parse = (search: string) => parseBrowseQuery(new URLSearchParams(search));
const base: BrowseQuery = { ...NO_FILTERS, sort: "newest", page: 1 };

describe("parseBrowseQuery", () => {
  it("reads every parameter, repeated ones as lists", () => {
    expect(
      parse(
        "q=%20miles%20%20davis%20&genre=Jazz&genre=Soul&format=Vinyl%20LP&label=Blue%20Note&decade=1950&decade=1960s&min=10&max=29.99&stock=1&sort=price-asc&page=3",
      ),
    ).toEqual({
      q: "miles davis",
      genres: ["Jazz", "Soul"],
      formats: ["Vinyl LP"],
      labels: ["Blue Note"],
      decades: [1950, 1960],
      minPence: 1000,
      maxPence: 2999,
      inStock: true,
      condition: "any",
      minGrade: null,
      sort: "price-asc",
      page: 3,
    });
  });

  it("reads the condition and the minimum grade; a grade asks for used copies", () => {
    expect(parse("condition=used")).toMatchObject({ condition: "used", minGrade: null });
    expect(parse("condition=NEW")).toMatchObject({ condition: "new", minGrade: null });
    expect(parse("grade=vg%2B")).toMatchObject({ condition: "used", minGrade: "VG+" });
    expect(parse("condition=new&grade=NM")).toMatchObject({ condition: "used", minGrade: "NM" });
    expect(parse("condition=mint&grade=excellent")).toMatchObject({ condition: "any", minGrade: null });
    expect(toSearchParams(parse("condition=used&grade=VG%2B")).toString()).toBe("grade=VG%2B");
    expect(toSearchParams(parse("condition=used")).toString()).toBe("condition=used");
    const chips = activeChips("/browse", parse("condition=used&grade=G%2B"));
    expect(chips.map((c) => [c.text, c.href])).toEqual([
      ["Used", "/browse"],
      ["Graded G+ or better", "/browse?condition=used"],
    ]);
  });

  it("defaults to everything, newest first, page 1", () => {
    expect(parse("")).toEqual(base);
  });

  it("drops bad values one by one instead of failing", () => {
    const q = parse(
      "genre=Jazz&genre=&format=Shellac&format=vinyl%20lp&decade=1940&decade=abc&decade=2020&min=ten&max=-5&stock=maybe&sort=loudest&page=0",
    );
    expect(q).toEqual({ ...base, genres: ["Jazz"], formats: ["Vinyl LP"], decades: [2020] });
    expect(parse("page=2.5").page).toBe(1);
    expect(parse("page=99999999").page).toBe(1);
    expect(parse("page=abc").page).toBe(1);
  });

  it("spells known genres the shop's way and keeps unknown ones", () => {
    expect(parse("genre=jazz&genre=HIP-HOP&genre=Ska").genres).toEqual(["Jazz", "Hip-Hop", "Ska"]);
    expect(parse("genre=Jazz&genre=jazz").genres).toEqual(["Jazz"]);
  });

  it("sorts by relevance by default only when there is search text", () => {
    expect(parse("q=blue").sort).toBe("relevance");
    expect(parse("sort=relevance").sort).toBe("newest");
    expect(parse("q=blue&sort=artist").sort).toBe("artist");
    expect(parse("q=%20%20").sort).toBe("newest");
  });

  it("reads prices in pounds, with or without a £, and swaps a reversed range", () => {
    expect(parse("min=£12.5").minPence).toBe(1250);
    expect(parse("min=0").minPence).toBe(0);
    expect(parse("min=50&max=10")).toMatchObject({ minPence: 1000, maxPence: 5000 });
    expect(parse("min=1e3").minPence).toBeNull();
    expect(parse("max=12.345").maxPence).toBeNull();
  });

  it("caps the search text", () => {
    expect(parse(`q=${"a".repeat(500)}`).q).toHaveLength(100);
  });
});

describe("query string writing", () => {
  it("round-trips through the canonical query string, defaults left out", () => {
    const q = parse("page=2&stock=on&genre=Soul&q=blue&sort=relevance&min=5&decade=1970&label=A%26M&format=Vinyl%202%C3%97LP");
    const text = toSearchParams(q).toString();
    expect(text).toBe("q=blue&genre=Soul&format=Vinyl+2%C3%97LP&label=A%26M&decade=1970&min=5&stock=1&page=2");
    expect(parse(text)).toEqual(q);
    expect(toSearchParams(base).toString()).toBe("");
  });

  it("hrefWith starts again at page 1 unless the page is what changes", () => {
    const q = { ...base, genres: ["Jazz"], page: 4 };
    expect(hrefWith("/browse", q, { genres: [] })).toBe("/browse");
    expect(hrefWith("/browse", q, { page: 5 })).toBe("/browse?genre=Jazz&page=5");
    expect(hrefWith("/browse", q, { sort: "artist" })).toBe("/browse?genre=Jazz&sort=artist");
  });

  it("hrefWith keeps the sort sensible when the search text goes", () => {
    const searched = parse("q=blue");
    expect(hrefWith("/browse", searched, { q: "" })).toBe("/browse");
    expect(hrefWith("/browse", parse("q=blue&sort=price-asc"), { q: "" })).toBe("/browse?sort=price-asc");
  });

  it("penceToInput shows what a shopper would type", () => {
    expect(penceToInput(1200)).toBe("12");
    expect(penceToInput(1250)).toBe("12.50");
    expect(penceToInput(null)).toBe("");
  });

  it("withoutEmptyParams tidies what a GET form sends", () => {
    expect(withoutEmptyParams(new URL("http://x/browse?q=&genre=Jazz&min=&max=%20"))).toBe("/browse?genre=Jazz");
    expect(withoutEmptyParams(new URL("http://x/browse?q=&min="))).toBe("/browse");
    expect(withoutEmptyParams(new URL("http://x/browse?genre=Jazz"))).toBeNull();
    expect(withoutEmptyParams(new URL("http://x/browse"))).toBeNull();
  });
});

describe("titles, canonical URLs and indexing", () => {
  it("names the page after the search or the one genre", () => {
    expect(browseTitle(parse("q=blue"))).toBe("Search results for “blue”");
    expect(browseTitle(parse("genre=Jazz"))).toBe("Jazz records");
    expect(browseTitle(parse("genre=Jazz&stock=1"))).toBe("Browse records");
    expect(browseTitle(parse(""))).toBe("Browse records");
  });

  it("lets search engines index the catalogue and single genres only", () => {
    expect(isIndexable(parse(""))).toBe(true);
    expect(isIndexable(parse("genre=Jazz&page=2"))).toBe(true);
    expect(isIndexable(parse("q=blue"))).toBe(false);
    expect(isIndexable(parse("genre=Jazz&genre=Soul"))).toBe(false);
    expect(isIndexable(parse("sort=artist"))).toBe(false);
    expect(isIndexable(parse("decade=1970"))).toBe(false);
  });

  it("points the canonical URL at the listing the page narrows", () => {
    expect(canonicalBrowsePath("/browse", parse("genre=Jazz&page=2"))).toBe("/browse?genre=Jazz&page=2");
    expect(canonicalBrowsePath("/browse", parse("genre=Jazz&decade=1970&page=2"))).toBe("/browse?genre=Jazz");
    expect(canonicalBrowsePath("/browse", parse("q=blue&genre=Jazz"))).toBe("/browse");
    expect(canonicalBrowsePath("/browse", parse("sort=price-asc&page=3"))).toBe("/browse");
  });
});

describe("active filter chips", () => {
  it("makes one removable chip per choice", () => {
    const q = parse("q=blue&genre=Jazz&genre=Soul&format=Vinyl%207-inch&decade=1960&label=Stax&min=10&stock=1&page=3");
    const chips = activeChips("/browse", q);
    expect(chips.map((c) => c.text)).toEqual(["“blue”", "Jazz", "Soul", '7" Vinyl', "1960s", "Stax", "From £10.00", "In stock"]);
    const jazz = chips.find((c) => c.text === "Jazz")!;
    expect(parse(jazz.href.split("?")[1] ?? "")).toEqual({ ...q, genres: ["Soul"], page: 1 });
    expect(chips.find((c) => c.key === "q")!.href).toBe(
      "/browse?genre=Jazz&genre=Soul&format=Vinyl+7-inch&label=Stax&decade=1960&min=10&stock=1",
    );
  });

  it("describes a price range both ways", () => {
    expect(activeChips("/browse", parse("min=10&max=20")).map((c) => c.text)).toEqual(["£10.00–£20.00"]);
    expect(activeChips("/browse", parse("max=20")).map((c) => c.text)).toEqual(["Up to £20.00"]);
    expect(activeChips("/browse", parse(""))).toEqual([]);
  });
});

describe("paging helpers", () => {
  it("shows the first, the last and two pages either side, with gaps", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 40)).toEqual([1, null, 8, 9, 10, 11, 12, null, 40]);
    expect(pageWindow(4, 40)).toEqual([1, 2, 3, 4, 5, 6, null, 40]);
    expect(pageWindow(40, 40)).toEqual([1, null, 38, 39, 40]);
  });

  it("describes the range on screen", () => {
    expect(rangeText({ page: 2, limit: 24, total: 1234 })).toBe("Showing 25–48 of 1,234 records");
    expect(rangeText({ page: 1, limit: 24, total: 1 })).toBe("Showing 1–1 of 1 record");
    expect(rangeText({ page: 1, limit: 24, total: 0 })).toBe("No records");
  });
});
