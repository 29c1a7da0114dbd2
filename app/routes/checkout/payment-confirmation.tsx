import { Icon } from "~/components/icons/icon";
import { data, Link } from "react-router";
import { orderPath, orderStatusWords, type OrderStatus } from "~/domain/orders/order-status";
import { CHARGED_WHEN_SHIPS } from "~/domain/pre-orders/pre-order-charge";
import { SummaryLines, SummaryTotals } from "~/components/checkout/order-summary";
import { EMPTY_CART } from "~/domain/cart/cart";
import { deliveryLine } from "~/domain/checkout/destination-labels";
import { formatDateGB } from "~/domain/shared/dates";
import { NotFoundError } from "~/domain/shared/errors";
import { cartBoughtBy } from "~/domain/orders/order-access";
import { readOrderTokens } from "~/lib/order-access.server";
import { pageMeta } from "~/lib/seo";
import { cartCookie, readCart } from "~/domain/cart/cart-cookie";
import { noteCartChange } from "~/lib/cart-reminder.server";
import type { Route } from "./+types/payment-confirmation";

/** While a payment is being confirmed the page looks again every few seconds (also without JavaScript). */
const REFRESH_SECONDS = 5;

export const meta: Route.MetaFunction = ({ data: d }) => [
  ...(d
    ? [
        ...pageMeta({ title: `Order ${d.order.orderNumber}`, description: "Your Needledrop order." }),
        ...(d.order.status === "pending_payment" ? [{ httpEquiv: "refresh", content: String(REFRESH_SECONDS) } as const] : []),
      ]
    : [{ title: "404 Page Not Found | Needledrop" }]),
  { name: "robots", content: "noindex" },
];

export function loader({ request, context, url }: Route.LoaderArgs) {
  const orderNumber = url.searchParams.get("order") ?? "";
  let order;
  try {
    order = context.services.orders.forViewer(orderNumber, {
      userId: context.user?.id ?? null,
      accessTokens: readOrderTokens(request),
    });
  } catch (error) {
    // Someone else's order, a mistyped number or none at all: the same 404, so numbers reveal nothing.
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
  // Back from a hosted payment page, the cart still holds what was just bought.
  const { value: cart } = readCart(request.headers.get("Cookie"), context.auth.secure);
  const bought = cartBoughtBy(cart.lines, order);
  if (bought) noteCartChange(request, context, EMPTY_CART);
  const headers = bought ? { "Set-Cookie": cartCookie(EMPTY_CART, context.auth.secure) } : undefined;
  return data({ order, signedIn: context.user !== null }, { headers });
}

export default function PaymentConfirmation({ loaderData }: Route.ComponentProps) {
  const { order, signedIn } = loaderData;
  const { status } = order;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12 lg:px-8">
      <StatusHeading status={status} />
      <p className="mt-3 text-stone-700">
        Order number <strong className="font-mono text-ink">{order.orderNumber}</strong> · placed on{" "}
        {formatDateGB(order.placedOn)} · {orderStatusWords(status)}
      </p>
      {status === "paid" && (
        <p className="mt-2 text-stone-700">
          A confirmation e-mail is on its way to <strong>{order.email}</strong>.
        </p>
      )}
      {status === "card_saved" && (
        <p className="mt-2 text-stone-700" data-testid="charged-when-ships">
          <strong>{CHARGED_WHEN_SHIPS}</strong> Your card is saved and nothing has been taken yet. A confirmation e-mail is on its
          way to <strong>{order.email}</strong>.
        </p>
      )}
      {status === "pending_payment" && (
        <p className="mt-2 text-stone-700">
          We are waiting for the payment provider to confirm your payment. This page checks again every {REFRESH_SECONDS} seconds,
          or you can{" "}
          <Link
            to={orderPath(order.orderNumber)}
            reloadDocument
            className="font-semibold text-needle-dark underline underline-offset-2"
          >
            refresh it now
          </Link>
          .
        </p>
      )}
      {status === "payment_failed" && <p className="mt-2 font-medium text-stone-800">Nothing has been charged.</p>}
      {order.tracking && (
        <p className="mt-2 text-stone-700">
          Sent with Royal Mail, tracking number <strong className="font-mono">{order.tracking.number}</strong>:{" "}
          <a
            href={order.tracking.url}
            target="_blank"
            rel="noreferrer"
            className="font-semibold text-needle-dark underline underline-offset-2"
          >
            track your parcel
          </a>
          .
        </p>
      )}

      <div className="mt-8 grid gap-6 md:grid-cols-[minmax(0,1fr)_16rem]">
        <section aria-labelledby="lines-heading" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6">
          <h2 id="lines-heading" className="font-display text-xl font-bold">
            Your records
          </h2>
          <SummaryLines lines={order.lines.map((l, i) => ({ ...l, key: `${l.recordId}-${i}` }))} />
          <SummaryTotals
            totals={order.totals}
            delivery={order.delivery}
            service={order.deliveryService}
            countryCode={order.shipping.countryCode}
            payment={{ voucherPence: order.totals.voucherPence, amountDuePence: order.totals.amountDuePence, stage: "order" }}
            lines={order.lines}
          />
        </section>
        <section
          aria-labelledby="address-heading"
          className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6 md:self-start"
        >
          <h2 id="address-heading" className="font-display text-xl font-bold">
            Delivery address
          </h2>
          <address className="mt-3 text-sm leading-6 not-italic text-stone-800">
            {[
              order.shipping.name,
              order.shipping.addressLine1,
              order.shipping.addressLine2,
              order.shipping.city,
              order.shipping.postalCode,
              order.shipping.country,
            ]
              .filter(Boolean)
              .map((line, i) => (
                <span key={i} className="block">
                  {line}
                </span>
              ))}
          </address>
          <p className="mt-3 text-xs text-stone-600" data-testid="delivery-line">
            {deliveryLine(order.deliveryService, order.shipping.countryCode)}
          </p>
        </section>
      </div>

      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/browse" className="rounded-full bg-ink px-6 py-3 text-sm font-semibold text-white hover:bg-needle">
          Continue shopping
        </Link>
        {signedIn && (
          <Link
            to="/profile#orders"
            className="rounded-full border border-ink px-6 py-3 text-sm font-semibold text-ink hover:bg-ink hover:text-white"
          >
            Your orders
          </Link>
        )}
      </div>
    </div>
  );
}

function StatusHeading({ status }: { status: OrderStatus }) {
  if (status === "pending_payment") {
    return (
      <h1 className="flex items-center gap-3 font-display text-3xl font-bold sm:text-4xl">
        <Icon name="clock" className="size-8 shrink-0 text-amber-600" />
        Waiting for your payment to be confirmed
      </h1>
    );
  }
  if (status === "payment_failed") {
    return (
      <h1 className="flex items-center gap-3 font-display text-3xl font-bold sm:text-4xl">
        <Icon name="circle-x" className="size-8 shrink-0 text-red-700" />
        Payment not taken
      </h1>
    );
  }
  if (status === "cancelled") {
    return (
      <h1 className="flex items-center gap-3 font-display text-3xl font-bold sm:text-4xl">
        <Icon name="circle-x" className="size-8 shrink-0 text-red-700" />
        This order was cancelled
      </h1>
    );
  }
  return (
    <h1 className="flex items-center gap-3 font-display text-3xl font-bold sm:text-4xl">
      <Icon name="circle-check" className="size-8 shrink-0 text-emerald-700" />
      Thank you for your order
    </h1>
  );
}
