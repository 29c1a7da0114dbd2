import { data, Form, useNavigation, Link } from "react-router";
import { fieldMessages } from "~/domain/catalogue/record-fields";
import {
  createDiscountRuleSchema,
  MAX_RULE_NAME,
  ruleFormValues,
  setDiscountActiveSchema,
  updateDiscountRuleSchema,
} from "~/domain/discounts/discount-rule-schema";
import { discountLabel } from "~/domain/discounts/discount-rule";
import { formatDateGB } from "~/domain/shared/dates";
import { formFailureOf } from "~/domain/shared/errors";
import { formatPence } from "~/domain/shared/money";
import { parseInput } from "~/domain/shared/parse-input";
import { londonLocal } from "~/domain/schedule/schedule";
import { requireAdmin } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/marketing-tools";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Marketing tools", description: "Discount codes and their use." }),
  { name: "robots", content: "noindex" },
];

const PATH = "/marketing-tools";
const FIELDS = [
  "code",
  "name",
  "kind",
  "amount",
  "minSpend",
  "startsOn",
  "endsOn",
  "maxRedemptions",
  "perCustomerLimit",
  "firstOrderOnly",
] as const;

export function loader({ context, request, url }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const editParam = url.searchParams.get("edit");
  const editing = editParam && /^\d{1,9}$/.test(editParam) ? context.services.adminDiscounts.get(Number(editParam)) : null;
  return {
    ...context.services.adminDiscounts.list(),
    editing: editing ? { id: editing.id, code: editing.code, values: ruleFormValues(editing) } : null,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const actor = { id: admin.id, username: admin.username };
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const values: Record<string, string> = {};
  for (const f of FIELDS) {
    const v = form.get(f);
    if (typeof v === "string") values[f] = v;
  }
  const id = String(form.get("id") ?? "");
  const s = context.services.adminDiscounts;
  try {
    if (intent === "create") {
      const made = s.create(actor, parseInput(createDiscountRuleSchema, values, { message: "first" }));
      return redirectWithToast(PATH, { type: "success", title: "Code created", description: `${made.code} is ready to use.` });
    }
    if (intent === "update") {
      const { id: codeId, rule } = parseInput(updateDiscountRuleSchema, { ...values, id }, { message: "first" });
      const saved = s.update(actor, codeId, rule);
      return redirectWithToast(PATH, { type: "success", title: "Code saved", description: `${saved.code} is updated.` });
    }
    if (intent === "setActive") {
      const input = parseInput(setDiscountActiveSchema, { id, active: String(form.get("active") ?? "") });
      const saved = s.setActive(actor, input.id, input.active);
      return redirectWithToast(PATH, {
        type: "success",
        title: saved.active ? "Code switched on" : "Code switched off",
        description: saved.active ? `${saved.code} can be used again.` : `${saved.code} can no longer be used.`,
      });
    }
    return data({ intent, message: "Choose what to do.", errors: {} as Record<string, string>, values }, { status: 400 });
  } catch (error) {
    const failure = formFailureOf(error);
    if (!failure) throw error;
    const errors = fieldMessages(failure.fields);
    if (failure.status === 409) errors.code = failure.message;
    return data({ intent, message: failure.message, errors, values }, { status: failure.status });
  }
}

const input = "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm";
const cell = "px-4 py-3 align-top";

/** "1 Dec 2026 – 31 Dec 2026", "from 1 Dec 2026", "until 31 Dec 2026", or nothing. */
function period(startsAt: string | null, endsAt: string | null): string | null {
  const day = (iso: string) => formatDateGB(londonLocal(iso).date);
  const last = endsAt ? day(new Date(Date.parse(endsAt) - 1).toISOString()) : null;
  if (startsAt && last) return `${day(startsAt)} to ${last}`;
  if (startsAt) return `from ${day(startsAt)}`;
  if (last) return `until ${last}`;
  return null;
}

function Field({
  name,
  label,
  hint,
  error,
  children,
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={`discount-${name}`} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`discount-${name}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`discount-${name}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

export default function MarketingTools({ loaderData, actionData }: Route.ComponentProps) {
  const { codes, newsletter, editing } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction?.startsWith(PATH);
  const formReply = actionData && actionData.intent !== "setActive" ? actionData : null;
  const rowReply = actionData && actionData.intent === "setActive" ? actionData : null;
  const mode: "create" | "update" = formReply?.intent === "update" || (!formReply && editing) ? "update" : "create";
  const values: Record<string, string | boolean> = formReply?.values ?? editing?.values ?? { kind: "percent" };
  const errors: Record<string, string> = formReply?.errors ?? {};
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : "");
  const checked = values.firstOrderOnly === true || values.firstOrderOnly === "on";
  const describedBy = (name: string, hint = false) =>
    [hint ? `discount-${name}-hint` : "", errors[name] ? `discount-${name}-error` : ""].filter(Boolean).join(" ") || undefined;

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
        {rowReply && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200">
            {rowReply.message}
          </p>
        )}
        {codes.length === 0 ? (
          <p className="mt-4 text-stone-600">No codes yet. Create one below.</p>
        ) : (
          <div className="mt-4 overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-stone-200">
            <table className="w-full min-w-[48rem] text-left text-sm">
              <caption className="sr-only">Discount codes and their use</caption>
              <thead className="border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Code
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Discount
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Conditions
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Used
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Given away
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {codes.map((c) => {
                  const conditions = [
                    c.minSpendPence > 0 ? `spend ${formatPence(c.minSpendPence)} or more` : null,
                    period(c.startsAt, c.endsAt),
                    c.perCustomerLimit !== null ? `${c.perCustomerLimit} per customer` : null,
                    c.firstOrderOnly ? "first order only" : null,
                  ].filter(Boolean);
                  return (
                    <tr key={c.id} data-testid={`discount-${c.code}`}>
                      <td className={cell}>
                        <span className="font-mono font-semibold">{c.code}</span>
                        <span className="block text-xs text-stone-600">{c.name}</span>
                      </td>
                      <td className={`${cell} whitespace-nowrap`}>{discountLabel({ ...c, firstOrderOnly: false })}</td>
                      <td className={cell}>{conditions.length ? conditions.join("; ") : "none"}</td>
                      <td className={`${cell} whitespace-nowrap`}>
                        {c.redemptions.toLocaleString("en-GB")}
                        {c.maxRedemptions !== null ? ` of ${c.maxRedemptions.toLocaleString("en-GB")}` : ""}
                        <span className="block text-xs text-stone-600">
                          {c.orders.toLocaleString("en-GB")} {c.orders === 1 ? "order" : "orders"}
                        </span>
                      </td>
                      <td className={`${cell} whitespace-nowrap`}>{formatPence(c.givenPence)}</td>
                      <td className={`${cell} whitespace-nowrap`}>{c.active ? "On" : "Off"}</td>
                      <td className={`${cell} whitespace-nowrap`}>
                        <div className="flex items-center gap-3">
                          <Link
                            to={`${PATH}?edit=${c.id}#discount-form`}
                            className="font-semibold text-needle-dark underline underline-offset-2"
                            aria-label={`Edit ${c.code}`}
                          >
                            Edit
                          </Link>
                          <Form method="post">
                            <input type="hidden" name="intent" value="setActive" />
                            <input type="hidden" name="id" value={c.id} />
                            <input type="hidden" name="active" value={c.active ? "false" : "true"} />
                            <button
                              type="submit"
                              disabled={saving}
                              className="rounded-full px-3 py-1 text-xs font-semibold ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-60"
                              aria-label={`${c.active ? "Switch off" : "Switch on"} ${c.code}`}
                            >
                              {c.active ? "Switch off" : "Switch on"}
                            </button>
                          </Form>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section
        id="discount-form"
        aria-labelledby="discount-form-heading"
        className="mt-8 scroll-mt-24 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
      >
        <h2 id="discount-form-heading" className="font-display text-xl font-bold">
          {mode === "update" && editing ? `Edit ${editing.code}` : "New discount code"}
        </h2>
        {formReply?.message && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200">
            {formReply.message}
          </p>
        )}
        <Form
          key={editing?.id ?? "new"}
          method="post"
          action={mode === "update" && editing ? `${PATH}?edit=${editing.id}` : PATH}
          className="mt-4 grid gap-4 sm:grid-cols-2"
          noValidate
        >
          <input type="hidden" name="intent" value={mode} />
          {mode === "update" && editing && <input type="hidden" name="id" value={editing.id} />}
          {mode === "create" && (
            <Field
              name="code"
              label="Code"
              hint="3 to 32 letters, numbers or hyphens; shoppers may type it in any case."
              error={errors.code}
            >
              <input
                id="discount-code"
                name="code"
                defaultValue={text("code")}
                required
                maxLength={32}
                autoCapitalize="characters"
                className={`${input} font-mono uppercase`}
                aria-invalid={errors.code ? true : undefined}
                aria-describedby={describedBy("code", true)}
              />
            </Field>
          )}
          <Field name="name" label="Description" hint="For the back office only." error={errors.name}>
            <input
              id="discount-name"
              name="name"
              defaultValue={text("name")}
              required
              maxLength={MAX_RULE_NAME}
              className={input}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy("name", true)}
            />
          </Field>
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium">Discount</legend>
            <div className="mt-1 flex flex-wrap items-end gap-4">
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="kind" value="percent" defaultChecked={text("kind") !== "fixed"} />
                Percentage of the goods
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="kind" value="fixed" defaultChecked={text("kind") === "fixed"} />
                Fixed amount off the goods
              </label>
            </div>
            {errors.kind && <p className="mt-1 text-sm text-red-800">{errors.kind}</p>}
          </fieldset>
          <Field
            name="amount"
            label="Amount"
            hint="A whole percentage (10), or pounds for a fixed amount (5.00). Never more than the goods; shipping is never discounted."
            error={errors.amount}
          >
            <input
              id="discount-amount"
              name="amount"
              defaultValue={text("amount")}
              required
              inputMode="decimal"
              maxLength={12}
              className={input}
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={describedBy("amount", true)}
            />
          </Field>
          <Field
            name="minSpend"
            label="Minimum spend (£, optional)"
            hint="On the goods, before shipping."
            error={errors.minSpend}
          >
            <input
              id="discount-minSpend"
              name="minSpend"
              defaultValue={text("minSpend")}
              inputMode="decimal"
              maxLength={12}
              className={input}
              aria-invalid={errors.minSpend ? true : undefined}
              aria-describedby={describedBy("minSpend", true)}
            />
          </Field>
          <Field name="startsOn" label="First day (optional)" hint="From midnight, UK time." error={errors.startsOn}>
            <input
              id="discount-startsOn"
              type="date"
              name="startsOn"
              defaultValue={text("startsOn")}
              className={input}
              aria-invalid={errors.startsOn ? true : undefined}
              aria-describedby={describedBy("startsOn", true)}
            />
          </Field>
          <Field name="endsOn" label="Last day (optional)" hint="Until midnight at its end, UK time." error={errors.endsOn}>
            <input
              id="discount-endsOn"
              type="date"
              name="endsOn"
              defaultValue={text("endsOn")}
              className={input}
              aria-invalid={errors.endsOn ? true : undefined}
              aria-describedby={describedBy("endsOn", true)}
            />
          </Field>
          <Field name="maxRedemptions" label="Uses in all (optional)" hint="Empty for no limit." error={errors.maxRedemptions}>
            <input
              id="discount-maxRedemptions"
              name="maxRedemptions"
              defaultValue={text("maxRedemptions")}
              inputMode="numeric"
              maxLength={7}
              className={input}
              aria-invalid={errors.maxRedemptions ? true : undefined}
              aria-describedby={describedBy("maxRedemptions", true)}
            />
          </Field>
          <Field
            name="perCustomerLimit"
            label="Uses per customer (optional)"
            hint="Counted by account and email. Empty for no limit."
            error={errors.perCustomerLimit}
          >
            <input
              id="discount-perCustomerLimit"
              name="perCustomerLimit"
              defaultValue={text("perCustomerLimit")}
              inputMode="numeric"
              maxLength={7}
              className={input}
              aria-invalid={errors.perCustomerLimit ? true : undefined}
              aria-describedby={describedBy("perCustomerLimit", true)}
            />
          </Field>
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" name="firstOrderOnly" defaultChecked={checked} />
            First order only (for an account or email that has not ordered before)
          </label>
          <div className="flex items-center gap-4 sm:col-span-2">
            <button
              type="submit"
              disabled={saving}
              className="rounded-full bg-ink px-5 py-2 text-sm font-semibold text-white hover:bg-needle-dark disabled:opacity-60"
            >
              {mode === "update" ? "Save code" : "Create code"}
            </button>
            {mode === "update" && (
              <Link to={PATH} className="text-sm font-semibold text-needle-dark underline underline-offset-2">
                Cancel
              </Link>
            )}
          </div>
        </Form>
      </section>
    </div>
  );
}
