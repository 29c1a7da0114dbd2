import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import { backButton, confirmButton, ConfirmPanel } from "~/components/admin/confirm-panel";
import { FieldMessage, FormAlert } from "~/components/admin/form-field";
import { RoyalMailOptions } from "~/components/admin/royal-mail-options";
import { Icon } from "~/components/icons/icon";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { UsedCopyLine } from "~/components/admin/used-copy-line";
import { deliveryWindowText } from "~/domain/checkout/delivery";
import {
  cancelInputSchema,
  deliverInputSchema,
  londonDateTime,
  ORDER_NOTE_MAX,
  orderNoteInputSchema,
  orderNumberInputSchema,
  orderPageQuerySchema,
  packInputSchema,
  refundFormSchema,
  shipInputSchema,
} from "~/domain/orders/order-admin";
import { NotFoundError } from "~/domain/shared/errors";
import { formatPence } from "~/domain/shared/money";
import { euroValueWords, vatLineWords } from "~/domain/international/order-destination";
import { packingServiceFor } from "~/domain/shipping/royal-mail";
import { formAction, type Echo } from "~/lib/forms/form-action.server";
import type { z } from "~/domain/shared/zod";
import { replyFor, type FormReply } from "~/lib/forms/form-reply";
import { readParams } from "~/lib/forms/search-params";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { requirePermission, staffIntent, staffMay, type StaffActor } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/order-detail";
import { isReview, RefundForm, RefundReviewPanel, type RefundReviewAnswer } from "./refund-steps";
import { OrderTimeline } from "./order-timeline";

export const handle = staffHandle("orders.view", {
  intents: {
    pack: "orders.dispatch",
    ship: "orders.dispatch",
    deliver: "orders.dispatch",
    cancel: "orders.cancel",
    review: "orders.refund",
    refund: "orders.refund",
    choose: "orders.refund",
    // A note changes nothing on the order: anyone who may see it may leave one for colleagues.
    note: "orders.view",
  },
});

export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta({ title: `Order ${params.orderNumber}`, description: "A Needledrop order in the back office." }),
  { name: "robots", content: "noindex" },
];

const orderNumberOf = (params: { orderNumber?: string }) => readParams(orderNumberInputSchema, params).orderNumber;

export function loader({ context, request, params, url }: Route.LoaderArgs) {
  const staff = requirePermission(context, request, handle.permission);
  const orderNumber = orderNumberOf(params);
  const { confirm } = orderPageQuerySchema.parse(Object.fromEntries(url.searchParams));
  try {
    const found = context.services.adminOrders.get(orderNumber);
    // Only the moves this person's role allows are offered (the action refuses the others whatever is posted).
    const allowed = (intent: keyof typeof handle.intents) => staffMay(staff, handle.intents[intent]);
    const m = found.moves;
    const moves = {
      ...m,
      pack: m.pack && allowed("pack"),
      ship: m.ship && allowed("ship"),
      markDelivered: m.markDelivered && allowed("deliver"),
      cancel: m.cancel && allowed("cancel"),
      refund: m.refund && allowed("refund"),
    };
    const order = { ...found, moves };
    const timeline = context.services.orderActivity.timeline(found);
    const returns = context.services.adminReturns.forOrder(orderNumber);
    return { order, timeline, returns, confirmCancel: confirm === "cancel" && order.moves.cancel };
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

/** One action for every move: the intent picks the move, its schema checks the form, the service does it. */
export async function action({ context, request, params }: Route.ActionArgs) {
  // Seeing the order comes first: a refused person learns nothing, not even whether the order exists.
  requirePermission(context, request, handle.permission);
  const orders = context.services.adminOrders;
  // The move's own permission is checked before the address is read: a refused move says 403, not "no such order".
  const move = <I extends keyof typeof handle.intents, S extends z.ZodType, A>(
    name: I,
    schema: S,
    run: (value: z.output<S>, actor: StaffActor, orderNumber: string, echo: Echo) => A | Promise<A>,
  ) =>
    staffIntent(context, request, handle, name, schema, (value, actor, echo) => run(value, actor, orderNumberOf(params), echo));
  const done = (orderNumber: string, title: string, description?: string) =>
    redirectWithToast(`/admin/order-management/${orderNumber}`, { type: "success", title, description });
  return formAction(request, {
    pack: move("pack", packInputSchema, async (input, actor, orderNumber) => {
      // A pre-order charged when it ships is charged first: nothing goes out unpaid.
      await context.services.preOrderCharges.chargeBeforeDispatch(actor, orderNumber);
      orders.pack(actor, orderNumber, input);
      return done(orderNumber, "Order packed");
    }),
    ship: move("ship", shipInputSchema, async (input, actor, orderNumber) => {
      await context.services.preOrderCharges.chargeBeforeDispatch(actor, orderNumber);
      orders.ship(actor, orderNumber, input);
      return done(orderNumber, "Order shipped", "The customer has been sent the tracking link.");
    }),
    deliver: move("deliver", deliverInputSchema, (_input, actor, orderNumber) => {
      orders.markDelivered(actor, orderNumber);
      return done(orderNumber, "Marked as delivered");
    }),
    cancel: move("cancel", cancelInputSchema, async (input, actor, orderNumber) => {
      await orders.cancel(actor, orderNumber, input);
      return done(orderNumber, "Order cancelled", "Stock returned and payment refunded.");
    }),
    // A refund is reviewed first: the answer is the review page, nothing is paid and no stock moves.
    review: move("review", refundFormSchema, (input, _actor, orderNumber, echo) => {
      const answer: RefundReviewAnswer = { intent: "review", result: echo(), review: orders.reviewRefund(orderNumber, input) };
      return answer;
    }),
    // "Back" from the review: the choices again, as they were.
    choose: move("choose", refundFormSchema, (_input, _actor, _orderNumber, echo): FormReply => ({
      intent: "refund",
      result: echo(),
    })),
    note: move("note", orderNoteInputSchema, (input, actor, orderNumber) => {
      context.services.orderActivity.addNote(actor, orderNumber, input);
      return done(orderNumber, "Note added");
    }),
    refund: move("refund", refundFormSchema, async (input, actor, orderNumber) => {
      const order = await orders.refund(actor, orderNumber, input);
      return done(orderNumber, `Refunded ${formatPence(order.refunds.at(-1)?.amountPence ?? 0)}`);
    }),
  });
}

const box = "rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200";
const input = "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm";
const primary = "rounded-full bg-ink px-5 py-2 text-sm font-semibold text-white hover:bg-needle-dark disabled:opacity-50";
const secondary = "rounded-full px-4 py-2 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100";

type Order = Route.ComponentProps["loaderData"]["order"];
interface MoveProps {
  order: Order;
  busy: boolean;
  reply: FormReply | undefined;
}

function PackForm({ order, busy, reply }: MoveProps) {
  const [form, fields] = useSchemaForm(packInputSchema, {
    id: "pack",
    lastResult: replyFor(reply, "pack"),
    defaultValue: { service: order.fulfilment.service ?? packingServiceFor(order.destination.deliveryService) },
  });
  const { key, ...service } = getSelectProps(fields.service);
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-2">
      <FormAlert id={form.errorId} message={form.errors?.[0]} />
      <div className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="pack" />
        <label className="min-w-0 flex-1 text-sm font-medium">
          Royal Mail service
          <select key={key} {...service} className={input}>
            <RoyalMailOptions />
          </select>
        </label>
        <button type="submit" disabled={busy} className={primary}>
          Mark packed
        </button>
      </div>
      <FieldMessage field={fields.service} />
    </Form>
  );
}

function ShipForm({ order, busy, reply }: MoveProps) {
  const [form, fields] = useSchemaForm(shipInputSchema, {
    id: "ship",
    lastResult: replyFor(reply, "ship"),
    defaultValue: { service: order.fulfilment.service ?? packingServiceFor(order.destination.deliveryService) },
  });
  const { key: trackingKey, ...tracking } = getInputProps(fields.trackingNumber, { type: "text" });
  const { key: serviceKey, ...service } = getSelectProps(fields.service);
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-2">
      <FormAlert id={form.errorId} message={form.errors?.[0]} />
      <div className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="ship" />
        <label className="min-w-0 flex-1 text-sm font-medium">
          Tracking number
          <input
            key={trackingKey}
            {...tracking}
            autoComplete="off"
            placeholder="AB123456785GB"
            className={`${input} font-mono uppercase`}
          />
        </label>
        {!order.fulfilment.service && (
          <label className="min-w-0 flex-1 text-sm font-medium">
            Service
            <select key={serviceKey} {...service} className={input}>
              <RoyalMailOptions withCost={false} />
            </select>
          </label>
        )}
        <button type="submit" disabled={busy} className={primary}>
          Mark shipped
        </button>
      </div>
      <FieldMessage field={fields.trackingNumber} />
      <FieldMessage field={fields.service} />
    </Form>
  );
}

function DeliverForm({ busy, reply }: MoveProps) {
  const [form] = useSchemaForm(deliverInputSchema, { id: "deliver", lastResult: replyFor(reply, "deliver") });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-2">
      <FormAlert id={form.errorId} message={form.errors?.[0]} />
      <input type="hidden" name="intent" value="deliver" />
      <button type="submit" disabled={busy} className={`${primary} justify-self-start`}>
        Mark delivered
      </button>
    </Form>
  );
}

function Moves(props: MoveProps) {
  const { order } = props;
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
        {moves.pack && <PackForm {...props} />}
        {moves.ship && <ShipForm {...props} />}
        {moves.markDelivered && <DeliverForm {...props} />}
        {moves.cancel && (
          <Link to="?confirm=cancel" preventScrollReset className={`${secondary} justify-self-start text-red-800`}>
            Cancel order…
          </Link>
        )}
      </div>
    </section>
  );
}

function ConfirmCancel({ order, busy, reply }: MoveProps) {
  const [form, fields] = useSchemaForm(cancelInputSchema, { id: "cancel", lastResult: replyFor(reply, "cancel") });
  const { key, ...reason } = getInputProps(fields.reason, { type: "text" });
  return (
    <ConfirmPanel id="cancel-heading" title={`Cancel order ${order.orderNumber}?`}>
      <p className="mt-1 text-sm">
        The records go back into stock, {formatPence(order.refundablePence)} is refunded to the customer's card, and they are
        emailed.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-3">
        <FormAlert id={form.errorId} message={form.errors?.[0]} />
        <input type="hidden" name="intent" value="cancel" />
        <label className="text-sm font-medium">
          Reason (the customer sees it)
          <input key={key} {...reason} className={input} />
        </label>
        <FieldMessage field={fields.reason} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={busy} className={confirmButton}>
            Yes, cancel the order
          </button>
          <Link to="." className={backButton}>
            Keep the order
          </Link>
        </div>
      </Form>
    </ConfirmPanel>
  );
}

export default function OrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { order, timeline, returns, confirmCancel } = loaderData;
  const storeCredit = new Set(returns.filter((r) => r.storeCredit && r.refundId !== null).map((r) => r.refundId));
  const busy = useNavigation().state !== "idle";
  const review = isReview(actionData) ? actionData : undefined;
  const moves = { order, busy, reply: review ? undefined : (actionData as FormReply | undefined) };
  const t = order.totals;
  const euroValue = euroValueWords(
    order.destination.vat.consignmentEuroCents,
    order.destination.eurPerGbp,
    order.destination.eurRateAsOf,
  );
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
      <p className="mt-1 text-stone-600">
        Placed {londonDateTime(order.createdAt)}
        {order.channel ? (
          <span
            className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-sm font-semibold text-amber-950"
            data-testid="order-channel"
          >
            {order.channel}
          </span>
        ) : null}
      </p>

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
                        <UsedCopyLine copy={l.copy} />
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
              <dt className="text-stone-600">{vatLineWords(order.destination.vat)}</dt>
              <dd className="text-right text-stone-600 tabular-nums">{formatPence(t.vatPence)}</dd>
              {euroValue && (
                <dd className="col-span-2 text-xs text-stone-600">
                  {euroValue}
                  {order.destination.vat.treatment === "ioss" && order.destination.iossNumber && (
                    <> · IOSS number {order.destination.iossNumber}</>
                  )}
                </dd>
              )}
              {order.refundedPence > 0 && (
                <>
                  <dt className="text-red-800">Refunded</dt>
                  <dd className="text-right text-red-800 tabular-nums">−{formatPence(order.refundedPence)}</dd>
                </>
              )}
            </dl>
          </section>

          {returns.length > 0 && (
            <section aria-labelledby="returns-heading" className={box}>
              <h2 id="returns-heading" className="font-display text-xl font-bold">
                Returns
              </h2>
              <ul className="mt-2 divide-y divide-stone-100 text-sm">
                {returns.map((r) => (
                  <li key={r.returnNumber} className="flex flex-wrap items-baseline gap-x-2 py-2">
                    <Link to={`/admin/returns/${r.returnNumber}`} className="font-mono font-semibold underline">
                      {r.returnNumber}
                    </Link>
                    <span>{r.statusLabel}</span>
                    <span className="text-stone-600">asked {londonDateTime(r.createdAt)}</span>
                    {r.refundedPence > 0 && (
                      <span>
                        · {formatPence(r.refundedPence)} {r.storeCredit ? "as store credit" : "refunded"}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}

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
                      {r.providerReference ??
                        (storeCredit.has(r.id)
                          ? "store credit (a voucher, no payment provider)"
                          : "awaiting the payment provider")}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}

          <OrderTimeline entries={timeline} reply={moves.reply} busy={busy} noteMax={ORDER_NOTE_MAX} />
        </div>

        {/* The moves come first on a narrow screen, beside the order on a wide one. */}
        <div className="order-first grid content-start gap-6 2xl:order-none">
          {confirmCancel ? <ConfirmCancel {...moves} /> : <Moves {...moves} />}

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
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-stone-600">Country</dt>
              <dd>
                {order.destination.countryName} ({order.destination.countryCode})
              </dd>
              <dt className="text-stone-600">Delivery</dt>
              <dd>{order.destination.deliveryServiceName}</dd>
              <dt className="text-stone-600">Parcel</dt>
              <dd className="tabular-nums">
                {order.destination.parcelGrams === null
                  ? "Not weighed"
                  : `${order.destination.parcelGrams.toLocaleString("en-GB")} g`}
              </dd>
            </dl>
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

          {order.moves.refund &&
            (review ? (
              <RefundReviewPanel order={order} busy={busy} answer={review} />
            ) : (
              <RefundForm key={`${order.status}-${order.refundedPence}`} {...moves} />
            ))}
        </div>
      </div>
    </div>
  );
}
