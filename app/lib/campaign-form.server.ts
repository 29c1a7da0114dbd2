/** Reading the campaign form (app/components/admin/campaign-form.tsx) for the new-campaign and campaign pages. */
import { campaignSchema, type CampaignInput } from "~/domain/campaigns/campaign-schema";
import { parseInput } from "~/domain/shared/parse-input";
import { formFailureReply, formTexts } from "./form-failure.server";

const FIELDS = ["subject", "body", "featured", "segment", "genre"] as const;

/** The form as typed (to show it again beside errors) and its parsed campaign. */
export function readCampaignForm(form: FormData): { values: Record<string, string>; parse: () => CampaignInput } {
  // The text may be long; the schema says how long is too long.
  const values = { ...formTexts(form, FIELDS), ...formTexts(form, ["body"], 25_000) };
  return { values, parse: () => parseInput(campaignSchema, values) };
}

/** The form again with its messages, for a refused save; rethrows what is not a form failure (a bug). */
export const campaignFormFailure = formFailureReply;
