import { useEffect } from "react";
import { data, Form, useNavigation, useRevalidator, Link } from "react-router";
import { CampaignCountsPanel } from "~/components/admin/campaign-counts";
import { CampaignForm, campaignFormValues } from "~/components/admin/campaign-form";
import { FormField, inputClass } from "~/components/admin/form-field";
import { CAMPAIGN_STATUS_LABELS } from "~/domain/campaigns/campaign-rules";
import { sendCampaignSchema, testSendSchema } from "~/domain/campaigns/campaign-schema";
import { londonDateTime } from "~/domain/orders/order-admin";
import { NotFoundError } from "~/domain/shared/errors";
import { parseInput } from "~/domain/shared/parse-input";
import { campaignFormFailure, readCampaignForm } from "~/lib/campaign-form.server";
import { formTexts, type FormReply } from "~/lib/form-failure.server";
import { requireAdmin } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/campaign";

export const meta: Route.MetaFunction = ({ data: d }) => [
  ...pageMeta({ title: d ? `Campaign: ${d.campaign.subject}` : "Campaign", description: "An e-mail campaign." }),
  { name: "robots", content: "noindex" },
];

const LIST = "/admin/email-marketing";

function campaignIdOf(params: { campaignId: string }): number {
  if (!/^\d{1,9}$/.test(params.campaignId)) throw data(null, { status: 404 });
  return Number(params.campaignId);
}

export function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requireAdmin(context, request);
  try {
    const id = campaignIdOf(params);
    const campaign = context.services.campaigns.get(id);
    return {
      campaign,
      preview: context.services.campaigns.preview(id),
      adminEmail: user.email,
      sends: context.services.mail.sends,
    };
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

/** Which part of the page a refused action belongs to, so its message shows there. */
type Reply = FormReply & { intent: "save" | "test" | "send" | "delete" };

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = requireAdmin(context, request);
  const actor = { id: user.id, username: user.username };
  const id = campaignIdOf(params);
  const form = await request.formData();
  const campaigns = context.services.campaigns;
  const here = `${LIST}/campaigns/${id}`;
  const intent = form.get("intent");
  if (intent === "save") {
    const { values, parse } = readCampaignForm(form);
    try {
      campaigns.update(actor, id, parse());
      return redirectWithToast(here, { type: "success", title: "Draft saved" });
    } catch (error) {
      return withIntent(campaignFormFailure(error, values), "save");
    }
  }
  if (intent === "test" || intent === "send" || intent === "delete") {
    const values = formTexts(form, ["email", "expected", "confirm"]);
    try {
      if (intent === "test") {
        const input = parseInput(testSendSchema, { campaignId: id, email: values.email });
        const { sends } = campaigns.testSend(actor, input);
        return redirectWithToast(here, {
          type: "success",
          title: `Test sent to ${input.email}`,
          description: sends ? undefined : "No mail server is set up: it waits in the outbox.",
        });
      }
      if (intent === "send") {
        if (values.confirm !== "yes") {
          return data<Reply>(
            { intent, message: "Tick the box to confirm, then send.", errors: { confirm: "Tick to confirm." }, values },
            { status: 400 },
          );
        }
        const sent = campaigns.send(actor, parseInput(sendCampaignSchema, { campaignId: id, expected: values.expected }));
        return redirectWithToast(here, {
          type: "success",
          title: "Campaign on its way",
          description: `${sent.counts?.recipients.toLocaleString("en-GB")} messages queued.`,
        });
      }
      campaigns.remove(actor, id);
      return redirectWithToast(LIST, { type: "success", title: "Draft deleted" });
    } catch (error) {
      return withIntent(campaignFormFailure(error, values), intent);
    }
  }
  return data<Reply>({ intent: "save", message: "Unknown action.", errors: {}, values: {} }, { status: 400 });
}

function withIntent(reply: ReturnType<typeof campaignFormFailure>, intent: Reply["intent"]) {
  return data<Reply>({ ...reply.data, intent }, reply.init ?? undefined);
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

function Message({ reply, intent }: { reply: Reply | null; intent: Reply["intent"] }) {
  const message = reply?.intent === intent ? reply.message : "";
  return (
    <p role={message ? "alert" : undefined} className="min-h-5 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

export default function Campaign({ loaderData, actionData }: Route.ComponentProps) {
  const { campaign, preview, adminEmail, sends } = loaderData;
  const reply = (actionData ?? null) as Reply | null;
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
                reply={reply?.intent === "save" ? reply : null}
                submitLabel="Save draft"
              />
            </div>
          </section>
        )}
        <MailPreview html={preview.html} text={preview.text} />
        {campaign.status === "draft" && (
          <>
            <section aria-labelledby="test-heading" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6">
              <h2 id="test-heading" className="font-display text-xl font-bold">
                Send a test
              </h2>
              <p className="text-sm text-stone-600">The saved draft, once, to one address; its subject starts “[Test]”.</p>
              <Form method="post" noValidate className="mt-2 flex flex-wrap items-start gap-3">
                <input type="hidden" name="intent" value="test" />
                <div className="min-w-0 flex-1 basis-56">
                  <FormField id="test-email" label="Address" error={reply?.intent === "test" ? reply.errors.email : undefined}>
                    {(aria) => (
                      <input
                        {...aria}
                        name="email"
                        type="email"
                        autoComplete="email"
                        defaultValue={reply?.intent === "test" ? reply.values.email : adminEmail}
                        className={inputClass}
                      />
                    )}
                  </FormField>
                </div>
                <button type="submit" disabled={busy("test")} className={`${outlineButton} mt-6`}>
                  Send test
                </button>
              </Form>
              <Message reply={reply} intent="test" />
            </section>

            <section aria-labelledby="send-heading" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6">
              <h2 id="send-heading" className="font-display text-xl font-bold">
                Send
              </h2>
              <p className="text-sm text-stone-600">
                To {campaign.audience.toLowerCase()}: {campaign.audienceSize.toLocaleString("en-GB")}{" "}
                {campaign.audienceSize === 1 ? "address" : "addresses"}. Once sent, it can no longer be changed.
              </p>
              <Form method="post" className="mt-3 space-y-3">
                <input type="hidden" name="intent" value="send" />
                <input type="hidden" name="expected" value={campaign.audienceSize} />
                <label className="flex items-start gap-2 text-sm">
                  <input type="checkbox" name="confirm" value="yes" required className="mt-1" />
                  <span>I have read the preview and the test mail.</span>
                </label>
                <Message reply={reply} intent="send" />
                <button
                  type="submit"
                  disabled={busy("send") || campaign.audienceSize === 0}
                  className="rounded-full bg-ink px-5 py-2 font-semibold text-white hover:bg-needle disabled:opacity-60"
                >
                  Send to {campaign.audienceSize.toLocaleString("en-GB")}{" "}
                  {campaign.audienceSize === 1 ? "subscriber" : "subscribers"}
                </button>
              </Form>
            </section>

            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <button type="submit" disabled={busy("delete")} className={`${outlineButton} text-red-800`}>
                Delete draft
              </button>
              <Message reply={reply} intent="delete" />
            </Form>
          </>
        )}
      </div>
    </div>
  );
}
