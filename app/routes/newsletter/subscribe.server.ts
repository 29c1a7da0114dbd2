/**
 * The footer's newsletter form (spec §4). With JavaScript it comes through a fetcher (the form adds js=1) and
 * gets its outcome as data: no page load. Without, the answer is a 303 back to the page the form was on
 * (redirectTo), with the outcome (and the discount code) in a toast.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type AppLoadContext } from "react-router";
import type { NewsletterOutcome } from "~/components/newsletter/newsletter-form";
import {
  ALREADY_TITLE,
  FAILED_TEXT,
  FAILED_TITLE,
  newsletterSchema,
  SUBSCRIBED_TEXT,
  SUBSCRIBED_TITLE,
} from "~/domain/newsletter/newsletter-schema";
import { formFailureOf, retryAfterHeaders, ValidationError } from "~/domain/shared/errors";
import { safeRedirect } from "~/domain/shared/safe-redirect";
import type { Toast } from "~/domain/shared/toast";
import { redirectWithToast } from "~/lib/toast.server";

const outcome = (o: NewsletterOutcome, status = 200, headers?: HeadersInit) => data(o, { status, headers });

export async function subscribeFromForm(request: Request, context: AppLoadContext) {
  const formData = await request.formData();
  const js = formData.get("js") === "1";
  const redirectTo = safeRedirect(formData.get("redirectTo"));
  const submission = parseWithZod(formData, { schema: newsletterSchema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? FAILED_TEXT;
    if (js) return outcome({ status: "invalid", result: submission.reply(), discountCode: null, toast: null }, 400);
    return redirectWithToast(redirectTo, { type: "error", title: FAILED_TITLE, description: message });
  }

  try {
    context.services.rateLimits.takeForAddress("newsletterPerAddress", context.clientIp);
  } catch (error) {
    const known = formFailureOf(error);
    if (!known) throw error;
    // Not a redirect, even without JavaScript: the answer is a 429 whose page says when to try again.
    const toast: Toast = { type: "error", title: FAILED_TITLE, description: known.message };
    const result = submission.reply({ formErrors: [known.message] });
    return outcome({ status: "error", result, discountCode: null, toast }, known.status, retryAfterHeaders(known));
  }

  const newsletter = context.services.newsletter;
  let answer: ReturnType<typeof newsletter.subscribe>;
  try {
    answer = newsletter.subscribe(submission.value, {
      ownerEmail: newsletter.ownerFromCookie(request.headers.get("Cookie")),
      userEmail: context.user?.email ?? null,
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
    return outcome(
      { status, result: submission.reply({ resetForm: true }), discountCode: answer.discountCode, toast },
      200,
      headers,
    );
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
