/**
 * Which members get a record club parcel in a month, and what goes in it.
 *
 * A parcel is owed for the month its paid-for record ships in (the membership's nextShipmentOn, set only when a
 * month is paid: at joining and at each paid renewal). So a skipped month — a renewal rolled forward without a
 * payment — owes nothing, while a month already paid still ships even if the member then skips the next one (as
 * their club panel promises). Paused, failed-payment and cancelled memberships get nothing; a membership that is
 * ending still gets the month it paid for. A parcel owed to a member without a delivery address is held.
 */
import { formatDateGB } from "../shared/dates";
import type { MembershipStatus } from "./membership";
import { defaultPick, monthOf, type PickCandidate } from "./pick";
import type { ClubPlan } from "./plans";

export interface ParcelMember {
  status: MembershipStatus;
  nextShipmentOn: string | null;
  /** The day of the member's latest paid month (club_payments.period_start), or null. */
  lastPaidOn: string | null;
  hasAddress: boolean;
}

export type ParcelDecision =
  { kind: "due"; month: string } | { kind: "held"; month: string; reason: string } | { kind: "none"; reason: string };

const LEFT_OUT: Partial<Record<MembershipStatus, string>> = {
  paused: "Paused",
  past_due: "Payment failed",
  cancelled: "Cancelled",
};

/** "2026-12" for "2026-11"; "2027-01" for "2026-12". */
export function monthAfter(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

/** A shipment is paid for when a payment was made on or before it, within the month before it. */
function paidFor(shipOn: string, lastPaidOn: string | null): boolean {
  if (lastPaidOn === null || lastPaidOn > shipOn) return false;
  const due = monthOf(lastPaidOn);
  return monthOf(shipOn) === due || monthOf(shipOn) === monthAfter(due);
}

/** Whether `month` ("YYYY-MM") owes this member a parcel. */
export function parcelFor(m: ParcelMember, month: string): ParcelDecision {
  const out = LEFT_OUT[m.status];
  if (out) return { kind: "none", reason: out };
  if (m.nextShipmentOn !== null && monthOf(m.nextShipmentOn) > month) {
    return { kind: "none", reason: `Next record ships ${formatDateGB(m.nextShipmentOn)}` };
  }
  if (m.nextShipmentOn === null || monthOf(m.nextShipmentOn) !== month) return { kind: "none", reason: "Nothing due this month" };
  if (!paidFor(m.nextShipmentOn, m.lastPaidOn)) return { kind: "none", reason: "Not paid for this month" };
  if (!m.hasAddress) return { kind: "held", month, reason: "No delivery address" };
  return { kind: "due", month };
}

/**
 * The records in a member's parcel: the plan's pick for the month, then (for a plan of more records a month) the
 * best-selling LPs in stock of the member's favourite genre that they have not been sent. Null when the parcel
 * cannot be filled (nothing picked, or too few LPs in stock): it is held rather than sent short.
 */
export function parcelRecords(
  plan: Pick<ClubPlan, "recordsPerMonth">,
  pickRecordId: number | null,
  candidates: readonly PickCandidate[],
  { genre, sentBefore = [] }: { genre: string; sentBefore?: readonly number[] },
): number[] | null {
  if (pickRecordId === null) return null;
  const chosen = [pickRecordId];
  while (chosen.length < plan.recordsPerMonth) {
    const next = defaultPick(candidates, { genre, exclude: [...chosen, ...sentBefore] });
    if (!next) return null;
    chosen.push(next.recordId);
  }
  return chosen;
}
