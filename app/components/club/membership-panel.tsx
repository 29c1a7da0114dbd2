import { Icon } from "~/components/icons/icon";
import { Form, useNavigation } from "react-router";
import type { MemberAction, MembershipStatus, MembershipView } from "~/domain/club/membership";
import { formatDateGB } from "~/domain/shared/dates";
import { formatPence } from "~/domain/shared/money";

/** What the pages show of a membership. */
export type MembershipPanelData = Omit<MembershipView, "id">;

const BUTTONS: Record<MemberAction, { label: string; tone: "plain" | "danger" }> = {
  pause: { label: "Pause membership", tone: "plain" },
  resume: { label: "Resume membership", tone: "plain" },
  skip: { label: "Skip next month", tone: "plain" },
  unskip: { label: "Don't skip next month", tone: "plain" },
  cancel: { label: "Cancel membership", tone: "danger" },
  keep: { label: "Keep my membership", tone: "plain" },
};

const STATUS_TONE: Record<MembershipStatus, string> = {
  active: "bg-emerald-100 text-emerald-900",
  paused: "bg-stone-200 text-stone-800",
  past_due: "bg-red-100 text-red-900",
  cancelling: "bg-amber-100 text-amber-900",
  cancelled: "bg-stone-200 text-stone-800",
};

/** The member's club panel: status, plan, next shipment and payment, and the actions (posted to /profile). */
export function MembershipPanel({ m }: { m: MembershipPanelData }) {
  const navigation = useNavigation();
  const busy = navigation.formData?.get("intent") === "club";
  const rows: [string, string][] = [
    ["Plan", `${m.plan.name} · ${formatPence(m.plan.pricePence)} a month incl. VAT and delivery`],
    ["Favourite genre", m.favouriteGenre],
    ["Member since", formatDateGB(m.startedOn)],
    ["Next shipment", m.nextShipmentOn ? formatDateGB(m.nextShipmentOn) : m.status === "paused" ? "None while paused" : "None"],
    ["Next payment", m.nextPaymentOn ? formatDateGB(m.nextPaymentOn) : m.status === "paused" ? "None while paused" : "None"],
    // A Stripe-billed membership: Stripe keeps the card and the shop never sees its digits.
    ["Card", m.cardLast4 ? `•••• ${m.cardLast4}` : "Kept by Stripe"],
  ];
  return (
    <div className="mt-4 space-y-4" data-testid="club-panel">
      <p>
        <span
          className={`inline-block rounded-full px-3 py-1 text-sm font-semibold ${STATUS_TONE[m.status]}`}
          data-testid="club-status"
        >
          {m.statusLabel}
        </span>
      </p>
      {m.failedRenewal && (
        <p role="alert" className="flex gap-2 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
          <Icon name="alert-triangle" className="mt-0.5 size-4 shrink-0" />
          <span>
            Payment failed — we&rsquo;ll try again on {formatDateGB(m.failedRenewal.nextRetryOn)}. Nothing has been charged. If
            your card has changed, cancel and join again with the new card.
          </span>
        </p>
      )}
      {m.status === "cancelling" && m.endsOn && (
        <p className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          Your membership ends on {formatDateGB(m.endsOn)}. Nothing more will be charged.
        </p>
      )}
      {m.skippedRenewalOn && (
        <p className="rounded-xl bg-stone-100 px-4 py-3 text-sm text-stone-800">
          You are skipping next month: nothing is charged on {formatDateGB(m.skippedRenewalOn)} and no record is sent.
        </p>
      )}
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-sm font-medium text-stone-600">{term}</dt>
            <dd className="-mt-1 text-stone-900 sm:mt-0">{value}</dd>
          </div>
        ))}
      </dl>
      {m.actions.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {m.actions.map((action) => (
            <Form key={action} method="post" action="/profile">
              <input type="hidden" name="intent" value="club" />
              <button
                type="submit"
                name="action"
                value={action}
                disabled={busy}
                className={`rounded-full border px-4 py-2 text-sm font-semibold transition disabled:opacity-60 ${
                  BUTTONS[action].tone === "danger"
                    ? "border-red-300 text-red-800 hover:bg-red-50"
                    : "border-stone-300 text-stone-900 hover:border-ink"
                }`}
              >
                {BUTTONS[action].label}
              </button>
            </Form>
          ))}
        </div>
      )}
      {m.actions.includes("cancel") && m.status !== "past_due" && (
        <p className="text-xs text-stone-600">
          Cancelling takes effect at the end of the month you have paid for: {formatDateGB(m.periodEnd)}.
        </p>
      )}
    </div>
  );
}
