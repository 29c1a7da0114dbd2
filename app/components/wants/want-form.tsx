import { Form, useNavigation } from "react-router";
import { GradeOptions } from "~/components/catalogue/grade-options";
import type { Grade } from "~/domain/catalogue/grades";
import { penceToDecimalString } from "~/domain/shared/money";

export interface WantFormProps {
  recordId: number;
  /** Out of stock: "back in stock" is offered and ticked. */
  soldOut: boolean;
  /** A pre-order: "released" is offered and ticked. */
  preOrder: boolean;
  /** The signed-in customer's address (no email field), or null for a guest. */
  accountEmail: string | null;
  /** The customer's current want of this record, to change it. */
  current: { backInStock: boolean; onRelease: boolean; priceBelowPence: number | null; minGrade: Grade | null } | null;
  /** A refused post: its message, per-field messages and what was typed. */
  reply: { error: string; fields: Record<string, string[]>; values: Record<string, string> } | null;
  /** A new pressing: "a used copy graded at least …" is offered. */
  usedAlerts?: boolean;
  /** Shown prominently (sold out, pre-order) or folded away under a small summary (any other record). */
  prominent: boolean;
}

/**
 * The "Want" form of a record page: an address (or the account's) and which alerts to send. A plain form
 * post: without JavaScript the answer is a 303 back here with a toast, or the page again with the message.
 */
export function WantForm({
  recordId,
  soldOut,
  preOrder,
  accountEmail,
  current,
  reply,
  prominent,
  usedAlerts = false,
}: WantFormProps) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "want";
  const typed = reply?.values;
  const checked = (name: "backInStock" | "onRelease", fallback: boolean) => (typed ? typed[name] === "on" : fallback);
  const price = typed?.priceBelow ?? (current?.priceBelowPence ? penceToDecimalString(current.priceBelowPence) : "");
  const fieldError = (name: string) => reply?.fields[name]?.[0];
  const form = (
    <Form method="post" preventScrollReset className="space-y-3" aria-describedby={reply ? "want-error" : undefined}>
      <input type="hidden" name="intent" value="want" />
      <input type="hidden" name="recordId" value={recordId} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">Email me when</legend>
        {(soldOut || current?.backInStock) && (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="backInStock"
              defaultChecked={checked("backInStock", current ? current.backInStock : soldOut)}
              className="size-4 accent-needle"
            />
            it is back in stock
          </label>
        )}
        {preOrder && (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="onRelease"
              defaultChecked={checked("onRelease", current ? current.onRelease : true)}
              className="size-4 accent-needle"
            />
            it is released
          </label>
        )}
        <label className="flex flex-wrap items-center gap-2 text-sm">
          <span>the price drops below £</span>
          <input
            type="text"
            inputMode="decimal"
            name="priceBelow"
            defaultValue={price}
            placeholder="20.00"
            maxLength={12}
            aria-invalid={fieldError("priceBelow") ? true : undefined}
            className="w-24 rounded-md border border-stone-300 px-2 py-1"
          />
        </label>
        {usedAlerts && (
          <label className="flex flex-wrap items-center gap-2 text-sm">
            <span>a used copy comes in graded at least</span>
            <select
              name="minGrade"
              defaultValue={typed?.minGrade ?? current?.minGrade ?? ""}
              aria-invalid={fieldError("minGrade") ? true : undefined}
              className="rounded-md border border-stone-300 px-2 py-1"
            >
              <GradeOptions none="No used-copy alert" />
            </select>
          </label>
        )}
      </fieldset>
      {accountEmail ? (
        <p className="text-sm text-stone-600">
          Alerts go to <strong>{accountEmail}</strong>.
        </p>
      ) : (
        <label className="block text-sm">
          <span className="font-semibold">Your email</span>
          <input
            type="email"
            name="email"
            required
            autoComplete="email"
            defaultValue={typed?.email ?? ""}
            maxLength={254}
            aria-invalid={fieldError("email") ? true : undefined}
            className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
          />
          <span className="mt-1 block text-xs text-stone-600">No account needed: we send one link to confirm it.</span>
        </label>
      )}
      {reply && (
        <p id="want-error" role="alert" className="text-sm font-semibold text-red-700">
          {reply.error}
        </p>
      )}
      <button
        type="submit"
        disabled={pending}
        className="rounded-full bg-ink px-5 py-2 font-semibold text-white hover:bg-needle disabled:cursor-wait disabled:opacity-60"
      >
        {pending ? "Saving…" : current ? "Update my want" : "Want"}
      </button>
    </Form>
  );
  if (prominent) {
    return (
      <section aria-labelledby="want-heading" className="mt-6 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-200">
        <h2 id="want-heading" className="font-display text-lg font-bold">
          {preOrder ? "Want it when it is out?" : "Want it when it is back?"}
        </h2>
        <div className="mt-2">{form}</div>
      </section>
    );
  }
  return (
    <details className="mt-4 rounded-lg p-2 ring-1 ring-stone-200" open={!!reply}>
      <summary className="cursor-pointer text-sm font-semibold text-stone-700">Want it cheaper? Get a price alert</summary>
      <div className="mt-3">{form}</div>
    </details>
  );
}
