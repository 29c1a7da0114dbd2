import { getFormProps } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import { FormAlert } from "~/components/admin/form-field";
import { RoyalMailOptions } from "~/components/admin/royal-mail-options";
import { formatDateTimeGB } from "~/domain/shared/dates";
import { packingServiceFor, ROYAL_MAIL_SERVICES } from "~/domain/shipping/royal-mail";
import { packManySchema, rowField, shipManySchema } from "~/domain/shipping/shipping-schemas";
import { eachOrder, type BulkOutcome } from "~/lib/admin/bulk.server";
import { formAction, intent } from "~/lib/forms/form-action.server";
import { replyFor } from "~/lib/forms/form-reply";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import { UsedCopyLine } from "~/components/admin/used-copy-line";
import { PreOrderBatches } from "~/components/admin/pre-order-batches";
import { redirectWithToast } from "~/lib/toast.server";
import type { Parcel } from "../../../../server/services/admin-shipping";
import type { Route } from "./+types/shipping-queue";

export const handle = staffHandle("orders.dispatch", { action: "orders.dispatch" });

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Shipping", description: "Pack and dispatch orders." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  return {
    queue: context.services.adminShipping.queue(),
    batches: context.services.preOrderCharges.releaseDayBatches(context.today),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requirePermission(context, request, handle.action!);
  const orders = context.services.adminOrders;
  return formAction(request, {
    pack: intent(packManySchema, async (batch) =>
      answer("pack", await eachOrder(batch.orders, ({ orderNumber, ...move }) => orders.pack(actor, orderNumber, move))),
    ),
    ship: intent(shipManySchema, async (batch) =>
      answer("ship", await eachOrder(batch.orders, ({ orderNumber, ...move }) => orders.ship(actor, orderNumber, move))),
    ),
  });
}

/** Every order moved: back to the queue with a toast. Some refused: stay, saying which and why. */
async function answer(intent: "pack" | "ship", outcome: BulkOutcome) {
  const n = outcome.done.length;
  const title = `${n} ${n === 1 ? "order" : "orders"} ${intent === "pack" ? "packed" : "dispatched"}`;
  if (outcome.failed.length === 0) return redirectWithToast("/admin/shipping-management", { type: "success", title });
  return data({ intent, outcome }, { status: 409 });
}

const serviceName = (key: string | null) => ROYAL_MAIL_SERVICES.find((s) => s.key === key)?.name ?? "—";

function Address({ p }: { p: Parcel }) {
  return (
    <span className="block text-xs leading-snug text-stone-700">
      {p.name}, {p.addressLine1}
      {p.addressLine2 ? `, ${p.addressLine2}` : ""}, {p.city} {p.postalCode}
      {p.countryCode !== "GB" && <span className="font-semibold">, {p.country}</span>}
    </span>
  );
}

function Lines({ p }: { p: Parcel }) {
  return (
    <ul className="mt-1 text-xs text-stone-700">
      {p.lines.map((l, i) => (
        <li key={i}>
          {l.quantity} × {l.title} — {l.artist}
          <UsedCopyLine copy={l.copy} compact />
        </li>
      ))}
    </ul>
  );
}

type QueueIntent = "pack" | "ship";
type Reply = Route.ComponentProps["actionData"];

/**
 * One half of the queue as a form: its Conform state, and what to show per order — the ticks to keep, each order's
 * messages (a field the schema refused, or the service's refusal when the others went through) and the batch's own.
 */
function useQueueForm(name: QueueIntent, reply: Reply) {
  const [form] = useSchemaForm(name === "pack" ? packManySchema : shipManySchema, {
    id: name,
    lastResult: replyFor(reply, name),
  });
  const outcome = reply && "outcome" in reply && reply.intent === name ? reply.outcome : undefined;
  const ticked = new Set([form.initialValue?.selected ?? []].flat().map(String));
  for (const failure of outcome?.failed ?? []) ticked.add(failure.orderNumber);
  const problems = (orderNumber: string) => [
    ...["service", "trackingNumber"].flatMap((field) => form.allErrors[rowField(field, orderNumber)] ?? []),
    ...(outcome?.failed.filter((f) => f.orderNumber === orderNumber).map((f) => f.message) ?? []),
  ];
  return { form, outcome, ticked, problems, batchProblem: form.allErrors.selected?.[0] ?? form.errors?.[0] };
}

function Tick({ p, ticked }: { p: Parcel; ticked: Set<string> }) {
  return (
    <input
      type="checkbox"
      name="selected"
      value={p.orderNumber}
      aria-label={`Select ${p.orderNumber}`}
      defaultChecked={ticked.has(p.orderNumber)}
      className="mt-1 size-5"
    />
  );
}

function ServiceSelect({ p, label, className = "" }: { p: Parcel; label: string; className?: string }) {
  return (
    <label className={`block text-xs ${className}`}>
      <span className="sr-only">{label}</span>
      <select
        name={rowField("service", p.orderNumber)}
        // What the shopper chose at checkout (a UK or an international service) until it is packed with another.
        defaultValue={p.shippingService ?? packingServiceFor(p.deliveryService)}
        aria-label={label}
        className="w-full rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm"
      >
        <RoyalMailOptions />
      </select>
    </label>
  );
}

function Problems({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <p role="alert" className="mt-1 text-xs font-semibold text-red-700">
      {messages.join(" ")}
    </p>
  );
}

const CLICK_AND_DROP_EXPORT = "/admin/shipping-management/click-and-drop.csv";

/**
 * The export is a file, not a page: with JavaScript the browser is sent to it, as a plain form's GET would (the
 * router would fetch it as a page's data). Without JavaScript the form's GET does it.
 */
function downloadTicked(event: React.MouseEvent<HTMLButtonElement>) {
  const form = event.currentTarget.form;
  if (!form) return;
  event.preventDefault();
  const params = new URLSearchParams();
  for (const n of new FormData(form).getAll("selected")) params.append("selected", String(n));
  window.location.assign(`${CLICK_AND_DROP_EXPORT}?${params}`);
}

function PrintButtons() {
  // A GET to the print page: it takes the ticked orders, never the post's checks.
  const print = "rounded-lg px-3 py-2 text-sm font-semibold ring-1 ring-stone-300 hover:bg-stone-100";
  return (
    <>
      <button
        type="submit"
        formMethod="get"
        formAction="/admin/shipping-management/print"
        formNoValidate
        name="kind"
        value="slips"
        className={print}
      >
        Print packing slips
      </button>
      <button
        type="submit"
        formMethod="get"
        formAction="/admin/shipping-management/print"
        formNoValidate
        name="kind"
        value="labels"
        className={print}
      >
        Print labels
      </button>
      <button
        type="submit"
        formMethod="get"
        formAction={CLICK_AND_DROP_EXPORT}
        formNoValidate
        onClick={downloadTicked}
        className={print}
      >
        Export for Click &amp; Drop
      </button>
    </>
  );
}

const rowClass = "grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 p-3 sm:grid-cols-[auto_1fr_20rem] sm:items-start";
const listClass = "divide-y divide-stone-100 rounded-xl bg-white shadow-sm ring-1 ring-stone-200";
const moveClass = "rounded-lg bg-stone-900 px-4 py-2 text-sm font-semibold text-white hover:bg-stone-700 disabled:opacity-60";

function OrderLink({ p }: { p: Parcel }) {
  return (
    <>
      <Link to={`/admin/order-management/${p.orderNumber}`} className="font-mono text-sm font-semibold underline">
        {p.orderNumber}
      </Link>
      {p.kind === "club" && (
        <span
          className="ml-2 rounded bg-violet-100 px-1.5 py-0.5 text-xs font-semibold text-violet-900"
          data-testid="club-parcel"
        >
          Record club
        </span>
      )}
    </>
  );
}

function Done({ outcome }: { outcome: BulkOutcome | undefined }) {
  if (!outcome?.done.length) return null;
  return (
    <p role="status" className="mt-4 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-emerald-200">
      Done: {outcome.done.join(", ")}. The others below were not changed.
    </p>
  );
}

/** What differs between the queue's two halves: their words, each row's status line and its own fields. */
interface Half {
  intent: QueueIntent;
  id: string;
  title: string;
  empty: string;
  move: string;
  className: string;
  status: (p: Parcel) => React.ReactNode;
  controls: (p: Parcel) => React.ReactNode;
}

const HALVES: Record<QueueIntent, Half> = {
  pack: {
    intent: "pack",
    id: "to-pack",
    title: "To pack",
    empty: "Nothing to pack.",
    move: "Mark packed",
    className: "mt-8",
    // A club parcel was paid for by the membership: it waits from when it was made.
    status: (p) => (p.paidAt ? <>paid {formatDateTimeGB(p.paidAt)}</> : <>club parcel</>),
    controls: (p) => (
      <ServiceSelect p={p} label={`Royal Mail service for ${p.orderNumber}`} className="col-start-2 sm:col-start-auto" />
    ),
  },
  ship: {
    intent: "ship",
    id: "packed",
    title: "Packed, waiting for the post",
    empty: "Nothing packed.",
    move: "Mark shipped",
    className: "mt-10",
    status: (p) => (
      <>
        packed {formatDateTimeGB(p.packedAt)} · {serviceName(p.shippingService)}
      </>
    ),
    controls: (p) => (
      <div className="col-start-2 grid gap-2 sm:col-start-auto">
        <ServiceSelect p={p} label={`Royal Mail service for ${p.orderNumber}`} />
        <label className="block text-xs">
          <span className="sr-only">Tracking number for {p.orderNumber}</span>
          <input
            name={rowField("trackingNumber", p.orderNumber)}
            placeholder="Tracking no. e.g. AB123456785GB"
            aria-label={`Tracking number for ${p.orderNumber}`}
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            className="w-full rounded-md border border-stone-300 px-2 py-1.5 font-mono text-sm"
          />
        </label>
      </div>
    ),
  },
};

/** One half of the queue: its orders to tick, each with its own fields, and the move for the ticked ones. */
function QueueHalf({ half, parcels, reply, busy }: { half: Half; parcels: Parcel[]; reply: Reply; busy: boolean }) {
  const { form, outcome, ticked, problems, batchProblem } = useQueueForm(half.intent, reply);
  return (
    <section aria-labelledby={half.id} className={half.className}>
      <h2 id={half.id} className="font-display text-xl font-bold">
        {half.title} ({parcels.length})
      </h2>
      <Done outcome={outcome} />
      {parcels.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{half.empty}</p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-3">
          <FormAlert id={form.errorId} message={batchProblem} />
          <ul className={listClass}>
            {parcels.map((p) => (
              <li key={p.orderNumber} className={rowClass}>
                <Tick p={p} ticked={ticked} />
                <div className="min-w-0">
                  <OrderLink p={p} />
                  <span className="ml-2 text-xs text-stone-600">{half.status(p)}</span>
                  <Address p={p} />
                  <Lines p={p} />
                  <Problems messages={problems(p.orderNumber)} />
                </div>
                {half.controls(p)}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <button type="submit" name="intent" value={half.intent} disabled={busy} className={moveClass}>
              {half.move}
            </button>
            <PrintButtons />
          </div>
        </Form>
      )}
    </section>
  );
}

export default function ShippingQueue({ loaderData, actionData }: Route.ComponentProps) {
  const { toPack, packed, awaitingStock, more } = loaderData.queue;
  const busy = useNavigation().state === "submitting";
  return (
    <div>
      <h1 className="font-display text-3xl font-bold">Shipping</h1>
      <p className="mt-1 text-sm text-stone-600">
        Paid orders, oldest first. Tick orders to print their slips and labels, mark them packed, then dispatch each with its
        tracking number — the customer is emailed once, with the tracking link. Posting through Click &amp; Drop? Export the
        ticked orders, then{" "}
        <Link to="/admin/shipping-management/tracking" className="underline">
          paste its tracking numbers back
        </Link>
        .
        {awaitingStock > 0 && (
          <>
            {" "}
            {awaitingStock} more {awaitingStock === 1 ? "order waits" : "orders wait"} for a pre-order pressing (
            <Link to="/admin/stock-management?filter=pre-order" className="underline">
              goods-in
            </Link>
            ).
          </>
        )}
      </p>
      <PreOrderBatches batches={loaderData.batches} />
      <QueueHalf half={HALVES.pack} parcels={toPack} reply={actionData} busy={busy} />
      <QueueHalf half={HALVES.ship} parcels={packed} reply={actionData} busy={busy} />
      {more && <p className="mt-4 text-sm text-stone-600">Showing the oldest 200 of each; pack these first.</p>}
    </div>
  );
}
