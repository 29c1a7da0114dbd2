import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { GradeOptions } from "~/components/catalogue/grade-options";
import type { Grade } from "~/domain/catalogue/grades";
import { penceToDecimalString } from "~/domain/shared/money";
import { wantSchema } from "~/domain/wants/want-schema";
import { useSchemaForm } from "~/lib/forms/use-schema-form";

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
  /** The server's refusal of this form (`replyFor(actionData, "want")`). */
  lastResult: SubmissionResult<string[]> | undefined;
  /** A new pressing: "a used copy graded at least …" is offered. */
  usedAlerts?: boolean;
  /** Shown prominently (sold out, pre-order) or folded away under a small summary (any other record). */
  prominent: boolean;
}

const ticked = (on: boolean) => (on ? "on" : "");

/**
 * The "Want" form of a record page: an address (or the account's) and which alerts to send. Without JavaScript the
 * answer is a 303 back here with a toast, or the page again with the message; with it, the same schema checks the
 * form first. Its code loads after the page (./want-form-later.tsx).
 */
export default function WantForm({
  recordId,
  soldOut,
  preOrder,
  accountEmail,
  current,
  lastResult,
  prominent,
  usedAlerts = false,
}: WantFormProps) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "want";
  const [form, fields] = useSchemaForm(wantSchema, {
    id: "want",
    lastResult,
    defaultValue: {
      backInStock: ticked(current ? current.backInStock : soldOut),
      onRelease: ticked(current ? current.onRelease : true),
      priceBelow: current?.priceBelowPence ? penceToDecimalString(current.priceBelowPence) : "",
      minGrade: current?.minGrade ?? "",
    },
    nativeChecks: false,
  });
  // One message at a time, the form's own first (no such record, too many alerts), else the first field's: the form
  // is described by it, and a field it is about is marked invalid.
  const message = Object.values(form.allErrors)[0]?.[0];
  const marked = (meta: { errors?: string[] }) => ({ "aria-invalid": meta.errors ? true : undefined });
  const checkbox = (meta: typeof fields.backInStock) => ({
    ...getInputProps(meta, { type: "checkbox", value: "on", ariaAttributes: false }),
    ...marked(meta),
  });
  const body = (
    <Form
      method="post"
      preventScrollReset
      {...getFormProps(form, { ariaAttributes: false })}
      className="space-y-3"
      aria-describedby={message ? form.errorId : undefined}
    >
      <input type="hidden" name="intent" value="want" />
      <input type="hidden" name="recordId" value={recordId} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">Email me when</legend>
        {(soldOut || current?.backInStock) && (
          <label className="flex items-center gap-2 text-sm">
            <input {...checkbox(fields.backInStock)} key={fields.backInStock.key} className="size-4 accent-needle" />
            it is back in stock
          </label>
        )}
        {preOrder && (
          <label className="flex items-center gap-2 text-sm">
            <input {...checkbox(fields.onRelease)} key={fields.onRelease.key} className="size-4 accent-needle" />
            it is released
          </label>
        )}
        <label className="flex flex-wrap items-center gap-2 text-sm">
          <span>the price drops below £</span>
          <input
            {...getInputProps(fields.priceBelow, { type: "text", ariaAttributes: false })}
            {...marked(fields.priceBelow)}
            key={fields.priceBelow.key}
            inputMode="decimal"
            placeholder="20.00"
            maxLength={12}
            className="w-24 rounded-md border border-stone-300 px-2 py-1"
          />
        </label>
        {usedAlerts && (
          <label className="flex flex-wrap items-center gap-2 text-sm">
            <span>a used copy comes in graded at least</span>
            <select
              {...getSelectProps(fields.minGrade, { ariaAttributes: false })}
              {...marked(fields.minGrade)}
              key={fields.minGrade.key}
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
            {...getInputProps(fields.email, { type: "email", ariaAttributes: false })}
            {...marked(fields.email)}
            key={fields.email.key}
            // A guest's alerts need an address; a signed-in customer's go to the account's.
            required
            autoComplete="email"
            maxLength={254}
            className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
          />
          <span className="mt-1 block text-xs text-stone-600">No account needed: we send one link to confirm it.</span>
        </label>
      )}
      {message && (
        <p id={form.errorId} role="alert" className="text-sm font-semibold text-red-700">
          {message}
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
        <div className="mt-2">{body}</div>
      </section>
    );
  }
  return (
    <details className="mt-4 rounded-lg p-2 ring-1 ring-stone-200" open={!!message}>
      <summary className="cursor-pointer text-sm font-semibold text-stone-700">Want it cheaper? Get a price alert</summary>
      <div className="mt-3">{body}</div>
    </details>
  );
}
