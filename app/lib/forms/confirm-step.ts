/**
 * A move that cannot easily be taken back (unpublish a record, delete a draft) asks first. Its form posts once
 * without the confirm field: the action answers with what would happen (a `ConfirmAsk`) and changes nothing; the page
 * shows that in a confirm panel whose form posts the same fields again with `confirm=yes`, and only then is it done.
 * Plain forms both times, so it works without JavaScript, and a post without the field never does the move.
 */

export const CONFIRM_FIELD = "confirm";
export const CONFIRM_VALUE = "yes";

export interface ConfirmQuestion {
  title: string;
  /** What will happen, in a sentence or two. */
  body: string;
  confirmLabel: string;
  keepLabel: string;
  /** Where "keep" leads: the page as it was. */
  keepTo: string;
  /** The form's fields to post again (besides its intent and the confirm field). */
  fields: Record<string, string>;
}

/** The action's answer to a first post: the intent it was for, and the question. Nothing was changed. */
export interface ConfirmAsk {
  intent: string;
  confirm: ConfirmQuestion;
}

/** True when the post came from the confirm panel. */
export const isConfirmed = (form: FormData): boolean => form.get(CONFIRM_FIELD) === CONFIRM_VALUE;

export const askToConfirm = (intent: string, confirm: ConfirmQuestion): ConfirmAsk => ({ intent, confirm });

/** The question a page's action answered with, if that is what it answered. */
export function confirmAskOf(answer: unknown): ConfirmAsk | undefined {
  return typeof answer === "object" && answer !== null && "confirm" in answer && "intent" in answer
    ? (answer as ConfirmAsk)
    : undefined;
}
