import { getFormProps, getInputProps } from "@conform-to/react";
import { data, Form, useNavigation } from "react-router";
import { FieldError, FormMessage, SubmitButton } from "~/components/forms";
import { formatDateGB } from "~/domain/shared/dates";
import { formatPence } from "~/domain/shared/money";
import { voucherBalanceQuerySchema } from "~/domain/vouchers/voucher-purchase-schema";
import { intent, runForm } from "~/lib/forms/form-action.server";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/balance";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Gift voucher balance", description: "Check what is left on a Needledrop gift voucher and until when." });

/**
 * The balance check is a post, not an address with the code in it: a code is like cash, and addresses end up in
 * logs and histories. Every check counts against the address's and the code prefix's limits (a 429 past them).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await runForm(await request.formData(), {
    default: intent(voucherBalanceQuerySchema, ({ code }) =>
      context.services.giftVouchers.balance(code, context.clientIp, context.today),
    ),
  });
  if (outcome.ok) return data({ answer: outcome.answer, result: undefined }, { status: outcome.answer.found ? 200 : 404 });
  return data({ answer: null, result: outcome.reply.result }, { status: outcome.status, headers: outcome.headers });
}

export default function GiftVoucherBalance({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(voucherBalanceQuerySchema, { lastResult: actionData?.result, nativeChecks: false });
  const code = getInputProps(fields.code, { type: "text" });
  const answer = actionData?.answer;
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-12 lg:px-8">
      <h1 className="font-display text-3xl font-bold sm:text-4xl">Gift voucher balance</h1>
      <p className="mt-2 text-stone-700">Type the code as it is printed or mailed: spaces, hyphens and small letters are fine.</p>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-6 space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
      >
        <FormMessage id={form.errorId} errors={form.errors} />
        <div>
          <label htmlFor={fields.code.id} className="block text-sm font-medium text-stone-800">
            Voucher code
          </label>
          <input
            {...code}
            key={code.key}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="ABCD-EFGH-JKMN-PQRS"
            className="mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2 font-mono text-lg tracking-wider uppercase shadow-sm focus:border-needle focus:outline-none"
          />
          <FieldError id={fields.code.errorId} errors={fields.code.errors} />
        </div>
        <SubmitButton pending={navigation.state === "submitting"}>Check the balance</SubmitButton>
      </Form>
      {answer && (
        <section
          aria-live="polite"
          className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
          data-testid="balance-answer"
        >
          {answer.found ? (
            <>
              <p className="text-sm text-stone-600">Voucher ending {answer.last4}</p>
              <p className="mt-1 font-display text-4xl font-bold">{formatPence(answer.balancePence)}</p>
              <p className="mt-2 text-stone-800">{answer.message}</p>
              <p className="mt-1 text-sm text-stone-600">Valid until {formatDateGB(answer.expiresOn)}</p>
            </>
          ) : (
            <p className="font-medium text-stone-800">{answer.message}</p>
          )}
        </section>
      )}
    </div>
  );
}
