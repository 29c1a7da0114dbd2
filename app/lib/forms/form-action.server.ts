import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { formFailureOf, retryAfterHeaders } from "~/domain/shared/errors";
import type { z } from "~/domain/shared/zod";
import { parseForm } from "~/lib/parse-form";
import { DEFAULT_INTENT, type FormReply } from "./form-reply";

/**
 * One way to answer a form post (docs/decisions/0055-back-to-the-frameworks.md): a schema and a handler per intent.
 * The form's `intent` field picks the intent (a form with one job has one, named `default`, and sends no intent);
 * Conform's parseWithZod checks the fields with that intent's schema; the handler gets the parsed value and does the
 * work through one service call. A refusal, by the schema or by a domain error the service throws, answers the same
 * way everywhere: a 4xx with a `FormReply` that Conform's `useForm` shows beside the fields (`lastResult`).
 */
export interface FormIntent<Schema extends z.ZodType, Answer> {
  schema: Schema;
  handle: (value: z.output<Schema>, formData: FormData) => Answer | Promise<Answer>;
  /** The whole form, when the schema checks only part of it: its fields are echoed back on a refusal. */
  form?: z.ZodType;
}

/** Ties a handler's value type to its schema (an object literal alone would lose it). */
export function intent<Schema extends z.ZodType, Answer>(
  schema: Schema,
  handle: FormIntent<Schema, Answer>["handle"],
  options: { form?: z.ZodType } = {},
): FormIntent<Schema, Answer> {
  return { schema, handle, form: options.form };
}

// A handler answers with anything (a redirect, data); a refusal is always a FormReply.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Intents = Record<string, FormIntent<any, unknown>>;
type AnswerOf<I extends Intents> = Awaited<ReturnType<I[keyof I]["handle"]>>;

/**
 * Reads the posted form, picks its intent, parses and runs it. Handlers may throw a redirect or a response as loaders
 * do; a domain error becomes a FormReply (its message on the form, its field messages on the fields); anything else
 * is a bug and is thrown on.
 */
export async function formAction<I extends Intents>(request: Request, intents: I) {
  const formData = await request.formData();
  return answerForm(formData, intents);
}

/** `formAction` for a form already read (an action that reads a file or a header first). */
export async function answerForm<I extends Intents>(formData: FormData, intents: I) {
  const asked = formData.get("intent");
  const name = typeof asked === "string" && asked !== "" ? asked : DEFAULT_INTENT;
  const chosen = Object.hasOwn(intents, name) ? intents[name] : undefined;
  if (!chosen) return refusal(null, { status: "error", error: { "": ["Unknown action."] } }, 400);
  const submission = parseForm(formData, { schema: chosen.schema, form: chosen.form });
  if (submission.status !== "success") return refusal(name, submission.reply(), 400);
  try {
    return (await chosen.handle(submission.value, formData)) as AnswerOf<I>;
  } catch (error) {
    const failure = formFailureOf(error);
    if (!failure) throw error;
    const result = submission.reply({ formErrors: [failure.message], fieldErrors: failure.fields });
    return refusal(name, result, failure.status, retryAfterHeaders(failure));
  }
}

function refusal(intent: string | null, result: SubmissionResult<string[]>, status: number, headers?: HeadersInit) {
  return data<FormReply>({ intent, result }, { status, headers });
}
