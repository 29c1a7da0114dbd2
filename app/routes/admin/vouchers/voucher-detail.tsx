import { getFormProps, getTextareaProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { FieldMessage, FormAlert } from "~/components/admin/form-field";
import { SubmissionKeyField } from "~/components/admin/submission-key-field";
import { VoucherStandingBadge } from "~/components/vouchers/voucher-standing-badge";
import { describeSnapshot } from "~/domain/admin/audit";
import { newSubmissionKey, SUBMISSION_KEY_FIELD } from "~/domain/admin/form-submission";
import { londonDateTime } from "~/domain/orders/order-admin";
import { formatDateGB } from "~/domain/shared/dates";
import { NotFoundError } from "~/domain/shared/errors";
import { formatPence } from "~/domain/shared/money";
import { staffHandle } from "~/domain/staff/staff-handle";
import {
  cancelVoucherSchema,
  resendVoucherSchema,
  VOUCHER_KIND_WORDS,
  VOUCHER_MOVEMENT_WORDS,
  voucherIdSchema,
} from "~/domain/vouchers/voucher-admin";
import { askToConfirm, confirmAskOf, isConfirmed } from "~/lib/forms/confirm-step";
import { formAction, intent } from "~/lib/forms/form-action.server";
import { replyFor } from "~/lib/forms/form-reply";
import { readParams } from "~/lib/forms/search-params";
import { submitOnce } from "~/lib/forms/submit-once.server";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { requirePermission, staffMay } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/voucher-detail";

// Seeing a voucher is part of looking after orders; cancelling one or sending a new code moves money: the refund permission.
export const handle = staffHandle("orders.view", { action: "orders.refund" });

export const meta: Route.MetaFunction = ({ data: d }) => [
  ...pageMeta({
    title: d?.voucher ? `${VOUCHER_KIND_WORDS[d.voucher.kind]} ${d.voucher.codeLast4 ?? `#${d.voucher.id}`}` : "Voucher",
    description: "A gift voucher or store credit in the back office.",
  }),
  { name: "robots", content: "noindex" },
];

const LIST = "/admin/gift-vouchers";

export function loader({ context, request, params }: Route.LoaderArgs) {
  const staff = requirePermission(context, request, handle.permission);
  const { voucherId } = readParams(voucherIdSchema, params);
  try {
    return {
      voucher: context.services.adminVouchers.get(voucherId, context.today),
      canAct: staffMay(staff, handle.action),
      // One key per form (docs/decisions/0067): a cancel and a resend are each done once per render.
      keys: { cancel: newSubmissionKey(), resend: newSubmissionKey() },
    };
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

/** A voucher's name in a sentence: "store credit ···· 7QX4". */
const nameOf = (v: { kind: keyof typeof VOUCHER_KIND_WORDS; codeLast4: string | null; id: number }) =>
  `${VOUCHER_KIND_WORDS[v.kind].toLowerCase()} ${v.codeLast4 ? `···· ${v.codeLast4}` : `#${v.id}`}`;

export async function action({ context, request, params }: Route.ActionArgs) {
  const actor = requirePermission(context, request, handle.action);
  const { voucherId } = readParams(voucherIdSchema, params);
  const s = context.services.adminVouchers;
  const today = context.today;
  const here = `${LIST}/${voucherId}`;
  const once = submitOnce(context.services, actor);
  const keyOf = (form: FormData) => String(form.get(SUBMISSION_KEY_FIELD) ?? "");
  const cancelOnce = once.intent(cancelVoucherSchema, `voucher cancel #${voucherId}`, ({ reason }) => {
    s.cancel(actor, voucherId, { reason }, today);
    return {
      to: here,
      toast: {
        type: "success",
        title: "Voucher cancelled",
        description: "Its balance is now £0.00 and its code no longer works.",
      },
    };
  });
  const resendOnce = once.intent(resendVoucherSchema, `voucher resend #${voucherId}`, () => {
    const { to } = s.resend(actor, voucherId, today);
    return {
      to: here,
      toast: { type: "success", title: "New code sent", description: `Mailed to ${to}. The old code no longer works.` },
    };
  });
  // Each move asks first (docs/decisions/0071): the first post answers with the question; the panel's post does it.
  return formAction(request, {
    cancel: intent(cancelVoucherSchema, (value, form, echo) => {
      if (isConfirmed(form)) return cancelOnce.handle(value, form, echo);
      const v = s.checkCancel(voucherId, today);
      return askToConfirm("cancel", {
        title: `Cancel ${nameOf(v)}?`,
        body: `Its balance of ${formatPence(v.balancePence)} goes to nothing and its code never works again. This cannot be undone: to make it good, give new store credit.`,
        confirmLabel: "Yes, cancel the voucher",
        keepLabel: "Keep the voucher",
        keepTo: here,
        fields: { reason: value.reason, [SUBMISSION_KEY_FIELD]: keyOf(form) },
      });
    }),
    resend: intent(resendVoucherSchema, (value, form, echo) => {
      if (isConfirmed(form)) return resendOnce.handle(value, form, echo);
      const { voucher: v, to } = s.checkResend(voucherId, today);
      return askToConfirm("resend", {
        title: `Send ${nameOf(v)} a new code?`,
        body: `A new code for its ${formatPence(v.balancePence)} is mailed to ${to}. The code it has now stops working at once, including one already printed or passed on.`,
        confirmLabel: "Yes, send a new code",
        keepLabel: "Keep the code it has",
        keepTo: here,
        fields: { [SUBMISSION_KEY_FIELD]: keyOf(form) },
      });
    }),
  });
}

type Voucher = Route.ComponentProps["loaderData"]["voucher"];

const movementColumns: AdminColumn<Voucher["movements"][number]>[] = [
  { header: "When", className: "whitespace-nowrap text-stone-700", cell: (m) => londonDateTime(m.createdAt) },
  { header: "What", rowHeader: true, cell: (m) => VOUCHER_MOVEMENT_WORDS[m.kind] },
  {
    header: "Change",
    align: "right",
    className: "font-semibold tabular-nums whitespace-nowrap",
    cell: (m) => (m.change > 0 ? `+${formatPence(m.change)}` : `−${formatPence(-m.change)}`),
  },
  {
    header: "Order",
    className: "font-mono whitespace-nowrap",
    cell: (m) =>
      m.orderNumber ? (
        <Link
          to={`/admin/order-management/${m.orderNumber}`}
          className="text-needle-dark underline underline-offset-2 hover:text-needle"
        >
          {m.orderNumber}
        </Link>
      ) : (
        "—"
      ),
  },
  { header: "By", className: "break-all", cell: (m) => m.actorName ?? (m.orderNumber ? "Shopper" : "Shop") },
  { header: "Note", cell: (m) => m.note ?? "" },
];

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-stone-600">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

const box = "rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5";
const input = "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm";
const outline =
  "rounded-full px-4 py-2 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-60";

function CancelForm({ reply, submissionKey }: { reply: Route.ComponentProps["actionData"]; submissionKey: string }) {
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useSchemaForm(cancelVoucherSchema, { id: "cancel", lastResult: replyFor(reply, "cancel") });
  const { key, ...reason } = getTextareaProps(fields.reason);
  return (
    <Form method="post" {...getFormProps(form)} key={submissionKey} className="mt-2">
      <input type="hidden" name="intent" value="cancel" />
      <SubmissionKeyField value={submissionKey} />
      <FormAlert id={form.errorId} message={form.errors?.[0]} />
      <label htmlFor={fields.reason.id} className="block text-sm font-medium">
        Reason for cancelling
      </label>
      <textarea key={key} {...reason} rows={2} className={input} />
      <FieldMessage field={fields.reason} />
      <button type="submit" disabled={busy} className={`mt-2 ${outline} text-red-800`}>
        Cancel voucher…
      </button>
    </Form>
  );
}

function ResendForm({
  reply,
  submissionKey,
  to,
}: {
  reply: Route.ComponentProps["actionData"];
  submissionKey: string;
  to: string | null;
}) {
  const busy = useNavigation().state !== "idle";
  const [form] = useSchemaForm(resendVoucherSchema, { id: "resend", lastResult: replyFor(reply, "resend") });
  return (
    <Form method="post" {...getFormProps(form)} key={submissionKey} className="mt-2">
      <input type="hidden" name="intent" value="resend" />
      <SubmissionKeyField value={submissionKey} />
      <FormAlert id={form.errorId} message={form.errors?.[0]} />
      <p className="text-sm text-stone-700">Mails a new code{to ? ` to ${to}` : ""}. The code it has now stops working.</p>
      <button type="submit" disabled={busy} className={`mt-2 ${outline}`}>
        Send a new code…
      </button>
    </Form>
  );
}

export default function VoucherDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { voucher: v, canAct, keys } = loaderData;
  const ask = confirmAskOf(actionData);
  const holder = v.holder.name && v.holder.email ? `${v.holder.name} <${v.holder.email}>` : (v.holder.name ?? v.holder.email);
  return (
    <div>
      <p className="text-sm">
        <Link to={LIST} className="text-needle-dark hover:underline">
          ← Gift vouchers
        </Link>
      </p>
      <h1 className="mt-2 font-display text-3xl font-bold break-words sm:text-4xl">
        {VOUCHER_KIND_WORDS[v.kind]} <span className="font-mono">{v.codeLast4 ? `···· ${v.codeLast4}` : `#${v.id}`}</span>
      </h1>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-stone-600">
        <VoucherStandingBadge standing={v.standing} />
        <span>
          {formatPence(v.balancePence)} left of {formatPence(v.initialPence)} · expires {formatDateGB(v.expiresOn)}
        </span>
      </p>
      {ask ? <ConfirmStep ask={ask} /> : null}

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="voucher-facts" className={box}>
          <h2 id="voucher-facts" className="font-display text-lg font-bold">
            Details
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <Fact label="For">{holder ?? "—"}</Fact>
            {v.customer && (
              <Fact label="Account">
                <Link to={`/admin/customers/${v.customer.id}`} className="text-needle-dark underline underline-offset-2">
                  {v.customer.username}
                </Link>
              </Fact>
            )}
            {v.buyerEmail && v.kind === "gift" && <Fact label="Bought by">{v.buyerEmail}</Fact>}
            {v.purchaseOrderNumber && (
              <Fact label="Bought with">
                <Link
                  to={`/admin/order-management/${v.purchaseOrderNumber}`}
                  className="font-mono text-needle-dark underline underline-offset-2"
                >
                  {v.purchaseOrderNumber}
                </Link>
              </Fact>
            )}
            {v.issuedBy && <Fact label="Given by">{v.issuedBy}</Fact>}
            {v.note && <Fact label="Note">{v.note}</Fact>}
            {v.message && <Fact label="Message">{v.message}</Fact>}
            {v.sendOn && <Fact label="Send on">{formatDateGB(v.sendOn)}</Fact>}
            <Fact label="Issued">{londonDateTime(v.createdAt)}</Fact>
            <Fact label="Code mailed">{v.mailedAt ? londonDateTime(v.mailedAt) : "Not yet"}</Fact>
            {v.cancelledAt && <Fact label="Cancelled">{londonDateTime(v.cancelledAt)}</Fact>}
          </dl>
        </section>

        {canAct && (v.moves.cancel || v.moves.resend) && (
          <section aria-labelledby="voucher-moves" className={box}>
            <h2 id="voucher-moves" className="font-display text-lg font-bold">
              Change it
            </h2>
            {v.moves.resend && <ResendForm reply={actionData} submissionKey={keys.resend} to={v.mailTo} />}
            {v.moves.cancel && (
              <div className={v.moves.resend ? "mt-4 border-t border-stone-200 pt-3" : ""}>
                <CancelForm reply={actionData} submissionKey={keys.cancel} />
              </div>
            )}
          </section>
        )}
      </div>

      <section aria-labelledby="movements-heading" className="mt-6">
        <h2 id="movements-heading" className="font-display text-xl font-bold">
          Movements
        </h2>
        <AdminTable
          caption="Movements of its balance"
          rows={v.movements}
          rowKey={(m) => m.id}
          columns={movementColumns}
          empty="No movements yet: it is waiting for its order to be paid."
          minWidth="min-w-[40rem]"
        />
      </section>

      {v.history.length > 0 && (
        <section aria-labelledby="history-heading" className="mt-6">
          <h2 id="history-heading" className="font-display text-xl font-bold">
            Back-office changes
          </h2>
          <ul className="mt-2 divide-y divide-stone-200 rounded-xl bg-white text-sm ring-1 ring-stone-200">
            {v.history.map((h) => (
              <li key={h.id} className="px-4 py-2">
                <span className="font-semibold">{h.action}</span> by {h.actorName} · {londonDateTime(h.createdAt)}
                {h.after && <span className="block text-stone-600">{describeSnapshot(h.after)}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
