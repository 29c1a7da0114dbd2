import { isRouteErrorResponse, Link } from "react-router";
import { ToastNow } from "~/components/toasts";
import type { NewsletterAnswer } from "~/components/newsletter/newsletter-answer";
import { ERROR_TEXT, FAILED_TEXT, FAILED_TITLE } from "~/domain/newsletter/newsletter-schema";
import { pageMeta } from "~/lib/seo";
import { subscribeFromForm } from "./subscribe.server";
import type { Route } from "./+types/subscribe";

/** The footer's newsletter form posts here (spec §4); see ./subscribe.server.ts. */

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Newsletter",
    description: "New arrivals, restocks and pre-orders once a week, and 10% off your first order when you sign up.",
  });

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  // Only a sign-up refused here (too many from one address) lands on this page; the rest redirect back.
  const refusal = actionData?.toast ?? null;
  return (
    <section className="mx-auto max-w-xl px-6 py-16 text-center">
      <ToastNow toast={refusal} />
      <h1 className="font-display text-4xl font-bold">The Needledrop newsletter</h1>
      {refusal && (
        <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {refusal.description}
        </p>
      )}
      <p className="mt-4 text-stone-700">
        New arrivals, restocks and pre-orders once a week, and 10% off your first order when you sign up.
      </p>
      <Link
        to="#footer-newsletter"
        className="mt-8 inline-block rounded-full bg-ink px-6 py-3 text-sm font-semibold text-white hover:bg-needle"
      >
        Sign up below
      </Link>
    </section>
  );
}

export const action = ({ request, context }: Route.ActionArgs) => subscribeFromForm(request, context);

/**
 * In the browser: a failed request (network down, server error) becomes a failure toast instead of the
 * error page.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<NewsletterAnswer> {
  try {
    return (await serverAction()) as NewsletterAnswer;
  } catch (error) {
    // An HTTP error (React Router hands it over as an error response) or a network failure is a failed
    // sign-up; anything else thrown is the spec's 'An error occurred'.
    const description = error instanceof Error || isRouteErrorResponse(error) ? FAILED_TEXT : ERROR_TEXT;
    return { toast: { type: "error", title: FAILED_TITLE, description } };
  }
}
