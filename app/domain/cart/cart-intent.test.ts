import { describe, expect, it } from "vitest";
import { EMPTY_CART, MAX_LINE_QUANTITY, type Cart } from "./cart";
import {
  ADDED_TO_CART_TOAST_MS,
  applyCartIntent,
  discountToast,
  needsRecordForSale,
  parseCartIntent,
  redirectAfterPost,
  type CartIntent,
} from "./cart-intent";

const cart = (lines: [number, number][], discountCode: string | null = null): Cart => ({
  lines: lines.map(([recordId, quantity]) => ({ recordId, quantity })),
  discountCode,
});
const intent = (input: Record<string, unknown>): CartIntent => {
  const parsed = parseCartIntent(input);
  if (!parsed.ok) throw new Error(parsed.toast.description);
  return parsed.intent;
};
const blueTrain = { title: "Blue Train", maxQuantity: 2 };

describe("parseCartIntent", () => {
  it("reads every intent from form fields", () => {
    const form = new FormData();
    form.set("intent", "add");
    form.set("recordId", "12");
    form.set("redirectTo", "/vinyl/12-x");
    expect(parseCartIntent(form)).toEqual({ ok: true, intent: { intent: "add", recordId: 12 } });
    expect(intent({ intent: "set", recordId: "3", quantity: " -2 " })).toEqual({ intent: "set", recordId: 3, quantity: -2 });
    expect(intent({ intent: "apply-code", code: " vinyl10-abc234 " })).toEqual({ intent: "apply-code", code: "vinyl10-abc234" });
    for (const name of ["increment", "decrement", "remove"])
      expect(intent({ intent: name, recordId: "7" })).toEqual({ intent: name, recordId: 7 });
    expect(intent({ intent: "clear" })).toEqual({ intent: "clear" });
    expect(intent({ intent: "remove-code" })).toEqual({ intent: "remove-code" });
  });

  it("refuses unknown intents and bad ids with a general message", () => {
    for (const bad of [
      { intent: "steal" },
      { intent: "add" },
      { intent: "add", recordId: "0" },
      { intent: "add", recordId: "1e3" },
      {},
    ]) {
      const parsed = parseCartIntent(bad);
      expect(parsed.ok, JSON.stringify(bad)).toBe(false);
      if (!parsed.ok)
        expect(parsed.toast).toMatchObject({
          type: "error",
          description: "Sorry, we couldn't update your cart. Please try again.",
        });
    }
  });

  it("explains a bad quantity or code", () => {
    expect(parseCartIntent({ intent: "set", recordId: "1", quantity: "two" })).toMatchObject({
      ok: false,
      toast: { description: "Enter the quantity as a whole number." },
    });
    expect(parseCartIntent({ intent: "set", recordId: "1", quantity: "1.5" }).ok).toBe(false);
    expect(parseCartIntent({ intent: "apply-code", code: "   " })).toMatchObject({
      ok: false,
      toast: { description: "Enter a discount code." },
    });
    expect(parseCartIntent({ intent: "apply-code", code: "SAVE 10!" })).toMatchObject({
      ok: false,
      toast: { description: "Discount codes are letters, numbers and hyphens only." },
    });
  });
});

describe("needsRecordForSale", () => {
  it("looks the record up only for changes that can raise a quantity", () => {
    expect(needsRecordForSale(intent({ intent: "add", recordId: "1" }))).toBe(true);
    expect(needsRecordForSale(intent({ intent: "increment", recordId: "1" }))).toBe(true);
    expect(needsRecordForSale(intent({ intent: "set", recordId: "1", quantity: "2" }))).toBe(true);
    expect(needsRecordForSale(intent({ intent: "set", recordId: "1", quantity: "0" }))).toBe(false);
    expect(needsRecordForSale(intent({ intent: "decrement", recordId: "1" }))).toBe(false);
    expect(needsRecordForSale(intent({ intent: "clear" }))).toBe(false);
  });
});

describe("applyCartIntent: adding (spec §4)", () => {
  it("adds a new record with quantity 1 and says so for 3000 ms", () => {
    const { cart: next, toast } = applyCartIntent(EMPTY_CART, intent({ intent: "add", recordId: "5" }), blueTrain);
    expect(next.lines).toEqual([{ recordId: 5, quantity: 1 }]);
    expect(toast).toEqual({
      type: "success",
      title: "Added to cart",
      description: "Blue Train has been added to your cart.",
      duration: 3000,
    });
    expect(ADDED_TO_CART_TOAST_MS).toBe(3000);
  });

  it("raises the quantity of a record already there by 1", () => {
    const { cart: next } = applyCartIntent(
      cart([
        [5, 1],
        [6, 1],
      ]),
      intent({ intent: "add", recordId: "5" }),
      blueTrain,
    );
    expect(next.lines).toEqual([
      { recordId: 5, quantity: 2 },
      { recordId: 6, quantity: 1 },
    ]);
  });

  it("never goes past what can be sold, and says why", () => {
    const start = cart([[5, 2]]);
    const { cart: next, toast } = applyCartIntent(start, intent({ intent: "add", recordId: "5" }), blueTrain);
    expect(next).toBe(start);
    expect(toast).toMatchObject({
      type: "error",
      title: "Only 2 in stock",
      description: 'Sorry, you can order at most 2 of "Blue Train".',
    });
    const atTen = applyCartIntent(cart([[5, 10]]), intent({ intent: "add", recordId: "5" }), {
      title: "Next Year",
      maxQuantity: MAX_LINE_QUANTITY,
    });
    expect(atTen.toast).toMatchObject({ title: "Quantity limit reached" });
  });

  it("brings a line down to the stock left when stock fell since it was added", () => {
    const { cart: next, toast } = applyCartIntent(cart([[5, 4]]), intent({ intent: "increment", recordId: "5" }), blueTrain);
    expect(next.lines).toEqual([{ recordId: 5, quantity: 2 }]);
    expect(toast?.type).toBe("error");
  });

  it("refuses a record out of stock or no longer in the shop, leaving the cart alone", () => {
    const start = cart([[9, 1]]);
    const out = applyCartIntent(start, intent({ intent: "add", recordId: "5" }), { title: "Kind of Blue", maxQuantity: 0 });
    expect(out.cart).toBe(start);
    expect(out.toast).toMatchObject({ type: "error", description: 'Sorry, "Kind of Blue" is out of stock.' });
    const gone = applyCartIntent(start, intent({ intent: "add", recordId: "5" }), null);
    expect(gone.cart).toBe(start);
    expect(gone.toast).toMatchObject({ type: "error", description: "Sorry, that record is no longer available." });
  });

  it("lets pre-orders go to the per-line limit (their maxQuantity), not the stock", () => {
    const preOrder = { title: "Next Year", maxQuantity: MAX_LINE_QUANTITY };
    const { cart: next, toast } = applyCartIntent(cart([[5, 9]]), intent({ intent: "add", recordId: "5" }), preOrder);
    expect(next.lines).toEqual([{ recordId: 5, quantity: 10 }]);
    expect(toast?.type).toBe("success");
  });

  it("+ adds one without a toast", () => {
    const { cart: next, toast } = applyCartIntent(cart([[5, 1]]), intent({ intent: "increment", recordId: "5" }), blueTrain);
    expect(next.lines).toEqual([{ recordId: 5, quantity: 2 }]);
    expect(toast).toBeNull();
  });
});

describe("applyCartIntent: lowering, setting, removing, clearing", () => {
  it("− takes one off, and at 1 removes the line", () => {
    expect(applyCartIntent(cart([[5, 2]]), intent({ intent: "decrement", recordId: "5" })).cart.lines).toEqual([
      { recordId: 5, quantity: 1 },
    ]);
    expect(applyCartIntent(cart([[5, 1]]), intent({ intent: "decrement", recordId: "5" })).cart.lines).toEqual([]);
    const start = cart([[5, 1]]);
    expect(applyCartIntent(start, intent({ intent: "decrement", recordId: "6" })).cart).toBe(start);
  });

  it("setting 0 or below removes the line (spec §4)", () => {
    for (const q of ["0", "-1", "-30"]) {
      expect(
        applyCartIntent(
          cart([
            [5, 2],
            [6, 1],
          ]),
          intent({ intent: "set", recordId: "5", quantity: q }),
        ).cart.lines,
      ).toEqual([{ recordId: 6, quantity: 1 }]);
    }
  });

  it("sets a quantity, lowering it to what can be sold", () => {
    expect(applyCartIntent(cart([[5, 1]]), intent({ intent: "set", recordId: "5", quantity: "2" }), blueTrain)).toEqual({
      cart: cart([[5, 2]]),
      toast: null,
    });
    const capped = applyCartIntent(cart([[5, 1]]), intent({ intent: "set", recordId: "5", quantity: "7" }), blueTrain);
    expect(capped.cart.lines).toEqual([{ recordId: 5, quantity: 2 }]);
    expect(capped.toast).toMatchObject({ title: "Only 2 in stock" });
    const preOrder = { title: "Soon", maxQuantity: MAX_LINE_QUANTITY };
    const capAtTen = applyCartIntent(cart([[5, 1]]), intent({ intent: "set", recordId: "5", quantity: "40" }), preOrder);
    expect(capAtTen.cart.lines).toEqual([{ recordId: 5, quantity: MAX_LINE_QUANTITY }]);
    expect(capAtTen.toast).toMatchObject({ title: "Quantity lowered" });
    const out = applyCartIntent(cart([[5, 1]]), intent({ intent: "set", recordId: "5", quantity: "3" }), {
      title: "X",
      maxQuantity: 0,
    });
    expect(out.cart.lines).toEqual([{ recordId: 5, quantity: 1 }]);
    expect(out.toast).toMatchObject({ type: "error", title: "Cart not updated" });
  });

  it("removes one line", () => {
    expect(
      applyCartIntent(
        cart([
          [5, 2],
          [6, 1],
        ]),
        intent({ intent: "remove", recordId: "5" }),
      ).cart.lines,
    ).toEqual([{ recordId: 6, quantity: 1 }]);
  });

  it("clearing empties the items and resets the discount (spec §4)", () => {
    const { cart: next, toast } = applyCartIntent(cart([[5, 2]], "VINYL10-ABC234"), intent({ intent: "clear" }));
    expect(next).toEqual({ lines: [], discountCode: null });
    expect(toast).toMatchObject({ title: "Cart cleared" });
  });

  it("keeps a code as typed people type it (upper-cased) and removes it", () => {
    const withCode = applyCartIntent(cart([[5, 1]]), intent({ intent: "apply-code", code: "vinyl10-abc234" })).cart;
    expect(withCode.discountCode).toBe("VINYL10-ABC234");
    expect(applyCartIntent(withCode, intent({ intent: "remove-code" })).cart.discountCode).toBeNull();
  });
});

describe("discountToast", () => {
  it("passes the check's message on", () => {
    expect(discountToast({ ok: true, message: "10% off your first order" })).toEqual({
      type: "success",
      title: "Discount applied",
      description: "10% off your first order",
    });
    expect(discountToast({ ok: false, message: "That discount code isn't valid." })).toMatchObject({ type: "error" });
    expect(discountToast(null)).toBeNull();
  });
});

describe("redirectAfterPost", () => {
  it("honours a redirectTo on this site, and only there", () => {
    expect(redirectAfterPost("/vinyl/1-a?x=1", null, "/cart")).toBe("/vinyl/1-a?x=1");
    expect(redirectAfterPost("https://evil.example/", "navigate", "/cart")).toBe("/cart");
    expect(redirectAfterPost("//evil.example", null, "/cart")).toBe("/cart");
  });

  it("sends a plain browser post without one back to the fallback, and answers scripts with data", () => {
    expect(redirectAfterPost(null, "navigate", "/cart")).toBe("/cart");
    expect(redirectAfterPost("", "navigate", "/cart")).toBe("/cart");
    expect(redirectAfterPost(null, "cors", "/cart")).toBeNull();
    expect(redirectAfterPost(null, null, "/cart")).toBeNull();
  });
});
