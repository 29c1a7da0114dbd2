import { afterEach, describe, expect, it, vi } from "vitest";
import {
  decodeFavourites,
  encodeFavourites,
  FAVOURITES_COOKIE,
  MAX_VISITOR_FAVOURITES,
  readVisitorFavourites,
  visitorFavouritesCookie,
} from "./favourites-cookie";

describe("cookie name and limit", () => {
  it("are the shop's own", () => {
    expect(FAVOURITES_COOKIE).toBe("needledrop-favourites");
    expect(MAX_VISITOR_FAVOURITES).toBe(200);
  });
});

describe("favourites codec", () => {
  it("writes ids dot-separated, newest last, and reads them back", () => {
    expect(encodeFavourites([12, 45, 78])).toBe("12.45.78");
    expect(decodeFavourites("12.45.78")).toEqual([12, 45, 78]);
    expect(decodeFavourites(encodeFavourites([3, 1, 2]))).toEqual([3, 1, 2]);
  });

  it("an empty value is no favourites", () => {
    expect(encodeFavourites([])).toBe("");
    expect(decodeFavourites("")).toEqual([]);
  });

  it("keeps a duplicate once, at its first place", () => {
    expect(decodeFavourites("5.7.5.9.7")).toEqual([5, 7, 9]);
  });

  it("takes 200 ids, not 201", () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(".");
    expect(decodeFavourites(ids(200))).toHaveLength(200);
    expect(decodeFavourites(ids(201))).toBeNull();
  });

  it.each(["abc", "1..2", "1.2.", ".1", "0", "1.0", "-1", "1.-2", "1,2", "1234567890123456", "%7B%7D", "1 2"])(
    "refuses %j → null",
    (raw) => {
      expect(decodeFavourites(raw)).toBeNull();
    },
  );
});

/** A Cookie header holding `cookie`, or none. */
const request = (cookie?: string) => cookie ?? null;
const DELETE_FAVOURITES = "needledrop-favourites=; Max-Age=0; Path=/; SameSite=Lax; HttpOnly";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("visitor favourites", () => {
  it("no cookie: none, nothing to clear", () => {
    expect(readVisitorFavourites(request(), false)).toEqual({ value: [], discard: null });
  });

  it("reads the ids", () => {
    expect(readVisitorFavourites(request("needledrop-favourites=4.8.15"), false)).toEqual({ value: [4, 8, 15], discard: null });
  });

  it("a bad cookie: none, a Set-Cookie deleting it, and a warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(readVisitorFavourites(request("needledrop-favourites=1..x"), false)).toEqual({
      value: [],
      discard: DELETE_FAVOURITES,
    });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toBe(
      '[shopper-state] discarding an unreadable "needledrop-favourites" cookie (4 characters).',
    );
  });

  it("writes the ids; none deletes the cookie", () => {
    expect(visitorFavouritesCookie([4, 8], false)).toBe(
      "needledrop-favourites=4.8; Max-Age=7776000; Path=/; SameSite=Lax; HttpOnly",
    );
    expect(visitorFavouritesCookie([], false)).toBe(DELETE_FAVOURITES);
  });
});
