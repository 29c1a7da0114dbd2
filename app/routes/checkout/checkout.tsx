import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, Link, redirect, type ShouldRevalidateFunction } from "react-router";
import {
  APPLY_INTENT,
  applyCodeSchema,
  CheckoutForm,
  checkoutSchemaFor,
  type CheckoutDefaults,
} from "~/components/checkout/checkout-form";
import { CartNeedsReview, CheckoutNotice, EmptyCheckout, type CheckoutProblem } from "~/components/checkout/notices";
import { SummaryLines, SummaryTotals } from "~/components/checkout/order-summary";
import { orderPath } from "~/domain/orders/order-status";
import { EMPTY_CART, withDiscountCode, type Cart } from "~/domain/cart/cart";
import { deliveryEstimate } from "~/domain/checkout/delivery";
import { ConflictError, NotFoundError, OutOfStockError, PaymentUnavailableError, ValidationError } from "~/domain/shared/errors";
import { cardSchema, checkoutDetailsSchema } from "~/domain/checkout/checkout-schemas";
import { orderAccessCookie, readOrderTokens } from "~/lib/order-access.server";
import { pageMeta } from "~/lib/seo";
import type { z } from "~/domain/shared/zod";
import { customerOf } from "~/domain/cart/cart";
import { cartCookie, readCart } from "~/domain/cart/cart-cookie";
import type { CheckoutOutcome } from "../../../server/services/checkout";
import type { Route } from "./+types/checkout";

type Context = Route.LoaderArgs["context"];

/** Card details are never sent back in a page, whatever happens to the submission. */
const CARD_FIELDS = ["cardNumber", "cardCvc"];
const CANCELLED_MESSAGE = "Payment cancelled. Nothing has been charged.";
const CODE_CHANGED_MESSAGE = "Your discount code changed the total. Please check it, then pay.";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Checkout", description: "Pay for the records in your Needledrop cart." }),
  { name: "robots", content: "noindex" },
];

// After any submission the cart may have changed (stock taken, a code applied): read it again, also after a 4xx.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" || defaultShouldRevalidate;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { value: cart, discard } = readCart(request.headers.get("Cookie"), context.auth.secure);
  const back = await returnedFromPayment(new URL(request.url).searchParams.get("cancelled"), request, context);
  // Paid meanwhile (or the hosted page could not be closed): its own page says where the payment stands.
  if (back && back.status !== "cancelled") throw redirect(orderPath(back.orderNumber));
  return data(
    { ...checkoutState(cart, context), cancelled: back?.status === "cancelled", provider: providerOf(context) },
    discard ? { headers: { "Set-Cookie": discard } } : undefined,
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const { value: cart } = readCart(request.headers.get("Cookie"), context.auth.secure);
  if (formData.get("intent") === APPLY_INTENT) return applyCode(formData, cart, context);
  const submission = parseWithZod(formData, { schema: checkoutSchemaFor(context.services.checkout.provider.kind, context.today) });
  const again = (status: number, problem: CheckoutProblem | null, fieldErrors?: Record<string, string[]>) =>
    data({ result: submission.reply({ hideFields: CARD_FIELDS, fieldErrors }), problem, ...pricing(cart, formData, context) }, { status });
  if (submission.status !== "success") return again(400, null);
  const value = submission.value as z.output<typeof checkoutDetailsSchema> & Partial<z.output<ReturnType<typeof cardSchema>>>;
  // The button showed the total with the code applied then; a different code is shown (or refused) before paying.
  if ((value.discountCode ?? "") !== String(formData.get("pricedCode") ?? "").trim().toUpperCase()) {
    const discount = pricing(cart, formData, context).summary?.discount;
    if (discount && !discount.ok) return again(400, null, { discountCode: [discount.message] });
    return again(200, { tone: "info", message: CODE_CHANGED_MESSAGE });
  }
  try {
    const outcome = await context.services.checkout.submit(
      {
        idempotencyKey: value.idempotencyKey,
        lines: cart.lines,
        discountCode: value.discountCode,
        email: value.email,
        shipping: { name: value.name, addressLine1: value.addressLine1, addressLine2: value.addressLine2, city: value.city, postalCode: value.postalCode, country: value.country },
        userId: context.user?.id ?? null,
        today: context.today,
      },
      { card: value.cardNumber ? { number: value.cardNumber, expiry: value.cardExpiry ?? "", cvc: value.cardCvc ?? "" } : undefined, origin: new URL(request.url).origin },
    );
    if (outcome.kind === "declined") return again(402, { tone: "error", message: outcome.message });
    return placed(outcome, value.idempotencyKey, request, context);
  } catch (error) {
    const refusal = refusalOf(error);
    return again(refusal.status, refusal.problem, refusal.fieldErrors);
  }
}

/** Paid, pending or off to the payment page: this browser may now open the order; a paid cart is emptied. */
function placed(outcome: Exclude<CheckoutOutcome, { kind: "declined" }>, key: string, request: Request, context: Context) {
  const headers = new Headers({ "Set-Cookie": orderAccessCookie(request, key, context.auth.secure) });
  if (outcome.kind === "paid") headers.append("Set-Cookie", cartCookie(EMPTY_CART, context.auth.secure));
  return redirect(outcome.kind === "redirect" ? outcome.url : orderPath(outcome.order.orderNumber), { status: 303, headers });
}

/** A shopper's mistake or a lost race becomes a message on the page, never a 500. */
function refusalOf(error: unknown): { status: number; problem: CheckoutProblem | null; fieldErrors?: Record<string, string[]> } {
  if (error instanceof OutOfStockError) return { status: 409, problem: { tone: "error", message: `${error.message} Nothing has been charged.`, cartLink: true } };
  if (error instanceof ValidationError && error.fields?.discountCode) return { status: 400, problem: null, fieldErrors: { discountCode: error.fields.discountCode } };
  if (error instanceof ValidationError) return { status: 400, problem: { tone: "error", message: error.message } };
  if (error instanceof ConflictError) return { status: 409, problem: { tone: "error", message: error.message } };
  if (error instanceof PaymentUnavailableError) return { status: 503, problem: { tone: "error", message: error.message } };
  throw error;
}

/** The Apply button: the cart keeps the code, and the summary is priced with it; nothing is placed. */
function applyCode(formData: FormData, cart: Cart, context: Context) {
  const submission = parseWithZod(formData, { schema: applyCodeSchema });
  const updated = withDiscountCode(cart, submission.status === "success" ? submission.value.discountCode : null);
  const prices = pricing(updated, formData, context);
  const rejected = prices.summary?.discount && !prices.summary.discount.ok ? prices.summary.discount.message : null;
  const result = submission.reply({ hideFields: CARD_FIELDS, fieldErrors: rejected ? { discountCode: [rejected] } : undefined });
  const headers = cart.lines.length > 0 ? { "Set-Cookie": cartCookie(updated, context.auth.secure) } : undefined;
  return data({ result, problem: null, ...prices }, { status: rejected ? 400 : 200, headers });
}

/** A fresh form key and the summary priced with the code in the form (the typed e-mail counts for first orders). */
function pricing(cart: Cart, formData: FormData, context: Context) {
  const code = applyCodeSchema.safeParse({ discountCode: formData.get("discountCode") ?? undefined });
  const email = String(formData.get("email") ?? "").trim();
  return {
    idempotencyKey: crypto.randomUUID(),
    summary: cart.lines.length > 0 ? summaryOf(cart, code.success ? code.data.discountCode : null, context, email) : null,
  };
}

function summaryOf(cart: Cart, code: string | null, context: Context, typedEmail?: string) {
  const priced = context.services.cart.price(cart.lines, code, { today: context.today, customer: customerOf(context.user, typedEmail) });
  const lines = priced.lines.filter((l) => !l.issue);
  return {
    needsReview: priced.needsReview,
    lines: lines.map((l) => ({ key: l.recordId, title: l.title, artist: l.artist, quantity: l.quantity, lineTotalPence: l.lineTotalPence, isPreOrder: l.isPreOrder })),
    totals: priced.totals,
    discount: priced.discount ? { code: priced.discount.code, ok: priced.discount.ok, message: priced.discount.message } : null,
    delivery: deliveryEstimate(context.today, lines.some((l) => l.isPreOrder)),
    review: priced.lines.map((l) => ({ recordId: l.recordId, title: l.title, artist: l.artist, quantity: l.quantity, maxQuantity: l.maxQuantity, issue: l.issue, pricePence: l.pricePence })),
  };
}

function checkoutState(cart: Cart, context: Context) {
  if (cart.lines.length === 0) return { state: "empty" as const };
  const summary = summaryOf(cart, cart.discountCode, context);
  if (summary.needsReview) return { state: "review" as const, review: summary.review };
  const user = context.user;
  const defaults: CheckoutDefaults = {
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

function providerOf(context: Context) {
  const { kind, id } = context.services.checkout.provider;
  return { kind, name: id === "stripe" ? "Stripe" : "Test card (no real money is taken)" };
}

/**
 * `?cancelled={order}`: the shopper came back from the hosted payment page without paying. Only the browser
 * that placed the order (or its signed-in owner) may call it off: its stock and code go back at once.
 */
async function returnedFromPayment(orderNumber: string | null, request: Request, context: Context) {
  if (!orderNumber) return null;
  try {
    context.services.orders.forViewer(orderNumber, { userId: context.user?.id ?? null, accessTokens: readOrderTokens(request) });
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
  return context.services.checkout.abandon(orderNumber);
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const problem = actionData?.problem ?? null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10 lg:px-8">
      <h1 className="font-display text-3xl font-bold sm:text-4xl">Checkout</h1>
      {loaderData.cancelled && <CheckoutNotice problem={{ tone: "info", message: CANCELLED_MESSAGE }} />}
      {problem && <CheckoutNotice problem={problem} />}
      {loaderData.state === "empty" && <EmptyCheckout />}
      {loaderData.state === "review" && <CartNeedsReview lines={loaderData.review} />}
      {loaderData.state === "ready" && (
        <ReadyCheckout
          page={loaderData}
          provider={loaderData.provider}
          summary={actionData?.summary && !actionData.summary.needsReview ? actionData.summary : loaderData.summary}
          idempotencyKey={actionData?.idempotencyKey ?? loaderData.idempotencyKey}
          lastResult={actionData?.result}
        />
      )}
    </div>
  );
}

type ReadyPage = Extract<Route.ComponentProps["loaderData"], { state: "ready" }>;

function ReadyCheckout({
  page,
  provider,
  summary,
  idempotencyKey,
  lastResult,
}: {
  page: ReadyPage;
  provider: ReadyPage["provider"];
  summary: ReadyPage["summary"];
  idempotencyKey: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  // The code the total beside the form includes; a code that was refused is not part of it.
  const pricedCode = summary.discount?.ok ? summary.discount.code : "";
  return (
    <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-8">
      <aside aria-labelledby="summary-heading" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6 lg:sticky lg:top-24 lg:order-2">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="summary-heading" className="font-display text-xl font-bold">
            Order summary
          </h2>
          <Link to="/cart" className="text-sm font-semibold text-needle-dark underline underline-offset-2">
            Edit cart
          </Link>
        </div>
        <SummaryLines lines={summary.lines} />
        <SummaryTotals totals={summary.totals} delivery={summary.delivery} discountLabel={pricedCode ? `Discount (${pricedCode})` : "Discount"} />
        <p className="mt-4 text-xs text-stone-600">
          Payment provider: <strong className="font-semibold text-stone-800">{provider.name}</strong>
        </p>
      </aside>
      <div className="lg:order-1">
        <CheckoutForm
          provider={provider.kind}
          today={page.today}
          defaults={page.defaults}
          idempotencyKey={idempotencyKey}
          pricedCode={pricedCode}
          totalPence={summary.totals.totalPence}
          discount={summary.discount}
          lastResult={lastResult}
        />
      </div>
    </div>
  );
}
