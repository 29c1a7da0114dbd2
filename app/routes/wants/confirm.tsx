import { data, Form, Link, useNavigation } from "react-router";
import { ValidationError } from "~/domain/shared/errors";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/confirm";

/**
 * The link in a want's confirmation mail (/wants/confirm?token=…). Opening it only asks (mail scanners follow
 * links); the button POSTs and confirms the address, and with it every want of that address.
 */

const INVALID = "This confirmation link is invalid or has already been used.";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Confirm your alerts", description: "Confirm your address for Needledrop record alerts." }),
  { name: "robots", content: "noindex" },
];

const tokenOf = (value: FormDataEntryValue | string | null) => (typeof value === "string" ? value.trim().slice(0, 200) : "");

export function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(new URL(request.url).searchParams.get("token"));
  const target = token ? context.services.wants.confirmTarget(token) : null;
  return data({ token: target ? token : null, email: target?.email ?? null }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = tokenOf(form.get("token")) || tokenOf(new URL(request.url).searchParams.get("token"));
  try {
    const { email } = context.services.wants.confirm(token);
    return data({ done: true as const, email, error: null });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return data({ done: false as const, email: null, error: INVALID }, { status: 400 });
  }
}

export default function ConfirmWants({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useNavigation().state === "submitting";
  const { token, email } = loaderData;
  return (
    <section className="mx-auto max-w-xl px-6 py-16">
      <h1 className="font-display text-4xl font-bold">Confirm your alerts</h1>
      <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
        {actionData?.done ? (
          <div role="status">
            <h2 className="text-lg font-semibold">Confirmed</h2>
            <p className="mt-2 text-stone-700">
              We will email {actionData.email} when a record you want is back, out or cheaper. Every mail has a link to stop.
            </p>
          </div>
        ) : actionData?.error || !token ? (
          <div role="alert">
            <h2 className="text-lg font-semibold">Link not valid</h2>
            <p className="mt-2 text-stone-700">{actionData?.error ?? INVALID}</p>
          </div>
        ) : (
          <Form method="post" className="space-y-4">
            <p className="text-stone-700">
              Send record alerts to <strong>{email}</strong>?
            </p>
            <input type="hidden" name="token" value={token} />
            <button
              type="submit"
              disabled={pending}
              className="rounded-full bg-ink px-6 py-3 font-semibold text-white hover:bg-needle disabled:cursor-wait disabled:opacity-60"
            >
              {pending ? "Confirming…" : "Confirm my alerts"}
            </button>
          </Form>
        )}
      </div>
      <p className="mt-6 text-center text-sm">
        <Link to="/" className="text-needle-dark underline">
          Back to the shop
        </Link>
      </p>
    </section>
  );
}
