import { getFormProps, getTextareaProps } from "@conform-to/react";
import { Form } from "react-router";
import { FieldMessage, FormAlert } from "~/components/admin/form-field";
import { londonDateTime, orderNoteInputSchema } from "~/domain/orders/order-admin";
import type { TimelineEntry, TimelineKind } from "~/domain/orders/order-timeline";
import { replyFor, type FormReply } from "~/lib/forms/form-reply";
import { useSchemaForm } from "~/lib/forms/use-schema-form";

const MARK: Record<TimelineKind, { label: string; className: string }> = {
  event: { label: "Order", className: "bg-stone-200 text-stone-800" },
  change: { label: "Change", className: "bg-sky-100 text-sky-900" },
  mail: { label: "Email", className: "bg-emerald-100 text-emerald-900" },
  note: { label: "Note", className: "bg-amber-100 text-amber-900" },
};

function NoteForm({ reply, busy, noteMax }: { reply: FormReply | undefined; busy: boolean; noteMax: number }) {
  const [form, fields] = useSchemaForm(orderNoteInputSchema, { id: "note", lastResult: replyFor(reply, "note") });
  const { key, ...note } = getTextareaProps(fields.note);
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-2">
      <FormAlert id={form.errorId} message={form.errors?.[0]} />
      <input type="hidden" name="intent" value="note" />
      <label className="text-sm font-medium">
        Add a note for staff
        <textarea
          key={key}
          {...note}
          rows={2}
          maxLength={noteMax}
          className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm"
        />
      </label>
      <FieldMessage field={fields.note} />
      <button
        type="submit"
        disabled={busy}
        className="justify-self-start rounded-full bg-ink px-5 py-2 text-sm font-semibold text-white hover:bg-needle-dark disabled:opacity-50"
      >
        Add note
      </button>
    </Form>
  );
}

/** The order's timeline, newest first, with the form for a staff note above it. */
export function OrderTimeline({
  entries,
  reply,
  busy,
  noteMax,
}: {
  entries: TimelineEntry[];
  reply: FormReply | undefined;
  busy: boolean;
  noteMax: number;
}) {
  return (
    <section aria-labelledby="timeline-heading" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
      <h2 id="timeline-heading" className="font-display text-xl font-bold">
        Timeline
      </h2>
      {/* A new form once a note is added, so the box is empty again after the page reloads its data. */}
      <NoteForm key={entries.filter((e) => e.kind === "note").length} reply={reply} busy={busy} noteMax={noteMax} />
      <ol aria-label="Timeline" className="mt-4 grid gap-3 border-l-2 border-stone-200 pl-4 text-sm">
        {entries.map((e) => (
          <li key={e.key} className="relative">
            <span aria-hidden="true" className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-stone-400" />
            <div className="flex flex-wrap items-baseline gap-x-2">
              <span className={`rounded px-1.5 text-xs font-semibold ${MARK[e.kind].className}`}>{MARK[e.kind].label}</span>
              <span className="min-w-0 font-semibold break-words">{e.title}</span>
              <span className="text-stone-600 tabular-nums">{londonDateTime(e.at)}</span>
              {e.by && <span className="text-stone-600">by {e.by}</span>}
            </div>
            {e.detail && (
              <p
                className={`mt-0.5 break-words ${e.kind === "note" ? "whitespace-pre-line text-stone-900" : "text-xs text-stone-600"}`}
              >
                {e.detail}
              </p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
