import { data, Form, Link, useNavigation } from "react-router";
import { ValidationError } from "~/domain/shared/errors";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/unsubscribe";

/**
 * A record alert's stop links: /wants/unsubscribe?want=<id>&token=… stops alerts for that record,
 * /wants/unsubscribe?token=… every alert to the address. Opening a link only asks; the button POSTs. A mail
 * client's RFC 8058 one-click POST is answered before the pages (server/http/one-click-unsubscribe.ts).
 */

const INVALID = "This link is invalid or has expired.";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Stop record alerts", description: "Stop Needledrop record alerts." }),
  { name: "robots", content: "noindex" },
];

const tokenOf = (value: FormDataEntryValue | string | null) => (typeof value === "string" ? value.trim().slice(0, 200) : "");
const wantOf = (value: FormDataEntryValue | string | null) =>
  typeof value === "string" && /^\d{1,12}$/.test(value) ? Number(value) : null;

export function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const token = tokenOf(query.get("token"));
  const wantId = wantOf(query.get("want"));
  const target = token ? context.services.wants.unsubscribeTarget(token, wantId) : null;
  return data(
    { token: target ? token : null, wantId, email: target?.email ?? null, title: target?.title ?? null },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const query = new URL(request.url).searchParams;
  const token = tokenOf(form.get("token")) || tokenOf(query.get("token"));
  const wantId = form.get("scope") === "all" ? null : wantOf(form.get("want") ?? query.get("want"));
  try {
    const { email } = context.services.wants.unsubscribe(token, wantId);
    return data({ done: true as const, all: wantId === null, email, error: null });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return data({ done: false as const, all: false, email: null, error: INVALID }, { status: 400 });
  }
}

const button = "rounded-full px-6 py-3 font-semibold disabled:cursor-wait disabled:opacity-60";

export default function StopWants({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useNavigation().state === "submitting";
  const { token, wantId, email, title } = loaderData;
  return (
    <section className="mx-auto max-w-xl px-6 py-16">
      <h1 className="font-display text-4xl font-bold">Stop record alerts</h1>
      <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
        {actionData?.done ? (
          <div role="status">
            <h2 className="text-lg font-semibold">Stopped</h2>
            <p className="mt-2 text-stone-700">
              {actionData.all
                ? `${actionData.email} will get no more record alerts.`
                : `No more alerts about this record to ${actionData.email}.`}{" "}
              Changed your mind? Press Want on a record page again.
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
              {title ? (
                <>
                  Stop alerts about <strong>{title}</strong> to <strong>{email}</strong>?
                </>
              ) : (
                <>
                  Stop every record alert to <strong>{email}</strong>?
                </>
              )}
            </p>
            <input type="hidden" name="token" value={token} />
            {wantId !== null && <input type="hidden" name="want" value={wantId} />}
            <div className="flex flex-wrap gap-3">
              <button
                type="submit"
                name="scope"
                value={title ? "one" : "all"}
                disabled={pending}
                className={`${button} bg-ink text-white hover:bg-needle`}
              >
                {title ? "Stop alerts for this record" : "Stop all alerts"}
              </button>
              {title && (
                <button
                  type="submit"
                  name="scope"
                  value="all"
                  disabled={pending}
                  className={`${button} ring-1 ring-stone-300 hover:bg-stone-100`}
                >
                  Stop all alerts
                </button>
              )}
            </div>
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
