import { CampaignForm } from "~/components/admin/campaign-form";
import { campaignSchema } from "~/domain/campaigns/campaign-schema";
import { newSubmissionKey } from "~/domain/admin/form-submission";
import { formAction } from "~/lib/forms/form-action.server";
import { submitOnce } from "~/lib/forms/submit-once.server";
import { replyFor } from "~/lib/forms/form-reply";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/campaign-new";
import { Link } from "react-router";

export const handle = staffHandle("email.manage", { action: "email.manage" });

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "New campaign", description: "Write an e-mail campaign." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  return { submissionKey: newSubmissionKey() };
}

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requirePermission(context, request, handle.action!);
  return formAction(request, {
    // One render of the form saves one draft, however often it is sent.
    save: submitOnce(context.services, actor).intent(campaignSchema, "new campaign", (campaign) => {
      const { id } = context.services.campaigns.create(actor, campaign);
      const description = "Check the preview, send yourself a test, then send it.";
      return { to: `/admin/email-marketing/campaigns/${id}`, toast: { type: "success", title: "Draft saved", description } };
    }),
  });
}

export default function NewCampaign({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div>
      <p className="text-sm">
        <Link to="/admin/email-marketing" className="text-needle-dark hover:underline">
          ← Email marketing
        </Link>
      </p>
      <h1 className="mt-2 font-display text-3xl font-bold sm:text-4xl">New campaign</h1>
      <p className="mt-1 max-w-prose text-stone-600">
        It is saved as a draft: on the next page you choose its featured records from a search, check the preview and send it.
        Nothing is sent until you press Send.
      </p>
      <div className="mt-6 max-w-3xl">
        <CampaignForm
          start={{ segment: "all" }}
          lastResult={replyFor(actionData, "save")}
          submitLabel="Save draft"
          submissionKey={loaderData.submissionKey}
        />
      </div>
    </div>
  );
}
