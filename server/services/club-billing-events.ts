/**
 * What Stripe reports of a Stripe-billed membership (a verified webhook): a paid invoice starts or renews it,
 * a failed one makes it past due, and changes to the subscription at Stripe move it to match.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { clubMemberships, clubPayments, users } from "../../db/schema";
import { billingDayOf, dispatchDayOnOrAfter, firstShipment } from "../../app/domain/club/billing";
import type { MembershipStatus } from "../../app/domain/club/membership";
import { planById } from "../../app/domain/club/plans";
import { formatDateGB } from "../../app/domain/shared/dates";
import { formatPence } from "../../app/domain/shared/money";
import { clubWelcomeMail } from "../mail/club-templates";
import type { MailLinks } from "../mail/links";
import type { ClubEvent } from "../../app/domain/payments/club-payments";
import { createClubMail } from "./club-mail";
import { addressColumns, LIVE, paidUp } from "./club-memberships";
import type { MailService } from "./mail";

export type ClubEventResult = { applied: boolean; reason?: string };

export function createClubBillingEventsService(db: Db, deps: { mail: MailService; links: MailLinks }) {
  const mailMember = createClubMail(db, deps);

  const bySubscription = (subscriptionId: string) =>
    db
      .select()
      .from(clubMemberships)
      .where(eq(clubMemberships.paymentToken, subscriptionId))
      .orderBy(desc(clubMemberships.id))
      .get();

  /** The first paid invoice of a subscription started on Stripe's page: the membership begins. */
  function startMembership(e: Extract<ClubEvent, { type: "invoice-paid" }>): ClubEventResult {
    const plan = e.member && planById(e.member.plan);
    if (!e.member || !plan) return { applied: false, reason: "subscription without a member and plan" };
    const member = e.member;
    const started = db.transaction((tx) => {
      const user = tx.select({ id: users.id }).from(users).where(eq(users.id, member.userId)).get();
      if (!user) return "unknown member" as const;
      if (
        tx
          .select({ id: clubMemberships.id })
          .from(clubMemberships)
          .where(and(eq(clubMemberships.userId, member.userId), LIVE))
          .get()
      ) {
        return "already a member" as const;
      }
      const m = tx
        .insert(clubMemberships)
        .values({
          userId: member.userId,
          plan: plan.id,
          favouriteGenre: member.favouriteGenre,
          startedOn: e.periodStart,
          billingDay: billingDayOf(e.periodStart),
          currentPeriodEnd: e.periodEnd,
          nextShipmentOn: firstShipment(e.periodStart),
          ...(member.address ? addressColumns(member.address) : {}),
          paymentToken: e.subscriptionId,
          // Stripe keeps the card; the shop never sees its digits.
          cardLast4: "",
        })
        .returning()
        .get();
      tx.insert(clubPayments)
        .values({
          membershipId: m.id,
          periodStart: e.periodStart,
          attempt: 1,
          amountPence: e.amountPence,
          status: "paid",
          reference: e.invoiceId,
        })
        .run();
      tx.update(users)
        .set({
          stripeSubscriptionId: e.subscriptionId,
          stripeCustomerId: sql`coalesce(${users.stripeCustomerId}, ${e.customerId})`,
        })
        .where(eq(users.id, member.userId))
        .run();
      return m;
    });
    if (typeof started === "string") {
      // Paid for, but no membership to attach it to: a person must refund or cancel it at Stripe.
      console.error(`[club] Stripe subscription ${e.subscriptionId} was paid but not started (${started}); please review.`);
      return { applied: false, reason: started };
    }
    const welcome = clubWelcomeMail(started, plan);
    mailMember(started, welcome.onceKey, welcome.subject, welcome.lines);
    return { applied: true };
  }

  /** A paid invoice: the membership starts, or renews (a failed renewal is settled). */
  function invoicePaid(e: Extract<ClubEvent, { type: "invoice-paid" }>): ClubEventResult {
    if (e.amountPence <= 0) return { applied: false, reason: "nothing was paid" };
    const m = bySubscription(e.subscriptionId);
    if (!m) return startMembership(e);
    if (m.status === "cancelled") return { applied: false, reason: "the membership is over" };
    const renewed = db.transaction((tx) => {
      const payments = tx.select().from(clubPayments).where(eq(clubPayments.membershipId, m.id)).all();
      if (payments.some((p) => p.reference === e.invoiceId && p.status === "paid")) return false;
      const attempts = payments.filter((p) => p.periodStart === e.periodStart).map((p) => p.attempt);
      const row = tx
        .insert(clubPayments)
        .values({
          membershipId: m.id,
          periodStart: e.periodStart,
          attempt: Math.max(0, ...attempts) + 1,
          amountPence: e.amountPence,
          status: "paid",
          reference: e.invoiceId,
        })
        .onConflictDoNothing()
        .returning()
        .get();
      if (!row) return false;
      tx.update(clubMemberships)
        .set(
          paidUp(
            m.status === "past_due" ? "active" : m.status,
            e.periodEnd > m.currentPeriodEnd ? e.periodEnd : m.currentPeriodEnd,
            dispatchDayOnOrAfter(e.periodStart),
          ),
        )
        .where(eq(clubMemberships.id, m.id))
        .run();
      return true;
    });
    return renewed ? { applied: true } : { applied: false, reason: "invoice already recorded" };
  }

  /** A failed renewal: shown to the member and mailed once per attempt; Stripe tries again on its own schedule. */
  function invoiceFailed(e: Extract<ClubEvent, { type: "invoice-failed" }>): ClubEventResult {
    const m = bySubscription(e.subscriptionId);
    if (!m) return { applied: false, reason: "unknown subscription" };
    if (m.status === "cancelled") return { applied: false, reason: "the membership is over" };
    const message = "The payment was declined.";
    const recorded = db.transaction((tx) => {
      const paid = tx
        .select({ id: clubPayments.id })
        .from(clubPayments)
        .where(
          and(eq(clubPayments.membershipId, m.id), eq(clubPayments.periodStart, e.periodStart), eq(clubPayments.status, "paid")),
        )
        .get();
      if (paid) return false;
      const row = tx
        .insert(clubPayments)
        .values({
          membershipId: m.id,
          periodStart: e.periodStart,
          attempt: e.attempt,
          amountPence: Math.max(1, e.amountPence),
          status: "failed",
          reference: e.invoiceId,
          message,
        })
        .onConflictDoNothing()
        .returning()
        .get();
      if (!row) return false;
      if (m.status === "active" || m.status === "past_due") {
        tx.update(clubMemberships)
          .set({
            status: "past_due",
            failedAttempts: e.attempt,
            firstFailedOn: m.firstFailedOn ?? e.on,
            nextRetryOn: e.nextAttemptOn,
            updatedAt: new Date().toISOString(),
          })
          .where(eq(clubMemberships.id, m.id))
          .run();
      }
      return true;
    });
    if (!recorded) return { applied: false, reason: "failure already recorded or the month is paid" };
    const price = formatPence(e.amountPence);
    mailMember(m, `club-payment-failed:${m.id}:${e.periodStart}:${e.attempt}`, "Your record club payment failed", [
      `We could not take this month's ${price} for the record club: ${message}`,
      e.nextAttemptOn
        ? `We'll try again on ${formatDateGB(e.nextAttemptOn)}. Nothing has been charged.`
        : "Nothing has been charged. We will not try again: your membership will end.",
    ]);
    return { applied: true };
  }

  /** The subscription changed at Stripe (by the member here, or in Stripe's dashboard): the membership follows. */
  function subscriptionUpdated(e: Extract<ClubEvent, { type: "subscription-updated" }>): ClubEventResult {
    const m = bySubscription(e.subscriptionId);
    if (!m) return { applied: false, reason: "unknown subscription" };
    if (m.status === "cancelled") return { applied: false, reason: "the membership is over" };
    // Payment trouble is told by the invoice events; an ended subscription by its deletion.
    if (e.status !== "active" && e.status !== "trialing" && e.status !== "paused") {
      return { applied: false, reason: `subscription status ${e.status} is followed through its invoices` };
    }
    const target: { status: MembershipStatus; skipNext: boolean } = e.cancelAtPeriodEnd
      ? { status: "cancelling", skipNext: false }
      : e.pause && e.pause.resumesOn === null
        ? { status: "paused", skipNext: false }
        : e.pause
          ? { status: "active", skipNext: true }
          : { status: "active", skipNext: false };
    if (target.status === m.status && target.skipNext === m.skipNext) return { applied: false, reason: "already up to date" };
    // A renewal still failing stays past due until an invoice is paid.
    if (m.status === "past_due" && target.status === "active") return { applied: false, reason: "waiting for a paid invoice" };
    const done = db
      .update(clubMemberships)
      .set({ ...target, updatedAt: new Date().toISOString() })
      .where(and(eq(clubMemberships.id, m.id), eq(clubMemberships.status, m.status), eq(clubMemberships.skipNext, m.skipNext)))
      .run();
    return done.changes ? { applied: true } : { applied: false, reason: "the membership changed meanwhile" };
  }

  /** Stripe ended the subscription (at period end, after failed retries, or by hand): the membership ends. */
  function subscriptionDeleted(e: Extract<ClubEvent, { type: "subscription-deleted" }>): ClubEventResult {
    const m = bySubscription(e.subscriptionId);
    if (!m) return { applied: false, reason: "unknown subscription" };
    const ended = db.transaction((tx) => {
      const done = tx
        .update(clubMemberships)
        .set({ status: "cancelled", skipNext: false, endedOn: e.on, nextRetryOn: null, updatedAt: new Date().toISOString() })
        .where(and(eq(clubMemberships.id, m.id), LIVE))
        .run();
      tx.update(users)
        .set({ stripeSubscriptionId: null })
        .where(and(eq(users.id, m.userId), eq(users.stripeSubscriptionId, e.subscriptionId)))
        .run();
      return done.changes > 0;
    });
    return ended ? { applied: true } : { applied: false, reason: "already ended" };
  }

  return {
    /**
     * What Stripe reports of a Stripe-billed membership (a verified webhook). Each event is applied once:
     * a paid or failed invoice is recorded by its own payment row (a replay finds it and changes nothing), and
     * subscription changes only move a membership that is not already where Stripe says it is.
     */
    applyStripeEvent(event: ClubEvent): ClubEventResult {
      switch (event.type) {
        case "invoice-paid":
          return invoicePaid(event);
        case "invoice-failed":
          return invoiceFailed(event);
        case "subscription-updated":
          return subscriptionUpdated(event);
        case "subscription-deleted":
          return subscriptionDeleted(event);
      }
    },
  };
}
