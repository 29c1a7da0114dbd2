/**
 * A club membership's life. Statuses:
 * - active: renews each month;
 * - paused: no payment and no record until resumed (the renewal date moves on a month at a time);
 * - past_due: a renewal failed and is being tried again (see billing.ts nextRetry);
 * - cancelling: cancelled by the member, still a member until the end of the paid period;
 * - cancelled: over.
 */
import { ConflictError } from "../shared/errors";
import type { ClubAddress } from "./club-schemas";
import type { ClubPlan } from "./plans";

export const MEMBERSHIP_STATUSES = ["active", "paused", "past_due", "cancelling", "cancelled"] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const MEMBER_ACTIONS = ["pause", "resume", "skip", "unskip", "cancel", "keep"] as const;
export type MemberAction = (typeof MEMBER_ACTIONS)[number];

export const STATUS_LABELS: Record<MembershipStatus, string> = {
  active: "Active",
  paused: "Paused",
  past_due: "Payment failed",
  cancelling: "Ends at period end",
  cancelled: "Cancelled",
};

/** What a member may do in each status. */
const ALLOWED: Record<MembershipStatus, readonly MemberAction[]> = {
  active: ["pause", "skip", "unskip", "cancel"],
  paused: ["resume", "cancel"],
  past_due: ["cancel"],
  cancelling: ["keep"],
  cancelled: [],
};

export function allowedActions(status: MembershipStatus, skipNext: boolean): MemberAction[] {
  return ALLOWED[status].filter((a) => (a === "skip" ? !skipNext : a === "unskip" ? skipNext : true));
}

export interface MembershipState {
  status: MembershipStatus;
  skipNext: boolean;
}

const ACTION_MESSAGES: Record<MemberAction, string> = {
  pause: "Only an active membership can be paused.",
  resume: "Only a paused membership can be resumed.",
  skip: "Only an active membership can skip a month.",
  unskip: "There is no skipped month to undo.",
  cancel: "This membership is already ending.",
  keep: "Only a membership that is ending can be kept.",
};

/**
 * The state after a member's action; throws ConflictError when the move is not allowed (a stale page).
 * Cancelling a past-due membership ends it at once: nothing was paid for the period.
 */
export function applyMemberAction(state: MembershipState, action: MemberAction): MembershipState {
  if (!allowedActions(state.status, state.skipNext).includes(action)) throw new ConflictError(ACTION_MESSAGES[action]);
  switch (action) {
    case "pause":
      return { status: "paused", skipNext: false };
    case "resume":
      return { status: "active", skipNext: false };
    case "skip":
      return { ...state, skipNext: true };
    case "unskip":
      return { ...state, skipNext: false };
    case "cancel":
      return { status: state.status === "past_due" ? "cancelled" : "cancelling", skipNext: false };
    case "keep":
      return { status: "active", skipNext: false };
  }
}

/** What the renewal sweep does with a membership whose renewal (or retry) day has come. */
export type RenewalStep = "charge" | "roll-forward" | "end" | "none";

export function renewalStep(m: MembershipState & { periodEnd: string; nextRetryOn: string | null }, today: string): RenewalStep {
  switch (m.status) {
    case "cancelled":
      return "none";
    case "cancelling":
      return m.periodEnd <= today ? "end" : "none";
    case "paused":
      return m.periodEnd <= today ? "roll-forward" : "none";
    case "past_due":
      return m.nextRetryOn !== null && m.nextRetryOn <= today ? "charge" : "none";
    case "active":
      if (m.periodEnd > today) return "none";
      return m.skipNext ? "roll-forward" : "charge";
  }
}

/** What the shop shows of a membership: the service's answer, and the pages' loader data. */
export interface MembershipView {
  id: number;
  plan: ClubPlan;
  favouriteGenre: string;
  status: MembershipStatus;
  statusLabel: string;
  startedOn: string;
  /** The next payment (null when paused, ending or over). */
  nextPaymentOn: string | null;
  /** The end of the period paid for (the renewal date). */
  periodEnd: string;
  /** When the membership ends (cancelling: the end of the paid period). */
  endsOn: string | null;
  nextShipmentOn: string | null;
  skipNext: boolean;
  /** The month given up by "skip": the renewal that will not be charged. */
  skippedRenewalOn: string | null;
  failedRenewal: { failedAttempts: number; nextRetryOn: string | null } | null;
  cardLast4: string;
  /** Where the records go; null for a membership begun before the club asked (its parcels are held). */
  address: ClubAddress | null;
  actions: MemberAction[];
}
