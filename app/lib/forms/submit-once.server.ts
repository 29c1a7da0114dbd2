import type { Actor } from "~/domain/admin/audit";
import {
  OUT_OF_DATE_FORM,
  SUBMISSION_KEY_FIELD,
  readSubmissionKey,
  replayToast,
  type SubmissionResult,
} from "~/domain/admin/form-submission";
import { ValidationError } from "~/domain/shared/errors";
import type { z } from "~/domain/shared/zod";
import { redirectWithToast } from "~/lib/toast.server";
import type { FormSubmissionsService, Once, Submission } from "../../../server/services/form-submissions";
import { intent, type IntentOptions } from "./form-action.server";

/** The form's name in the store, or, for a form per row, the name of the row's form ("stock adjust #12"). */
type FormName<Value> = string | ((value: Value) => string);

/**
 * Intents of a back-office form that creates or moves something, done once per form render
 * (docs/decisions/0067): the handler returns where to go and the toast to show there, instead of the redirect itself;
 * a second post of the same render (its `submissionKey` field) changes nothing and goes there again with a toast
 * that says so. The page's loader gives the form its key (`newSubmissionKey()`), the form posts it
 * (`<SubmissionKeyField>`), and the form is keyed by it, so it starts afresh once a new key arrives.
 */
export function submitOnce(services: { formSubmissions: FormSubmissionsService }, actor: Actor) {
  const store = services.formSubmissions;
  const submission = <Value>(form: FormName<Value>, value: Value, formData: FormData): Submission => {
    const key = readSubmissionKey(formData.get(SUBMISSION_KEY_FIELD));
    // A post without a key (a page from before the key, a hand-made request) cannot be told from a replay: refused.
    if (!key) throw new ValidationError(OUT_OF_DATE_FORM);
    return { key, form: typeof form === "string" ? form : form(value), staffId: actor.id };
  };
  const answer = ({ replayed, result }: Once<SubmissionResult>) =>
    redirectWithToast(result.to, replayed ? replayToast(result.toast) : result.toast);

  return {
    /** Work that writes synchronously: the key is kept in the same transaction as the change. */
    intent<Schema extends z.ZodType>(
      schema: Schema,
      form: FormName<z.output<Schema>>,
      work: (value: z.output<Schema>, formData: FormData) => SubmissionResult,
      options?: IntentOptions,
    ) {
      return intent(
        schema,
        (value, formData) => answer(store.once(submission(form, value, formData), () => work(value, formData))),
        options,
      );
    },

    /** Work that waits (uploads): the key is claimed first and given back if the work fails. */
    asyncIntent<Schema extends z.ZodType>(
      schema: Schema,
      form: FormName<z.output<Schema>>,
      work: (value: z.output<Schema>, formData: FormData) => Promise<SubmissionResult>,
      options?: IntentOptions,
    ) {
      return intent(
        schema,
        async (value, formData) => answer(await store.onceAsync(submission(form, value, formData), () => work(value, formData))),
        options,
      );
    },
  };
}
