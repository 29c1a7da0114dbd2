/**
 * What a cart form asks for (spec §4), read from a form post, and what it does to the cart. Pure: the
 * /cart action looks the record up (title, how many can be sold) and hands it in, so every rule here is
 * tested without a database. One action, switching on `intent`, serves the cart page, the drawer and
 * every add-to-cart button, with and without JavaScript.
 */
import { addToCart, clearCart, MAX_LINE_QUANTITY, removeFromCart, setQuantity, withDiscountCode, type Cart } from "./cart";
import { discountCodeSchema } from "./discount-code";
import { safeRedirect } from "~/domain/shared/safe-redirect";
import type { Toast } from "~/domain/shared/toast";
import { z } from "~/domain/shared/zod";

/** Spec §9: the add-to-cart toast stays 3000 ms. */
export const ADDED_TO_CART_TOAST_MS = 3000;

export const CART_INTENTS = ["add", "increment", "decrement", "set", "remove", "clear", "apply-code", "remove-code"] as const;
export type CartIntentName = (typeof CART_INTENTS)[number];

const GENERIC_ERROR = "Sorry, we couldn't update your cart. Please try again.";

/** A record id as the shop's forms send it: digits only (no "1e3", no " 12 "). Also read by the favourites forms. */
export const formRecordId = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number)
  .pipe(z.number().int().positive());
// "0 or below removes": negative numbers are allowed, anything that is not a whole number is not.
const QUANTITY = "Enter the quantity as a whole number.";
const quantity = z
  .string({ error: QUANTITY })
  .trim()
  .regex(/^[+-]?\d{1,6}$/, QUANTITY)
  .transform(Number);

const recordId = formRecordId;

export const cartIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), recordId }),
  z.object({ intent: z.literal("increment"), recordId }),
  z.object({ intent: z.literal("decrement"), recordId }),
  z.object({ intent: z.literal("set"), recordId, quantity }),
  z.object({ intent: z.literal("remove"), recordId }),
  z.object({ intent: z.literal("clear") }),
  z.object({ intent: z.literal("apply-code"), code: discountCodeSchema }),
  z.object({ intent: z.literal("remove-code") }),
]);

export type CartIntent = z.infer<typeof cartIntentSchema>;

/** The toast for a cart form its schema refused: a bad quantity or code says what is wrong, anything else is general. */
export function cartFormRefusal(errors: Record<string, string[] | null | undefined> | null | undefined): Toast {
  const message = errors?.quantity?.[0] ?? errors?.code?.[0] ?? GENERIC_ERROR;
  return { type: "error", title: "Cart not updated", description: message };
}

/**
 * The record a line is about, as the shop can sell it now: its title and the most a shopper may have
 * (0 when out of stock). Null when it is not in the shop (never was, or withdrawn).
 */
export type RecordForSale = {
  title: string;
  maxQuantity: number;
  /** A limited record's per-customer limit, when it is what bounds the quantity. */
  limitPerCustomer?: number | null;
  /** Why it cannot be added at all, said as is (a limited record before its on-sale time). */
  refusal?: string | null;
} | null;

/** Whether `applyCartIntent` needs the record looked up first (anything that can raise a quantity). */
export function needsRecordForSale(intent: CartIntent): intent is Extract<CartIntent, { recordId: number }> {
  return intent.intent === "add" || intent.intent === "increment" || (intent.intent === "set" && intent.quantity > 0);
}

export interface CartChange {
  cart: Cart;
  toast: Toast | null;
}

const quantityOf = (cart: Cart, id: number) => cart.lines.find((l) => l.recordId === id)?.quantity ?? 0;

function cannotSell(record: RecordForSale): Toast | null {
  if (!record) return { type: "error", title: "Not added to cart", description: "Sorry, that record is no longer available." };
  if (record.refusal) return { type: "error", title: "Not added to cart", description: record.refusal };
  if (record.maxQuantity <= 0)
    return { type: "error", title: "Not added to cart", description: `Sorry, "${record.title}" is out of stock.` };
  return null;
}

/** Below the per-line cap the limit is the stock itself, and the shopper is told so in those words. */
const stockBound = (record: { maxQuantity: number }) => record.maxQuantity < MAX_LINE_QUANTITY;
const stockLimit = (record: { maxQuantity: number; limitPerCustomer?: number | null }) =>
  record.limitPerCustomer === record.maxQuantity
    ? `Limited to ${record.maxQuantity} per customer`
    : `Only ${record.maxQuantity} in stock`;

const atMost = (record: { title: string; maxQuantity: number }): Toast => ({
  type: "error",
  title: stockBound(record) ? stockLimit(record) : "Quantity limit reached",
  description: `Sorry, you can order at most ${record.maxQuantity} of "${record.title}".`,
});

/**
 * Spec §4 rules: adding a record already there raises its quantity by 1, otherwise adds it with 1; a
 * quantity of 0 or below removes the line; clearing empties the cart and resets the discount. Quantities
 * never go above what can be sold (`maxQuantity`, which already lets pre-orders past the stock count).
 */
export function applyCartIntent(cart: Cart, intent: CartIntent, record?: RecordForSale): CartChange {
  switch (intent.intent) {
    case "add":
    case "increment": {
      const refusal = cannotSell(record ?? null);
      if (refusal || !record) return { cart, toast: refusal };
      const current = quantityOf(cart, intent.recordId);
      if (current >= record.maxQuantity) {
        // Stock may have fallen since the line was added: bring it down to what is left.
        const capped = current > record.maxQuantity ? setQuantity(cart, intent.recordId, record.maxQuantity) : cart;
        return { cart: capped, toast: atMost(record) };
      }
      const next = addToCart(cart, intent.recordId);
      if (intent.intent === "increment") return { cart: next, toast: null };
      return {
        cart: next,
        toast: {
          type: "success",
          title: "Added to cart",
          description: `${record.title} has been added to your cart.`,
          duration: ADDED_TO_CART_TOAST_MS,
        },
      };
    }
    case "decrement": {
      const current = quantityOf(cart, intent.recordId);
      return { cart: current === 0 ? cart : setQuantity(cart, intent.recordId, current - 1), toast: null };
    }
    case "set": {
      if (intent.quantity <= 0) return { cart: removeFromCart(cart, intent.recordId), toast: null };
      const refusal = cannotSell(record ?? null);
      if (refusal || !record) return { cart, toast: { ...refusal!, title: "Cart not updated" } };
      if (intent.quantity > record.maxQuantity) {
        return {
          cart: setQuantity(cart, intent.recordId, record.maxQuantity),
          toast: {
            type: "info",
            title: stockBound(record) ? stockLimit(record) : "Quantity lowered",
            description: `Sorry, you can order at most ${record.maxQuantity} of "${record.title}", so that is what is in your cart.`,
          },
        };
      }
      return { cart: setQuantity(cart, intent.recordId, intent.quantity), toast: null };
    }
    case "remove":
      return { cart: removeFromCart(cart, intent.recordId), toast: null };
    case "clear":
      return { cart: clearCart(), toast: { type: "success", title: "Cart cleared", description: "Your cart is empty." } };
    case "apply-code":
      return { cart: withDiscountCode(cart, intent.code), toast: null };
    case "remove-code":
      return { cart: withDiscountCode(cart, null), toast: null };
  }
}

/** The toast for a code just entered, from the discount check the cart's pricing made. */
export function discountToast(check: { ok: boolean; message: string } | null): Toast | null {
  if (!check) return null;
  return check.ok
    ? { type: "success", title: "Discount applied", description: check.message }
    : { type: "error", title: "Discount code not applied", description: check.message };
}

/**
 * Where a form post goes once done, or null to answer with data. A `redirectTo` is honoured (kept on
 * this site) with a 303; a plain browser form post without one goes back to `fallback`, so reloading
 * never posts again. Scripted submissions (useFetcher) send no `redirectTo` and read the answer as data.
 */
export function redirectAfterPost(redirectTo: unknown, fetchMode: string | null, fallback: string): string | null {
  if (typeof redirectTo === "string" && redirectTo !== "") return safeRedirect(redirectTo, fallback);
  return fetchMode === "navigate" ? fallback : null;
}
