/**
 * The checkout page's server side: what the loader shows (empty, a cart to review, or the form with its
 * summary) and what a submission does (apply a code, or place and pay through the checkout service). Every
 * shopper's mistake or lost race is a message on the page, never a 500.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { customerOf, EMPTY_CART, withDiscountCode, type Cart } from "~/domain/cart/cart";
import { cartCookie, readCart } from "~/domain/cart/cart-cookie";
import { typedDiscountCodeSchema } from "~/domain/cart/discount-code";
import { checkoutProblemOf, type CheckoutProblem } from "~/domain/checkout/checkout-problems";
import { APPLY_INTENT, applyCodeSchema, checkoutSchemaFor, type CheckoutForm } from "~/domain/checkout/checkout-schemas";
import { decodeQuote, encodeQuote, PriceChangedError, quoteChanges } from "~/domain/checkout/price-quote";
import { deliveryEstimate } from "~/domain/checkout/delivery";
import { orderPath } from "~/domain/orders/order-status";
import { noteCartChange, rememberCheckoutAddress, type NewCartKey } from "~/lib/cart-reminder.server";
import { intent, runForm, type Echo } from "~/lib/forms/form-action.server";
import { orderAccessCookie, readOrderTokens } from "~/lib/order-access.server";
import type { CheckoutOutcome } from "../../../server/services/checkout";

/** Card details are never sent back in a page, whatever happens to the submission. */
const hide = ["cardNumber", "cardCvc"];
const CODE_CHANGED_MESSAGE = "Your discount code changed the total. Please check it, then pay.";

/** A submission that placed nothing: the form again, a message about the whole checkout, the summary priced anew. */
interface Again {
  status: number;
  result: ReturnType<Echo>;
  problem: CheckoutProblem | null;
  /** The cart the summary is priced from, with the code it was priced with. */
  priced: { cart: Cart; code: string | null };
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
    { ...checkoutState(cart, context), cancelled: back?.status === "payment_failed", provider: providerOf(context) },
    discard ? { headers: { "Set-Cookie": discard } } : undefined,
  );
}

export async function submitCheckout(request: Request, context: AppLoadContext) {
  const formData = await request.formData();
  const { value: cart } = readCart(request.headers.get("Cookie"), context.auth.secure);
  // A valid address is remembered with the cart for one reminder, whether or not this post places the order.
  const newKey = rememberCheckoutAddress(request, context, formData.get("email"), cart);
  const submission = { request, context, cart, newKey, email: String(formData.get("email") ?? "").trim() };
  const outcome = await runForm(formData, checkoutIntents(submission));
  if (outcome.ok && outcome.answer instanceof Response) return outcome.answer;
  const again = outcome.ok
    ? (outcome.answer as Again)
    : { ...outcome, result: outcome.reply.result, problem: null, priced: { cart, code: typedCode(formData, cart) } };
  const { status, result, problem, priced } = again;
  const summary = priced.cart.lines.length > 0 ? summaryOf(priced.cart, priced.code, context, submission.email) : null;
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
}

function checkoutIntents(submission: Submission) {
  const { context } = submission;
  const form = checkoutSchemaFor(context.services.checkout.provider.kind, context.today);
  return {
    // Apply is one button of the checkout form: what was typed in the rest of it comes back too.
    [APPLY_INTENT]: intent(applyCodeSchema, (value, _formData, echo) => applyCode(value.discountCode, submission, echo), {
      form,
      hide,
    }),
    default: intent(form, (value, formData, echo) => pay(value, formData, submission, echo), { hide }),
  };
}

/** The Apply button: the cart keeps the code, and the summary is priced with it; nothing is placed. */
function applyCode(code: string | null, { cart, context, email }: Submission, echo: Echo): Again {
  const updated = withDiscountCode(cart, code);
  const check = cart.lines.length > 0 ? summaryOf(updated, code, context, email).discount : null;
  const rejected = check && !check.ok ? check.message : null;
  return {
    status: rejected ? 400 : 200,
    result: echo(rejected ? { fieldErrors: { discountCode: [rejected] } } : {}),
    problem: null,
    priced: { cart: updated, code },
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
  const { request, context, cart, newKey } = submission;
  const { cardNumber, cardExpiry, cardCvc, ...details } = value;
  const priced = { cart, code: details.discountCode };
  const again = (
    status: number,
    problem: CheckoutProblem | null,
    fieldErrors?: Record<string, string[]>,
    headers?: HeadersInit,
  ) => ({ status, result: echo({ fieldErrors }), problem, priced, headers }) satisfies Again;
  if (
    (details.discountCode ?? "") !==
    String(pricedCode ?? "")
      .trim()
      .toUpperCase()
  ) {
    const check = cart.lines.length > 0 ? summaryOf(cart, details.discountCode, context, details.email).discount : null;
    if (check && !check.ok) return again(400, null, { discountCode: [check.message] });
    return again(200, { tone: "info", message: CODE_CHANGED_MESSAGE });
  }
  try {
    const card = cardNumber ? { cardNumber, cardExpiry: cardExpiry ?? "", cardCvc: cardCvc ?? "" } : undefined;
    const placer = { userId: context.user?.id ?? null, today: context.today, origin: context.auth.linkOrigin };
    context.services.rateLimits.takeForAddress("checkoutPerAddress", context.clientIp);
    const outcome = await context.services.checkout.placeOrder({ ...details, lines: cart.lines, card }, placer);
    if (outcome.kind === "declined") return again(402, { tone: "error", message: outcome.message });
    return placed(outcome, details.idempotencyKey, request, context, newKey);
  } catch (error) {
    if (error instanceof PriceChangedError) {
      const changes = quoteChanges(decodeQuote(formData.get("pricedQuote")), error.quote, error.expectedTotalPence);
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

function summaryOf(cart: Cart, code: string | null, context: AppLoadContext, typedEmail?: string) {
  const priced = context.services.cart.price(cart.lines, code, {
    today: context.today,
    customer: customerOf(context.user, typedEmail),
  });
  const lines = priced.lines.filter((l) => !l.issue);
  return {
    needsReview: priced.needsReview,
    lines: lines.map((l) => ({
      key: l.recordId,
      title: l.title,
      artist: l.artist,
      quantity: l.quantity,
      lineTotalPence: l.lineTotalPence,
      isPreOrder: l.isPreOrder,
    })),
    totals: priced.totals,
    // What the total is made of, sent back with Pay so a change can be explained.
    quote: encodeQuote({
      ...priced.totals,
      lines: lines.map((l) => ({ recordId: l.recordId, quantity: l.quantity, unitPricePence: l.pricePence })),
    }),
    discount: priced.discount ? { code: priced.discount.code, ok: priced.discount.ok, message: priced.discount.message } : null,
    delivery: deliveryEstimate(
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
  const summary = summaryOf(cart, cart.discountCode, context);
  if (summary.needsReview) return { state: "review" as const, review: summary.review };
  const user = context.user;
  const defaults = {
    email: user?.email ?? "",
    name: [user?.firstName, user?.lastName].filter(Boolean).join(" "),
    addressLine1: user?.address ?? "",
    addressLine2: "",
    city: user?.city ?? "",
    postalCode: user?.zipCode ?? "",
    discountCode: cart.discountCode ?? "",
  };
  return { state: "ready" as const, summary, defaults, idempotencyKey: crypto.randomUUID(), today: context.today };
}

function providerOf(context: AppLoadContext) {
  const { kind, id } = context.services.checkout.provider;
  return { kind, name: id === "stripe" ? "Stripe" : "Test card (no real money is taken)" };
}
