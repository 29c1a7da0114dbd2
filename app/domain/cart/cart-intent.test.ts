import { describe, expect, it } from "vitest";
import { EMPTY_CART, MAX_LINE_QUANTITY, type Cart } from "./cart";
import {
  ADDED_TO_CART_TOAST_MS,
  applyCartIntent,
  discountToast,
  CART_INTENTS,
  cartFormRefusal,
  cartIntentSchema,
  needsRecordForSale,
  redirectAfterPost,
  type CartIntent,
  type CartIntentName,
} from "./cart-intent";

const cart = (lines: [number, number][], discountCode: string | null = null): Cart => ({
  lines: lines.map(([recordId, quantity]) => ({ recordId, quantity })),
  discountCode,
});
/** A cart form as the action reads it: the member of the union its intent names. */
const intent = (input: Record<string, unknown>): CartIntent => cartIntentSchema.parse(input);
/** The field messages of a form the schema refuses, as the action's refusal carries them. */
const refusalOf = (input: Record<string, unknown>) => {
  if (!CART_INTENTS.includes(input.intent as CartIntentName)) return cartFormRefusal({ "": ["Unknown action."] });
  const parsed = cartIntentSchema.safeParse(input);
  expect(parsed.success, JSON.stringify(input)).toBe(false);
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error?.issues ?? []) (errors[String(issue.path[0] ?? "")] ??= []).push(issue.message);
  return cartFormRefusal(errors);
};
const blueTrain = { title: "Blue Train", maxQuantity: 2 };

describe("cart forms", () => {
  it("read every intent from form fields, each with its own schema", () => {
    expect(intent({ intent: "add", recordId: "12", redirectTo: "/vinyl/12-x" })).toEqual({ intent: "add", recordId: 12 });
    expect(intent({ intent: "set", recordId: "3", quantity: " -2 " })).toEqual({ intent: "set", recordId: 3, quantity: -2 });
    expect(intent({ intent: "apply-code", code: " vinyl10-abc234 " })).toEqual({ intent: "apply-code", code: "vinyl10-abc234" });
    for (const name of ["increment", "decrement", "remove"])
      expect(intent({ intent: name, recordId: "7" })).toEqual({ intent: name, recordId: 7 });
    expect(intent({ intent: "clear" })).toEqual({ intent: "clear" });
    expect(intent({ intent: "remove-code" })).toEqual({ intent: "remove-code" });
    expect(cartIntentSchema.options.map((o) => o.shape.intent.value).sort()).toEqual([...CART_INTENTS].sort());
  });

  it("refuse unknown intents and bad ids with a general message", () => {
    for (const bad of [
      { intent: "steal" },
      { intent: "add" },
      { intent: "add", recordId: "0" },
      { intent: "add", recordId: "1e3" },
      {},
    ]) {
      expect(refusalOf(bad), JSON.stringify(bad)).toEqual({
        type: "error",
        title: "Cart not updated",
        description: "Sorry, we couldn't update your cart. Please try again.",
      });
    }
  });

  it("explain a bad quantity or code", () => {
    expect(refusalOf({ intent: "set", recordId: "1", quantity: "two" })).toMatchObject({
      description: "Enter the quantity as a whole number.",
    });
    expect(refusalOf({ intent: "set", recordId: "1" })).toMatchObject({ description: "Enter the quantity as a whole number." });
    refusalOf({ intent: "set", recordId: "1", quantity: "1.5" });
    expect(refusalOf({ intent: "apply-code", code: "   " })).toMatchObject({ description: "Enter a discount code." });
    expect(refusalOf({ intent: "apply-code", code: "SAVE 10!" })).toMatchObject({
      description: "Discount codes are letters, numbers and hyphens only.",
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

describe("applyCartIntent: a limited record", () => {
  it("refuses a record before its on-sale time with the reason as is", () => {
    const refusal = `"Blue Train" goes on sale at 08:00 on Saturday 28 November 2026; it can't be bought before then.`;
    const { cart: next, toast } = applyCartIntent(EMPTY_CART, intent({ intent: "add", recordId: "5" }), {
      title: "Blue Train",
      maxQuantity: 0,
      refusal,
    });
    expect(next).toBe(EMPTY_CART);
    expect(toast).toEqual({ type: "error", title: "Not added to cart", description: refusal });
  });

  it("says the per-customer limit, not the stock, when the limit bounds the quantity", () => {
    const limited = { title: "Blue Train", maxQuantity: 1, limitPerCustomer: 1 };
    const { toast } = applyCartIntent(cart([[5, 1]]), intent({ intent: "add", recordId: "5" }), limited);
    expect(toast).toMatchObject({ title: "Limited to 1 per customer" });
  });
});
