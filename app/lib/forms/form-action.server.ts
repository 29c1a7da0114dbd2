import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { formFailureOf, retryAfterHeaders } from "~/domain/shared/errors";
import type { Toast } from "~/domain/shared/toast";
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
  handle: (value: z.output<Schema>, formData: FormData, echo: Echo) => Answer | Promise<Answer>;
  /** The whole form, when the schema checks only part of it: its fields are echoed back on a refusal. */
  form?: z.ZodType;
  /** Fields a refusal never sends back (passwords, card numbers, tokens). */
  hide?: readonly string[];
  /** The title of the error toast a refusal pops up (its text is the refusal's first message), for forms that say so. */
  failure?: string;
  /** Runs before the fields are read (a permission check): may throw a response, as a loader does. */
  before?: () => unknown;
}

/**
 * The form as it was typed (its hidden fields left out), with messages: for a handler whose answer sends the form back
 * without a refusal (a declined card, a total that changed), so the page shows it again as it was.
 */
export type Echo = (messages?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]>;

/** What an intent may add to its schema and handler. */
export type IntentOptions = Pick<FormIntent<z.ZodType, unknown>, "form" | "hide" | "failure" | "before">;

/** Ties a handler's value type to its schema (an object literal alone would lose it). */
export function intent<Schema extends z.ZodType, Answer>(
  schema: Schema,
  handle: FormIntent<Schema, Answer>["handle"],
  options: IntentOptions = {},
): FormIntent<Schema, Answer> {
  return { schema, handle, ...options };
}

/**
 * One intent per member of a union of forms told apart by their `intent` field (the cart's buttons), each checked
 * with its own member schema and all answered by one handler, which tells them apart by the parsed `intent`.
 */
export function intentsOf<Member extends z.ZodObject<{ intent: z.ZodLiteral<string> }>, Answer>(
  members: readonly Member[],
  handle: (value: z.output<Member>) => Answer | Promise<Answer>,
): Record<string, FormIntent<Member, Answer>> {
  return Object.fromEntries(members.map((member) => [member.shape.intent.value, intent(member, handle)]));
}

// A handler answers with anything (a redirect, data); a refusal is always a FormReply.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Intents = Record<string, FormIntent<any, unknown>>;
type AnswerOf<I extends Intents> = Awaited<ReturnType<I[keyof I]["handle"]>>;

/** How a form post ended: the handler's answer, or a refusal with its status (see `runForm`). */
export type FormOutcome<Answer> =
  { ok: true; answer: Answer } | { ok: false; reply: FormReply; status: number; headers: Record<string, string> };

/**
 * Reads the posted form, picks its intent, parses and runs it. Handlers may throw a redirect or a response as loaders
 * do; a domain error becomes a FormReply (its message on the form, its field messages on the fields); anything else
 * is a bug and is thrown on.
 */
export async function formAction<I extends Intents>(request: Request, intents: I) {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    // A body that is no form (a broken upload, a content type that lies) is the sender's mistake: a 400, not a 500.
    const result: SubmissionResult<string[]> = { status: "error", error: { "": [UNREADABLE_FORM] } };
    return data<FormReply>({ intent: null, result }, { status: 400 });
  }
  return answerForm(formData, intents);
}

export const UNREADABLE_FORM = "The form could not be read; please try again.";

/** `formAction` for a form already read (an action that reads a file or a header first). */
export async function answerForm<I extends Intents>(formData: FormData, intents: I) {
  const outcome = await runForm(formData, intents);
  if (outcome.ok) return outcome.answer;
  return data<FormReply>(outcome.reply, { status: outcome.status, headers: outcome.headers });
}

/**
 * `answerForm`'s steps, with the refusal handed back instead of answered: for the few actions that answer a refusal
 * their own way too (a form that also posts without a script, and is then sent back to its page with a toast).
 */
export async function runForm<I extends Intents>(formData: FormData, intents: I): Promise<FormOutcome<AnswerOf<I>>> {
  const asked = formData.get("intent");
  const name = typeof asked === "string" && asked !== "" ? asked : DEFAULT_INTENT;
  const chosen = Object.hasOwn(intents, name) ? intents[name] : undefined;
  if (!chosen) return refusal(null, undefined, { status: "error", error: { "": ["Unknown action."] } }, 400);
  chosen.before?.();
  const submission = parseForm(formData, { schema: chosen.schema, form: chosen.form });
  const hideFields = chosen.hide ? [...chosen.hide] : undefined;
  if (submission.status !== "success") return refusal(name, chosen, submission.reply({ hideFields }), 400);
  const echo: Echo = (messages = {}) => submission.reply({ ...messages, hideFields });
  try {
    return { ok: true, answer: (await chosen.handle(submission.value, formData, echo)) as AnswerOf<I> };
  } catch (error) {
    const failure = formFailureOf(error);
    if (!failure) throw error;
    const result = submission.reply({ formErrors: [failure.message], fieldErrors: failure.fields, hideFields });
    return refusal(name, chosen, result, failure.status, retryAfterHeaders(failure));
  }
}

function refusal(
  intent: string | null,
  chosen: FormIntent<z.ZodType, unknown> | undefined,
  result: SubmissionResult<string[]>,
  status: number,
  headers: Record<string, string> = {},
): { ok: false; reply: FormReply; status: number; headers: Record<string, string> } {
  const message = firstMessage(result);
  const toast: Toast | undefined =
    chosen?.failure && message ? { type: "error", title: chosen.failure, description: message } : undefined;
  return { ok: false, reply: toast ? { intent, result, toast } : { intent, result }, status, headers };
}

/** The refusal's message for a toast: the form's own, else the first field's. */
function firstMessage(result: SubmissionResult<string[]>): string | undefined {
  const errors = result.error ?? {};
  return errors[""]?.[0] ?? Object.values(errors).find((messages) => messages?.length)?.[0];
}
