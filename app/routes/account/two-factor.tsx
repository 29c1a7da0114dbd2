import { getFormProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { renderSVG } from "uqr";
import { AddPasskeyButton } from "~/components/account/passkey-buttons";
import { FormMessage, SubmitButton } from "~/components/forms";
import { ToastNow } from "~/components/toasts";
import { formatDateTimeGB } from "~/domain/shared/dates";
import { safeRedirect } from "~/domain/shared/safe-redirect";
import { disableTwoFactorSchema, enableTwoFactorSchema, regenerateRecoveryCodesSchema } from "~/domain/two-factor/schemas";
import { otpauthUri, parseSecretText } from "~/domain/two-factor/totp";
import { formAction } from "~/lib/forms/form-action.server";
import { replyFor } from "~/lib/forms/form-reply";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { requireUser } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import { twoFactorIntents } from "./two-factor.server";
import { CodeField } from "~/components/account/code-field";
import type { Route } from "./+types/two-factor";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Two-factor sign-in", description: "Sign in with a code from an authenticator app as well." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request, url }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { twoFactor } = context.services;
  const page = {
    username: user.username,
    required: twoFactor.isRequired(user.id),
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), "/profile"),
  };
  if (twoFactor.isEnabled(user.id))
    return {
      ...page,
      enabled: true as const,
      recoveryCodesLeft: twoFactor.recoveryCodesLeft(user.id),
      passkeys: context.services.passkeys.list(user.id),
    };
  // A new secret at every showing; it goes back with the form (a hidden field), and is kept only once a code proves it.
  return { ...page, enabled: false as const, secret: twoFactor.newSecret(user.username).secret };
}

export function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  return formAction(request, twoFactorIntents(context, user));
}

const card = "mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8";

function RecoveryCodes({ codes, continueTo }: { codes: string[]; continueTo: string }) {
  return (
    <section aria-labelledby="codes-heading" className={`${card} ring-2 ring-needle`}>
      <h2 id="codes-heading" className="font-display text-2xl font-bold">
        Your recovery codes
      </h2>
      <p className="mt-2 text-stone-700">
        If you lose your phone, each of these codes signs you in once instead of the app.{" "}
        <strong>This is the only time they are shown</strong>: print them or keep them in a password manager, somewhere other than
        your phone.
      </p>
      <ol aria-label="Recovery codes" className="mt-4 grid grid-cols-1 gap-2 font-mono text-lg min-[360px]:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-stone-100 px-3 py-1 text-center tracking-wider">
            {code}
          </li>
        ))}
      </ol>
      <Link to={continueTo} className="mt-6 inline-block rounded-full bg-ink px-6 py-3 font-semibold text-white hover:bg-needle">
        I have kept them safe — continue
      </Link>
    </section>
  );
}

function SetUp({
  secret,
  username,
  redirectTo,
  actionData,
}: {
  secret: string;
  username: string;
  redirectTo: string;
  actionData: Route.ComponentProps["actionData"];
}) {
  const lastResult = replyFor(actionData, "enable");
  // A refused code keeps the secret already scanned (the form sent it back), rather than the new one the page made.
  const echoed = lastResult?.initialValue?.secret;
  const shown = typeof echoed === "string" && parseSecretText(echoed) ? echoed : secret;
  const key = parseSecretText(shown)!;
  const [form, fields] = useSchemaForm(enableTwoFactorSchema, { id: "enable", lastResult, nativeChecks: false });
  const pending = useNavigation().formData?.get("intent") === "enable";
  return (
    <section aria-labelledby="setup-heading" className={card}>
      <h2 id="setup-heading" className="font-display text-2xl font-bold">
        Set up your authenticator app
      </h2>
      <div className="mt-4 grid items-start gap-6 sm:grid-cols-[12rem_1fr]">
        <div
          role="img"
          aria-label="QR code holding your sign-in secret, for an authenticator app to scan"
          className="mx-auto w-48 rounded-lg bg-white p-2 ring-1 ring-stone-200 [&>svg]:h-auto [&>svg]:w-full sm:mx-0"
          // The SVG is drawn here from the secret alone; no visitor text goes into it.
          dangerouslySetInnerHTML={{ __html: renderSVG(otpauthUri(key, username), { border: 1 }) }}
        />
        <ol className="list-decimal space-y-3 pl-5 text-stone-700">
          <li>Open an authenticator app on your phone (Google Authenticator, 1Password, Authy, …).</li>
          <li>Scan the QR code, or type in this key:</li>
        </ol>
      </div>
      <p className="mt-4 text-sm font-medium text-stone-800" id="secret-label">
        Key to type in
      </p>
      <p
        aria-labelledby="secret-label"
        data-testid="two-factor-secret"
        className="mt-1 rounded-md bg-stone-100 px-3 py-2 font-mono text-base tracking-wider break-words select-all"
      >
        {shown}
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-y-2">
        <input type="hidden" name="intent" value="enable" />
        <input type="hidden" name="secret" value={shown} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormMessage id={form.errorId} errors={form.errors} />
        <CodeField label="6-digit code from the app" meta={fields.code} />
        <div className="max-w-xs">
          <SubmitButton pending={pending}>{pending ? "Checking…" : "Turn on two-factor sign-in"}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}

type PasskeyItem = { id: number; name: string; createdAt: string; lastUsedAt: string | null };

/** The person's passkeys, each with a plain Remove form; adding one needs the browser's passkey prompt (JavaScript). */
function Passkeys({ passkeys }: { passkeys: PasskeyItem[] }) {
  const navigation = useNavigation();
  const removing = navigation.formData?.get("intent") === "removePasskey" ? navigation.formData.get("passkeyId") : null;
  return (
    <section aria-labelledby="passkeys-heading" className={card}>
      <h2 id="passkeys-heading" className="font-display text-xl font-bold">
        Passkeys
      </h2>
      <p className="mt-2 text-stone-700">
        A passkey on your phone, computer or security key can stand in for the app's code when you sign in. Your authenticator app
        and recovery codes keep working.
      </p>
      {passkeys.length === 0 ? (
        <p className="mt-4 text-stone-600">You have no passkeys yet.</p>
      ) : (
        <ul aria-label="Your passkeys" className="mt-4 divide-y divide-stone-200 rounded-md ring-1 ring-stone-200">
          {passkeys.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div>
                <p className="font-semibold">{p.name}</p>
                <p className="text-sm text-stone-600">
                  Added {formatDateTimeGB(p.createdAt)} ·{" "}
                  {p.lastUsedAt ? `Last used ${formatDateTimeGB(p.lastUsedAt)}` : "Not used yet"}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="removePasskey" />
                <input type="hidden" name="passkeyId" value={p.id} />
                <button
                  type="submit"
                  disabled={removing === String(p.id)}
                  aria-label={`Remove ${p.name}`}
                  className="rounded-full border border-stone-300 px-4 py-1.5 text-sm font-semibold hover:border-red-600 hover:text-red-700 disabled:opacity-60"
                >
                  {removing === String(p.id) ? "Removing…" : "Remove"}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <AddPasskeyButton />
    </section>
  );
}

function Manage({
  left,
  required,
  passkeys,
  actionData,
}: {
  left: number;
  required: boolean;
  passkeys: PasskeyItem[];
  actionData: Route.ComponentProps["actionData"];
}) {
  const navigation = useNavigation();
  const busy = (name: string) => navigation.formData?.get("intent") === name;
  const [regenerateForm, regenerate] = useSchemaForm(regenerateRecoveryCodesSchema, {
    id: "regenerate",
    lastResult: replyFor(actionData, "regenerate"),
    nativeChecks: false,
  });
  const [disableForm, disable] = useSchemaForm(disableTwoFactorSchema, {
    id: "disable",
    lastResult: replyFor(actionData, "disable"),
    nativeChecks: false,
  });
  return (
    <>
      <section aria-labelledby="status-heading" className={card}>
        <h2 id="status-heading" className="font-display text-2xl font-bold">
          Two-factor sign-in is on
        </h2>
        <p className="mt-2 text-stone-700">
          Signing in asks for a code from your authenticator app after your password. You have{" "}
          <strong>
            {left} recovery code{left === 1 ? "" : "s"}
          </strong>{" "}
          left.
        </p>
      </section>
      <Passkeys passkeys={passkeys} />
      <section aria-labelledby="regenerate-heading" className={card}>
        <h2 id="regenerate-heading" className="font-display text-xl font-bold">
          New recovery codes
        </h2>
        <p className="mt-2 text-stone-700">Ten new codes; the ones you have now stop working.</p>
        <Form method="post" {...getFormProps(regenerateForm)} className="mt-4 grid gap-y-2">
          <input type="hidden" name="intent" value="regenerate" />
          <FormMessage id={regenerateForm.errorId} errors={regenerateForm.errors} />
          <CodeField label="6-digit code from the app" meta={regenerate.code} />
          <div className="max-w-xs">
            <SubmitButton pending={busy("regenerate")}>
              {busy("regenerate") ? "Checking…" : "Make new recovery codes"}
            </SubmitButton>
          </div>
        </Form>
      </section>
      <section aria-labelledby="disable-heading" className={card}>
        <h2 id="disable-heading" className="font-display text-xl font-bold">
          Turn off two-factor sign-in
        </h2>
        {required ? (
          <p className="mt-2 text-stone-700">Your staff role needs two-factor sign-in, so it stays on.</p>
        ) : (
          <Form method="post" {...getFormProps(disableForm)} className="mt-4 grid gap-y-2">
            <input type="hidden" name="intent" value="disable" />
            <FormMessage id={disableForm.errorId} errors={disableForm.errors} />
            <CodeField label="Code from the app, or a recovery code" meta={disable.code} numeric={false} />
            <div className="max-w-xs">
              <SubmitButton pending={busy("disable")}>{busy("disable") ? "Checking…" : "Turn off"}</SubmitButton>
            </div>
          </Form>
        )}
      </section>
    </>
  );
}

export default function TwoFactorSettings({ loaderData, actionData }: Route.ComponentProps) {
  const codes = actionData && "recoveryCodes" in actionData ? actionData : null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 lg:px-8">
      <ToastNow toast={actionData?.toast ?? null} />
      <p className="text-sm">
        <Link to="/profile" className="text-needle-dark underline">
          Your profile
        </Link>
      </p>
      <h1 className="mt-2 font-display text-3xl font-bold sm:text-4xl">Two-factor sign-in</h1>
      <p className="mt-2 text-stone-600">
        A code from an app on your phone as well as your password: someone who learns your password still cannot sign in.
      </p>
      {loaderData.required && !loaderData.enabled ? (
        <p role="note" className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950">
          Your staff role needs two-factor sign-in. Set it up to open the back office.
        </p>
      ) : null}
      {codes ? (
        <RecoveryCodes codes={codes.recoveryCodes} continueTo={codes.continueTo} />
      ) : loaderData.enabled ? (
        <Manage
          left={loaderData.recoveryCodesLeft}
          required={loaderData.required}
          passkeys={loaderData.passkeys}
          actionData={actionData}
        />
      ) : (
        <SetUp
          secret={loaderData.secret}
          username={loaderData.username}
          redirectTo={loaderData.redirectTo}
          actionData={actionData}
        />
      )}
    </div>
  );
}
