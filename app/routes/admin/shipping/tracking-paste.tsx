import { getFormProps, getTextareaProps } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import { FieldMessage, FormAlert } from "~/components/admin/form-field";
import type { TrackingProblem } from "~/domain/international/click-and-drop";
import { CLICK_AND_DROP_ROW_LIMIT, trackingPasteSchema } from "~/domain/shipping/shipping-schemas";
import { staffHandle } from "~/domain/staff/staff-handle";
import { eachOrder, type BulkOutcome } from "~/lib/admin/bulk.server";
import { formAction } from "~/lib/forms/form-action.server";
import { replyFor } from "~/lib/forms/form-reply";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { requirePermission } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/tracking-paste";

export const handle = staffHandle("orders.dispatch", { action: "orders.dispatch" });

export const meta: Route.MetaFunction = () => [
  ...pageMeta({
    title: "Tracking numbers from Click & Drop",
    description: "Dispatch orders with Click & Drop's tracking numbers.",
  }),
  { name: "robots", content: "noindex" },
];

const QUEUE = "/admin/shipping-management";

export function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  return null;
}

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requirePermission(context, request, handle.action!);
  return formAction(request, {
    default: {
      schema: trackingPasteSchema,
      async handle({ csv }) {
        const { matched, problems } = context.services.adminShipping.trackingBack(csv);
        // A file with no row to act on is the packer's mistake (the wrong export, a stray paste): a 400 naming each row.
        if (matched.length === 0) return data({ outcome: { done: [], failed: [] } as BulkOutcome, problems }, { status: 400 });
        // Each order goes by the existing dispatch: its audit row, its mail with the tracking link, once.
        const outcome = await eachOrder(matched, async ({ orderNumber, trackingNumber }) => {
          // A pre-order charged when it ships is charged first: nothing goes out unpaid.
          await context.services.preOrderCharges.chargeBeforeDispatch(actor, orderNumber);
          return context.services.adminOrders.ship(actor, orderNumber, { trackingNumber });
        });
        const n = outcome.done.length;
        if (problems.length === 0 && outcome.failed.length === 0)
          return redirectWithToast(QUEUE, { type: "success", title: `${n} ${n === 1 ? "order" : "orders"} dispatched` });
        return data({ outcome, problems }, { status: n > 0 ? 200 : 409 });
      },
    },
  });
}

function Report({ outcome, problems }: { outcome: BulkOutcome; problems: TrackingProblem[] }) {
  const left = [
    ...problems.map((p) => ({
      key: `row-${p.line}`,
      what: `Row ${p.line}${p.reference ? ` (${p.reference})` : ""}`,
      why: p.message,
    })),
    ...outcome.failed.map((f) => ({ key: `order-${f.orderNumber}`, what: f.orderNumber, why: f.message })),
  ];
  return (
    <div className="mt-6 grid gap-3">
      {outcome.done.length > 0 && (
        <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-emerald-200">
          Dispatched: {outcome.done.join(", ")}.
        </p>
      )}
      {left.length > 0 && (
        <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
          <p className="font-semibold">
            {left.length} {left.length === 1 ? "row was" : "rows were"} not used:
          </p>
          <ul className="mt-1 list-disc pl-5" data-testid="tracking-problems">
            {left.map((l) => (
              <li key={l.key}>
                <span className="font-mono">{l.what}</span>: {l.why}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

export default function TrackingPaste({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useSchemaForm(trackingPasteSchema, {
    lastResult: replyFor(actionData && "result" in actionData ? actionData : undefined),
  });
  const { key, ...csv } = getTextareaProps(fields.csv);
  const report = actionData && "problems" in actionData ? actionData : undefined;
  return (
    <div className="max-w-3xl">
      <h1 className="font-display text-3xl font-bold">Tracking numbers from Click & Drop</h1>
      <p className="mt-1 text-sm text-stone-600">
        In Click & Drop, export the despatched orders as CSV and paste the file here (up to {CLICK_AND_DROP_ROW_LIMIT} rows). Each
        row&apos;s order reference finds the order, its tracking number is checked, and the order is dispatched: the customer is
        emailed once, with the tracking link. Two columns without a header (order reference, tracking number) work too.
      </p>
      {report && <Report outcome={report.outcome} problems={report.problems} />}
      <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-3">
        <FormAlert id={form.errorId} message={form.errors?.[0]} />
        <label htmlFor={fields.csv.id} className="block text-sm font-medium text-stone-800">
          Click & Drop export (CSV)
        </label>
        <textarea
          key={key}
          {...csv}
          rows={12}
          spellCheck={false}
          placeholder={"Order reference,Tracking number\nND-ABCDEFGH,AB123456785GB"}
          className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 font-mono text-xs"
        />
        <FieldMessage field={fields.csv} />
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={busy}
            className="rounded-lg bg-stone-900 px-4 py-2 text-sm font-semibold text-white hover:bg-stone-700 disabled:opacity-60"
          >
            Dispatch the matched orders
          </button>
          <Link to={QUEUE} className="text-sm font-semibold underline">
            Back to shipping
          </Link>
        </div>
      </Form>
    </div>
  );
}
