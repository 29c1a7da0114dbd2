/**
 * What every part of the record club reads of a membership row: which memberships are live, which Stripe bills,
 * how a member sees one, and what a paid month sets.
 */
import { ne } from "drizzle-orm";
import { clubMemberships, type ClubMembershipRow } from "../../db/schema";
import { dispatchDayOnOrAfter, nextRenewal } from "../../app/domain/club/billing";
import { allowedActions, STATUS_LABELS, type MembershipStatus, type MembershipView } from "../../app/domain/club/membership";
import { planById } from "../../app/domain/club/plans";
import type { ClubAddress } from "../../app/domain/club/club-schemas";

export const LIVE = ne(clubMemberships.status, "cancelled");

/** A membership billed by Stripe keeps its subscription's id as its token; Stripe charges it, not the sweep. */
export const isStripeBilled = (paymentToken: string) => paymentToken.startsWith("sub_");

/** A membership as its member and the back office see it: what is paid, what ships next, what they may do. */
export function viewOf(m: ClubMembershipRow, today: string): MembershipView {
  const plan = planById(m.plan)!;
  const live = m.status !== "cancelled";
  const chargedRenewal = m.skipNext ? nextRenewal(m.currentPeriodEnd, m.billingDay) : m.currentPeriodEnd;
  const waiting = m.nextShipmentOn && m.nextShipmentOn >= today ? m.nextShipmentOn : null;
  // A record already paid for still ships, whatever happened since; an active member's next one follows the next payment.
  const nextShipmentOn = m.status === "active" ? (waiting ?? dispatchDayOnOrAfter(chargedRenewal)) : waiting;
  return {
    id: m.id,
    plan,
    favouriteGenre: m.favouriteGenre,
    status: m.status,
    statusLabel: STATUS_LABELS[m.status],
    startedOn: m.startedOn,
    nextPaymentOn: m.status === "active" ? chargedRenewal : m.status === "past_due" ? m.nextRetryOn : null,
    periodEnd: m.currentPeriodEnd,
    endsOn: m.status === "cancelling" ? m.currentPeriodEnd : m.endedOn,
    nextShipmentOn: live ? nextShipmentOn : null,
    skipNext: m.skipNext,
    skippedRenewalOn: m.skipNext ? m.currentPeriodEnd : null,
    failedRenewal: m.status === "past_due" ? { failedAttempts: m.failedAttempts, nextRetryOn: m.nextRetryOn } : null,
    cardLast4: m.cardLast4,
    address: addressOf(m),
    actions: allowedActions(m.status, m.skipNext),
  };
}

/** A membership whose month is paid: the new period and shipment, and its failed attempts forgotten. */
export function paidUp(status: MembershipStatus, currentPeriodEnd: string, nextShipmentOn: string) {
  return {
    status,
    currentPeriodEnd,
    nextShipmentOn,
    failedAttempts: 0,
    firstFailedOn: null,
    nextRetryOn: null,
    updatedAt: new Date().toISOString(),
  };
}

/** The membership's delivery address, or null when it has none (begun before the club asked for one). */
export function addressOf(m: ClubMembershipRow): ClubAddress | null {
  if (!m.deliveryName || !m.addressLine1 || !m.city || !m.postalCode) return null;
  return {
    name: m.deliveryName,
    addressLine1: m.addressLine1,
    addressLine2: m.addressLine2 ?? "",
    city: m.city,
    postalCode: m.postalCode,
    country: m.countryCode,
    phone: null,
  };
}

/** The columns a membership keeps its delivery address in. */
export function addressColumns(a: ClubAddress) {
  return {
    deliveryName: a.name,
    addressLine1: a.addressLine1,
    addressLine2: a.addressLine2 || null,
    city: a.city,
    postalCode: a.postalCode,
    countryCode: a.country,
  };
}
