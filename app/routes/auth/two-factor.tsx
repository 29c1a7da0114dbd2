import { getFormProps } from "@conform-to/react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { PasskeySignInButton } from "~/components/account/passkey-buttons";
import { FormMessage, SubmitButton } from "~/components/forms";
import { ToastNow } from "~/components/toasts";
import { safeRedirect } from "~/domain/shared/safe-redirect";
import { signInCodeSchema, signInRecoverySchema } from "~/domain/two-factor/schemas";
import { formAction } from "~/lib/forms/form-action.server";
import { replyFor } from "~/lib/forms/form-reply";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { pageMeta } from "~/lib/seo";
import { secondFactorIntents } from "./two-factor.server";
import { CodeField } from "~/components/account/code-field";
import type { Route } from "./+types/two-factor";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Enter your code", description: "The second step of signing in to Needledrop." }),
  { name: "robots", content: "noindex" },
];

/** Only for a session whose password step is done: signed in already → onward; nothing pending → the sign-in page. */
function pendingUserId(context: Route.LoaderArgs["context"], redirectTo: string): number {
  if (context.user) throw redirect(redirectTo);
  if (!context.pendingTwoFactorUserId) throw redirect(`/auth?${new URLSearchParams({ redirectTo })}`);
  return context.pendingTwoFactorUserId;
}

export function loader({ context, url }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  const userId = pendingUserId(context, redirectTo);
  return {
    redirectTo,
    method: url.searchParams.get("method") === "recovery" ? ("recovery" as const) : ("code" as const),
    // The passkey button needs JavaScript; without it the page is the code forms alone.
    hasPasskey: context.services.passkeys.has(userId),
  };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const userId = pendingUserId(context, safeRedirect(url.searchParams.get("redirectTo")));
  return formAction(request, secondFactorIntents(context, userId));
}

export default function SecondFactorStep({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  const method = actionData?.intent === "recovery" || actionData?.intent === "code" ? actionData.intent : loaderData.method;
  const pending = useNavigation().state === "submitting";
  const [codeForm, code] = useSchemaForm(signInCodeSchema, {
    id: "code",
    lastResult: replyFor(actionData, "code"),
    nativeChecks: false,
  });
  const [recoveryForm, recovery] = useSchemaForm(signInRecoverySchema, {
    id: "recovery",
    lastResult: replyFor(actionData, "recovery"),
    nativeChecks: false,
  });
  const other = `?${new URLSearchParams({ redirectTo, ...(method === "code" ? { method: "recovery" } : {}) })}`;
  return (
    <div className="mx-auto max-w-md px-4 py-10 md:py-16">
      <ToastNow toast={actionData?.toast ?? null} />
      <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8">
        <h1 className="font-display text-3xl font-bold">Enter your code</h1>
        {loaderData.hasPasskey ? <PasskeySignInButton redirectTo={redirectTo} /> : null}
        {method === "code" ? (
          <Form method="post" {...getFormProps(codeForm)} className="mt-4 space-y-3">
            <p className="text-stone-700">Open your authenticator app and enter the 6-digit code it shows for Needledrop.</p>
            <input type="hidden" name="intent" value="code" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <FormMessage id={codeForm.errorId} errors={codeForm.errors} />
            <CodeField label="6-digit code" meta={code.code} narrow={false} />
            <SubmitButton pending={pending}>{pending ? "Checking…" : "Continue"}</SubmitButton>
          </Form>
        ) : (
          <Form method="post" {...getFormProps(recoveryForm)} className="mt-4 space-y-3">
            <p className="text-stone-700">
              Enter one of the recovery codes you kept when you set up two-factor sign-in. Each works once.
            </p>
            <input type="hidden" name="intent" value="recovery" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <FormMessage id={recoveryForm.errorId} errors={recoveryForm.errors} />
            <CodeField label="Recovery code" meta={recovery.recoveryCode} numeric={false} narrow={false} />
            <SubmitButton pending={pending}>{pending ? "Checking…" : "Continue"}</SubmitButton>
          </Form>
        )}
        <p className="mt-4 text-center text-sm">
          <Link to={other} replace className="text-needle-dark underline">
            {method === "code" ? "Use a recovery code instead" : "Use the code from your app instead"}
          </Link>
        </p>
        <Form method="post" action="/logout" className="mt-2 text-center text-sm">
          <button type="submit" className="text-stone-600 underline">
            Cancel and sign out
          </button>
        </Form>
      </section>
    </div>
  );
}
