import { data, Form, Link, useNavigation } from "react-router";
import { INVALID_REMINDER_LINK } from "~/domain/cart/cart-reminder";
import { ValidationError } from "~/domain/shared/errors";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/cart-reminders-stop";

/**
 * The cart reminder's opt-out link (/cart-reminders/stop?token=…). Opening it only asks (mail scanners follow
 * links); the button POSTs and stops every cart reminder to the address. A mail client's RFC 8058 one-click
 * POST is answered before the pages (server/http/one-click-unsubscribe.ts).
 */

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Stop cart reminders", description: "Stop Needledrop's cart reminder e-mails." }),
  { name: "robots", content: "noindex" },
];

const tokenOf = (value: FormDataEntryValue | string | null) => (typeof value === "string" ? value.trim().slice(0, 200) : "");

export function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(new URL(request.url).searchParams.get("token"));
  const target = token ? context.services.cartReminders.stopTarget(token) : null;
  return data({ token: target ? token : null, email: target?.email ?? null }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = tokenOf(form.get("token")) || tokenOf(new URL(request.url).searchParams.get("token"));
  try {
    const { email } = context.services.cartReminders.stop(token);
    return data({ done: true as const, email, error: null });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return data({ done: false as const, email: null, error: error.message }, { status: 400 });
  }
}

export default function StopCartReminders({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useNavigation().state === "submitting";
  const { token, email } = loaderData;
  return (
    <section className="mx-auto max-w-xl px-6 py-16">
      <h1 className="font-display text-4xl font-bold">Cart reminders</h1>
      <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
        {actionData?.done ? (
          <div role="status">
            <h2 className="text-lg font-semibold">Cart reminders stopped</h2>
            <p className="mt-2 text-stone-700">
              {actionData.email} will get no more cart reminders from us. Order mails still come as usual.
            </p>
          </div>
        ) : actionData?.error || !token ? (
          <div role="alert">
            <h2 className="text-lg font-semibold">Link not valid</h2>
            <p className="mt-2 text-stone-700">{actionData?.error ?? INVALID_REMINDER_LINK}</p>
          </div>
        ) : (
          <Form method="post" className="space-y-4">
            <p className="text-stone-700">
              Stop sending cart reminders to <strong>{email}</strong>?
            </p>
            <input type="hidden" name="token" value={token} />
            <button
              type="submit"
              disabled={pending}
              className="rounded-full bg-ink px-6 py-3 font-semibold text-white hover:bg-needle disabled:cursor-wait disabled:opacity-60"
            >
              {pending ? "Stopping…" : "Stop cart reminders"}
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
