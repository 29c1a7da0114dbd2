import { describe, expect, it } from "vitest";
import {
  addToCart,
  clearCart,
  EMPTY_CART,
  MAX_CART_LINES,
  MAX_DISCOUNT_CODE_LENGTH,
  MAX_LINE_QUANTITY,
  maxQuantityFor,
  normaliseDiscountCode,
  removeFromCart,
  setQuantity,
  withDiscountCode,
  type Cart,
} from "./cart";

const cartOf = (lines: [number, number][], discountCode: string | null = null): Cart => ({
  lines: lines.map(([recordId, quantity]) => ({ recordId, quantity })),
  discountCode,
});

/** A cart with records 1..n, one copy each. */
const cartWithLines = (n: number): Cart => cartOf(Array.from({ length: n }, (_, i) => [i + 1, 1] as [number, number]));

/** Freezes the cart and its lines, so any mutation in the code under test throws. */
function frozen(cart: Cart): Cart {
  cart.lines.forEach((l) => Object.freeze(l));
  Object.freeze(cart.lines);
  return Object.freeze(cart);
}

describe("cart limits", () => {
  it("are 50 lines, 10 copies a line and 32 characters of code", () => {
    expect(MAX_CART_LINES).toBe(50);
    expect(MAX_LINE_QUANTITY).toBe(10);
    expect(MAX_DISCOUNT_CODE_LENGTH).toBe(32);
  });

  it("the empty cart has no lines and no code", () => {
    expect(EMPTY_CART).toEqual({ lines: [], discountCode: null });
  });
});

describe("addToCart (spec §4)", () => {
  it("adds a new record with quantity 1", () => {
    expect(addToCart(EMPTY_CART, 7)).toEqual(cartOf([[7, 1]]));
  });

  it("adding the same record twice gives quantity 2 on one line", () => {
    expect(addToCart(addToCart(EMPTY_CART, 7), 7)).toEqual(cartOf([[7, 2]]));
  });

  it("keeps the order of lines and the code", () => {
    const cart = addToCart(addToCart(cartOf([[3, 1]], "SAVE10"), 9), 3);
    expect(cart).toEqual(
      cartOf(
        [
          [3, 2],
          [9, 1],
        ],
        "SAVE10",
      ),
    );
  });

  it("stops at 10 copies of one record", () => {
    let cart = EMPTY_CART;
    for (let i = 0; i < 12; i++) cart = addToCart(cart, 5);
    expect(cart).toEqual(cartOf([[5, 10]]));
  });

  it("holds at most 50 lines: a 51st record is not added, but a record already there still goes up", () => {
    const full = cartWithLines(50);
    expect(addToCart(full, 51).lines).toHaveLength(50);
    expect(addToCart(full, 51).lines.some((l) => l.recordId === 51)).toBe(false);
    const raised = addToCart(full, 50);
    expect(raised.lines).toHaveLength(50);
    expect(raised.lines.at(-1)).toEqual({ recordId: 50, quantity: 2 });
  });

  it("a 49-line cart takes one more record", () => {
    expect(addToCart(cartWithLines(49), 500).lines.at(-1)).toEqual({ recordId: 500, quantity: 1 });
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])("ignores the invalid record id %s", (id) => {
    const cart = cartOf([[1, 1]]);
    expect(addToCart(cart, id)).toEqual(cartOf([[1, 1]]));
  });

  it("does not change the cart it is given", () => {
    const cart = frozen(cartOf([[1, 1]], "SAVE10"));
    const added = addToCart(addToCart(cart, 1), 2);
    expect(added).toEqual(
      cartOf(
        [
          [1, 2],
          [2, 1],
        ],
        "SAVE10",
      ),
    );
    expect(cart).toEqual(cartOf([[1, 1]], "SAVE10"));
  });
});

describe("setQuantity (spec §4)", () => {
  it("sets the quantity of a line", () => {
    expect(
      setQuantity(
        cartOf([
          [1, 1],
          [2, 1],
        ]),
        2,
        4,
      ),
    ).toEqual(
      cartOf([
        [1, 1],
        [2, 4],
      ]),
    );
  });

  it.each([0, -1, -50, Number.NaN])("a quantity of %s removes the line", (q) => {
    expect(
      setQuantity(
        cartOf([
          [1, 3],
          [2, 1],
        ]),
        1,
        q,
      ),
    ).toEqual(cartOf([[2, 1]]));
  });

  it("caps the quantity at 10", () => {
    expect(setQuantity(cartOf([[1, 1]]), 1, 25)).toEqual(cartOf([[1, 10]]));
    expect(setQuantity(cartOf([[1, 1]]), 1, 10)).toEqual(cartOf([[1, 10]]));
  });

  it("drops a fraction: 2.7 copies is 2, 0.5 removes", () => {
    expect(setQuantity(cartOf([[1, 1]]), 1, 2.7)).toEqual(cartOf([[1, 2]]));
    expect(setQuantity(cartOf([[1, 1]]), 1, 0.5)).toEqual(cartOf([]));
  });

  it("adds a record that was not in the cart, capped", () => {
    expect(setQuantity(cartOf([[1, 1]]), 8, 3)).toEqual(
      cartOf([
        [1, 1],
        [8, 3],
      ]),
    );
    expect(setQuantity(EMPTY_CART, 8, 99)).toEqual(cartOf([[8, 10]]));
  });

  it("ignores an invalid id or a full cart when the record is not there yet", () => {
    expect(setQuantity(cartOf([[1, 1]]), -4, 3)).toEqual(cartOf([[1, 1]]));
    expect(setQuantity(cartOf([[1, 1]]), 0, 3)).toEqual(cartOf([[1, 1]]));
    expect(setQuantity(cartWithLines(50), 99, 2).lines).toHaveLength(50);
  });

  it("keeps the discount code", () => {
    expect(setQuantity(cartOf([[1, 1]], "SAVE10"), 1, 3).discountCode).toBe("SAVE10");
  });

  it("does not change the cart it is given", () => {
    const cart = frozen(
      cartOf([
        [1, 1],
        [2, 2],
      ]),
    );
    expect(setQuantity(cart, 2, 5)).toEqual(
      cartOf([
        [1, 1],
        [2, 5],
      ]),
    );
    expect(setQuantity(cart, 1, 0)).toEqual(cartOf([[2, 2]]));
    expect(cart).toEqual(
      cartOf([
        [1, 1],
        [2, 2],
      ]),
    );
  });
});

describe("removeFromCart and clearCart (spec §4)", () => {
  it("removes only the given record and keeps the code", () => {
    expect(
      removeFromCart(
        cartOf(
          [
            [1, 1],
            [2, 3],
          ],
          "SAVE10",
        ),
        1,
      ),
    ).toEqual(cartOf([[2, 3]], "SAVE10"));
  });

  it("removing a record that is not there changes nothing", () => {
    expect(removeFromCart(cartOf([[1, 1]]), 5)).toEqual(cartOf([[1, 1]]));
  });

  it("does not change the cart it is given", () => {
    const cart = frozen(
      cartOf([
        [1, 1],
        [2, 3],
      ]),
    );
    removeFromCart(cart, 1);
    expect(cart).toEqual(
      cartOf([
        [1, 1],
        [2, 3],
      ]),
    );
  });

  it("clearing empties the lines and resets the discount code", () => {
    expect(clearCart()).toEqual({ lines: [], discountCode: null });
  });

  it("each cleared cart is a new value, so changing one cannot change the next", () => {
    const a = clearCart();
    a.lines.push({ recordId: 1, quantity: 1 });
    expect(clearCart().lines).toEqual([]);
  });
});

describe("discount codes in the cart", () => {
  it("are trimmed and upper-cased", () => {
    expect(normaliseDiscountCode("  save10 ")).toBe("SAVE10");
    expect(normaliseDiscountCode("Vinyl-Ab12")).toBe("VINYL-AB12");
  });

  it("empty, blank or missing means no code", () => {
    expect(normaliseDiscountCode("")).toBeNull();
    expect(normaliseDiscountCode("   ")).toBeNull();
    expect(normaliseDiscountCode(null)).toBeNull();
    expect(normaliseDiscountCode(undefined)).toBeNull();
  });

  it("are cut to 32 characters", () => {
    expect(normaliseDiscountCode("a".repeat(40))).toBe("A".repeat(32));
  });

  it("withDiscountCode sets or clears the code without touching the lines", () => {
    const cart = frozen(cartOf([[1, 2]]));
    expect(withDiscountCode(cart, " save10")).toEqual(cartOf([[1, 2]], "SAVE10"));
    expect(withDiscountCode(cartOf([[1, 2]], "SAVE10"), "")).toEqual(cartOf([[1, 2]], null));
    expect(cart.discountCode).toBeNull();
  });
});

describe("maxQuantityFor", () => {
  it("is the stock, up to 10", () => {
    expect(maxQuantityFor({ stockQuantity: 3, isPreOrder: false })).toBe(3);
    expect(maxQuantityFor({ stockQuantity: 10, isPreOrder: false })).toBe(10);
    expect(maxQuantityFor({ stockQuantity: 25, isPreOrder: false })).toBe(10);
  });

  it("is 0 with no stock (or a negative count)", () => {
    expect(maxQuantityFor({ stockQuantity: 0, isPreOrder: false })).toBe(0);
    expect(maxQuantityFor({ stockQuantity: -2, isPreOrder: false })).toBe(0);
  });

  it("is 10 for a pre-order, whatever the stock on hand", () => {
    expect(maxQuantityFor({ stockQuantity: 0, isPreOrder: true })).toBe(10);
    expect(maxQuantityFor({ stockQuantity: 2, isPreOrder: true })).toBe(10);
  });
});

describe("typed codes are kept cookie-safe", () => {
  it("drops spaces and characters that are not letters, digits or hyphens", () => {
    expect(normaliseDiscountCode("save 10")).toBe("SAVE10");
    expect(normaliseDiscountCode("vinyl_ab12!")).toBe("VINYLAB12");
    expect(normaliseDiscountCode(" !! ")).toBeNull();
  });
});
