import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { parseForm } from "~/lib/parse-form";
import { data, Form, useNavigation, Link } from "react-router";
import { Field, SubmitButton } from "~/components/forms";
import { ToastNow } from "~/components/toasts";
import { formFailureOf, retryAfterHeaders } from "~/domain/shared/errors";
import { RESET_REQUESTED, resetPasswordFormSchema, resetRequestSchema, resetTokenSchema } from "~/domain/accounts/auth-schemas";
import { cookieHeaders } from "~/lib/cart-state.server";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/reset-password";

export const SENT_TITLE = "Password Reset Email Sent";
export const SENT_TEXT = RESET_REQUESTED;

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Reset your password", description: "Choose a new password for your Needledrop account." }),
  { name: "robots", content: "noindex" },
];

export function loader({ url }: Route.LoaderArgs) {
  const token = resetTokenSchema.safeParse(url.searchParams.get("token"));
  return { token: token.success ? token.data : null };
}

const HIDE = ["password", "confirmPassword", "token"];

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") === "reset") {
    const submission = parseForm(formData, { schema: resetPasswordFormSchema });
    if (submission.status !== "success")
      return data({ intent: "reset", result: submission.reply({ hideFields: HIDE }), sent: false, toast: null }, { status: 400 });
    try {
      const user = await context.services.accounts.resetPassword(submission.value.token, submission.value.password);
      const headers = cookieHeaders(...(await context.auth.signIn(user)));
      return redirectWithToast(
        "/",
        { type: "success", title: "Password changed", description: `You are signed in, ${user.username}.` },
        { headers },
      );
    } catch (error) {
      const known = formFailureOf(error);
      if (!known) throw error;
      const toast = { type: "error" as const, title: "Password Reset Failed", description: known.message };
      return data(
        { intent: "reset", result: submission.reply({ formErrors: [known.message], hideFields: HIDE }), sent: false, toast },
        { status: 400 },
      );
    }
  }
  const submission = parseForm(formData, { schema: resetRequestSchema });
  if (submission.status !== "success") {
    const toast = {
      type: "error" as const,
      title: "Password Reset Request Failed",
      description: "Please enter a valid email address.",
    };
    return data({ intent: "request", result: submission.reply(), sent: false, toast }, { status: 400 });
  }
  try {
    context.services.rateLimits.takeForAddress("resetRequestsPerAddress", context.clientIp);
  } catch (error) {
    const known = formFailureOf(error);
    if (!known) throw error;
    const toast = { type: "error" as const, title: "Password Reset Request Failed", description: known.message };
    return data(
      { intent: "request", result: submission.reply({ formErrors: [known.message] }), sent: false, toast },
      { status: known.status, headers: retryAfterHeaders(known) },
    );
  }
  await context.services.accounts.requestPasswordReset(submission.value.email);
  return {
    intent: "request",
    result: submission.reply({ resetForm: true }),
    sent: true,
    toast: { type: "success" as const, title: SENT_TITLE, description: SENT_TEXT },
  };
}

function RequestForm({ lastResult }: { lastResult: unknown }) {
  const pending = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "reset-request",
    lastResult: lastResult as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetRequestSchema }),
    shouldValidate: "onBlur",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-3">
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

function NewPasswordForm({ token, lastResult }: { token: string; lastResult: unknown }) {
  const pending = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: lastResult as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-3">
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
          <NewPasswordForm token={token} lastResult={actionData?.intent === "reset" ? actionData.result : undefined} />
        ) : actionData?.sent ? (
          <div role="status">
            <h2 className="font-semibold">{SENT_TITLE}</h2>
            <p className="mt-2 text-stone-700">{SENT_TEXT} The link works once, for one hour.</p>
          </div>
        ) : (
          <>
            <p className="mb-4 text-stone-700">
              Enter the email address of your account and we will send you a link to choose a new password.
            </p>
            <RequestForm lastResult={actionData?.intent === "request" ? actionData.result : undefined} />
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
