import { describe, expect, it } from "vitest";
import { likePattern, readSubscriberListQuery, subscriberListSearch } from "./subscriber-list";

describe("the subscriber list's query", () => {
  it("reads search, status and page, falling back to the defaults for anything odd", () => {
    expect(readSubscriberListQuery(new URLSearchParams("q= jazz &status=unsubscribed&page=3"))).toEqual({
      q: "jazz",
      status: "unsubscribed",
      page: 3,
    });
    expect(readSubscriberListQuery(new URLSearchParams("status=gone&page=-2&q="))).toEqual({ status: "all", page: 1 });
    expect(readSubscriberListQuery(new URLSearchParams(`q=${"x".repeat(101)}`)).q).toBeUndefined();
  });

  it("writes an address with the defaults left out", () => {
    expect(subscriberListSearch({ q: "a@b", status: "all", page: 1 })).toBe("?q=a%40b");
    expect(subscriberListSearch({ status: "subscribed", page: 2 })).toBe("?status=subscribed&page=2");
    expect(subscriberListSearch({})).toBe("");
  });

  it("escapes LIKE's wildcards so a search for 100% finds only that", () => {
    expect(likePattern("100%_Off\\")).toBe("%100\\%\\_off\\\\%");
  });
});
