/**
 * The checkout page's server side: what the loader shows (empty, a cart to review, or the form with its
 * summary) and what a submission does (apply a code, or place and pay through the checkout service). Every
 * shopper's mistake or lost race is a message on the page, never a 500.
 */
import { londonClockTime } from "~/domain/drops/clock-time";
import { data, redirect, type AppLoadContext } from "react-router";
import { customerOf, EMPTY_CART, withDiscountCode, type Cart } from "~/domain/cart/cart";
import { cartCookie, readCart } from "~/domain/cart/cart-cookie";
import { typedDiscountCodeSchema } from "~/domain/cart/discount-code";
import { checkoutProblemOf, type CheckoutProblem } from "~/domain/checkout/checkout-problems";
import {
  APPLY_INTENT,
  applyCodeSchema,
  checkoutDetailsSchema,
  checkoutSchemaFor,
  type CheckoutForm,
} from "~/domain/checkout/checkout-schemas";
import { decodeQuote, encodeQuote, PriceChangedError, quoteChanges } from "~/domain/checkout/price-quote";
import { deliveryEstimate } from "~/domain/checkout/delivery";
import { deliveryWishSchema, postedDeliveryWish, UPDATE_DELIVERY_INTENT } from "~/domain/checkout/delivery-wish";
import { countryByCode, UNITED_KINGDOM } from "~/domain/international/countries";
import { tooHeavyMessage, UK_DELIVERY, type DeliveryWish } from "~/domain/international/delivery-quote";
import { normaliseVoucherCode } from "~/domain/vouchers/voucher-code";
import { orderPath } from "~/domain/orders/order-status";
import { noteCartChange, rememberCheckoutAddress, type NewCartKey } from "~/lib/cart-reminder.server";
import { intent, runForm, type Echo } from "~/lib/forms/form-action.server";
import { orderAccessCookie, readOrderTokens } from "~/lib/order-access.server";
import type { CheckoutOutcome } from "../../../server/services/checkout";
import { z } from "~/domain/shared/zod";
import {
  applyVoucherCode,
  NOT_A_CODE,
  postedVoucherCodes,
  removeVoucherIntents,
  voucherSummary,
} from "./checkout-vouchers.server";

/** Card details are never sent back in a page, whatever happens to the submission. */
const hide = ["cardNumber", "cardCvc"];
const CODE_CHANGED_MESSAGE = "Your discount code changed the total. Please check it, then pay.";
const VOUCHER_ADDED_MESSAGE = "Your gift voucher is applied. Please check what is left to pay, then pay.";

/** A submission that placed nothing: the form again, a message about the whole checkout, the summary priced anew. */
interface Again {
  status: number;
  result: ReturnType<Echo>;
  problem: CheckoutProblem | null;
  /** The cart the summary is priced from, with the code and the gift vouchers it was priced with. */
  priced: { cart: Cart; code: string | null; vouchers: string[] };
  /** Where it goes and by which service, as posted (the summary is priced for it). */
  wish: DeliveryWish;
  headers?: HeadersInit;
}

const viewerOf = (request: Request, context: AppLoadContext) => ({
  userId: context.user?.id ?? null,
  accessTokens: readOrderTokens(request),
});

export async function loadCheckout(request: Request, url: URL, context: AppLoadContext) {
  const { value: cart, discard } = readCart(request.headers.get("Cookie"), context.auth.secure);
  const cancelled = url.searchParams.get("cancelled");
  const back = cancelled ? await context.services.checkout.returnFromPayment(cancelled, viewerOf(request, context)) : null;
  // Paid meanwhile (or the hosted page could not be closed): its own page says where the payment stands.
  if (back && back.status !== "payment_failed") throw redirect(orderPath(back.orderNumber));
  return data(
    {
      ...checkoutState(cart, context),
      cancelled: back?.status === "payment_failed",
      provider: providerOf(context),
      dropHolds: dropHoldsOf(cart, context),
    },
    discard ? { headers: { "Set-Cookie": discard } } : undefined,
  );
}

export async function submitCheckout(request: Request, context: AppLoadContext) {
  const formData = await request.formData();
  const { value: cart } = readCart(request.headers.get("Cookie"), context.auth.secure);
  // A valid address is remembered with the cart for one reminder, whether or not this post places the order.
  const newKey = rememberCheckoutAddress(request, context, formData.get("email"), cart);
  const wish = postedDeliveryWish(formData);
  const submission = { request, context, cart, newKey, email: String(formData.get("email") ?? "").trim(), wish };
  const outcome = await runForm(formData, checkoutIntents(submission, formData));
  if (outcome.ok && outcome.answer instanceof Response) return outcome.answer;
  const again = outcome.ok
    ? (outcome.answer as Again)
    : {
        ...outcome,
        result: outcome.reply.result,
        problem: null,
        priced: { cart, code: typedCode(formData, cart), vouchers: postedVoucherCodes(formData) },
        wish,
      };
  const { status, result, problem, priced } = again;
  const summary =
    priced.cart.lines.length > 0
      ? summaryOf(priced.cart, priced.code, context, submission.email, priced.vouchers, again.wish)
      : null;
  const headers = new Headers(again.headers);
  if (newKey) headers.append("Set-Cookie", newKey.cookie);
  return data({ result, problem, summary, idempotencyKey: crypto.randomUUID() }, { status, headers });
}

/** One checkout post: the shopper's cart and the address typed in the form. */
interface Submission {
  request: Request;
  context: AppLoadContext;
  cart: Cart;
  /** A guest's cart key made by this post (its cookie is set with the answer). */
  newKey: NewCartKey | null;
  email: string;
  /** The country and delivery service posted with the form. */
  wish: DeliveryWish;
}

function checkoutIntents(submission: Submission, formData: FormData) {
  const { context } = submission;
  // Gift vouchers that pay for everything leave no card to take: the form has no card fields then (and an order
  // that turns out to need the card after all is refused by its amount due, nothing charged).
  const covered = formData.get("expectedAmountDuePence") === "0";
  const form = covered ? checkoutDetailsSchema : checkoutSchemaFor(context.services.checkout.provider.kind, context.today);
  const applied = postedVoucherCodes(formData);
  return {
    // Apply is one button of the checkout form: what was typed in the rest of it comes back too.
    [APPLY_INTENT]: intent(
      applyCodeSchema,
      (value, _formData, echo) => applyCode(value.discountCode, value.voucherCodes, submission, echo),
      { form, hide },
    ),
    // Update delivery: the summary priced for the country and service chosen, what was typed kept (works without JS).
    [UPDATE_DELIVERY_INTENT]: intent(deliveryWishSchema, (_value, _formData, echo) => repriced(submission, echo, applied), {
      form,
      hide,
    }),
    // Each applied voucher's Remove button: the list without it, priced again.
    ...Object.fromEntries(
      removeVoucherIntents.map((name, index) => [
        name,
        intent(z.object({}), (_value, _formData, echo) => repriced(submission, echo, applied.toSpliced(index, 1)), {
          form,
          hide,
        }),
      ]),
    ),
    default: intent(form, (value, formData, echo) => pay(value, formData, submission, echo), { hide }),
  };
}

/** The form again, priced with the cart's own discount code and these vouchers; nothing is placed. */
function repriced(
  { cart, wish }: Submission,
  echo: Echo,
  vouchers: string[],
  messages: { error?: string | null; problem?: CheckoutProblem | null } = {},
): Again {
  return {
    status: messages.error ? 400 : 200,
    result: withCodeBox(echo(messages.error ? { fieldErrors: { discountCode: [messages.error] } } : {}), cart.discountCode),
    problem: messages.problem ?? null,
    priced: { cart, code: cart.discountCode, vouchers },
    wish,
  };
}

/** The answer with the code box set back to the cart's discount code (a voucher code typed there has been used). */
function withCodeBox(result: ReturnType<Echo>, code: string | null): ReturnType<Echo> {
  const value = code ?? "";
  return {
    ...result,
    initialValue: { ...(result.initialValue ?? {}), discountCode: value },
    intent: { type: "update", payload: { name: "discountCode", value } },
  };
}

/**
 * The Apply button: a gift voucher's code joins the order's vouchers; any other code is the cart's discount code, and
 * the summary is priced with it. Nothing is placed.
 */
function applyCode(code: string | null, vouchers: string[], submission: Submission, echo: Echo): Again {
  const { cart, context, email, wish } = submission;
  const totals = cart.lines.length > 0 ? summaryOf(cart, cart.discountCode, context, email, [], wish).totals : null;
  const voucher = code && totals ? applyVoucherCode(code, vouchers, totals, context) : null;
  if (voucher) {
    const problem = voucher.note ? ({ tone: "info", message: voucher.note } as const) : null;
    return repriced(submission, echo, voucher.vouchers, { error: voucher.error, problem });
  }
  const updated = withDiscountCode(cart, code);
  const check = cart.lines.length > 0 ? summaryOf(updated, code, context, email, vouchers, wish).discount : null;
  const rejected = check && !check.ok ? (code && normaliseVoucherCode(code) ? NOT_A_CODE : check.message) : null;
  return {
    status: rejected ? 400 : 200,
    result: echo(rejected ? { fieldErrors: { discountCode: [rejected] } } : {}),
    problem: null,
    priced: { cart: updated, code, vouchers },
    wish,
    headers: cart.lines.length > 0 ? { "Set-Cookie": cartCookie(updated, context.auth.secure) } : undefined,
  };
}

/**
 * Pay: the order is placed with the code the total beside the form was priced with (`pricedCode`); a different code
 * is shown (or refused) first. The order binds the total on the Pay button: a different one places nothing, and the
 * page shows the new total and what changed (`pricedQuote`), with the Pay button now carrying it.
 */
async function pay(value: CheckoutForm, formData: FormData, submission: Submission, echo: Echo): Promise<Again | Response> {
  const pricedCode = formData.get("pricedCode");
  const { request, context, cart, newKey, wish } = submission;
  const { cardNumber, cardExpiry, cardCvc, ...details } = value;
  const priced = { cart, code: details.discountCode, vouchers: details.voucherCodes };
  const again = (
    status: number,
    problem: CheckoutProblem | null,
    fieldErrors?: Record<string, string[]>,
    headers?: HeadersInit,
  ) => ({ status, result: echo({ fieldErrors }), problem, priced, wish, headers }) satisfies Again;
  if (
    (details.discountCode ?? "") !==
    String(pricedCode ?? "")
      .trim()
      .toUpperCase()
  ) {
    // A gift voucher's code typed in the box but not applied: applied now, for the shopper to see what is left to pay.
    const totals = cart.lines.length > 0 ? summaryOf(cart, cart.discountCode, context, details.email, [], wish).totals : null;
    const voucher =
      details.discountCode && totals ? applyVoucherCode(details.discountCode, details.voucherCodes, totals, context) : null;
    if (voucher) {
      const problem = voucher.error ? null : ({ tone: "info", message: VOUCHER_ADDED_MESSAGE } as const);
      return repriced(submission, echo, voucher.vouchers, { error: voucher.error, problem });
    }
    const check =
      cart.lines.length > 0
        ? summaryOf(cart, details.discountCode, context, details.email, details.voucherCodes, wish).discount
        : null;
    if (check && !check.ok) return again(400, null, { discountCode: [check.message] });
    return again(200, { tone: "info", message: CODE_CHANGED_MESSAGE });
  }
  try {
    const card = cardNumber ? { cardNumber, cardExpiry: cardExpiry ?? "", cardCvc: cardCvc ?? "" } : undefined;
    const placer = {
      userId: context.user?.id ?? null,
      today: context.today,
      origin: context.auth.linkOrigin,
      dropSessionKey: context.dropSessionKey ?? null,
    };
    context.services.rateLimits.takeForAddress("checkoutPerAddress", context.clientIp);
    const outcome = await context.services.checkout.placeOrder({ ...details, lines: cart.lines, card }, placer);
    if (outcome.kind === "declined") return again(402, { tone: "error", message: outcome.message });
    return placed(outcome, details.idempotencyKey, request, context, newKey);
  } catch (error) {
    if (error instanceof PriceChangedError) {
      const changes = quoteChanges(
        decodeQuote(formData.get("pricedQuote")),
        error.quote,
        error.expectedTotalPence,
        error.expectedAmountDuePence,
      );
      return again(409, { tone: "info", message: error.message, changes });
    }
    // Placing failed for a reason the shopper can act on: said on the page, with what was typed.
    const refusal = checkoutProblemOf(error);
    if (!refusal) throw error;
    return again(refusal.status, refusal.problem, refusal.fieldErrors, refusal.headers);
  }
}

/** Paid, pending or off to the payment page: this browser may now open the order; a paid cart is emptied. */
function placed(
  outcome: Exclude<CheckoutOutcome, { kind: "declined" }>,
  key: string,
  request: Request,
  context: AppLoadContext,
  newKey: NewCartKey | null,
) {
  const headers = new Headers({ "Set-Cookie": orderAccessCookie(request, key, context.auth.secure) });
  if (newKey) headers.append("Set-Cookie", newKey.cookie);
  if (outcome.kind === "paid") {
    headers.append("Set-Cookie", cartCookie(EMPTY_CART, context.auth.secure));
    // The cart became an order: closed, also when this very post made the guest's key.
    noteCartChange(request, context, EMPTY_CART, newKey?.key ?? null);
  }
  return redirect(outcome.kind === "redirect" ? outcome.url : orderPath(outcome.order.orderNumber), { status: 303, headers });
}

/** The code typed in a refused form, if it reads as one (the summary beside the form shows the total with it). */
function typedCode(formData: FormData, cart: Cart): string | null {
  if (formData.get("intent") === APPLY_INTENT) return cart.discountCode;
  return typedDiscountCodeSchema.parse(formData.get("discountCode") ?? undefined);
}

function summaryOf(
  cart: Cart,
  code: string | null,
  context: AppLoadContext,
  typedEmail: string | undefined,
  vouchers: string[],
  wish: DeliveryWish = UK_DELIVERY,
) {
  const priced = context.services.cart.price(cart.lines, code, {
    today: context.today,
    customer: customerOf(context.user, typedEmail),
    delivery: wish,
  });
  const lines = priced.lines.filter((l) => !l.issue);
  const paying = voucherSummary(vouchers, priced.totals.totalPence, context);
  return {
    needsReview: priced.needsReview,
    lines: lines.map((l) => ({
      key: l.recordId,
      title: l.title,
      artist: l.artist,
      quantity: l.quantity,
      lineTotalPence: l.lineTotalPence,
      isPreOrder: l.isPreOrder,
      vatScheme: l.vatScheme,
    })),
    totals: priced.totals,
    vouchers: paying,
    // What the total is made of, sent back with Pay so a change can be explained.
    quote: encodeQuote({
      ...priced.totals,
      voucherPence: paying.voucherPence,
      lines: lines.map((l) => ({ recordId: l.recordId, quantity: l.quantity, unitPricePence: l.pricePence })),
    }),
    discount: priced.discount ? { code: priced.discount.code, ok: priced.discount.ok, message: priced.discount.message } : null,
    // A pre-order charged when it ships saves the card instead of charging it; a mixed basket is charged now (told).
    preOrderCharge: context.services.preOrderCharges.basketChargeOf(lines).kind,
    // Where it goes, the services that can take it there, and what the shopper is told before paying.
    delivery: {
      ...priced.delivery,
      tooHeavy:
        priced.delivery.service === null
          ? tooHeavyMessage({
              country: countryByCode(priced.delivery.countryCode) ?? UNITED_KINGDOM,
              weightGrams: priced.delivery.weightGrams,
            })
          : null,
    },
    arrival: deliveryEstimate(
      context.today,
      lines.map((l) => l.releaseDate),
    ),
    review: priced.lines.map((l) => ({
      recordId: l.recordId,
      title: l.title,
      artist: l.artist,
      quantity: l.quantity,
      maxQuantity: l.maxQuantity,
      issue: l.issue,
      pricePence: l.pricePence,
    })),
  };
}

function checkoutState(cart: Cart, context: AppLoadContext) {
  if (cart.lines.length === 0) return { state: "empty" as const };
  const summary = summaryOf(cart, cart.discountCode, context, undefined, []);
  if (summary.needsReview) return { state: "review" as const, review: summary.review };
  const user = context.user;
  const defaults = {
    email: user?.email ?? "",
    name: [user?.firstName, user?.lastName].filter(Boolean).join(" "),
    addressLine1: user?.address ?? "",
    addressLine2: "",
    city: user?.city ?? "",
    postalCode: user?.zipCode ?? "",
    phone: "",
    discountCode: cart.discountCode ?? "",
  };
  return { state: "ready" as const, summary, defaults, idempotencyKey: crypto.randomUUID(), today: context.today };
}

/** The drop copies in the cart this browser holds, with the time each hold ends. */
function dropHoldsOf(cart: Cart, context: AppLoadContext) {
  const key = context.dropSessionKey ?? null;
  if (!key) return [];
  return cart.lines.flatMap((line) => {
    const drop = context.services.drops.dropRecord(line.recordId);
    const hold = drop ? context.services.drops.holdOf(drop.id, key) : null;
    return drop && hold ? [{ title: drop.title, until: londonClockTime(hold.holdExpiresAt) }] : [];
  });
}

function providerOf(context: AppLoadContext) {
  const { kind, id } = context.services.checkout.provider;
  return { kind, name: id === "stripe" ? "Stripe" : "Test card (no real money is taken)" };
}
