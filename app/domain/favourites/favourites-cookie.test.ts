import { describe, expect, it } from "vitest";
import { decodeFavourites, encodeFavourites, FAVOURITES_COOKIE, MAX_VISITOR_FAVOURITES } from "./favourites-cookie";

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
