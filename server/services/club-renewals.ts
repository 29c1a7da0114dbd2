/**
 * The monthly renewal sweep of memberships the shop charges itself (a saved card): a month's payment claimed
 * before it is taken, a failed one retried on schedule, paused and skipped months moved on, cancellations ended.
 */
import { and, eq, lte, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { clubMemberships, clubPayments } from "../../db/schema";
import { dispatchDayOnOrAfter, nextRenewal, nextRetry } from "../../app/domain/club/billing";
import { renewalStep } from "../../app/domain/club/membership";
import { planById } from "../../app/domain/club/plans";
import { formatDateGB } from "../../app/domain/shared/dates";
import { formatPence } from "../../app/domain/shared/money";
import type { MailLinks } from "../mail/links";
import type { SubscriptionPayments } from "../../app/domain/payments/club-payments";
import { createClubMail } from "./club-mail";
import { isStripeBilled, LIVE, paidUp } from "./club-memberships";
import type { MailService } from "./mail";

export interface RenewalRun {
  charged: number;
  failed: number;
  rolledForward: number;
  ended: number;
}

export function createClubRenewalsService(db: Db, deps: { payments: SubscriptionPayments; mail: MailService; links: MailLinks }) {
  const mailMember = createClubMail(db, deps);

  /** Takes one month's payment; null when another run is already taking it. */
  async function charge(membershipId: number, today: string): Promise<"paid" | "failed" | null> {
    // Claimed synchronously: the pending row's unique (membership, period, attempt) lets one run in.
    const claim = db.transaction((tx) => {
      const m = tx.select().from(clubMemberships).where(eq(clubMemberships.id, membershipId)).get();
      if (!m || renewalStep({ ...m, periodEnd: m.currentPeriodEnd }, today) !== "charge") return null;
      const plan = planById(m.plan)!;
      const row = tx
        .insert(clubPayments)
        .values({
          membershipId: m.id,
          periodStart: m.currentPeriodEnd,
          attempt: m.failedAttempts + 1,
          amountPence: plan.pricePence,
          status: "pending",
        })
        .onConflictDoNothing()
        .returning()
        .get();
      return row ? { m, payment: row } : null;
    });
    if (!claim) return null;
    const { m, payment } = claim;
    let result;
    try {
      if (deps.payments.kind !== "saved-card")
        throw new Error("A saved card cannot be charged while Stripe takes club payments.");
      result = await deps.payments.chargeSaved(m.paymentToken, payment.amountPence, `club-${m.id}-${payment.periodStart}`);
    } catch (error) {
      // Not an answer: the claim goes, so the next run asks again (the key keeps it to one charge).
      db.delete(clubPayments).where(eq(clubPayments.id, payment.id)).run();
      throw error;
    }
    if (result.ok) {
      db.transaction((tx) => {
        tx.update(clubPayments).set({ status: "paid", reference: result.reference }).where(eq(clubPayments.id, payment.id)).run();
        tx.update(clubMemberships)
          .set(paidUp("active", nextRenewal(payment.periodStart, m.billingDay), dispatchDayOnOrAfter(today)))
          .where(eq(clubMemberships.id, m.id))
          .run();
      });
      return "paid";
    }
    const attempt = payment.attempt;
    const firstFailedOn = m.firstFailedOn ?? today;
    const retryOn = nextRetry(firstFailedOn, attempt);
    db.transaction((tx) => {
      tx.update(clubPayments).set({ status: "failed", message: result.message }).where(eq(clubPayments.id, payment.id)).run();
      tx.update(clubMemberships)
        .set({
          status: retryOn ? "past_due" : "cancelled",
          failedAttempts: attempt,
          firstFailedOn,
          nextRetryOn: retryOn,
          endedOn: retryOn ? null : today,
          updatedAt: new Date().toISOString(),
        })
        .where(eq(clubMemberships.id, m.id))
        .run();
    });
    const price = formatPence(payment.amountPence);
    if (retryOn) {
      mailMember(m, `club-payment-failed:${m.id}:${payment.periodStart}:${attempt}`, "Your record club payment failed", [
        `We could not take this month's ${price} for the record club: ${result.message}`,
        `We'll try again on ${formatDateGB(retryOn)}. Nothing has been charged.`,
      ]);
    } else {
      mailMember(m, `club-ended:${m.id}:${payment.periodStart}`, "Your record club membership has ended", [
        `We tried ${attempt} times to take this month's ${price} and could not, so your membership has ended.`,
        "You are welcome to join again at any time.",
      ]);
    }
    return "failed";
  }

  return {
    /**
     * Renews what is due today: charges active memberships at their renewal and past-due ones on their
     * retry day, moves paused and skipping ones on a month without a charge, and ends those cancelled at
     * period end. Safe to run twice at once: each payment attempt is claimed before the card is charged.
     */
    async renewDue({ today }: { today: string }): Promise<RenewalRun> {
      const run: RenewalRun = { charged: 0, failed: 0, rolledForward: 0, ended: 0 };
      const due = db
        .select()
        .from(clubMemberships)
        .where(
          and(
            LIVE,
            or(
              lte(clubMemberships.currentPeriodEnd, today),
              and(eq(clubMemberships.status, "past_due"), lte(clubMemberships.nextRetryOn, today)),
            ),
          ),
        )
        .orderBy(clubMemberships.id)
        .all();
      for (const m of due) {
        const step = renewalStep({ ...m, periodEnd: m.currentPeriodEnd }, today);
        if (step === "charge") {
          // Stripe charges (and retries) its own subscriptions and reports them by webhook.
          if (isStripeBilled(m.paymentToken)) continue;
          const outcome = await charge(m.id, today);
          if (outcome === "paid") run.charged += 1;
          if (outcome === "failed") run.failed += 1;
        } else if (step === "roll-forward") {
          let end = m.currentPeriodEnd;
          while (end <= today) end = nextRenewal(end, m.billingDay);
          const done = db
            .update(clubMemberships)
            .set({ currentPeriodEnd: end, skipNext: false, updatedAt: new Date().toISOString() })
            .where(and(eq(clubMemberships.id, m.id), eq(clubMemberships.currentPeriodEnd, m.currentPeriodEnd)))
            .run();
          run.rolledForward += done.changes;
        } else if (step === "end") {
          const done = db
            .update(clubMemberships)
            .set({ status: "cancelled", endedOn: m.currentPeriodEnd, updatedAt: new Date().toISOString() })
            .where(and(eq(clubMemberships.id, m.id), eq(clubMemberships.status, "cancelling")))
            .run();
          run.ended += done.changes;
        }
      }
      return run;
    },
  };
}
