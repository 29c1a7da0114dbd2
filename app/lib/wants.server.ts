import type { AppLoadContext } from "react-router";
import { wantSchema, type WantInput } from "~/domain/wants/want-schema";
import { intent } from "~/lib/forms/form-action.server";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * The record page's Want form (one intent, `want`): guests are counted per network address like newsletter sign-ups,
 * and their want waits for the link mailed to the address they typed; a signed-in customer's is saved at once.
 * Success is a 303 back to the record with a toast; bad input a 400 (or 429) with a short message and the form as it
 * was typed (formAction's refusal).
 */
export function wantIntents(context: AppLoadContext, backTo: string) {
  return { want: intent(wantSchema, (value) => wantRecord(value, context, backTo)) };
}

function wantRecord(value: WantInput, context: AppLoadContext, backTo: string) {
  if (!context.user) context.services.rateLimits.takeForAddress("wantsPerAddress", context.clientIp);
  const user = context.user ? { id: context.user.id, email: context.user.email } : null;
  const result = context.services.wants.want(value, { user });
  // A guest's answer is the same whatever the address: it says nothing of whether it is a customer's.
  return redirectWithToast(
    backTo,
    result.pending
      ? {
          type: "success",
          title: "Check your inbox",
          description: `We sent a link to ${result.email}. Your alert starts once it is confirmed there.`,
        }
      : { type: "success", title: "Want saved", description: `We will email ${result.email} when it happens.` },
  );
}
