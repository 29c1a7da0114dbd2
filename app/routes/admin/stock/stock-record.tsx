import { getFormProps, getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Form, data, useNavigation, Link } from "react-router";
import { NotFoundError } from "~/domain/shared/errors";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { FieldMessage, FormAlert } from "~/components/admin/form-field";
import { SubmissionKeyField } from "~/components/admin/submission-key-field";
import { newSubmissionKey } from "~/domain/admin/form-submission";
import { ReasonOptions, StockBadge, buttonClass, inputClass } from "~/components/admin/stock-parts";
import { describeSnapshot } from "~/domain/admin/audit";
import { formatDateGB } from "~/domain/shared/dates";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "~/domain/stock/low-stock";
import {
  adjustFormSchema,
  countFormSchema,
  formatLondonTime,
  reasonLabel,
  thresholdFormSchema,
  STOCK_PATH,
  type AdjustStock,
} from "~/domain/stock/stock-rules";
import { recordIdParam, stockUpdated } from "~/lib/admin-stock.server";
import { formAction, intent } from "~/lib/forms/form-action.server";
import { submitOnce } from "~/lib/forms/submit-once.server";
import { replyFor, type FormReply } from "~/lib/forms/form-reply";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { redirectWithToast } from "~/lib/toast.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/stock-record";

export const handle = staffHandle("stock.manage", { action: "stock.manage" });

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta({ title: data ? `Stock: ${data.record.title}` : "Stock", description: "A record's stock and its ledger." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request, params }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  const id = recordIdParam(params.recordId);
  const stock = context.services.adminStock;
  try {
    return {
      record: stock.record(id, context.today),
      movements: stock.history(id),
      audit: context.services.audit.forEntity("record", id, 50),
      submissionKey: newSubmissionKey(),
    };
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

/** Intents: adjust (a change with a reason), count (set to the counted quantity), threshold. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const actor = requirePermission(context, request, handle.action!);
  const id = recordIdParam(params.recordId);
  const stock = context.services.adminStock;
  const back = `${STOCK_PATH}/${id}`;
  const adjust = (adjustment: AdjustStock) => {
    const r = stock.adjust(actor, id, adjustment);
    const allocated = r.allocated.length ? ` Allocated to ${r.allocated.map((a) => a.orderNumber).join(", ")}.` : "";
    return { to: back, toast: stockUpdated(r, allocated) };
  };
  // A change or a count moves stock once per form render, however often it is sent.
  const once = submitOnce(context.services, actor);
  return formAction(request, {
    adjust: once.intent(adjustFormSchema, `stock adjust #${id}`, adjust),
    count: once.intent(countFormSchema, `stock count #${id}`, adjust),
    threshold: intent(thresholdFormSchema, (value) => {
      const { threshold } = stock.setThreshold(actor, id, value);
      const description =
        threshold === null ? `Uses the shop default (${DEFAULT_LOW_STOCK_THRESHOLD}).` : `Low at ${threshold} or fewer.`;
      return redirectWithToast(back, { type: "success", title: "Threshold saved", description });
    }),
  });
}

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `panel-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

interface FormProps {
  reply: FormReply | undefined;
  busy: boolean;
}

function NoteField({ field }: { field: FieldMetadata<string | undefined> }) {
  const { key, ...note } = getInputProps(field, { type: "text" });
  return (
    <>
      <label className="text-sm">
        <span className="block font-medium">Note (optional)</span>
        <input key={key} {...note} className={`${inputClass} mt-1 w-full`} />
      </label>
      <FieldMessage field={field} />
    </>
  );
}

function AdjustForm({ reply, busy, submissionKey }: FormProps & { submissionKey: string }) {
  const [form, fields] = useSchemaForm(adjustFormSchema, { id: "adjust", lastResult: replyFor(reply, "adjust") });
  const { key: reasonKey, ...reason } = getSelectProps(fields.reason);
  const { key: changeKey, ...change } = getInputProps(fields.change, { type: "number" });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-2">
      <input type="hidden" name="intent" value="adjust" />
      <SubmissionKeyField value={submissionKey} />
      <label className="text-sm">
        <span className="block font-medium">Reason</span>
        <select key={reasonKey} {...reason} className={`${inputClass} mt-1 w-full`}>
          <ReasonOptions />
        </select>
      </label>
      <FieldMessage field={fields.reason} />
      <label className="text-sm">
        <span className="block font-medium">Change (+ adds, − takes away)</span>
        <input key={changeKey} {...change} step={1} className={`${inputClass} mt-1 w-full`} />
      </label>
      <FieldMessage field={fields.change} />
      <NoteField field={fields.note} />
      <FormAlert id={form.errorId} message={form.errors?.[0]} />
      <button type="submit" className={buttonClass + " justify-self-start"} disabled={busy}>
        Apply change
      </button>
    </Form>
  );
}

function CountForm({ reply, busy, submissionKey }: FormProps & { submissionKey: string }) {
  const [form, fields] = useSchemaForm(countFormSchema, { id: "count", lastResult: replyFor(reply, "count") });
  const { key, ...counted } = getInputProps(fields.counted, { type: "number" });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-2">
      <input type="hidden" name="intent" value="count" />
      <SubmissionKeyField value={submissionKey} />
      <label className="text-sm">
        <span className="block font-medium">Copies counted on the shelf</span>
        <input key={key} {...counted} step={1} className={`${inputClass} mt-1 w-full`} />
      </label>
      <FieldMessage field={fields.counted} />
      <NoteField field={fields.note} />
      <p className="text-xs text-stone-600">Writes the difference as a recount.</p>
      <FormAlert id={form.errorId} message={form.errors?.[0]} />
      <button type="submit" className={buttonClass + " justify-self-start"} disabled={busy}>
        Set to counted
      </button>
    </Form>
  );
}

function ThresholdForm({ threshold, reply, busy }: FormProps & { threshold: number | null }) {
  const [form, fields] = useSchemaForm(thresholdFormSchema, {
    id: "threshold",
    lastResult: replyFor(reply, "threshold"),
    defaultValue: { threshold: threshold === null ? "" : String(threshold) },
  });
  const { key, ...input } = getInputProps(fields.threshold, { type: "number" });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-2">
      <input type="hidden" name="intent" value="threshold" />
      <label className="text-sm">
        <span className="block font-medium">Low at or below</span>
        <input
          key={key}
          {...input}
          step={1}
          placeholder={`${DEFAULT_LOW_STOCK_THRESHOLD} (shop default)`}
          className={`${inputClass} mt-1 w-full`}
        />
      </label>
      <FieldMessage field={fields.threshold} />
      <p className="text-xs text-stone-600">Leave empty for the shop default.</p>
      <FormAlert id={form.errorId} message={form.errors?.[0]} />
      <button type="submit" className={buttonClass + " justify-self-start"} disabled={busy}>
        Save threshold
      </button>
    </Form>
  );
}

type Movement = Route.ComponentProps["loaderData"]["movements"][number];

const movementColumns: AdminColumn<Movement>[] = [
  { header: "When", className: "whitespace-nowrap", cell: (m) => formatLondonTime(m.createdAt) },
  { header: "Why", cell: (m) => reasonLabel(m.reason) },
  {
    header: "Change",
    align: "right",
    className: "tabular-nums",
    cell: (m) => (
      <span className={m.changesStock ? undefined : "text-stone-500"}>
        {m.change > 0 ? `+${m.change}` : m.change}
        {!m.changesStock && <span className="sr-only"> (not from stock on hand)</span>}
      </span>
    ),
  },
  { header: "Stock after", align: "right", className: "tabular-nums", cell: (m) => m.balance },
  { header: "Who", cell: (m) => m.actorName ?? <span className="text-stone-500">Shop</span> },
  {
    header: "Order / note",
    cell: (m) => (
      <>
        {m.orderNumber && (
          <Link to={`/admin/order-management/${m.orderNumber}`} className="font-mono underline">
            {m.orderNumber}
          </Link>
        )}
        {m.note && <span className="ml-2 text-stone-600">{m.note}</span>}
      </>
    ),
  },
];

export default function StockRecord({ loaderData, actionData }: Route.ComponentProps) {
  const { record, movements, audit, submissionKey } = loaderData;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.formData?.get("intent") === intent;
  return (
    <div>
      <p className="text-sm">
        <Link to={STOCK_PATH} className="text-stone-600 underline">
          ← Stock
        </Link>
      </p>
      <h1 className="mt-2 font-display text-3xl font-bold">{record.title}</h1>
      <p className="text-stone-600">
        {record.artist}
        {record.catalogNumber ? ` · ${record.catalogNumber}` : ""} · #{record.id}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        <StockBadge stock={record.stock} level={record.level} />
        <span>Threshold: {record.threshold ?? `${DEFAULT_LOW_STOCK_THRESHOLD} (shop default)`}</span>
        {record.preOrder && (
          <span className="font-semibold text-needle-dark">Pre-order until {formatDateGB(record.releaseDate)}</span>
        )}
        {record.waitingPreOrders > 0 && <span>{record.waitingPreOrders} pre-ordered copies awaiting the pressing</span>}
      </div>

      <div className="mt-6 grid gap-4 lg:grid-cols-3">
        <Panel title="Adjust stock">
          {/* Keyed by the render's submission key: a done change leaves an empty form. */}
          <AdjustForm key={submissionKey} submissionKey={submissionKey} reply={actionData} busy={busy("adjust")} />
        </Panel>
        <Panel title="Set to counted">
          <CountForm key={submissionKey} submissionKey={submissionKey} reply={actionData} busy={busy("count")} />
        </Panel>
        <Panel title="Low-stock threshold">
          <ThresholdForm threshold={record.threshold} reply={actionData} busy={busy("threshold")} />
        </Panel>
      </div>

      <h2 className="mt-8 font-display text-2xl font-bold">Movements</h2>
      <AdminTable
        caption="Stock movements"
        rows={movements}
        rowKey={(m) => m.id}
        columns={movementColumns}
        empty="No movements yet."
        minWidth="min-w-[720px]"
        className="mt-3"
      />
      <p className="mt-2 text-xs text-stone-600">
        Pre-order lines are commitments against the coming pressing and do not change stock on hand.
      </p>

      <h2 className="mt-8 font-display text-2xl font-bold">Audit log</h2>
      {audit.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">No back-office changes yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-100 rounded-xl bg-white text-sm shadow-sm ring-1 ring-stone-200">
          {audit.map((a) => (
            <li key={a.id} className="px-4 py-2">
              <span className="font-semibold">{a.action}</span> by {a.actorName} · {formatLondonTime(a.createdAt)}
              <div className="text-stone-600">
                {describeSnapshot(a.before)} → {describeSnapshot(a.after)}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
