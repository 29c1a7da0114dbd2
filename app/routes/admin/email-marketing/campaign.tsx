import { useEffect } from "react";
import { getFormProps, getInputProps } from "@conform-to/react";
import { data, Form, Link, useNavigation, useRevalidator } from "react-router";
import { CampaignCountsPanel } from "~/components/admin/campaign-counts";
import { CampaignForm, campaignFormValues } from "~/components/admin/campaign-form";
import { FeaturedPicker } from "~/components/admin/featured-picker";
import { FieldMessage, FormAlert, InputField } from "~/components/admin/form-field";
import { CAMPAIGN_STATUS_LABELS } from "~/domain/campaigns/campaign-rules";
import {
  campaignIdSchema,
  campaignSchema,
  featureRecordSchema,
  findRecordsSchema,
  removeDraftSchema,
  sendFormSchema,
  testAddressSchema,
} from "~/domain/campaigns/campaign-schema";
import { londonDateTime } from "~/domain/orders/order-admin";
import { NotFoundError } from "~/domain/shared/errors";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { askToConfirm, confirmAskOf, isConfirmed, type ConfirmAsk } from "~/lib/forms/confirm-step";
import { formAction, intent } from "~/lib/forms/form-action.server";
import { replyFor } from "~/lib/forms/form-reply";
import { readParams } from "~/lib/forms/search-params";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { requirePermission, requireUser } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/campaign";

export const handle = staffHandle("email.manage", { action: "email.manage" });

export const meta: Route.MetaFunction = ({ data: d }) => [
  ...pageMeta({ title: d ? `Campaign: ${d.campaign.subject}` : "Campaign", description: "An e-mail campaign." }),
  { name: "robots", content: "noindex" },
];

const LIST = "/admin/email-marketing";

const campaignIdOf = (params: { campaignId: string }) => readParams(campaignIdSchema, params).campaignId;

/** The record search's text from the address (`?find=`), or "" for none. */
const findOf = (url: URL) => findRecordsSchema.parse(Object.fromEntries(url.searchParams)).find ?? "";

export function loader({ context, request, params, url }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  const user = requireUser(context, request);
  try {
    const id = campaignIdOf(params);
    const campaign = context.services.campaigns.get(id);
    const find = findOf(url);
    return {
      campaign,
      find,
      found: find && campaign.status === "draft" ? context.services.campaigns.findRecords(find) : null,
      preview: context.services.campaigns.preview(id),
      adminEmail: user.email,
      sends: context.services.mail.sends,
    };
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

export async function action({ context, request, params, url }: Route.ActionArgs) {
  const actor = requirePermission(context, request, handle.action!);
  const campaignId = campaignIdOf(params);
  const campaigns = context.services.campaigns;
  const here = `${LIST}/campaigns/${campaignId}`;
  // Add and Remove come back to the search they were pressed in.
  const find = findOf(url);
  const searched = find ? `${here}?${new URLSearchParams({ find })}` : here;
  return formAction(request, {
    feature: intent(featureRecordSchema, ({ recordId }) => {
      campaigns.feature(actor, campaignId, recordId);
      return redirectWithToast(searched, { type: "success", title: "Record added" });
    }),
    unfeature: intent(featureRecordSchema, ({ recordId }) => {
      campaigns.unfeature(actor, campaignId, recordId);
      return redirectWithToast(searched, { type: "success", title: "Record removed" });
    }),
    save: intent(campaignSchema, (campaign) => {
      campaigns.update(actor, campaignId, campaign);
      return redirectWithToast(here, { type: "success", title: "Draft saved" });
    }),
    test: intent(testAddressSchema, ({ email }) => {
      const { sends } = campaigns.testSend(actor, { campaignId, email });
      const description = sends ? undefined : "No mail server is set up: it waits in the outbox.";
      return redirectWithToast(here, { type: "success", title: `Test sent to ${email}`, description });
    }),
    send: intent(sendFormSchema, ({ expected }) => {
      const sent = campaigns.send(actor, { campaignId, expected });
      const description = `${sent.counts?.recipients.toLocaleString("en-GB")} messages queued.`;
      return redirectWithToast(here, { type: "success", title: "Campaign on its way", description });
    }),
    // Deleting a draft asks first: the first post answers with the question, the panel's post deletes it.
    delete: intent(removeDraftSchema, async (_none, form): Promise<ConfirmAsk | Response> => {
      if (!isConfirmed(form)) return askToDelete(campaigns.removable(campaignId), here);
      campaigns.remove(actor, campaignId);
      return redirectWithToast(LIST, { type: "success", title: "Draft deleted" });
    }),
  });
}

function askToDelete(draft: { subject: string }, here: string): ConfirmAsk {
  return askToConfirm("delete", {
    title: `Delete the draft “${draft.subject}”?`,
    body: "The draft is gone for good: its subject, text and choices cannot be brought back. Nothing has been sent.",
    confirmLabel: "Yes, delete the draft",
    keepLabel: "Keep the draft",
    keepTo: here,
    fields: {},
  });
}

const outlineButton = "rounded-full px-5 py-2 font-semibold ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-60";

/**
 * The mail as subscribers get it, in a sandboxed frame: no script runs in it (nor could: the HTML is sanitised and
 * the page's script policy applies), and its links lead nowhere. Same-origin only so its images load under the
 * page's image policy.
 */
function MailPreview({ html, text }: { html: string; text: string }) {
  return (
    <section aria-labelledby="preview-heading">
      <h2 id="preview-heading" className="font-display text-xl font-bold">
        Preview
      </h2>
      <iframe
        title="The campaign e-mail as subscribers get it"
        sandbox="allow-same-origin"
        srcDoc={html}
        className="mt-2 h-[36rem] w-full rounded-xl bg-white ring-1 ring-stone-200"
      />
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium">Plain-text version</summary>
        <pre className="mt-2 max-h-96 overflow-auto rounded-md bg-white p-3 text-xs whitespace-pre-wrap ring-1 ring-stone-200">
          {text}
        </pre>
      </details>
    </section>
  );
}

type Reply = Route.ComponentProps["actionData"];
type Loaded = Route.ComponentProps["loaderData"];

function TestSendForm({ adminEmail, reply, busy }: { adminEmail: string; reply: Reply; busy: boolean }) {
  const [form, fields] = useSchemaForm(testAddressSchema, {
    id: "test",
    lastResult: replyFor(reply, "test"),
    defaultValue: { email: adminEmail },
  });
  return (
    <>
      <Form method="post" {...getFormProps(form)} className="mt-2 flex flex-wrap items-start gap-3">
        <input type="hidden" name="intent" value="test" />
        <div className="min-w-0 flex-1 basis-56">
          <InputField field={fields.email} type="email" label="Address" autoComplete="email" />
        </div>
        <button type="submit" disabled={busy} className={`${outlineButton} mt-6`}>
          Send test
        </button>
      </Form>
      <FormAlert id={form.errorId} message={form.errors?.[0]} />
    </>
  );
}

function SendForm({ campaign, reply, busy }: { campaign: Loaded["campaign"]; reply: Reply; busy: boolean }) {
  const [form, fields] = useSchemaForm(sendFormSchema, { id: "send", lastResult: replyFor(reply, "send") });
  const { key, ...confirm } = getInputProps(fields.confirm, { type: "checkbox", value: "yes" });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="expected" value={campaign.audienceSize} />
      <label className="flex items-start gap-2 text-sm">
        <input key={key} {...confirm} className="mt-1" />
        <span>I have read the preview and the test mail.</span>
      </label>
      <FieldMessage field={fields.confirm} />
      <FormAlert id={form.errorId} message={form.errors?.[0]} />
      <button
        type="submit"
        disabled={busy || campaign.audienceSize === 0}
        className="rounded-full bg-ink px-5 py-2 font-semibold text-white hover:bg-needle disabled:opacity-60"
      >
        Send to {campaign.audienceSize.toLocaleString("en-GB")} {campaign.audienceSize === 1 ? "subscriber" : "subscribers"}
      </button>
    </Form>
  );
}

function DeleteDraft({ reply, busy }: { reply: Reply; busy: boolean }) {
  const [form] = useSchemaForm(removeDraftSchema, { id: "delete", lastResult: replyFor(reply, "delete") });
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="delete" />
      <button type="submit" disabled={busy} className={`${outlineButton} text-red-800`}>
        Delete draft
      </button>
      <FormAlert id={form.errorId} message={form.errors?.[0]} />
    </Form>
  );
}

export default function Campaign({ loaderData, actionData }: Route.ComponentProps) {
  const { campaign, preview, adminEmail, sends, find, found } = loaderData;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const revalidator = useRevalidator();
  const sending = campaign.status === "sending";
  // While it is being sent, the figures refresh themselves (without JavaScript: the Refresh link).
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") void revalidator.revalidate();
    }, 3000);
    return () => clearInterval(timer);
  }, [sending, revalidator]);
  const here = `${LIST}/campaigns/${campaign.id}`;
  const ask = confirmAskOf(actionData);

  return (
    <div>
      <p className="text-sm">
        <Link to={LIST} className="text-needle-dark hover:underline">
          ← Email marketing
        </Link>
      </p>
      <h1 className="mt-2 font-display text-3xl font-bold break-words sm:text-4xl">{campaign.subject}</h1>
      <p className="mt-1 text-stone-600">
        <span
          className="mr-2 rounded bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800"
          data-testid="campaign-status"
        >
          {CAMPAIGN_STATUS_LABELS[campaign.status]}
        </span>
        {campaign.audience} · {campaign.audienceSize.toLocaleString("en-GB")}{" "}
        {campaign.audienceSize === 1 ? "subscriber" : "subscribers"}
        {campaign.sentAt ? ` · sent ${londonDateTime(campaign.sentAt)}` : ""}
        {campaign.finishedAt ? `, finished ${londonDateTime(campaign.finishedAt)}` : ""}
      </p>
      {ask ? <ConfirmStep ask={ask} /> : null}

      {campaign.counts ? (
        <section aria-labelledby="counts-heading" className="mt-6">
          <h2 id="counts-heading" className="font-display text-xl font-bold">
            Delivery{" "}
            {sending && (
              <Link to={here} className="ml-2 text-sm font-normal text-needle-dark hover:underline">
                Refresh
              </Link>
            )}
          </h2>
          <div className="mt-2">
            <CampaignCountsPanel counts={campaign.counts} />
          </div>
          {sending && !sends && (
            <p className="mt-2 text-sm text-amber-900">
              No mail server is set up (SMTP_URL): the messages wait in the outbox until one is.
            </p>
          )}
        </section>
      ) : null}

      {/* One column: beside the back office's menu, two would leave the form too narrow to read. */}
      <div className="mt-6 max-w-3xl space-y-6">
        {campaign.status === "draft" && (
          <section aria-labelledby="edit-heading">
            <h2 id="edit-heading" className="font-display text-xl font-bold">
              Draft
            </h2>
            <div className="mt-2">
              <CampaignForm
                start={campaignFormValues(campaign)}
                lastResult={replyFor(actionData, "save")}
                submitLabel="Save draft"
              />
            </div>
          </section>
        )}
        {campaign.status === "draft" && (
          <FeaturedPicker featured={campaign.featured} found={found} find={find} reply={actionData} />
        )}
        <MailPreview html={preview.html} text={preview.text} />
        {campaign.status === "draft" && (
          <>
            <section aria-labelledby="test-heading" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6">
              <h2 id="test-heading" className="font-display text-xl font-bold">
                Send a test
              </h2>
              <p className="text-sm text-stone-600">The saved draft, once, to one address; its subject starts “[Test]”.</p>
              <TestSendForm adminEmail={adminEmail} reply={actionData} busy={busy("test")} />
            </section>

            <section aria-labelledby="send-heading" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6">
              <h2 id="send-heading" className="font-display text-xl font-bold">
                Send
              </h2>
              <p className="text-sm text-stone-600">
                To {campaign.audience.toLowerCase()}: {campaign.audienceSize.toLocaleString("en-GB")}{" "}
                {campaign.audienceSize === 1 ? "address" : "addresses"}. Once sent, it can no longer be changed.
              </p>
              <SendForm campaign={campaign} reply={actionData} busy={busy("send")} />
            </section>

            <DeleteDraft reply={actionData} busy={busy("delete")} />
          </>
        )}
      </div>
    </div>
  );
}
