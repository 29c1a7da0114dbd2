import { afterEach, describe, expect, it, vi } from "vitest";
import { addToCart, EMPTY_CART, withDiscountCode, type Cart } from "./cart";
import { CART_COOKIE, cartCookie, decodeCart, encodeCart, readCart } from "./cart-cookie";

const cartOf = (lines: [number, number][], discountCode: string | null = null): Cart => ({
  lines: lines.map(([recordId, quantity]) => ({ recordId, quantity })),
  discountCode,
});

/** "1x1.2x1.…" with n lines. */
const cartText = (n: number) => Array.from({ length: n }, (_, i) => `${i + 1}x1`).join(".");

describe("cookie name", () => {
  it("is the shop's own", () => {
    expect(CART_COOKIE).toBe("needledrop-cart");
  });
});

describe("encodeCart", () => {
  it("writes id × quantity, dot-separated, with the code after a tilde", () => {
    expect(
      encodeCart(
        cartOf(
          [
            [12, 2],
            [45, 1],
          ],
          "SAVE10",
        ),
      ),
    ).toBe("12x2.45x1~SAVE10");
    expect(
      encodeCart(
        cartOf([
          [12, 2],
          [45, 1],
        ]),
      ),
    ).toBe("12x2.45x1");
    expect(encodeCart(cartOf([], "SAVE10"))).toBe("~SAVE10");
    expect(encodeCart(EMPTY_CART)).toBe("");
  });
});

describe("decodeCart", () => {
  it("reads the format back", () => {
    expect(decodeCart("12x2.45x1~SAVE10")).toEqual(
      cartOf(
        [
          [12, 2],
          [45, 1],
        ],
        "SAVE10",
      ),
    );
    expect(decodeCart("7x10")).toEqual(cartOf([[7, 10]]));
    expect(decodeCart("~VINYL-AB12")).toEqual(cartOf([], "VINYL-AB12"));
  });

  it("reads a value once and hands every later reader the same frozen cart", () => {
    const first = decodeCart("31x2.32x1~KEPT");
    expect(decodeCart("31x2.32x1~KEPT")).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first!.lines)).toBe(true);
    expect(first!.lines.every((line) => Object.isFrozen(line))).toBe(true);
    // A cart built from it is a new cart; the kept one is unchanged.
    expect(addToCart(first!, 33).lines).toHaveLength(3);
    expect(decodeCart("31x2.32x1~KEPT")!.lines).toHaveLength(2);
  });

  it("an empty value is an empty cart (documented), not an error", () => {
    expect(decodeCart("")).toEqual({ lines: [], discountCode: null });
  });

  it.each([
    cartOf([[1, 1]]),
    cartOf(
      [
        [12, 2],
        [45, 1],
        [999, 10],
      ],
      "SAVE10",
    ),
    cartOf([], "A-1"),
    cartOf([[999_999_999_999_999, 3]], "X".repeat(32)),
    addToCart(addToCart(withDiscountCode(EMPTY_CART, " save10 "), 3), 3),
  ])("round-trips %j", (cart) => {
    expect(decodeCart(encodeCart(cart))).toEqual(cart);
  });

  it("takes exactly 50 lines", () => {
    expect(decodeCart(cartText(50))?.lines).toHaveLength(50);
  });

  it.each([
    ["letters", "abc"],
    ["a quantity of 0", "1x0"],
    ["a quantity over the cap of 10", "1x11"],
    ["a huge quantity", "1x999"],
    ["the same record twice", "1x1.1x2"],
    ["the same record twice, once with a leading zero", "01x1.1x1"],
    ["a negative id", "-1x1"],
    ["a zero id", "0x1"],
    ["a fractional quantity", "1x1.5"],
    ["51 lines", cartText(51)],
    ["60 lines", cartText(60)],
    ["a lower-case code", "1x1~save10"],
    ["a code with a space", "1x1~SAVE 10"],
    ["a code with odd characters", "1x1~SAVE_10!"],
    ["an empty code", "1x1~"],
    ["a code over 32 characters", `1x1~${"A".repeat(33)}`],
    ["two codes", "1x1~A~B"],
    ["a 16-digit id", "1234567890123456x1"],
    ["an id over the safe-integer range", "99999999999999999999x1"],
    ["URL-encoded JSON (an old format)", "%7B%22lines%22%3A%5B%5D%7D"],
    ["JSON", '{"lines":[]}'],
    ["a trailing dot", "1x1."],
    ["a leading dot", ".1x1"],
    ["a missing quantity", "1x"],
    ["a missing id", "x1"],
    ["a comma list", "1x1,2x1"],
    ["spaces", " 1x1"],
  ])("refuses %s → null", (_label, raw) => {
    expect(decodeCart(raw)).toBeNull();
  });
});

/** A Cookie header holding `cookie`, or none. */
const request = (cookie?: string) => cookie ?? null;
const DELETE_CART = "needledrop-cart=; Max-Age=0; Path=/; SameSite=Lax; HttpOnly";

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
      value: {
        lines: [
          { recordId: 12, quantity: 2 },
          { recordId: 45, quantity: 1 },
        ],
        discountCode: "SAVE10",
      },
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
