import { getFormProps, getTextareaProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { FieldMessage, FormAlert, InputField } from "~/components/admin/form-field";
import { SubmissionKeyField } from "~/components/admin/submission-key-field";
import { newSubmissionKey } from "~/domain/admin/form-submission";
import { formatPence } from "~/domain/shared/money";
import { staffHandle } from "~/domain/staff/staff-handle";
import { goodwillCreditSchema } from "~/domain/vouchers/voucher-admin";
import { formAction } from "~/lib/forms/form-action.server";
import { replyFor } from "~/lib/forms/form-reply";
import { submitOnce } from "~/lib/forms/submit-once.server";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { requirePermission } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/goodwill-credit";

// Goodwill credit is money given away: only staff who may refund give it (the issue's "refund permission").
export const handle = staffHandle("orders.refund", { action: "orders.refund" });

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Give store credit", description: "Goodwill store credit for a customer." }),
  { name: "robots", content: "noindex" },
];

const LIST = "/admin/gift-vouchers";

export function loader({ context, request, url }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  // "Give store credit" from a customer's page brings their address along; anything odd is simply not filled in.
  const email = url.searchParams.get("email");
  return { submissionKey: newSubmissionKey(), email: email && email.length <= 254 ? email : "" };
}

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requirePermission(context, request, handle.action);
  return formAction(request, {
    // One render of the form gives one credit: a double press or a resent post is told it was given, not given twice.
    default: submitOnce(context.services, actor).intent(goodwillCreditSchema, "goodwill credit", (input) => {
      const made = context.services.adminVouchers.issueGoodwill(actor, input, context.today);
      return {
        to: `${LIST}/${made.voucher.id}`,
        toast: {
          type: "success",
          title: `${formatPence(made.voucher.initialPence)} store credit given`,
          description: `Its code is on its way to ${made.to}.${made.toAccount ? " It shows on their profile." : ""}`,
        },
      };
    }),
  });
}

const input = "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm";

export default function GoodwillCredit({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useSchemaForm(goodwillCreditSchema, {
    lastResult: replyFor(actionData),
    defaultValue: { email: loaderData.email },
  });
  const { key: reasonKey, ...reason } = getTextareaProps(fields.reason);
  return (
    <div className="max-w-2xl">
      <p className="text-sm">
        <Link to={LIST} className="text-needle-dark hover:underline">
          ← Gift vouchers
        </Link>
      </p>
      <h1 className="mt-2 font-display text-3xl font-bold sm:text-4xl">Give store credit</h1>
      <p className="mt-1 max-w-prose text-sm text-stone-600">
        A goodwill gesture: a store credit voucher, valid 24 months, its code mailed to the customer at once. When the address
        belongs to an account, the credit also shows on their profile. The reason stays in the back office; the mail says only
        that it is a goodwill gesture.
      </p>
      <Form
        method="post"
        {...getFormProps(form)}
        key={loaderData.submissionKey}
        className="mt-6 grid gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
      >
        <FormAlert id={form.errorId} message={form.errors?.[0]} />
        <SubmissionKeyField value={loaderData.submissionKey} />
        <InputField
          field={fields.email}
          type="email"
          label="Customer's e-mail"
          hint="An account's address, or any address."
          autoComplete="off"
          className={input}
        />
        <InputField
          field={fields.amount}
          label="Amount (£)"
          hint="From £1.00 to £250.00, to the penny."
          inputMode="decimal"
          maxLength={10}
          className={`${input} max-w-40`}
        />
        <div>
          <label htmlFor={fields.reason.id} className="block text-sm font-medium text-stone-800">
            Reason
          </label>
          <p className="text-xs text-stone-600">For the audit log and colleagues, not for the customer.</p>
          <textarea key={reasonKey} {...reason} rows={3} className={input} />
          <FieldMessage field={fields.reason} />
        </div>
        <div>
          <button
            type="submit"
            disabled={busy}
            className="rounded-full bg-ink px-5 py-2 text-sm font-semibold text-white hover:bg-needle-dark disabled:opacity-60"
          >
            Give credit and mail the code
          </button>
        </div>
      </Form>
    </div>
  );
}
