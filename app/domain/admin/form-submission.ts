/**
 * A back-office form that creates or moves something is done once per render (docs/decisions/0067): the page's
 * loader gives the form a fresh submission key, the form posts it in a hidden field, and the server records each key
 * the first time its work is done. A second post of the same render (a double press, Back and send again, a resent
 * request) changes nothing and is answered with what the first one said.
 */
import { toastSchema } from "~/domain/shared/toast-schema";
import type { Toast } from "~/domain/shared/toast";
import { z } from "~/domain/shared/zod";

/** The hidden field that carries the key. */
export const SUBMISSION_KEY_FIELD = "submissionKey";

/** How long a key is remembered: far longer than anyone keeps a form open before pressing again. */
export const SUBMISSION_KEY_HOURS = 24;

export const OUT_OF_DATE_FORM = "This form is out of date: reload the page and fill it in again. Nothing was changed.";
export const FORM_STILL_SENDING = "This form is still being sent: nothing was done twice. Reload the page in a moment.";
export const ALREADY_DONE = "Already done";

/** A key made once per form render: random, so no one can guess another's and no two renders share one. */
export function newSubmissionKey(): string {
  return crypto.randomUUID();
}

export const submissionKeySchema = z.uuid({ error: OUT_OF_DATE_FORM });

/** The key a posted form carries, or null when it carries none (or not one of ours). */
export function readSubmissionKey(posted: unknown): string | null {
  const parsed = submissionKeySchema.safeParse(typeof posted === "string" ? posted.trim().toLowerCase() : posted);
  return parsed.success ? parsed.data : null;
}

/** What a form's first post did, kept to answer a second: where it went and the toast it showed there. */
export const submissionResultSchema = z.object({ to: z.string().startsWith("/"), toast: toastSchema });
export type SubmissionResult = z.output<typeof submissionResultSchema>;

/** What is known of a key already used: by whom, for which form, and its result (null while its work runs). */
export interface UsedKey {
  staffId: number;
  form: string;
  result: string | null;
}

/**
 * What to do with a post: do the work (`run`), answer with the first post's result (`replay`), or refuse it,
 * changing nothing: its first post is still running (`pending`), or the key is someone else's or another form's
 * (`foreign`: a forged or mixed-up post).
 */
export type SubmissionDecision =
  { kind: "run" } | { kind: "replay"; result: SubmissionResult } | { kind: "pending" } | { kind: "foreign" };

export function submissionDecision(used: UsedKey | undefined, asked: { staffId: number; form: string }): SubmissionDecision {
  if (!used) return { kind: "run" };
  if (used.staffId !== asked.staffId || used.form !== asked.form) return { kind: "foreign" };
  if (used.result === null) return { kind: "pending" };
  const result = submissionResultSchema.safeParse(safeJson(used.result));
  // A result that cannot be read back still means the work was done: say so without its details.
  return { kind: "replay", result: result.success ? result.data : { to: "/admin", toast: replayToast(null) } };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The toast a second post shows: nothing was done again, and what the first post did. */
export function replayToast(first: Toast | null): Toast {
  const said = first ? ` First time: ${[first.title, first.description].filter(Boolean).join(". ")}` : "";
  const description = `This form was already sent, so nothing was changed again.${said}`;
  return { type: "info", title: ALREADY_DONE, description: clip(description, 400) };
}

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
