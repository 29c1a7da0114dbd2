import { Form, Link } from "react-router";
import { pageMeta } from "~/lib/seo";
import { openFromLink } from "./returns.server";
import type { Route } from "./+types/return-start";

/**
 * The dispatch mail's return link. Opening it changes nothing (mail scanners open links too); pressing the button
 * uses the single-use token and opens the order's return form in this browser.
 */
export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Start a return", description: "Send records back to Needledrop." }),
  { name: "robots", content: "noindex" },
];

export function loader({ url }: Route.LoaderArgs) {
  return { token: (url.searchParams.get("token") ?? "").slice(0, 64) };
}

export const action = ({ context, request }: Route.ActionArgs) => openFromLink(context, request);

export default function ReturnStart({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData?.error;
  return (
    <div className="mx-auto max-w-xl px-4 py-10 lg:px-8">
      <h1 className="font-display text-3xl font-bold">Start a return</h1>
      {error ? (
        <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {error}{" "}
          <Link to="/returns" className="font-semibold underline underline-offset-2">
            Find your order
          </Link>
        </p>
      ) : (
        <>
          <p className="mt-3 text-stone-700">This link opens the return form for the order it was sent with, once.</p>
          <Form method="post" className="mt-6">
            <input type="hidden" name="token" value={loaderData.token} />
            <button
              type="submit"
              className="rounded-full bg-ink px-6 py-3 text-sm font-semibold text-white hover:bg-needle focus-visible:outline-2"
            >
              Choose records to return
            </button>
          </Form>
        </>
      )}
    </div>
  );
}
