/**
 * The footer's newsletter form (spec §4). With JavaScript it comes through a fetcher (the form adds js=1) and
 * gets its outcome as data: no page load. Without, the answer is a 303 back to the page the form was on
 * (redirectTo), with the outcome (and the discount code) in a toast; only a sign-up over the per-address limit
 * answers a 429 page saying when to try again.
 */
import { data, type AppLoadContext } from "react-router";
import type { NewsletterAnswer } from "~/components/newsletter/newsletter-answer";
import {
  ALREADY_TITLE,
  FAILED_TITLE,
  newsletterSchema,
  SUBSCRIBED_TEXT,
  SUBSCRIBED_TITLE,
  type NewsletterInput,
} from "~/domain/newsletter/newsletter-schema";
import { safeRedirect } from "~/domain/shared/safe-redirect";
import type { Toast } from "~/domain/shared/toast";
import { intent, runForm } from "~/lib/forms/form-action.server";
import { clearedForm } from "~/lib/forms/form-reply";
import { redirectWithToast } from "~/lib/toast.server";

export async function subscribeFromForm(request: Request, context: AppLoadContext) {
  const formData = await request.formData();
  const signUp = (value: NewsletterInput) => subscribe(value, request, context);
  const outcome = await runForm(formData, { default: intent(newsletterSchema, signUp, { failure: FAILED_TITLE }) });
  const js = formData.get("js") === "1";
  const back = safeRedirect(formData.get("redirectTo"));
  if (!outcome.ok) {
    if (js || outcome.status === 429) return data(outcome.reply, { status: outcome.status, headers: outcome.headers });
    return redirectWithToast(back, outcome.reply.toast!);
  }
  const { answer, toast, headers } = outcome.answer;
  const code = answer.discountCode;
  if (js) {
    const joined = { already: answer.alreadySubscribed, discountCode: code };
    return data<NewsletterAnswer>({ ...clearedForm(), toast, joined }, { headers });
  }
  // Without JavaScript the footer cannot show a code panel after the redirect: the code rides in the toast.
  const description = !code
    ? answer.message
    : answer.created
      ? `${SUBSCRIBED_TEXT.replace(/\.$/, "")}: ${code}`
      : `${answer.message} Your discount code: ${code}`;
  return redirectWithToast(back, { ...toast, description }, { headers });
}

/** One sign-up, limited per network address; the browser that made it may read its code back (the owner cookie). */
function subscribe(value: NewsletterInput, request: Request, context: AppLoadContext) {
  const { newsletter, rateLimits } = context.services;
  rateLimits.takeForAddress("newsletterPerAddress", context.clientIp);
  const ownerEmail = newsletter.ownerFromCookie(request.headers.get("Cookie"));
  const answer = newsletter.subscribe(value, { ownerEmail, userEmail: context.user?.email ?? null });
  const headers: HeadersInit = answer.created
    ? { "Set-Cookie": newsletter.ownerCookie(answer.subscriber.email, context.auth.secure) }
    : {};
  const toast: Toast = answer.alreadySubscribed
    ? { type: "info", title: ALREADY_TITLE, description: answer.message }
    : { type: "success", title: SUBSCRIBED_TITLE, description: answer.message };
  return { answer, toast, headers };
}
