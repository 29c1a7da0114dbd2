import type { SubmissionResult } from "@conform-to/react";
import type { Toast } from "~/domain/shared/toast";

/**
 * What a refused form gets back (app/lib/forms/form-action.server.ts): which intent, Conform's result, and the toast
 * of a form whose intent names one (`failure`).
 */
export interface FormReply {
  intent: string | null;
  result: SubmissionResult<string[]>;
  toast?: Toast;
}

/** The name of the intent a form with a single job has: it sends no `intent` field. */
export const DEFAULT_INTENT = "default";

/**
 * The reply for one intent of a page's forms, for that form's `useForm({ lastResult })`; undefined for the others. Any
 * answer of the page's action may be handed in: a success that names its intent may clear its form (`clearedForm`).
 */
export function replyFor(reply: Partial<FormReply> | undefined | null, intentName: string = DEFAULT_INTENT) {
  return reply && reply.intent === intentName ? reply.result : undefined;
}

/** The answer that empties a form after it did its job (Conform resets a form whose last result has no value). */
export function clearedForm(intentName: string = DEFAULT_INTENT): FormReply {
  return { intent: intentName, result: { initialValue: null } };
}

/**
 * The reply for one of a page's many forms of the same intent (one per row of a table), told apart by a field each
 * posts (`recordId`): undefined for every other row.
 */
export function replyForRow(
  reply: Partial<FormReply> | undefined | null,
  intentName: string,
  field: string,
  value: string | number,
) {
  const result = replyFor(reply, intentName);
  return result?.initialValue?.[field] === String(value) ? result : undefined;
}
