import { data, type AppLoadContext } from "react-router";
import { formFailureOf, retryAfterHeaders } from "~/domain/shared/errors";
import { parseInput } from "~/domain/shared/parse-input";
import { wantSchema } from "~/domain/wants/want-schema";
import { redirectWithToast } from "~/lib/toast.server";

/** What the record page's Want form shows after a refused post (the page answers 4xx with it). */
export interface WantFormReply {
  intent: "want";
  error: string;
  fields: Record<string, string[]>;
  values: Record<string, string>;
}

const ECHOED = ["email", "backInStock", "onRelease", "priceBelow", "minGrade"] as const;

/**
 * The Want form's post (record page): guests are counted per network address like newsletter sign-ups; the
 * service checks the input with the one wants schema. Success is a 303 back to the record with a toast; bad
 * input a 400 (or 429) with a short message and the form as it was typed.
 */
export async function wantFromForm(formData: FormData, context: AppLoadContext, backTo: string) {
  const values = Object.fromEntries(
    ECHOED.map((name) => [name, String(formData.get(name) ?? "").slice(0, 254)] as const).filter(([, v]) => v !== ""),
  );
  try {
    if (!context.user) context.services.rateLimits.takeForAddress("wantsPerAddress", context.clientIp);
    const input = parseInput(wantSchema, Object.fromEntries(formData), { message: "first" });
    const result = context.services.wants.want(input, {
      user: context.user ? { id: context.user.id, email: context.user.email } : null,
    });
    return redirectWithToast(
      backTo,
      result.confirmed
        ? { type: "success", title: "Want saved", description: `We will email ${result.email} when it happens.` }
        : {
            type: "success",
            title: "Check your inbox",
            description: `We sent a link to ${result.email}. Confirm it once and your alerts will follow.`,
          },
    );
  } catch (error) {
    const known = formFailureOf(error);
    if (!known) throw error;
    const reply: WantFormReply = { intent: "want", error: known.message, fields: known.fields ?? {}, values };
    return data(reply, { status: known.status, headers: retryAfterHeaders(known) });
  }
}
