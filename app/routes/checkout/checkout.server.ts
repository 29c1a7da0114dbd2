/**
 * The checkout page's server side: what the loader shows (empty, a cart to review, or the form with its
 * summary) and what a submission does (apply a code, or place and pay through the checkout service). Every
 * shopper's mistake or lost race is a message on the page, never a 500.
 */
import { parseForm } from "~/lib/parse-form";
import { data, redirect, type AppLoadContext } from "react-router";
import type { CheckoutProblem } from "~/components/checkout/notices";
import { customerOf, EMPTY_CART, withDiscountCode, type Cart } from "~/domain/cart/cart";
import { cartCookie, readCart } from "~/domain/cart/cart-cookie";
import { APPLY_INTENT, applyCodeSchema, checkoutSchemaFor } from "~/domain/checkout/checkout-schemas";
import { deliveryEstimate } from "~/domain/checkout/delivery";
import { orderPath } from "~/domain/orders/order-status";
import {
  ConflictError,
  OutOfStockError,
  PaymentUnavailableError,
  TooManyAttemptsError,
  ValidationError,
} from "~/domain/shared/errors";
import { noteCartChange, rememberCheckoutAddress } from "~/lib/cart-reminder.server";
import { orderAccessCookie, readOrderTokens } from "~/lib/order-access.server";
import type { CheckoutOutcome, OrderRequest } from "../../../server/services/checkout";

/** Card details are never sent back in a page, whatever happens to the submission. */
const CARD_FIELDS = ["cardNumber", "cardCvc"];
const CODE_CHANGED_MESSAGE = "Your discount code changed the total. Please check it, then pay.";

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
  const keyCookie = rememberCheckoutAddress(request, context, formData.get("email"), cart);
  if (formData.get("intent") === APPLY_INTENT) return applyCode(formData, cart, context, keyCookie);
  const submission = parseForm(formData, {
    schema: checkoutSchemaFor(context.services.checkout.provider.kind, context.today),
  });
  const again = (
    status: number,
    problem: CheckoutProblem | null,
    fieldErrors?: Record<string, string[]>,
    headers?: HeadersInit,
  ) =>
    data(
      { result: submission.reply({ hideFields: CARD_FIELDS, fieldErrors }), problem, ...pricing(cart, formData, context) },
      { status, headers: withCookie(headers, keyCookie) },
    );
  if (submission.status !== "success") return again(400, null);
  const { cardNumber, cardExpiry, cardCvc, ...details } = submission.value as OrderRequest &
    Record<"cardNumber" | "cardExpiry" | "cardCvc", string | undefined>;
  // The button showed the total with the code applied then; a different code is shown (or refused) before paying.
  if (
    (details.discountCode ?? "") !==
    String(formData.get("pricedCode") ?? "")
      .trim()
      .toUpperCase()
  ) {
    const discount = pricing(cart, formData, context).summary?.discount;
    if (discount && !discount.ok) return again(400, null, { discountCode: [discount.message] });
    return again(200, { tone: "info", message: CODE_CHANGED_MESSAGE });
  }
  try {
    const card = cardNumber ? { cardNumber, cardExpiry: cardExpiry ?? "", cardCvc: cardCvc ?? "" } : undefined;
    const placer = { userId: context.user?.id ?? null, today: context.today, origin: context.auth.linkOrigin };
    context.services.rateLimits.takeForAddress("checkoutPerAddress", context.clientIp);
    const outcome = await context.services.checkout.placeOrder({ ...details, lines: cart.lines, card }, placer);
    if (outcome.kind === "declined") return again(402, { tone: "error", message: outcome.message });
    return placed(outcome, details.idempotencyKey, request, context, keyCookie);
  } catch (error) {
    const refusal = refusalOf(error);
    return again(refusal.status, refusal.problem, refusal.fieldErrors, refusal.headers);
  }
}

/** Paid, pending or off to the payment page: this browser may now open the order; a paid cart is emptied. */
function placed(
  outcome: Exclude<CheckoutOutcome, { kind: "declined" }>,
  key: string,
  request: Request,
  context: AppLoadContext,
  keyCookie: string | null,
) {
  const headers = withCookie({ "Set-Cookie": orderAccessCookie(request, key, context.auth.secure) }, keyCookie);
  if (outcome.kind === "paid") {
    headers.append("Set-Cookie", cartCookie(EMPTY_CART, context.auth.secure));
    noteCartChange(request, context, EMPTY_CART);
  }
  return redirect(outcome.kind === "redirect" ? outcome.url : orderPath(outcome.order.orderNumber), { status: 303, headers });
}

/** A shopper's mistake or a lost race becomes a message on the page; anything else is re-thrown. */
function refusalOf(error: unknown): {
  status: number;
  problem: CheckoutProblem | null;
  fieldErrors?: Record<string, string[]>;
  headers?: HeadersInit;
} {
  if (error instanceof TooManyAttemptsError)
    return {
      status: 429,
      problem: { tone: "error", message: `${error.message} Nothing has been charged.` },
      headers: { "Retry-After": String(error.retryAfterSeconds) },
    };
  if (error instanceof OutOfStockError)
    return { status: 409, problem: { tone: "error", message: `${error.message} Nothing has been charged.`, cartLink: true } };
  if (error instanceof ValidationError && error.fields?.discountCode)
    return { status: 400, problem: null, fieldErrors: { discountCode: error.fields.discountCode } };
  if (error instanceof ValidationError) return { status: 400, problem: { tone: "error", message: error.message } };
  if (error instanceof ConflictError) return { status: 409, problem: { tone: "error", message: error.message } };
  if (error instanceof PaymentUnavailableError) return { status: 503, problem: { tone: "error", message: error.message } };
  throw error;
}

/** The Apply button: the cart keeps the code, and the summary is priced with it; nothing is placed. */
function applyCode(formData: FormData, cart: Cart, context: AppLoadContext, keyCookie: string | null) {
  // Apply is one button of the checkout form: what was typed in the rest of it comes back too.
  const submission = parseForm(formData, {
    schema: applyCodeSchema,
    form: checkoutSchemaFor(context.services.checkout.provider.kind, context.today),
  });
  if (submission.status !== "success") {
    // A code no shop issues (spaces, punctuation): refused like an unknown one, and the cart keeps the code it had.
    const summary = cart.lines.length > 0 ? summaryOf(cart, cart.discountCode, context) : null;
    return data(
      { result: submission.reply({ hideFields: CARD_FIELDS }), problem: null, idempotencyKey: crypto.randomUUID(), summary },
      { status: 400, headers: withCookie(undefined, keyCookie) },
    );
  }
  const updated = withDiscountCode(cart, submission.value.discountCode);
  const prices = pricing(updated, formData, context);
  const rejected = prices.summary?.discount && !prices.summary.discount.ok ? prices.summary.discount.message : null;
  const result = submission.reply({ hideFields: CARD_FIELDS, fieldErrors: rejected ? { discountCode: [rejected] } : undefined });
  const headers = withCookie(
    cart.lines.length > 0 ? { "Set-Cookie": cartCookie(updated, context.auth.secure) } : undefined,
    keyCookie,
  );
  return data({ result, problem: null, ...prices }, { status: rejected ? 400 : 200, headers });
}

/** The headers of an answer, with the Set-Cookie of a guest's new cart key when there is one. */
function withCookie(init: HeadersInit | undefined, cookie: string | null): Headers {
  const headers = new Headers(init);
  if (cookie) headers.append("Set-Cookie", cookie);
  return headers;
}

/** A fresh form key and the summary priced with the code in the form (the typed e-mail counts for first orders). */
function pricing(cart: Cart, formData: FormData, context: AppLoadContext) {
  const code = applyCodeSchema.safeParse({ discountCode: formData.get("discountCode") ?? undefined });
  const email = String(formData.get("email") ?? "").trim();
  return {
    idempotencyKey: crypto.randomUUID(),
    summary: cart.lines.length > 0 ? summaryOf(cart, code.success ? code.data.discountCode : null, context, email) : null,
  };
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
