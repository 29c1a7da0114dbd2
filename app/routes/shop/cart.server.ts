/** The cart's form posts (see ~/domain/cart/cart-intent): one intent each, a toast, and the cart cookie when it changed. */
import type { AppLoadContext } from "react-router";
import { cartCookie, readCart } from "~/domain/cart/cart-cookie";
import {
  applyCartIntent,
  cartFormRefusal,
  cartIntentSchema,
  discountToast,
  needsRecordForSale,
  type CartIntent,
} from "~/domain/cart/cart-intent";
import { cookieHeaders, recordForSale, summariseCart } from "~/lib/cart-state.server";
import { noteCartChange } from "~/lib/cart-reminder.server";
import { intentsOf, type FormOutcome } from "~/lib/forms/form-action.server";

export function cartIntents(request: Request, context: AppLoadContext) {
  return intentsOf(cartIntentSchema.options, (asked: CartIntent) => changeCart(request, context, asked));
}

/** What the cart's action answers: the toast, the cookies, and a 400 for a form its schema refused. */
export function cartAnswer(outcome: FormOutcome<ReturnType<typeof changeCart>>) {
  if (outcome.ok) return { ...outcome.answer, status: 200 };
  return { toast: cartFormRefusal(outcome.reply.result.error), headers: new Headers(), status: 400 };
}

function changeCart(request: Request, context: AppLoadContext, asked: CartIntent) {
  const { value: cart, discard } = readCart(request.headers.get("Cookie"), context.auth.secure);
  const record = needsRecordForSale(asked) ? recordForSale(context, asked.recordId) : undefined;
  // A drop's copy reaches a cart only through its queue, held for this browser (server/http/waiting-room.tsx).
  if (record && needsRecordForSale(asked) && !dropCopyHeld(context, asked.recordId)) {
    return { toast: DROP_NOT_HELD, headers: cookieHeaders(discard) };
  }
  const changed = applyCartIntent(cart, asked, record);
  const next = changed.cart;
  // A code just typed is checked as the cart's pricing checks it: the toast says whether it applies.
  const toast = asked.intent === "apply-code" ? discountToast(summariseCart(context, next).discount) : changed.toast;
  if (next !== cart) noteCartChange(request, context, next);
  return { toast, headers: cookieHeaders(discard, next === cart ? null : cartCookie(next, context.auth.secure)) };
}

const DROP_NOT_HELD = {
  type: "error",
  title: "Cart not updated",
  description: "This record is sold through its queue: you can buy it when it is your turn and a copy is held for you.",
} as const;

/** False for a drop whose copy this browser does not hold. */
function dropCopyHeld(context: AppLoadContext, recordId: number): boolean {
  const { drops } = context.services;
  if (!drops.dropRecord(recordId)) return true;
  const key = context.dropSessionKey ?? null;
  return key !== null && drops.holdOf(recordId, key) !== null;
}
