import { percentOf, type CampaignCounts } from "~/domain/campaigns/campaign-rules";

const FIGURES: { key: keyof CampaignCounts; label: string; hint: string }[] = [
  { key: "recipients", label: "Recipients", hint: "subscribed when it was sent: sent + queued + failed + skipped" },
  { key: "sent", label: "Sent", hint: "taken by the mail server" },
  { key: "queued", label: "Queued", hint: "waiting, or failed and to be tried again" },
  { key: "failed", label: "Failed", hint: "failed on every try" },
  { key: "skipped", label: "Skipped", hint: "unsubscribed before their turn" },
  { key: "unsubscribed", label: "Unsubscribed through it", hint: "by the link in this mail (of those sent)" },
];

/** A sent campaign's figures and a bar of how far the send has gone. */
export function CampaignCountsPanel({ counts }: { counts: CampaignCounts }) {
  const done = counts.sent + counts.failed + counts.skipped;
  const share = percentOf(done, counts.recipients);
  return (
    <div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {FIGURES.map((f) => (
          <div key={f.key} className="rounded-xl bg-white p-3 ring-1 ring-stone-200" data-testid={`campaign-${f.key}`}>
            <dt className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{f.label}</dt>
            <dd className="font-display text-2xl font-bold tabular-nums">{counts[f.key].toLocaleString("en-GB")}</dd>
            <dd className="text-xs text-stone-600">{f.hint}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3">
        <div
          role="progressbar"
          aria-label="Messages dealt with"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={share}
          className="h-2 overflow-hidden rounded-full bg-stone-200"
        >
          <div className="h-full bg-needle" style={{ width: `${share}%` }} />
        </div>
        <p className="mt-1 text-xs text-stone-600">
          {done.toLocaleString("en-GB")} of {counts.recipients.toLocaleString("en-GB")} dealt with ({share}%).
        </p>
      </div>
    </div>
  );
}
