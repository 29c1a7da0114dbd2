import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, isRouteErrorResponse, Link } from "react-router";
import {
  ALREADY_TITLE,
  ERROR_TEXT,
  FAILED_TEXT,
  FAILED_TITLE,
  newsletterSchema,
  SUBSCRIBED_TEXT,
  SUBSCRIBED_TITLE,
} from "~/domain/newsletter/newsletter-schema";
import { ValidationError } from "~/domain/shared/errors";
import { safeRedirect } from "~/domain/shared/safe-redirect";
import { pageMeta } from "~/lib/seo";
import type { Toast } from "~/domain/shared/toast";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/subscribe";

/**
 * The footer's newsletter form posts here (spec §4). With JavaScript it comes through a fetcher (the
 * form adds js=1) and gets its outcome as data: no page load. Without, the action answers 303 back to
 * the page the form was on (redirectTo), with the outcome (and the discount code) in a toast.
 */

export interface NewsletterOutcome {
  status: "created" | "already" | "invalid" | "error";
  result: SubmissionResult<string[]> | null;
  discountCode: string | null;
  toast: Toast | null;
}

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Newsletter",
    description: "New arrivals, restocks and pre-orders once a week, and 10% off your first order when you sign up.",
  });

export default function NewsletterPage() {
  return (
    <section className="mx-auto max-w-xl px-6 py-16 text-center">
      <h1 className="font-display text-4xl font-bold">The Needledrop newsletter</h1>
      <p className="mt-4 text-stone-700">
        New arrivals, restocks and pre-orders once a week, and 10% off your first order when you sign up.
      </p>
      <Link to="#footer-newsletter" className="mt-8 inline-block rounded-full bg-ink px-6 py-3 text-sm font-semibold text-white hover:bg-needle">
        Sign up below
      </Link>
    </section>
  );
}

const outcome = (o: NewsletterOutcome, status = 200, headers?: HeadersInit) => data(o, { status, headers });

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const js = formData.get("js") === "1";
  const redirectTo = safeRedirect(formData.get("redirectTo"));
  const submission = parseWithZod(formData, { schema: newsletterSchema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? FAILED_TEXT;
    if (js) return outcome({ status: "invalid", result: submission.reply(), discountCode: null, toast: null }, 400);
    return redirectWithToast(redirectTo, { type: "error", title: FAILED_TITLE, description: message });
  }

  const newsletter = context.services.newsletter;
  let answer: ReturnType<typeof newsletter.subscribe>;
  try {
    answer = newsletter.subscribe(submission.value, {
      ownerEmail: newsletter.ownerFromCookie(request.headers.get("Cookie")),
      userEmail: context.user?.email ?? null,
      linkOrigin: context.auth.linkOrigin,
    });
  } catch (error) {
    const known = error instanceof ValidationError ? error : null;
    if (!known) console.error("[newsletter] sign-up failed:", error);
    const toast: Toast = { type: "error", title: FAILED_TITLE, description: known?.message ?? FAILED_TEXT };
    if (!js) return redirectWithToast(redirectTo, toast);
    return outcome({ status: "error", result: submission.reply(), discountCode: null, toast }, known ? 400 : 500);
  }

  const headers: HeadersInit = answer.created
    ? { "Set-Cookie": newsletter.ownerCookie(answer.subscriber.email, context.auth.secure) }
    : {};
  const toast: Toast = answer.alreadySubscribed
    ? { type: "info", title: ALREADY_TITLE, description: answer.message }
    : { type: "success", title: SUBSCRIBED_TITLE, description: answer.message };
  if (js) {
    const status = answer.alreadySubscribed ? "already" : "created";
    return outcome({ status, result: submission.reply({ resetForm: true }), discountCode: answer.discountCode, toast }, 200, headers);
  }
  // Without JavaScript the footer cannot show a code panel after the redirect: the code rides in the toast.
  const code = answer.discountCode;
  const description = !code
    ? answer.message
    : answer.created
      ? `${SUBSCRIBED_TEXT.replace(/\.$/, "")}: ${code}`
      : `${answer.message} Your discount code: ${code}`;
  return redirectWithToast(redirectTo, { ...toast, description }, { headers });
}

/**
 * In the browser: a failed request (network down, server error) becomes a failure toast instead of the
 * error page.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<NewsletterOutcome> {
  try {
    return (await serverAction()) as NewsletterOutcome;
  } catch (error) {
    // An HTTP error (React Router hands it over as an error response) or a network failure is a failed
    // sign-up; anything else thrown is the spec's 'An error occurred'.
    const description = error instanceof Error || isRouteErrorResponse(error) ? FAILED_TEXT : ERROR_TEXT;
    return { status: "error", result: null, discountCode: null, toast: { type: "error", title: FAILED_TITLE, description } };
  }
}
