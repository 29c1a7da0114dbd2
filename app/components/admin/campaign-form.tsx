import { Form, useNavigation } from "react-router";
import { GENRES } from "~/domain/catalogue/genres";
import { MAX_BODY, MAX_SUBJECT, SEGMENT_LABELS, SEGMENTS } from "~/domain/campaigns/campaign-rules";
import type { FormReply } from "~/lib/form-failure.server";
import { FormField, inputClass } from "./form-field";

/** The campaign's fields as the form shows them: the saved campaign, or what was typed before a refusal. */
export type CampaignFormValues = Partial<Record<"subject" | "body" | "featured" | "segment" | "genre", string>>;

/** A saved campaign as the form's starting values. */
export function campaignFormValues(c: {
  subject: string;
  body: string;
  featured: readonly { id: number }[];
  segment: string;
  genre: string | null;
}): CampaignFormValues {
  return {
    subject: c.subject,
    body: c.body,
    featured: c.featured.map((r) => r.id).join(", "),
    segment: c.segment,
    genre: c.genre ?? "",
  };
}

/**
 * Subject, Markdown text, featured records and segment of a campaign. A plain form: without JavaScript it posts
 * and comes back with its messages, like every back-office form.
 */
export function CampaignForm({
  start,
  reply,
  submitLabel,
}: {
  start: CampaignFormValues;
  reply: FormReply | null;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const values: CampaignFormValues = reply?.values ?? start;
  const errors = reply?.errors ?? {};
  return (
    <Form method="post" noValidate className="space-y-1 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6">
      <input type="hidden" name="intent" value="save" />
      <p role={reply?.message ? "alert" : undefined} className="min-h-5 text-sm font-medium text-red-700">
        {reply?.message}
      </p>
      <FormField id="campaign-subject" label="Subject" error={errors.subject}>
        {(aria) => (
          <input {...aria} name="subject" maxLength={MAX_SUBJECT} defaultValue={values.subject ?? ""} className={inputClass} />
        )}
      </FormField>
      <FormField
        id="campaign-body"
        label="Text"
        hint={
          <>
            Markdown: <code>**bold**</code>, <code>*italic*</code>, <code>## heading</code>, <code>[a link](/browse)</code>. Links
            to the shop may start with /.
          </>
        }
        error={errors.body}
      >
        {(aria) => (
          <textarea
            {...aria}
            name="body"
            rows={12}
            maxLength={MAX_BODY}
            defaultValue={values.body ?? ""}
            className={`${inputClass} font-mono text-sm`}
          />
        )}
      </FormField>
      <FormField
        id="campaign-featured"
        label={
          <>
            Featured records <span className="font-normal text-stone-600">(optional)</span>
          </>
        }
        hint="Up to six, by id or catalogue number, separated by commas: shown as cards under the text."
        error={errors.featured}
      >
        {(aria) => (
          <input
            {...aria}
            name="featured"
            maxLength={1000}
            placeholder="e.g. 42, BLP 1577"
            defaultValue={values.featured ?? ""}
            className={inputClass}
          />
        )}
      </FormField>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <FormField id="campaign-segment" label="Who receives it" error={errors.segment}>
          {(aria) => (
            <select {...aria} name="segment" defaultValue={values.segment ?? "all"} className={inputClass}>
              {SEGMENTS.map((s) => (
                <option key={s} value={s}>
                  {SEGMENT_LABELS[s]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id="campaign-genre" label="Genre" hint="For the two genre segments." error={errors.genre}>
          {(aria) => (
            <select {...aria} name="genre" defaultValue={values.genre ?? ""} className={inputClass}>
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
