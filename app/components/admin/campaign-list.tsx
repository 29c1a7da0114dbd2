import { formatDayGB } from "~/domain/shared/dates";
import { CAMPAIGN_STATUS_LABELS, type CampaignCounts, type CampaignStatus } from "~/domain/campaigns/campaign-rules";
import { Link } from "react-router";

export interface CampaignListItem {
  id: number;
  subject: string;
  audience: string;
  status: CampaignStatus;
  createdAt: string;
  sentAt: string | null;
  counts: CampaignCounts | null;
}

const STATUS_STYLE: Record<CampaignStatus, string> = {
  draft: "bg-stone-200 text-stone-800",
  sending: "bg-amber-100 text-amber-900",
  sent: "bg-emerald-100 text-emerald-900",
};

/** The email-marketing page's campaigns: newest first, with how far each send has gone. */
export function CampaignList({ campaigns }: { campaigns: readonly CampaignListItem[] }) {
  return (
    <section aria-labelledby="campaigns-heading" className="mt-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="campaigns-heading" className="font-display text-xl font-bold">
          Campaigns
        </h2>
        <Link
          to="/admin/email-marketing/campaigns/new"
          className="rounded-full bg-ink px-5 py-2 font-semibold text-white hover:bg-needle"
        >
          New campaign
        </Link>
      </div>
      {campaigns.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">No campaigns yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-200 rounded-xl bg-white ring-1 ring-stone-200">
          {campaigns.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3" data-testid="campaign">
              <div className="min-w-0 flex-1 basis-64">
                <Link to={`/admin/email-marketing/campaigns/${c.id}`} className="font-semibold break-words hover:underline">
                  {c.subject}
                </Link>
                <p className="text-xs text-stone-600">
                  {c.audience} · {c.sentAt ? `sent ${formatDayGB(c.sentAt)}` : `written ${formatDayGB(c.createdAt)}`}
                </p>
              </div>
              {c.counts && (
                <p className="text-sm text-stone-700 tabular-nums">
                  {c.counts.sent.toLocaleString("en-GB")} of {c.counts.recipients.toLocaleString("en-GB")} sent
                  {c.counts.failed > 0 ? ` · ${c.counts.failed} failed` : ""}
                  {c.counts.unsubscribed > 0 ? ` · ${c.counts.unsubscribed} unsubscribed through it` : ""}
                </p>
              )}
              <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[c.status]}`}>
                {CAMPAIGN_STATUS_LABELS[c.status]}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
