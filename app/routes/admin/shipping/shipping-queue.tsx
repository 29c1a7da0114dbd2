import { data, Form, useNavigation, Link } from "react-router";
import { formatDateTimeGB } from "~/domain/shared/dates";
import { formatPence } from "~/domain/shared/money";
import { DEFAULT_ROYAL_MAIL_SERVICE, ROYAL_MAIL_SERVICES } from "~/domain/shipping/royal-mail";
import { packManySchema, selectedRows, shipManySchema } from "~/domain/shipping/shipping-schemas";
import { requireActor } from "~/lib/admin/actor.server";
import { eachOrder, type BulkOutcome } from "~/lib/admin/bulk.server";
import { requireAdmin } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import type { Parcel } from "../../../../server/services/admin-shipping";
import type { Route } from "./+types/shipping-queue";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Shipping", description: "Pack and dispatch orders." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return { queue: context.services.adminShipping.queue() };
}

type ActionAnswer = { intent: "pack" | "ship"; outcome: BulkOutcome; problems: Record<string, string> };

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requireActor(context, request);
  const form = await request.formData();
  const intent = form.get("intent");
  const orders = context.services.adminOrders;
  const refuse = (kind: "pack" | "ship", problems: Record<string, string>) =>
    data<ActionAnswer>({ intent: kind, outcome: { done: [], failed: [] }, problems }, { status: 400 });

  if (intent === "pack") {
    const parsed = packManySchema.safeParse({ orders: selectedRows(form, ["service"]) });
    if (!parsed.success) return refuse("pack", problemsOf(parsed.error, form));
    const outcome = await eachOrder(parsed.data.orders, (o) => orders.pack(actor, o.orderNumber, { service: o.service }));
    return answer("pack", outcome, "packed");
  }
  if (intent === "ship") {
    const parsed = shipManySchema.safeParse({ orders: selectedRows(form, ["trackingNumber", "service"]) });
    if (!parsed.success) return refuse("ship", problemsOf(parsed.error, form));
    const outcome = await eachOrder(parsed.data.orders, (o) =>
      orders.ship(actor, o.orderNumber, { trackingNumber: o.trackingNumber, service: o.service }),
    );
    return answer("ship", outcome, "dispatched");
  }
  return data<ActionAnswer>(
    { intent: "pack", outcome: { done: [], failed: [] }, problems: { form: "Unknown action." } },
    { status: 400 },
  );
}

/** Every order moved: back to the queue with a toast. Some refused: stay, saying which and why. */
async function answer(intent: "pack" | "ship", outcome: BulkOutcome, verb: string) {
  const n = outcome.done.length;
  const title = `${n} ${n === 1 ? "order" : "orders"} ${verb}`;
  if (outcome.failed.length === 0) return redirectWithToast("/admin/shipping-management", { type: "success", title });
  return data<ActionAnswer>({ intent, outcome, problems: {} }, { status: 409 });
}

/** A schema refusal as messages per order ("form" for the batch as a whole). */
function problemsOf(error: { issues: { path: PropertyKey[]; message: string }[] }, form: FormData): Record<string, string> {
  const numbers = form.getAll("selected").map(String);
  const problems: Record<string, string> = {};
  for (const issue of error.issues) {
    const index = issue.path[1];
    const key = typeof index === "number" && numbers[index] ? numbers[index] : "form";
    problems[key] ??= issue.message;
  }
  return problems;
}

const serviceName = (key: string | null) => ROYAL_MAIL_SERVICES.find((s) => s.key === key)?.name ?? "—";

function Address({ p }: { p: Parcel }) {
  return (
    <span className="block text-xs leading-snug text-stone-700">
      {p.name}, {p.addressLine1}
      {p.addressLine2 ? `, ${p.addressLine2}` : ""}, {p.city} {p.postalCode}
    </span>
  );
}

function Lines({ p }: { p: Parcel }) {
  return (
    <ul className="mt-1 text-xs text-stone-700">
      {p.lines.map((l, i) => (
        <li key={i}>
          {l.quantity} × {l.title} — {l.artist}
        </li>
      ))}
    </ul>
  );
}

function ServiceSelect({ p, label, className = "" }: { p: Parcel; label: string; className?: string }) {
  return (
    <label className={`block text-xs ${className}`}>
      <span className="sr-only">{label}</span>
      <select
        name={`service:${p.orderNumber}`}
        defaultValue={p.shippingService ?? DEFAULT_ROYAL_MAIL_SERVICE}
        aria-label={label}
        className="w-full rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm"
      >
        {ROYAL_MAIL_SERVICES.map((s) => (
          <option key={s.key} value={s.key}>
            {s.name} ({formatPence(s.costPence)})
          </option>
        ))}
      </select>
    </label>
  );
}

function Problem({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-1 text-xs font-semibold text-red-700">
      {message}
    </p>
  );
}

function PrintButtons() {
  return (
    <>
      <button
        type="submit"
        formMethod="get"
        formAction="/admin/shipping-management/print"
        name="kind"
        value="slips"
        className="rounded-lg px-3 py-2 text-sm font-semibold ring-1 ring-stone-300 hover:bg-stone-100"
      >
        Print packing slips
      </button>
      <button
        type="submit"
        formMethod="get"
        formAction="/admin/shipping-management/print"
        name="kind"
        value="labels"
        className="rounded-lg px-3 py-2 text-sm font-semibold ring-1 ring-stone-300 hover:bg-stone-100"
      >
        Print labels
      </button>
    </>
  );
}

export default function ShippingQueue({ loaderData, actionData }: Route.ComponentProps) {
  const { toPack, packed, awaitingStock, more } = loaderData.queue;
  const busy = useNavigation().state === "submitting";
  const problems: Record<string, string> = { ...actionData?.problems };
  for (const f of actionData?.outcome.failed ?? []) problems[f.orderNumber] = f.message;
  const done = actionData?.outcome.done ?? [];

  return (
    <div>
      <h1 className="font-display text-3xl font-bold">Shipping</h1>
      <p className="mt-1 text-sm text-stone-600">
        Paid orders, oldest first. Tick orders to print their slips and labels, mark them packed, then dispatch each with its
        tracking number — the customer is emailed once, with the tracking link.
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
      {done.length > 0 && (
        <p role="status" className="mt-4 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-emerald-200">
          Done: {done.join(", ")}. The others below were not changed.
        </p>
      )}
      <Problem message={problems.form} />

      <section aria-labelledby="to-pack" className="mt-8">
        <h2 id="to-pack" className="font-display text-xl font-bold">
          To pack ({toPack.length})
        </h2>
        {toPack.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">Nothing to pack.</p>
        ) : (
          <Form method="post" className="mt-3">
            <ul className="divide-y divide-stone-100 rounded-xl bg-white shadow-sm ring-1 ring-stone-200">
              {toPack.map((p) => (
                <li
                  key={p.orderNumber}
                  className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 p-3 sm:grid-cols-[auto_1fr_15rem] sm:items-start"
                >
                  <input
                    type="checkbox"
                    name="selected"
                    value={p.orderNumber}
                    aria-label={`Select ${p.orderNumber}`}
                    defaultChecked={p.orderNumber in problems}
                    className="mt-1 size-5"
                  />
                  <div className="min-w-0">
                    <Link to={`/admin/order-management/${p.orderNumber}`} className="font-mono text-sm font-semibold underline">
                      {p.orderNumber}
                    </Link>
                    <span className="ml-2 text-xs text-stone-600">paid {formatDateTimeGB(p.paidAt)}</span>
                    <Address p={p} />
                    <Lines p={p} />
                    <Problem message={problems[p.orderNumber]} />
                  </div>
                  <ServiceSelect
                    p={p}
                    label={`Royal Mail service for ${p.orderNumber}`}
                    className="col-start-2 sm:col-start-auto"
                  />
                </li>
              ))}
            </ul>
            <div className="mt-3 flex flex-wrap gap-2">
              <button
                type="submit"
                name="intent"
                value="pack"
                disabled={busy}
                className="rounded-lg bg-stone-900 px-4 py-2 text-sm font-semibold text-white hover:bg-stone-700 disabled:opacity-60"
              >
                Mark packed
              </button>
              <PrintButtons />
            </div>
          </Form>
        )}
      </section>

      <section aria-labelledby="packed" className="mt-10">
        <h2 id="packed" className="font-display text-xl font-bold">
          Packed, waiting for the post ({packed.length})
        </h2>
        {packed.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">Nothing packed.</p>
        ) : (
          <Form method="post" className="mt-3">
            <ul className="divide-y divide-stone-100 rounded-xl bg-white shadow-sm ring-1 ring-stone-200">
              {packed.map((p) => (
                <li
                  key={p.orderNumber}
                  className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 p-3 sm:grid-cols-[auto_1fr_15rem] sm:items-start"
                >
                  <input
                    type="checkbox"
                    name="selected"
                    value={p.orderNumber}
                    aria-label={`Select ${p.orderNumber}`}
                    defaultChecked={p.orderNumber in problems}
                    className="mt-1 size-5"
                  />
                  <div className="min-w-0">
                    <Link to={`/admin/order-management/${p.orderNumber}`} className="font-mono text-sm font-semibold underline">
                      {p.orderNumber}
                    </Link>
                    <span className="ml-2 text-xs text-stone-600">
                      packed {formatDateTimeGB(p.packedAt)} · {serviceName(p.shippingService)}
                    </span>
                    <Address p={p} />
                    <Lines p={p} />
                    <Problem message={problems[p.orderNumber]} />
                  </div>
                  <div className="col-start-2 grid gap-2 sm:col-start-auto">
                    <ServiceSelect p={p} label={`Royal Mail service for ${p.orderNumber}`} />
                    <label className="block text-xs">
                      <span className="sr-only">Tracking number for {p.orderNumber}</span>
                      <input
                        name={`trackingNumber:${p.orderNumber}`}
                        placeholder="Tracking no. e.g. AB123456785GB"
                        aria-label={`Tracking number for ${p.orderNumber}`}
                        autoComplete="off"
                        spellCheck={false}
                        maxLength={40}
                        className="w-full rounded-md border border-stone-300 px-2 py-1.5 font-mono text-sm"
                      />
                    </label>
                  </div>
                </li>
              ))}
            </ul>
            <div className="mt-3 flex flex-wrap gap-2">
              <button
                type="submit"
                name="intent"
                value="ship"
                disabled={busy}
                className="rounded-lg bg-stone-900 px-4 py-2 text-sm font-semibold text-white hover:bg-stone-700 disabled:opacity-60"
              >
                Mark shipped
              </button>
              <PrintButtons />
            </div>
          </Form>
        )}
      </section>
      {more && <p className="mt-4 text-sm text-stone-600">Showing the oldest 200 of each; pack these first.</p>}
    </div>
  );
}
