import { data, Form, useNavigation, Link } from "react-router";
import { Icon } from "~/components/icons/icon";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { describeSnapshot } from "~/domain/admin/audit";
import { deliveryWindowText } from "~/domain/checkout/delivery";
import {
  cancelInputSchema,
  londonDateTime,
  packInputSchema,
  refundFormSchema,
  shipInputSchema,
} from "~/domain/orders/order-admin";
import { orderNumberSchema } from "~/domain/orders/order-status";
import { formFailureOf } from "~/domain/shared/errors";
import { formatPence } from "~/domain/shared/money";
import { DEFAULT_ROYAL_MAIL_SERVICE, ROYAL_MAIL_SERVICES } from "~/domain/shipping/royal-mail";
import { requireAdmin } from "~/lib/guards.server";
import { parseForm } from "~/lib/parse-form";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/order-detail";

export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta({ title: `Order ${params.orderNumber}`, description: "A Needledrop order in the back office." }),
  { name: "robots", content: "noindex" },
];

function orderNumberOf(params: { orderNumber?: string }): string {
  const parsed = orderNumberSchema.safeParse(params.orderNumber);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

export function loader({ context, request, params, url }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const orderNumber = orderNumberOf(params);
  try {
    const order = context.services.adminOrders.get(orderNumber);
    const confirmCancel = url.searchParams.get("confirm") === "cancel" && order.moves.cancel;
    return { order, confirmCancel };
  } catch (error) {
    if (formFailureOf(error)?.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

const INTENTS = ["pack", "ship", "deliver", "cancel", "refund"] as const;
type Intent = (typeof INTENTS)[number];

/** One action for every move: the intent picks the move, its schema checks the form, the service does it. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const user = requireAdmin(context, request);
  const orderNumber = orderNumberOf(params);
  const actor = { id: user.id, username: user.username };
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!INTENTS.includes(intent as Intent)) return data({ intent: null, message: "Unknown action." }, { status: 400 });
  const service = context.services.adminOrders;
  const here = `/admin/order-management/${orderNumber}`;
  const refuse = (message: string, status = 400) => data({ intent: intent as Intent, message }, { status });
  const parsed = <S extends Parameters<typeof parseForm>[1]["schema"]>(schema: S) => {
    const submission = parseForm(formData, { schema });
    if (submission.status !== "success") {
      const errors = Object.values(submission.error ?? {})
        .flat()
        .filter(Boolean) as string[];
      return { ok: false as const, message: errors[0] ?? "Please check the form." };
    }
    return { ok: true as const, value: submission.value };
  };
  try {
    switch (intent as Intent) {
      case "pack": {
        const form = parsed(packInputSchema);
        if (!form.ok) return refuse(form.message);
        service.pack(actor, orderNumber, form.value);
        return redirectWithToast(here, { type: "success", title: "Order packed" });
      }
      case "ship": {
        const form = parsed(shipInputSchema);
        if (!form.ok) return refuse(form.message);
        service.ship(actor, orderNumber, form.value);
        return redirectWithToast(here, {
          type: "success",
          title: "Order shipped",
          description: "The customer has been sent the tracking link.",
        });
      }
      case "deliver":
        service.markDelivered(actor, orderNumber);
        return redirectWithToast(here, { type: "success", title: "Marked as delivered" });
      case "cancel": {
        const form = parsed(cancelInputSchema);
        if (!form.ok) return refuse(form.message);
        await service.cancel(actor, orderNumber, form.value);
        return redirectWithToast(here, {
          type: "success",
          title: "Order cancelled",
          description: "Stock returned and payment refunded.",
        });
      }
      case "refund": {
        const form = parsed(refundFormSchema);
        if (!form.ok) return refuse(form.message);
        const before = service.get(orderNumber).refundedPence;
        const after = await service.refund(actor, orderNumber, form.value);
        return redirectWithToast(here, { type: "success", title: `Refunded ${formatPence(after.refundedPence - before)}` });
      }
    }
  } catch (error) {
    const failure = formFailureOf(error);
    if (!failure) throw error;
    return refuse(failure.message, failure.status);
  }
}

const box = "rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200";
const input = "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm";
const primary = "rounded-full bg-ink px-5 py-2 text-sm font-semibold text-white hover:bg-needle-dark disabled:opacity-50";
const secondary = "rounded-full px-4 py-2 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100";

type Order = Route.ComponentProps["loaderData"]["order"];

function Moves({ order, busy }: { order: Order; busy: boolean }) {
  const { moves } = order;
  const none = !moves.pack && !moves.ship && !moves.markDelivered && !moves.cancel;
  return (
    <section aria-labelledby="moves-heading" className={box}>
      <h2 id="moves-heading" className="font-display text-xl font-bold">
        Fulfilment
      </h2>
      {order.blockedBy && (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">{order.blockedBy}</p>
      )}
      {none && !order.blockedBy && (
        <p className="mt-2 text-sm text-stone-600">Nothing to do: the order is {order.status.replace("_", " ")}.</p>
      )}
      <div className="mt-3 grid gap-4">
        {moves.pack && (
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="pack" />
            <label className="min-w-0 flex-1 text-sm font-medium">
              Royal Mail service
              <select name="service" defaultValue={order.fulfilment.service ?? DEFAULT_ROYAL_MAIL_SERVICE} className={input}>
                {ROYAL_MAIL_SERVICES.map((s) => (
                  <option key={s.key} value={s.key}>
                    {s.name} ({formatPence(s.costPence)})
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" disabled={busy} className={primary}>
              Mark packed
            </button>
          </Form>
        )}
        {moves.ship && (
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="ship" />
            <label className="min-w-0 flex-1 text-sm font-medium">
              Tracking number
              <input
                name="trackingNumber"
                required
                maxLength={40}
                autoComplete="off"
                placeholder="AB123456785GB"
                className={`${input} font-mono uppercase`}
              />
            </label>
            {!order.fulfilment.service && (
              <label className="min-w-0 flex-1 text-sm font-medium">
                Service
                <select name="service" defaultValue={DEFAULT_ROYAL_MAIL_SERVICE} className={input}>
                  {ROYAL_MAIL_SERVICES.map((s) => (
                    <option key={s.key} value={s.key}>
                      {s.name}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <button type="submit" disabled={busy} className={primary}>
              Mark shipped
            </button>
          </Form>
        )}
        {moves.markDelivered && (
          <Form method="post">
            <input type="hidden" name="intent" value="deliver" />
            <button type="submit" disabled={busy} className={primary}>
              Mark delivered
            </button>
          </Form>
        )}
        {moves.cancel && (
          <Link to="?confirm=cancel" preventScrollReset className={`${secondary} justify-self-start text-red-800`}>
            Cancel order…
          </Link>
        )}
      </div>
    </section>
  );
}

function ConfirmCancel({ order, busy }: { order: Order; busy: boolean }) {
  return (
    <section aria-labelledby="cancel-heading" className="rounded-xl bg-red-50 p-5 ring-1 ring-red-200">
      <h2 id="cancel-heading" className="font-display text-xl font-bold text-red-900">
        Cancel order {order.orderNumber}?
      </h2>
      <p className="mt-1 text-sm text-red-900">
        The records go back into stock, {formatPence(order.refundablePence)} is refunded to the customer's card, and they are
        emailed.
      </p>
      <Form method="post" className="mt-3 grid gap-3">
        <input type="hidden" name="intent" value="cancel" />
        <label className="text-sm font-medium">
          Reason (the customer sees it)
          <input name="reason" maxLength={500} className={input} />
        </label>
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            disabled={busy}
            className="rounded-full bg-red-800 px-5 py-2 text-sm font-semibold text-white hover:bg-red-900"
          >
            Yes, cancel the order
          </button>
          <Link to="." className={secondary}>
            Keep the order
          </Link>
        </div>
      </Form>
    </section>
  );
}

function RefundForm({ order, busy }: { order: Order; busy: boolean }) {
  const open = order.lines.filter((l) => l.quantity > l.refundedQuantity);
  return (
    <section aria-labelledby="refund-heading" className={box}>
      <h2 id="refund-heading" className="font-display text-xl font-bold">
        Refund
      </h2>
      <p className="mt-1 text-sm text-stone-600">Up to {formatPence(order.refundablePence)} can still be refunded.</p>
      <Form method="post" className="mt-3 grid gap-3">
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name="expectedRefundedPence" value={order.refundedPence} />
        <fieldset className="grid gap-2 text-sm">
          <legend className="font-medium">What to refund</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="mode" value="whole" defaultChecked /> Everything still refundable (
            {formatPence(order.refundablePence)})
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="mode" value="lines" /> The records chosen below
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="mode" value="amount" /> An amount
          </label>
        </fieldset>
        {open.length > 0 && (
          <ul className="grid gap-2 text-sm">
            {open.map((l, i) => (
              <li key={l.id} className="flex items-center justify-between gap-2">
                <input type="hidden" name={`lines[${i}].lineId`} value={l.id} />
                <label htmlFor={`refund-line-${l.id}`} className="min-w-0">
                  {l.artist} – {l.title}
                  <span className="block text-xs text-stone-600">
                    {l.quantity - l.refundedQuantity} refundable at {formatPence(l.unitPricePence)}
                  </span>
                </label>
                <input
                  id={`refund-line-${l.id}`}
                  type="number"
                  name={`lines[${i}].quantity`}
                  min={0}
                  max={l.quantity - l.refundedQuantity}
                  defaultValue={0}
                  aria-label={`Copies of ${l.title} to refund`}
                  className="w-20 rounded-lg border border-stone-300 px-2 py-1 text-right"
                />
              </li>
            ))}
          </ul>
        )}
        <label className="text-sm font-medium">
          Amount (£)
          <input name="amount" inputMode="decimal" placeholder="12.50" className={input} />
        </label>
        <label className="text-sm font-medium">
          Reason
          <input name="reason" maxLength={500} className={input} />
        </label>
        <button type="submit" disabled={busy} className={`${primary} justify-self-start`}>
          Refund
        </button>
      </Form>
    </section>
  );
}

export default function OrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { order, confirmCancel } = loaderData;
  const busy = useNavigation().state !== "idle";
  const t = order.totals;
  return (
    <div>
      <Link
        to="/admin/order-management"
        className="inline-flex items-center gap-1 text-sm font-semibold text-needle-dark hover:underline"
      >
        <Icon name="arrow-left" className="size-4" /> All orders
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="font-display text-3xl font-bold sm:text-4xl">
          Order <span className="font-mono">{order.orderNumber}</span>
        </h1>
        <p data-testid="order-status">
          <span className="sr-only">Status: </span>
          <OrderStatusBadge status={order.status} />
        </p>
      </div>
      <p className="mt-1 text-stone-600">Placed {londonDateTime(order.createdAt)}</p>
      {actionData?.message && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200">
          {actionData.message}
        </p>
      )}

      <div className="mt-6 grid gap-6 2xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid content-start gap-6">
          <section aria-labelledby="lines-heading" className={box}>
            <h2 id="lines-heading" className="font-display text-xl font-bold">
              Records
            </h2>
            <div className="mt-3 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="text-xs tracking-wide text-stone-600 uppercase">
                  <tr>
                    <th scope="col" className="py-2 pr-2">
                      Record
                    </th>
                    <th scope="col" className="px-2 py-2 text-right">
                      Qty
                    </th>
                    <th scope="col" className="px-2 py-2 text-right">
                      Price
                    </th>
                    <th scope="col" className="py-2 pl-2 text-right">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-100">
                  {order.lines.map((l) => (
                    <tr key={l.id}>
                      <td className="py-2 pr-2">
                        <span className="font-medium">{l.title}</span> <span className="text-stone-600">– {l.artist}</span>
                        {l.isPreOrder && (
                          <span className="ml-2 rounded bg-violet-100 px-1.5 text-xs font-semibold text-violet-900">
                            Pre-order{l.allocatedAt ? ", copy set aside" : ", waiting"}
                          </span>
                        )}
                        {l.refundedQuantity > 0 && (
                          <span className="block text-xs text-red-800">{l.refundedQuantity} refunded</span>
                        )}
                      </td>
                      <td className="px-2 py-2 text-right tabular-nums">{l.quantity}</td>
                      <td className="px-2 py-2 text-right tabular-nums">{formatPence(l.unitPricePence)}</td>
                      <td className="py-2 pl-2 text-right tabular-nums">{formatPence(l.lineTotalPence)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-stone-200 pt-3 text-sm">
              <dt>Items</dt>
              <dd className="text-right tabular-nums">{formatPence(t.itemsPence)}</dd>
              <dt>Shipping</dt>
              <dd className="text-right tabular-nums">{formatPence(t.shippingPence)}</dd>
              {t.discountPence > 0 && (
                <>
                  <dt>Discount{order.discountCode ? ` (${order.discountCode})` : ""}</dt>
                  <dd className="text-right tabular-nums">−{formatPence(t.discountPence)}</dd>
                </>
              )}
              <dt className="font-semibold">Total paid</dt>
              <dd className="text-right font-semibold tabular-nums">{formatPence(t.totalPence)}</dd>
              <dt className="text-stone-600">VAT included (20%)</dt>
              <dd className="text-right text-stone-600 tabular-nums">{formatPence(t.vatPence)}</dd>
              {order.refundedPence > 0 && (
                <>
                  <dt className="text-red-800">Refunded</dt>
                  <dd className="text-right text-red-800 tabular-nums">−{formatPence(order.refundedPence)}</dd>
                </>
              )}
            </dl>
          </section>

          {order.refunds.length > 0 && (
            <section aria-labelledby="refunds-heading" className={box}>
              <h2 id="refunds-heading" className="font-display text-xl font-bold">
                Refunds
              </h2>
              <ul className="mt-2 divide-y divide-stone-100 text-sm">
                {order.refunds.map((r) => (
                  <li key={r.id} className="py-2">
                    <span className="font-semibold">{formatPence(r.amountPence)}</span> (VAT {formatPence(r.vatPence)}) ·{" "}
                    {londonDateTime(r.createdAt)}
                    {r.reason && <span className="block text-stone-600">{r.reason}</span>}
                    <span className="block font-mono text-xs text-stone-500">
                      {r.providerReference ?? "awaiting the payment provider"}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}

          <section aria-labelledby="history-heading" className={box}>
            <h2 id="history-heading" className="font-display text-xl font-bold">
              History
            </h2>
            <ol className="mt-2 grid gap-1 text-sm">
              {order.timeline.map((e) => (
                <li key={`${e.label}-${e.at}`} className="flex justify-between gap-3">
                  <span>{e.label}</span>
                  <span className="text-stone-600 tabular-nums">{londonDateTime(e.at)}</span>
                </li>
              ))}
            </ol>
            {order.history.length > 0 && (
              <>
                <h3 className="mt-4 text-sm font-semibold tracking-wide text-stone-600 uppercase">Changes by staff</h3>
                <ul aria-label="Audit log" className="mt-2 divide-y divide-stone-100 text-sm">
                  {order.history.map((h) => (
                    <li key={h.id} className="py-2">
                      <span className="font-semibold">{h.action}</span> by {h.actorName} · {londonDateTime(h.createdAt)}
                      <span className="block text-xs text-stone-600">
                        {describeSnapshot(h.before)} → {describeSnapshot(h.after)}
                      </span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
        </div>

        {/* The moves come first on a narrow screen, beside the order on a wide one. */}
        <div className="order-first grid content-start gap-6 2xl:order-none">
          {confirmCancel ? <ConfirmCancel order={order} busy={busy} /> : <Moves order={order} busy={busy} />}

          <section aria-labelledby="customer-heading" className={box}>
            <h2 id="customer-heading" className="font-display text-xl font-bold">
              Customer
            </h2>
            <p className="mt-2 text-sm">
              {order.customer.guest ? (
                "Guest"
              ) : (
                <>
                  Account <strong>{order.customer.username ?? "(removed)"}</strong>
                </>
              )}
              <br />
              <a href={`mailto:${order.customer.email}`} className="text-needle-dark underline underline-offset-2">
                {order.customer.email}
              </a>
            </p>
            <h3 className="mt-4 text-sm font-semibold">Delivery address</h3>
            <address className="mt-1 text-sm not-italic">
              {[
                order.shipping.name,
                order.shipping.addressLine1,
                order.shipping.addressLine2,
                order.shipping.city,
                order.shipping.postalCode,
                order.shipping.country,
              ]
                .filter(Boolean)
                .map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
            </address>
            <p className="mt-3 text-sm text-stone-700">{deliveryWindowText(order.delivery)}</p>
            {order.fulfilment.serviceName && (
              <p className="mt-3 text-sm">
                Royal Mail {order.fulfilment.serviceName}
                {order.fulfilment.costPence !== null && <> · costs the shop {formatPence(order.fulfilment.costPence)}</>}
              </p>
            )}
            {order.fulfilment.trackingNumber && order.fulfilment.trackingUrl && (
              <p className="mt-1 text-sm">
                Tracking{" "}
                <a
                  href={order.fulfilment.trackingUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="font-mono text-needle-dark underline underline-offset-2"
                >
                  {order.fulfilment.trackingNumber}
                </a>
              </p>
            )}
            <h3 className="mt-4 text-sm font-semibold">Payment</h3>
            <p className="mt-1 text-sm">
              {order.payment.provider ?? "—"}
              <span className="block font-mono text-xs break-all text-stone-600">
                {order.payment.reference ?? "no reference"}
              </span>
            </p>
          </section>

          {order.moves.refund && <RefundForm order={order} busy={busy} />}
        </div>
      </div>
    </div>
  );
}
