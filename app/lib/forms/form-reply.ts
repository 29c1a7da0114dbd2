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

/** The reply for one intent of a page's forms, for that form's `useForm({ lastResult })`; undefined for the others. */
export function replyFor(reply: FormReply | undefined | null, intentName: string = DEFAULT_INTENT) {
  return reply && reply.intent === intentName ? reply.result : undefined;
}
