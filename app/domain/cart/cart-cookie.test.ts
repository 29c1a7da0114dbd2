import { describe, expect, it } from "vitest";
import { addToCart, EMPTY_CART, withDiscountCode, type Cart } from "./cart";
import { CART_COOKIE, decodeCart, encodeCart } from "./cart-cookie";

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
    expect(encodeCart(cartOf([[12, 2], [45, 1]], "SAVE10"))).toBe("12x2.45x1~SAVE10");
    expect(encodeCart(cartOf([[12, 2], [45, 1]]))).toBe("12x2.45x1");
    expect(encodeCart(cartOf([], "SAVE10"))).toBe("~SAVE10");
    expect(encodeCart(EMPTY_CART)).toBe("");
  });
});

describe("decodeCart", () => {
  it("reads the format back", () => {
    expect(decodeCart("12x2.45x1~SAVE10")).toEqual(cartOf([[12, 2], [45, 1]], "SAVE10"));
    expect(decodeCart("7x10")).toEqual(cartOf([[7, 10]]));
    expect(decodeCart("~VINYL-AB12")).toEqual(cartOf([], "VINYL-AB12"));
  });

  it("an empty value is an empty cart (documented), not an error", () => {
    expect(decodeCart("")).toEqual({ lines: [], discountCode: null });
  });

  it.each([
    cartOf([[1, 1]]),
    cartOf([[12, 2], [45, 1], [999, 10]], "SAVE10"),
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
