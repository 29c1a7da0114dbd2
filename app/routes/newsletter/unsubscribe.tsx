import { data, Form, Link, useNavigation } from "react-router";
import { INVALID_UNSUBSCRIBE } from "~/domain/newsletter/newsletter-schema";
import { ValidationError } from "~/domain/shared/errors";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/unsubscribe";

/**
 * The welcome mail's unsubscribe link (/unsubscribe?token=…). Opening it only asks (mail scanners
 * follow links); the button POSTs and unsubscribes. The POST also accepts the token in the query
 * string, as an RFC 8058 one-click request sends it. A link works once.
 */

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Unsubscribe", description: "Stop receiving the Needledrop newsletter." }),
  { name: "robots", content: "noindex" },
];

const tokenOf = (value: FormDataEntryValue | string | null) => (typeof value === "string" ? value.trim().slice(0, 200) : "");

export function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(new URL(request.url).searchParams.get("token"));
  const target = token ? context.services.newsletter.unsubscribeTarget(token) : null;
  // The address is shown to whoever holds the mailed link: its mailbox's owner. Always 200: after a POST
  // this loader runs again (the link now used up), and the answer's status must stay the action's.
  return data({ token: target ? token : null, email: target?.email ?? null }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = tokenOf(form.get("token")) || tokenOf(new URL(request.url).searchParams.get("token"));
  try {
    const { email } = context.services.newsletter.unsubscribe(token);
    return data({ done: true as const, email, error: null });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return data({ done: false as const, email: null, error: error.message }, { status: 400 });
  }
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useNavigation().state === "submitting";
  const { token, email } = loaderData;
  return (
    <section className="mx-auto max-w-xl px-6 py-16">
      <h1 className="font-display text-4xl font-bold">Unsubscribe</h1>
      <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
        {actionData?.done ? (
          <div role="status">
            <h2 className="text-lg font-semibold">You're unsubscribed</h2>
            <p className="mt-2 text-stone-700">
              {actionData.email} will get no more newsletters from us. Changed your mind? Sign up again at the foot of any page.
            </p>
          </div>
        ) : actionData?.error || !token ? (
          <div role="alert">
            <h2 className="text-lg font-semibold">Link not valid</h2>
            <p className="mt-2 text-stone-700">{actionData?.error ?? INVALID_UNSUBSCRIBE}</p>
          </div>
        ) : (
          <Form method="post" className="space-y-4">
            <p className="text-stone-700">
              Stop sending the Needledrop newsletter to <strong>{email}</strong>?
            </p>
            <input type="hidden" name="token" value={token} />
            <button
              type="submit"
              disabled={pending}
              className="rounded-full bg-ink px-6 py-3 font-semibold text-white hover:bg-needle disabled:cursor-wait disabled:opacity-60"
            >
              {pending ? "Unsubscribing…" : "Unsubscribe"}
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
