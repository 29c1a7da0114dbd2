import { afterEach, describe, expect, it, vi } from "vitest";
import { cartCookie, readCart, readVisitorFavourites, visitorFavouritesCookie } from "./shopper-state.server";

const request = (cookie?: string) =>
  new Request("http://localhost/cart", { headers: cookie === undefined ? {} : { Cookie: cookie } });

const DELETE_CART = "needledrop-cart=; Max-Age=0; Path=/; SameSite=Lax; HttpOnly";
const DELETE_FAVOURITES = "needledrop-favourites=; Max-Age=0; Path=/; SameSite=Lax; HttpOnly";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("readCart", () => {
  it("no cookie: the empty cart, nothing to clear, nothing logged", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(readCart(request(), false)).toEqual({ value: { lines: [], discountCode: null }, discard: null });
    expect(warn).not.toHaveBeenCalled();
  });

  it("reads a good cookie among others", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(readCart(request("theme=dark; needledrop-cart=12x2.45x1~SAVE10"), false)).toEqual({
      value: { lines: [{ recordId: 12, quantity: 2 }, { recordId: 45, quantity: 1 }], discountCode: "SAVE10" },
      discard: null,
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it.each(["abc", "1x0", "1x11", "1x1.1x2", "-1x1", "1x1~save10", "%7B%22lines%22%3A%5B%5D%7D"])(
    "a bad cookie %j: the empty cart, a Set-Cookie deleting it, and a warning",
    (raw) => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      const result = readCart(request(`needledrop-cart=${raw}`), false);
      expect(result.value).toEqual({ lines: [], discountCode: null });
      expect(result.discard).toBe(DELETE_CART);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]![0]).toBe(
        `[shopper-state] discarding an unreadable "needledrop-cart" cookie (${raw.length} characters).`,
      );
    },
  );

  it("the deleting cookie is Secure on a secure site", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(readCart(request("needledrop-cart=abc"), true).discard).toBe(`${DELETE_CART}; Secure`);
  });

  it("does not echo the cookie's content into the log", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    readCart(request("needledrop-cart=SECRETGARBAGE"), false);
    expect(String(warn.mock.calls[0]![0])).not.toContain("SECRETGARBAGE");
  });
});

describe("cartCookie", () => {
  it("writes the cart", () => {
    expect(cartCookie({ lines: [{ recordId: 3, quantity: 2 }], discountCode: "SAVE10" }, true)).toBe(
      "needledrop-cart=3x2~SAVE10; Max-Age=7776000; Path=/; SameSite=Lax; HttpOnly; Secure",
    );
  });

  it("an empty cart deletes the cookie", () => {
    expect(cartCookie({ lines: [], discountCode: null }, false)).toBe(DELETE_CART);
  });
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
    expect(readVisitorFavourites(request("needledrop-favourites=1..x"), false)).toEqual({ value: [], discard: DELETE_FAVOURITES });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toBe('[shopper-state] discarding an unreadable "needledrop-favourites" cookie (4 characters).');
  });

  it("writes the ids; none deletes the cookie", () => {
    expect(visitorFavouritesCookie([4, 8], false)).toBe("needledrop-favourites=4.8; Max-Age=7776000; Path=/; SameSite=Lax; HttpOnly");
    expect(visitorFavouritesCookie([], false)).toBe(DELETE_FAVOURITES);
  });
});
