import { SUBMISSION_KEY_FIELD } from "~/domain/admin/form-submission";

/**
 * The hidden key of one render of a back-office form that creates or moves something (docs/decisions/0067): the
 * page's loader makes it, the server does the form's work once per key.
 */
export function SubmissionKeyField({ value }: { value: string }) {
  return <input type="hidden" name={SUBMISSION_KEY_FIELD} value={value} />;
}
