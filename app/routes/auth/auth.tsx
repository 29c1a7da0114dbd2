import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, redirect, useNavigation, Link } from "react-router";
import { Field, SubmitButton } from "~/components/forms";
import { ToastNow } from "~/components/toasts";
import { loginSchema, registerFormSchema } from "~/domain/accounts/auth-schemas";
import { safeRedirect } from "~/domain/shared/safe-redirect";
import { formAction } from "~/lib/forms/form-action.server";
import { replyFor } from "~/lib/forms/form-reply";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { pageMeta } from "~/lib/seo";
import { authIntents, type AuthTab as Tab } from "./auth.server";
import type { Route } from "./+types/auth";

function tabOf(url: URL): Tab {
  return url.searchParams.get("tab") === "register" ? "register" : "login";
}

export const meta: Route.MetaFunction = ({ data: d }) =>
  pageMeta({
    title: d?.tab === "register" ? "Create an account" : "Log in",
    description: "Log in to your Needledrop account, or create one to check out faster and keep your favourites.",
    url: d?.canonicalUrl,
  });

export function loader({ context, url }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (context.user) throw redirect(redirectTo);
  return { tab: tabOf(url), redirectTo, canonicalUrl: `${url.origin}/auth` };
}

export const action = ({ request, context }: Route.ActionArgs) => formAction(request, authIntents(context));

type LastResult = SubmissionResult<string[]> | undefined;

function LoginForm({ redirectTo, lastResult }: { redirectTo: string; lastResult: LastResult }) {
  const pending = useNavigation().formData?.get("intent") === "login";
  const [form, fields] = useSchemaForm(loginSchema, { id: "login", lastResult, nativeChecks: false });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3" aria-labelledby="tab-login">
      <input type="hidden" name="intent" value="login" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label="Username" meta={fields.username} autoComplete="username" />
      <Field label="Password" meta={fields.password} type="password" autoComplete="current-password" />
      <SubmitButton pending={pending}>{pending ? "Logging in…" : "Log in"}</SubmitButton>
      <p className="text-center text-sm">
        <Link to="/reset-password" className="text-needle-dark underline">
          Forgotten your password?
        </Link>
      </p>
    </Form>
  );
}

function RegisterForm({ redirectTo, lastResult }: { redirectTo: string; lastResult: LastResult }) {
  const pending = useNavigation().formData?.get("intent") === "register";
  const [form, fields] = useSchemaForm(registerFormSchema, { id: "register", lastResult, nativeChecks: false });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3" aria-labelledby="tab-register">
      <input type="hidden" name="intent" value="register" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label="Username" meta={fields.username} autoComplete="username" />
      <Field label="Email" meta={fields.email} type="email" autoComplete="email" inputMode="email" />
      <Field label="Password" meta={fields.password} type="password" autoComplete="new-password" />
      <Field label="Confirm password" meta={fields.confirmPassword} type="password" autoComplete="new-password" />
      <SubmitButton pending={pending}>{pending ? "Creating your account…" : "Create account"}</SubmitButton>
    </Form>
  );
}

function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return <div id={id} />;
  return (
    <div id={id} role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
      {errors[0]}
    </div>
  );
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const refused = actionData?.intent === "register" || actionData?.intent === "login" ? actionData.intent : null;
  const tab: Tab = refused ?? loaderData.tab;
  const query = (t: Tab) => `?${new URLSearchParams({ tab: t, redirectTo: loaderData.redirectTo })}`;
  const lastResult = replyFor(actionData, tab);
  return (
    <div className="mx-auto grid max-w-5xl gap-10 px-4 py-10 md:grid-cols-2 md:py-16 lg:px-8">
      <ToastNow toast={actionData?.toast ?? null} />
      <section className="hidden flex-col justify-center rounded-2xl bg-ink p-10 text-white md:flex">
        <p className="text-sm font-semibold tracking-[0.25em] text-label uppercase">Your record shop</p>
        <h1 className="mt-4 font-display text-4xl leading-tight font-bold">Welcome to Needledrop</h1>
        <p className="mt-4 text-stone-300">
          Sign in to check out faster, keep your favourites on every device and follow your orders.
        </p>
      </section>
      <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8">
        <h1 className="mb-6 font-display text-3xl font-bold md:hidden">Welcome to Needledrop</h1>
        <nav
          aria-label="Log in or register"
          className="mb-6 grid grid-cols-2 rounded-full bg-stone-100 p-1 text-sm font-semibold"
        >
          {(["login", "register"] as const).map((t) => (
            <Link
              key={t}
              id={`tab-${t}`}
              to={query(t)}
              replace
              preventScrollReset
              aria-current={tab === t ? "page" : undefined}
              className={`rounded-full px-4 py-2 text-center ${tab === t ? "bg-ink text-white shadow" : "text-stone-700 hover:text-ink"}`}
            >
              {t === "login" ? "Login" : "Register"}
            </Link>
          ))}
        </nav>
        {tab === "login" ? (
          <LoginForm key="login" redirectTo={loaderData.redirectTo} lastResult={lastResult} />
        ) : (
          <RegisterForm key="register" redirectTo={loaderData.redirectTo} lastResult={lastResult} />
        )}
      </section>
    </div>
  );
}
