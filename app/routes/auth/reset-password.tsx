import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation, Link } from "react-router";
import { Field, SubmitButton } from "~/components/forms";
import { ToastNow } from "~/components/toasts";
import {
  RESET_REQUESTED,
  RESET_SENT_TITLE,
  resetPasswordFormSchema,
  resetRequestSchema,
  resetLinkTokenSchema,
} from "~/domain/accounts/auth-schemas";
import { formAction } from "~/lib/forms/form-action.server";
import { replyFor } from "~/lib/forms/form-reply";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { pageMeta } from "~/lib/seo";
import { resetIntents } from "./reset-password.server";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Reset your password", description: "Choose a new password for your Needledrop account." }),
  { name: "robots", content: "noindex" },
];

export function loader({ url }: Route.LoaderArgs) {
  return { token: resetLinkTokenSchema.parse(url.searchParams.get("token")) };
}

export const action = ({ request, context }: Route.ActionArgs) => formAction(request, resetIntents(context));

type LastResult = SubmissionResult<string[]> | undefined;

function RequestForm({ lastResult }: { lastResult: LastResult }) {
  const pending = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(resetRequestSchema, { id: "reset-request", lastResult, nativeChecks: false });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="request" />
      {form.errors?.length ? (
        <div role="alert" id={form.errorId} className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {form.errors[0]}
        </div>
      ) : null}
      <Field label="Email" meta={fields.email} type="email" autoComplete="email" inputMode="email" />
      <SubmitButton pending={pending}>{pending ? "Sending…" : "Send reset link"}</SubmitButton>
    </Form>
  );
}

function NewPasswordForm({ token, lastResult }: { token: string; lastResult: LastResult }) {
  const pending = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(resetPasswordFormSchema, { id: "reset-password", lastResult, nativeChecks: false });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="reset" />
      <input type="hidden" name="token" value={token} />
      {form.errors?.length ? (
        <div role="alert" id={form.errorId} className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {form.errors[0]}{" "}
          <Link to="/reset-password" className="underline">
            Ask for a new link
          </Link>
          .
        </div>
      ) : null}
      <Field label="New password" meta={fields.password} type="password" autoComplete="new-password" />
      <Field label="Confirm new password" meta={fields.confirmPassword} type="password" autoComplete="new-password" />
      <SubmitButton pending={pending}>{pending ? "Saving…" : "Set new password"}</SubmitButton>
    </Form>
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { token } = loaderData;
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <ToastNow toast={actionData?.toast ?? null} />
      <h1 className="font-display text-3xl font-bold">{token ? "Choose a new password" : "Reset your password"}</h1>
      <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
        {token ? (
          <NewPasswordForm token={token} lastResult={replyFor(actionData, "reset")} />
        ) : actionData && "sent" in actionData ? (
          <div role="status">
            <h2 className="font-semibold">{RESET_SENT_TITLE}</h2>
            <p className="mt-2 text-stone-700">{RESET_REQUESTED} The link works once, for one hour.</p>
          </div>
        ) : (
          <>
            <p className="mb-4 text-stone-700">
              Enter the email address of your account and we will send you a link to choose a new password.
            </p>
            <RequestForm lastResult={replyFor(actionData, "request")} />
          </>
        )}
      </div>
      <p className="mt-6 text-center text-sm">
        <Link to="/auth" className="text-needle-dark underline">
          Back to log in
        </Link>
      </p>
    </div>
  );
}
