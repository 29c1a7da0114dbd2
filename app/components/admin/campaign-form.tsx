import { getFormProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { GENRES } from "~/domain/catalogue/genres";
import { SEGMENT_LABELS, SEGMENTS } from "~/domain/campaigns/campaign-rules";
import { campaignSchema } from "~/domain/campaigns/campaign-schema";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { FormAlert, FormField, InputField, inputClass } from "./form-field";
import { SubmissionKeyField } from "./submission-key-field";

/** The campaign's fields as the form shows them: the saved campaign, or a new one's defaults. */
export type CampaignFormValues = Partial<Record<"subject" | "body" | "segment" | "genre", string>>;

/** A saved campaign as the form's starting values. */
export function campaignFormValues(c: {
  subject: string;
  body: string;
  segment: string;
  genre: string | null;
}): CampaignFormValues {
  return {
    subject: c.subject,
    body: c.body,
    segment: c.segment,
    genre: c.genre ?? "",
  };
}

/**
 * Subject, Markdown text and segment of a campaign (its featured records are chosen from a search: FeaturedPicker). Without JavaScript it posts and comes back with
 * its messages; the browser does not refuse an empty form itself, so every field says in the shop's words what it needs.
 */
export function CampaignForm({
  start,
  lastResult,
  submitLabel,
  submissionKey,
}: {
  start: CampaignFormValues;
  lastResult: SubmissionResult<string[]> | undefined;
  submitLabel: string;
  /** A new campaign's form carries its render's key, so it saves one draft however often it is sent. */
  submissionKey?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const [form, fields] = useSchemaForm(campaignSchema, {
    id: "campaign",
    lastResult,
    defaultValue: { segment: "all", ...start },
    nativeChecks: false,
  });
  const { key: bodyKey, ...body } = getTextareaProps(fields.body);
  const { key: segmentKey, ...segment } = getSelectProps(fields.segment);
  const { key: genreKey, ...genre } = getSelectProps(fields.genre);
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-1 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      <input type="hidden" name="intent" value="save" />
      {submissionKey && <SubmissionKeyField value={submissionKey} />}
      <div className="min-h-5">
        <FormAlert id={form.errorId} message={form.errors?.[0]} />
      </div>
      <InputField field={fields.subject} label="Subject" />
      <FormField
        id={fields.body.id}
        label="Text"
        hint={
          <>
            Markdown: <code>**bold**</code>, <code>*italic*</code>, <code>## heading</code>, <code>[a link](/browse)</code>. Links
            to the shop may start with /.
          </>
        }
        error={fields.body.errors?.[0]}
      >
        {(aria) => <textarea key={bodyKey} {...body} {...aria} rows={12} className={`${inputClass} font-mono text-sm`} />}
      </FormField>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <FormField id={fields.segment.id} label="Who receives it" error={fields.segment.errors?.[0]}>
          {(aria) => (
            <select key={segmentKey} {...segment} {...aria} className={inputClass}>
              {SEGMENTS.map((s) => (
                <option key={s} value={s}>
                  {SEGMENT_LABELS[s]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id={fields.genre.id} label="Genre" hint="For the two genre segments." error={fields.genre.errors?.[0]}>
          {(aria) => (
            <select key={genreKey} {...genre} {...aria} className={inputClass}>
              <option value="">—</option>
              {GENRES.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <p className="text-xs text-stone-600">
        Campaigns go only to newsletter subscribers who have not unsubscribed; every mail carries a one-click unsubscribe link.
      </p>
      <div className="pt-2">
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-ink px-5 py-2 font-semibold text-white hover:bg-needle disabled:cursor-wait disabled:opacity-60"
        >
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
