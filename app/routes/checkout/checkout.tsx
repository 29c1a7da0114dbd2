import { PreOrderChargeNotice } from "~/components/checkout/pre-order-charge-notice";
import { DropHoldNotice } from "~/components/drops/drop-hold-notice";
import type { SubmissionResult } from "@conform-to/react";
import { type ShouldRevalidateFunction, Link } from "react-router";
import { CheckoutForm } from "~/components/checkout/checkout-form";
import { CartNeedsReview, CheckoutNotice, EmptyCheckout } from "~/components/checkout/notices";
import { SummaryLines, SummaryTotals } from "~/components/checkout/order-summary";
import { pageMeta } from "~/lib/seo";
import { loadCheckout, submitCheckout } from "./checkout.server";
import type { Route } from "./+types/checkout";

const CANCELLED_MESSAGE = "Payment cancelled. Nothing has been charged.";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Checkout", description: "Pay for the records in your Needledrop cart." }),
  { name: "robots", content: "noindex" },
];

// After any submission the cart may have changed (stock taken, a code applied): read it again, also after a 4xx.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" || defaultShouldRevalidate;

export const loader = ({ request, url, context }: Route.LoaderArgs) => loadCheckout(request, url, context);

export const action = ({ request, context }: Route.ActionArgs) => submitCheckout(request, context);

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const problem = actionData?.problem ?? null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10 lg:px-8">
      <h1 className="font-display text-3xl font-bold sm:text-4xl">Checkout</h1>
      {loaderData.cancelled && <CheckoutNotice problem={{ tone: "info", message: CANCELLED_MESSAGE }} />}
      {problem && <CheckoutNotice problem={problem} />}
      <DropHoldNotice holds={loaderData.dropHolds} />
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
    <div className="mt-6 grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-8">
      <aside
        aria-labelledby="summary-heading"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6 lg:sticky lg:top-24 lg:order-2"
      >
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="summary-heading" className="font-display text-xl font-bold">
            Order summary
          </h2>
          <Link to="/cart" className="text-sm font-semibold text-needle-dark underline underline-offset-2">
            Edit cart
          </Link>
        </div>
        <SummaryLines lines={summary.lines} />
        <SummaryTotals
          totals={summary.totals}
          delivery={summary.arrival}
          service={summary.delivery.service}
          countryCode={summary.delivery.countryCode}
          discountLabel={pricedCode ? `Discount (${pricedCode})` : "Discount"}
          payment={{ ...summary.vouchers, stage: "checkout" }}
          lines={summary.lines}
        />
        <PreOrderChargeNotice charge={summary.preOrderCharge} />
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
          vouchers={summary.vouchers}
          quote={summary.quote}
          discount={summary.discount}
          delivery={summary.delivery}
          lastResult={lastResult}
        />
      </div>
    </div>
  );
}
