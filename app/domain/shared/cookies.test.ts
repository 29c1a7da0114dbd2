import { describe, expect, it } from "vitest";
import { CART_COOKIE } from "~/domain/cart/cart-cookie";
import { FAVOURITES_COOKIE } from "~/domain/favourites/favourites-cookie";
import { readCookie, shopperCookie } from "./cookies";

describe("readCookie", () => {
  it("finds a cookie among others", () => {
    expect(readCookie("a=1; needledrop-cart=12x2.45x1~SAVE10; b=2", CART_COOKIE)).toBe("12x2.45x1~SAVE10");
    expect(readCookie("needledrop-favourites=1.2", FAVOURITES_COOKIE)).toBe("1.2");
  });

  it("is null when the header or the cookie is missing", () => {
    expect(readCookie(null, CART_COOKIE)).toBeNull();
    expect(readCookie(undefined, CART_COOKIE)).toBeNull();
    expect(readCookie("", CART_COOKIE)).toBeNull();
    expect(readCookie("other=1", CART_COOKIE)).toBeNull();
  });

  it("matches the whole name, not a prefix or suffix of another", () => {
    expect(readCookie("needledrop-cart-old=9x9; x-needledrop-cart=8x8", CART_COOKIE)).toBeNull();
  });

  it("keeps an empty value as empty text, and an = inside the value", () => {
    expect(readCookie("needledrop-cart=", CART_COOKIE)).toBe("");
    expect(readCookie("needledrop-cart=a=b", CART_COOKIE)).toBe("a=b");
  });
});

describe("shopperCookie", () => {
  it("keeps the state for 90 days (7,776,000 s), HttpOnly, Lax, for the whole site", () => {
    expect(shopperCookie(CART_COOKIE, "12x2", false)).toBe(
      "needledrop-cart=12x2; Max-Age=7776000; Path=/; SameSite=Lax; HttpOnly",
    );
  });

  it("adds Secure when asked", () => {
    expect(shopperCookie(FAVOURITES_COOKIE, "1.2", true)).toBe(
      "needledrop-favourites=1.2; Max-Age=7776000; Path=/; SameSite=Lax; HttpOnly; Secure",
    );
  });

  it("an empty value deletes the cookie", () => {
    expect(shopperCookie(CART_COOKIE, "", true)).toBe("needledrop-cart=; Max-Age=0; Path=/; SameSite=Lax; HttpOnly; Secure");
  });
});
