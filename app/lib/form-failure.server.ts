/** The answer of an admin form's action that the service refused: its messages, and the form as typed. */
import { data } from "react-router";
import { fieldMessages } from "~/domain/catalogue/record-fields";
import { formFailureOf } from "~/domain/shared/errors";

export interface FormReply {
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
}

/** The form again with its messages; rethrows what is not a form failure (a bug). */
export function formFailureReply(error: unknown, values: Record<string, string>) {
  const failure = formFailureOf(error);
  if (!failure) throw error;
  return data<FormReply>(
    {
      message: failure.status === 400 ? "Please correct the fields marked below." : failure.message,
      errors: fieldMessages(failure.fields),
      values,
    },
    { status: failure.status },
  );
}

/** The named text fields of a form, each cut to `max` characters (a form may send anything). */
export function formTexts(form: FormData, names: readonly string[], max = 1000): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const v = form.get(name);
    values[name] = typeof v === "string" ? v.slice(0, max) : "";
  }
  return values;
}
