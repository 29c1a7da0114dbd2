import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { FieldMessage, FormAlert, InputField } from "~/components/admin/form-field";
import { RowButton } from "~/components/admin/row-button";
import { SubmissionKeyField } from "~/components/admin/submission-key-field";
import { newSubmissionKey } from "~/domain/admin/form-submission";
import {
  createDiscountRuleSchema,
  discountPageQuerySchema,
  ruleFormValues,
  setDiscountActiveSchema,
  updateDiscountRuleSchema,
} from "~/domain/discounts/discount-rule-schema";
import { discountLabel } from "~/domain/discounts/discount-rule";
import { formatDateGB } from "~/domain/shared/dates";
import { formatPence } from "~/domain/shared/money";
import { londonLocal } from "~/domain/schedule/schedule";
import { formAction, intent } from "~/lib/forms/form-action.server";
import { submitOnce } from "~/lib/forms/submit-once.server";
import { replyFor } from "~/lib/forms/form-reply";
import { readSearchParams } from "~/lib/forms/search-params";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/marketing-tools";

export const handle = staffHandle("promotions.manage", { action: "promotions.manage" });

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Marketing tools", description: "Discount codes and their use." }),
  { name: "robots", content: "noindex" },
];

const PATH = "/marketing-tools";

export function loader({ context, request, url }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  const { query } = readSearchParams(discountPageQuerySchema, url.searchParams);
  const editing = query.edit ? context.services.adminDiscounts.get(query.edit) : null;
  return {
    ...context.services.adminDiscounts.list(),
    editing: editing ? { id: editing.id, code: editing.code, values: ruleFormValues(editing) } : null,
    submissionKey: newSubmissionKey(),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requirePermission(context, request, handle.action!);
  const s = context.services.adminDiscounts;
  const done = (title: string, description: string) => redirectWithToast(PATH, { type: "success", title, description });
  return formAction(request, {
    // One render of the new-code form makes one code: sent again, it is told the code is made, not that it is taken.
    create: submitOnce(context.services, actor).intent(createDiscountRuleSchema, "new code", (rule) => ({
      to: PATH,
      toast: { type: "success", title: "Code created", description: `${s.create(actor, rule).code} is ready to use.` },
    })),
    update: intent(updateDiscountRuleSchema, ({ id, rule }) =>
      done("Code saved", `${s.update(actor, id, rule).code} is updated.`),
    ),
    setActive: intent(setDiscountActiveSchema, ({ id, active }) => {
      const saved = s.setActive(actor, id, active);
      return saved.active
        ? done("Code switched on", `${saved.code} can be used again.`)
        : done("Code switched off", `${saved.code} can no longer be used.`);
    }),
  });
}

const input = "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm";

/** "1 Dec 2026 – 31 Dec 2026", "from 1 Dec 2026", "until 31 Dec 2026", or nothing. */
function period(startsAt: string | null, endsAt: string | null): string | null {
  const day = (iso: string) => formatDateGB(londonLocal(iso).date);
  const last = endsAt ? day(new Date(Date.parse(endsAt) - 1).toISOString()) : null;
  if (startsAt && last) return `${day(startsAt)} to ${last}`;
  if (startsAt) return `from ${day(startsAt)}`;
  if (last) return `until ${last}`;
  return null;
}

type Code = Route.ComponentProps["loaderData"]["codes"][number];

/** "spend £30.00 or more; from 1 Dec 2026; 1 per customer; first order only", or "" for none. */
function conditions(c: Code): string {
  return [
    c.minSpendPence > 0 ? `spend ${formatPence(c.minSpendPence)} or more` : null,
    period(c.startsAt, c.endsAt),
    c.perCustomerLimit !== null ? `${c.perCustomerLimit} per customer` : null,
    c.firstOrderOnly ? "first order only" : null,
  ]
    .filter(Boolean)
    .join("; ");
}

type Editing = Route.ComponentProps["loaderData"]["editing"];
type Reply = Route.ComponentProps["actionData"];

/** The new-code form, or the edit form of the code `?edit=` names (its code itself cannot change). */
function CodeForm({
  editing,
  busy,
  reply,
  submissionKey,
}: {
  editing: Editing;
  busy: boolean;
  reply: Reply;
  submissionKey: string;
}) {
  const mode = editing ? "update" : "create";
  const values = editing?.values ?? { kind: "percent" };
  const [form, fields] = useSchemaForm(editing ? updateDiscountRuleSchema : createDiscountRuleSchema, {
    lastResult: replyFor(reply, mode),
    defaultValue: { ...values, firstOrderOnly: values.firstOrderOnly === true ? "on" : undefined },
  });
  const kind = (value: "percent" | "fixed") => {
    const { key, ...props } = getInputProps(fields.kind, { type: "radio", value });
    return <input key={key} {...props} />;
  };
  const { key: firstKey, ...firstOrderOnly } = getInputProps(fields.firstOrderOnly, { type: "checkbox" });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      action={editing ? `${PATH}?edit=${editing.id}` : PATH}
      className="mt-4 grid gap-4 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <FormAlert id={form.errorId} message={form.errors?.[0]} />
      </div>
      <input type="hidden" name="intent" value={mode} />
      {editing && <input type="hidden" name="id" value={editing.id} />}
      {!editing && <SubmissionKeyField value={submissionKey} />}
      {!editing && (
        <InputField
          field={fields.code}
          label="Code"
          hint="3 to 32 letters, numbers or hyphens; shoppers may type it in any case."
          maxLength={32}
          autoCapitalize="characters"
          className={`${input} font-mono uppercase`}
        />
      )}
      <InputField field={fields.name} label="Description" hint="For the back office only." className={input} />
      <fieldset className="sm:col-span-2" aria-describedby={fields.kind.errors ? fields.kind.errorId : undefined}>
        <legend className="text-sm font-medium">Discount</legend>
        <div className="mt-1 flex flex-wrap items-end gap-4">
          <label className="flex items-center gap-2 text-sm">
            {kind("percent")}
            Percentage of the goods
          </label>
          <label className="flex items-center gap-2 text-sm">
            {kind("fixed")}
            Fixed amount off the goods
          </label>
        </div>
        <FieldMessage field={fields.kind} />
      </fieldset>
      <InputField
        field={fields.amount}
        label="Amount"
        hint="A whole percentage (10), or pounds for a fixed amount (5.00). Never more than the goods; shipping is never discounted."
        inputMode="decimal"
        maxLength={12}
        className={input}
      />
      <InputField
        field={fields.minSpend}
        label="Minimum spend (£, optional)"
        hint="On the goods, before shipping."
        inputMode="decimal"
        maxLength={12}
        className={input}
      />
      <InputField
        field={fields.startsOn}
        type="date"
        label="First day (optional)"
        hint="From midnight, UK time."
        className={input}
      />
      <InputField
        field={fields.endsOn}
        type="date"
        label="Last day (optional)"
        hint="Until midnight at its end, UK time."
        className={input}
      />
      <InputField
        field={fields.maxRedemptions}
        label="Uses in all (optional)"
        hint="Empty for no limit."
        inputMode="numeric"
        maxLength={7}
        className={input}
      />
      <InputField
        field={fields.perCustomerLimit}
        label="Uses per customer (optional)"
        hint="Counted by account and email. Empty for no limit."
        inputMode="numeric"
        maxLength={7}
        className={input}
      />
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input key={firstKey} {...firstOrderOnly} />
        First order only (for an account or email that has not ordered before)
      </label>
      <div className="flex items-center gap-4 sm:col-span-2">
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-ink px-5 py-2 text-sm font-semibold text-white hover:bg-needle-dark disabled:opacity-60"
        >
          {editing ? "Save code" : "Create code"}
        </button>
        {editing && (
          <Link to={PATH} className="text-sm font-semibold text-needle-dark underline underline-offset-2">
            Cancel
          </Link>
        )}
      </div>
    </Form>
  );
}

/** What a code takes off, its conditions and use, and its edit and on/off buttons (which need the page's reply). */
const codeColumns = (reply: Reply, saving: boolean): AdminColumn<Code>[] => [
  {
    header: "Code",
    cell: (c) => (
      <>
        <span className="font-mono font-semibold">{c.code}</span>
        <span className="block text-xs text-stone-600">{c.name}</span>
      </>
    ),
  },
  { header: "Discount", className: "whitespace-nowrap", cell: (c) => discountLabel({ ...c, firstOrderOnly: false }) },
  { header: "Conditions", cell: (c) => conditions(c) || "none" },
  {
    header: "Used",
    className: "whitespace-nowrap",
    cell: (c) => (
      <>
        {c.redemptions.toLocaleString("en-GB")}
        {c.maxRedemptions !== null ? ` of ${c.maxRedemptions.toLocaleString("en-GB")}` : ""}
        <span className="block text-xs text-stone-600">
          {c.orders.toLocaleString("en-GB")} {c.orders === 1 ? "order" : "orders"}
        </span>
      </>
    ),
  },
  { header: "Given away", className: "whitespace-nowrap", cell: (c) => formatPence(c.givenPence) },
  { header: "Status", className: "whitespace-nowrap", cell: (c) => (c.active ? "On" : "Off") },
  {
    header: "Actions",
    srOnlyHeader: true,
    className: "whitespace-nowrap",
    cell: (c) => (
      <div className="flex items-center gap-3">
        <Link
          to={`${PATH}?edit=${c.id}#discount-form`}
          className="font-semibold text-needle-dark underline underline-offset-2"
          aria-label={`Edit ${c.code}`}
        >
          Edit
        </Link>
        <RowButton
          intent="setActive"
          schema={setDiscountActiveSchema}
          fields={{ id: c.id, active: c.active ? "false" : "true" }}
          reply={reply}
          disabled={saving}
          className="rounded-full px-3 py-1 text-xs font-semibold ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-60"
        >
          {c.active ? "Switch off" : "Switch on"}
          <span className="sr-only"> {c.code}</span>
        </RowButton>
      </div>
    ),
  },
];

export default function MarketingTools({ loaderData, actionData }: Route.ComponentProps) {
  const { codes, newsletter, editing, submissionKey } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction?.startsWith(PATH);
  return (
    <div>
      <h1 className="font-display text-3xl font-bold sm:text-4xl">Marketing tools</h1>
      <p className="mt-1 text-stone-600">Discount codes: what each takes off, its conditions, and how much it has been used.</p>
      <nav aria-label="More marketing tools" className="mt-3 flex flex-wrap gap-2 text-sm">
        <Link
          to="/marketing-tools/lists"
          className="rounded-full px-4 py-2 font-semibold ring-1 ring-stone-300 hover:bg-stone-100"
        >
          Staff picks and record of the week
        </Link>
        <Link
          to="/marketing-tools/slides"
          className="rounded-full px-4 py-2 font-semibold ring-1 ring-stone-300 hover:bg-stone-100"
        >
          Home page slides
        </Link>
      </nav>

      <section aria-labelledby="codes-heading" className="mt-6">
        <h2 id="codes-heading" className="font-display text-xl font-bold">
          Discount codes ({codes.length})
        </h2>
        <p className="mt-1 text-sm text-stone-600" data-testid="newsletter-codes">
          Newsletter codes (10% off a first order, one use each, one per subscriber): {newsletter.issued.toLocaleString("en-GB")}{" "}
          issued, {newsletter.used.toLocaleString("en-GB")} used, {formatPence(newsletter.givenPence)} given away.
        </p>
        <AdminTable
          caption="Discount codes and their use"
          rows={codes}
          rowKey={(c) => c.id}
          columns={codeColumns(actionData, saving)}
          empty="No codes yet. Create one below."
          minWidth="min-w-[48rem]"
          className="mt-4"
        />
      </section>

      <section
        id="discount-form"
        aria-labelledby="discount-form-heading"
        className="mt-8 scroll-mt-24 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
      >
        <h2 id="discount-form-heading" className="font-display text-xl font-bold">
          {editing ? `Edit ${editing.code}` : "New discount code"}
        </h2>
        {/* A new code's form is keyed by its render's submission key: once the code is made, it starts empty. */}
        <CodeForm
          key={editing?.id ?? submissionKey}
          editing={editing}
          busy={saving}
          reply={actionData}
          submissionKey={submissionKey}
        />
      </section>
    </div>
  );
}
