import { and, count, desc, eq, inArray, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  clubMemberships,
  clubPayments,
  clubPicks,
  orderLines,
  orders,
  records,
  users,
  type ClubMembershipRow,
} from "../../db/schema";
import type { Actor } from "../../app/domain/admin/audit";
import { billingDayOf, dispatchDayOnOrAfter, firstShipment, nextRenewal, nextRetry } from "../../app/domain/club/billing";
import type { ChoosePick, ClubPlanChoice, ClubSignUp } from "../../app/domain/club/club-schemas";
import {
  allowedActions,
  applyMemberAction,
  renewalStep,
  STATUS_LABELS,
  type MemberAction,
  type MembershipStatus,
  type MembershipView,
} from "../../app/domain/club/membership";
import { defaultPick, monthOf, type PickCandidate } from "../../app/domain/club/pick";
import { CLUB_PLANS, planById, type ClubPlanId } from "../../app/domain/club/plans";
import { formatDateGB } from "../../app/domain/shared/dates";
import { ConflictError, NotFoundError, PaymentUnavailableError, ValidationError } from "../../app/domain/shared/errors";
import { formatPence } from "../../app/domain/shared/money";
import type { MailLinks } from "../mail/links";
import type { ClubEvent, SubscriptionChange, SubscriptionPayments } from "../payments/subscriptions";
import type { AuditService } from "./audit";
import type { MailService } from "./mail";
import { pageWindow } from "../../app/domain/shared/paging";

export const MEMBERS_PAGE_SIZE = 25;
const LIVE = ne(clubMemberships.status, "cancelled");

/** A membership billed by Stripe keeps its subscription's id as its token; Stripe charges it, not the sweep. */
export const isStripeBilled = (paymentToken: string) => paymentToken.startsWith("sub_");

/** What a member's action asks of the Stripe subscription (past due: nothing was paid, so cancelling ends it now). */
function subscriptionChange(m: ClubMembershipRow, action: MemberAction): SubscriptionChange {
  switch (action) {
    case "cancel":
      return { type: m.status === "past_due" ? "cancel-now" : "cancel-at-period-end" };
    case "skip":
      return { type: "skip", renewalOn: m.currentPeriodEnd };
    default:
      return { type: action };
  }
}

export type ClubEventResult = { applied: boolean; reason?: string };

function viewOf(m: ClubMembershipRow, today: string): MembershipView {
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
    actions: allowedActions(m.status, m.skipNext),
  };
}

export interface RenewalRun {
  charged: number;
  failed: number;
  rolledForward: number;
  ended: number;
}

/**
 * The record club: joining with a saved card, the member's own changes, the monthly renewal sweep (with
 * retries of a failed payment), and the back office's member list and monthly picks.
 */
/** A membership whose month is paid: the new period and shipment, and its failed attempts forgotten. */
function paidUp(status: MembershipStatus, currentPeriodEnd: string, nextShipmentOn: string) {
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

export function createClubService(
  db: Db,
  deps: { payments: SubscriptionPayments; mail: MailService; links: MailLinks; audit: AuditService },
) {
  const liveFor = (userId: number) =>
    db
      .select()
      .from(clubMemberships)
      .where(and(eq(clubMemberships.userId, userId), LIVE))
      .get();

  function mailMember(m: ClubMembershipRow, onceKey: string, subject: string, lines: string[]) {
    const user = db.select({ email: users.email, username: users.username }).from(users).where(eq(users.id, m.userId)).get();
    if (!user) return;
    const id = deps.mail.enqueueOnce({
      to: user.email,
      kind: "record-club",
      onceKey,
      subject,
      text: [
        `Hello ${user.username},`,
        "",
        ...lines,
        "",
        `Your membership: ${deps.links.page("/profile#club")}`,
        "",
        "Needledrop",
      ].join("\n"),
    });
    if (id !== null) deps.mail.dispatch(id);
  }

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
    mailMember(started, `club-joined:${started.id}`, "Welcome to the Needledrop record club", [
      `You joined the record club: ${plan.name}, ${formatPence(plan.pricePence)} a month including VAT and delivery.`,
      `Your first record ships by ${formatDateGB(started.nextShipmentOn)}. Your next payment is on ${formatDateGB(started.currentPeriodEnd)}.`,
    ]);
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
    plans: () => CLUB_PLANS,

    /** True when members join on the payment provider's own page (Stripe) rather than our card form. */
    joinsOnProviderPage: () => deps.payments.kind === "hosted",

    /** The member's current membership (not one that is over), or null. */
    membership(userId: number, { today }: { today: string }): MembershipView | null {
      const m = liveFor(userId);
      return m ? viewOf(m, today) : null;
    },

    /**
     * Joins the club: saves the card, takes the first month and records both. A refused card creates
     * nothing; a second sign-up (a double submit) is refused and not charged again.
     */
    async signUp(user: { id: number }, input: ClubSignUp, { today }: { today: string }): Promise<MembershipView> {
      const plan = planById(input.plan);
      if (!plan) throw new ValidationError("Please choose a plan", { plan: ["Please choose a plan"] });
      if (liveFor(user.id)) throw new ConflictError("You are already a member of the record club.");
      if (deps.payments.kind !== "saved-card") {
        throw new ValidationError("Joining goes through our payment provider's page: please join on the record club page.");
      }
      const saved = await deps.payments.saveCard({ number: input.cardNumber, expiry: input.cardExpiry, cvc: input.cardCvc });
      if (!saved.ok) throw new ValidationError(saved.message, { cardNumber: [saved.message] });
      const before = db.select({ n: count() }).from(clubMemberships).where(eq(clubMemberships.userId, user.id)).get()?.n ?? 0;
      // The same key for the same join, so two submits at once are one charge.
      const charged = await deps.payments.chargeSaved(saved.token, plan.pricePence, `club-join-${user.id}-${before + 1}`);
      if (!charged.ok) throw new ValidationError(charged.message, { cardNumber: [charged.message] });
      const row = db.transaction((tx) => {
        if (
          tx
            .select({ id: clubMemberships.id })
            .from(clubMemberships)
            .where(and(eq(clubMemberships.userId, user.id), LIVE))
            .get()
        ) {
          throw new ConflictError("You are already a member of the record club.");
        }
        const m = tx
          .insert(clubMemberships)
          .values({
            userId: user.id,
            plan: plan.id,
            favouriteGenre: input.favouriteGenre,
            startedOn: today,
            billingDay: billingDayOf(today),
            currentPeriodEnd: nextRenewal(today, billingDayOf(today)),
            nextShipmentOn: firstShipment(today),
            paymentToken: saved.token,
            cardLast4: saved.last4,
          })
          .returning()
          .get();
        tx.insert(clubPayments)
          .values({
            membershipId: m.id,
            periodStart: today,
            attempt: 1,
            amountPence: plan.pricePence,
            status: "paid",
            reference: charged.reference,
          })
          .run();
        return m;
      });
      mailMember(row, `club-joined:${row.id}`, "Welcome to the Needledrop record club", [
        `You joined the record club: ${plan.name}, ${formatPence(plan.pricePence)} a month including VAT and delivery.`,
        `Your first record ships by ${formatDateGB(row.nextShipmentOn)}. Your next payment is on ${formatDateGB(row.currentPeriodEnd)}.`,
      ]);
      return viewOf(row, today);
    },

    /**
     * Joins the club through Stripe: the member's Stripe customer (made once and kept on the user), then
     * Stripe's hosted page that starts the subscription. The membership begins with the first paid invoice.
     */
    async startHostedSignUp(
      user: { id: number },
      input: ClubPlanChoice,
      { origin }: { origin: string },
    ): Promise<{ url: string }> {
      const payments = deps.payments;
      if (payments.kind !== "hosted") throw new ValidationError("Please enter your card details to join.");
      const plan = planById(input.plan);
      if (!plan) throw new ValidationError("Please choose a plan", { plan: ["Please choose a plan"] });
      if (liveFor(user.id)) throw new ConflictError("You are already a member of the record club.");
      const account = db
        .select({ id: users.id, email: users.email, stripeCustomerId: users.stripeCustomerId })
        .from(users)
        .where(eq(users.id, user.id))
        .get();
      if (!account) throw new NotFoundError("There is no such account.");
      const before = db.select({ n: count() }).from(clubMemberships).where(eq(clubMemberships.userId, user.id)).get()?.n ?? 0;
      try {
        const customerId = await payments.ensureCustomer(account);
        if (customerId !== account.stripeCustomerId) {
          db.update(users).set({ stripeCustomerId: customerId }).where(eq(users.id, user.id)).run();
        }
        return await payments.startSignUp({
          customerId,
          userId: user.id,
          plan,
          favouriteGenre: input.favouriteGenre,
          attempt: before + 1,
          successUrl: `${origin}/subscription-confirmation?pending=1`,
          cancelUrl: `${origin}/subscribe`,
        });
      } catch (error) {
        console.error("[club] starting a Stripe sign-up failed:", error instanceof Error ? error.message : error);
        throw new PaymentUnavailableError();
      }
    },

    /**
     * A member's own change: pause, resume, skip (or un-skip) the next month, cancel at period end, keep.
     * A Stripe-billed membership changes its subscription first; when Stripe cannot be reached nothing changes.
     */
    async act(userId: number, action: MemberAction, { today }: { today: string }): Promise<MembershipView> {
      const m = liveFor(userId);
      if (!m) throw new NotFoundError("You are not a member of the record club.");
      const next = applyMemberAction(m, action);
      if (isStripeBilled(m.paymentToken)) {
        if (deps.payments.kind !== "hosted") throw new PaymentUnavailableError();
        try {
          await deps.payments.update(m.paymentToken, subscriptionChange(m, action));
        } catch (error) {
          console.error(`[club] changing membership ${m.id} at Stripe failed:`, error instanceof Error ? error.message : error);
          throw new PaymentUnavailableError();
        }
      }
      const updated = db
        .update(clubMemberships)
        .set({
          status: next.status,
          skipNext: next.skipNext,
          endedOn: next.status === "cancelled" ? today : null,
          updatedAt: new Date().toISOString(),
        })
        // Only from the state the move was worked out from: a change in between makes this a conflict.
        .where(and(eq(clubMemberships.id, m.id), eq(clubMemberships.status, m.status), eq(clubMemberships.skipNext, m.skipNext)))
        .returning()
        .get();
      if (!updated) throw new ConflictError("Your membership changed meanwhile. Please look again.");
      return viewOf(updated, today);
    },

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

    /** The back office's member list, newest first, optionally of one status. */
    members({ status, page }: { status?: MembershipStatus; page: number }, { today }: { today: string }) {
      const where = status ? eq(clubMemberships.status, status) : undefined;
      const total = db.select({ n: count() }).from(clubMemberships).where(where).get()?.n ?? 0;
      const { page: shown, pageCount, offset } = pageWindow(total, page, MEMBERS_PAGE_SIZE);
      const rows = db
        .select({ m: clubMemberships, username: users.username, email: users.email })
        .from(clubMemberships)
        .innerJoin(users, eq(users.id, clubMemberships.userId))
        .where(where)
        .orderBy(desc(clubMemberships.id))
        .limit(MEMBERS_PAGE_SIZE)
        .offset(offset)
        .all();
      const byStatus = Object.fromEntries(
        db
          .select({ status: clubMemberships.status, n: count() })
          .from(clubMemberships)
          .groupBy(clubMemberships.status)
          .all()
          .map((r) => [r.status, r.n]),
      ) as Partial<Record<MembershipStatus, number>>;
      return {
        members: rows.map((r) => ({ ...viewOf(r.m, today), username: r.username, email: r.email })),
        page: shown,
        pageCount,
        total,
        byStatus,
      };
    },

    /** This month's pick per plan: the back office's choice, or the default (the best-selling LP in stock). */
    picks({ today }: { today: string }) {
      const month = monthOf(today);
      const chosen = db
        .select({ plan: clubPicks.plan, recordId: clubPicks.recordId, title: records.title, artist: records.artist })
        .from(clubPicks)
        .innerJoin(records, eq(records.id, clubPicks.recordId))
        .where(eq(clubPicks.month, month))
        .all();
      const earlier = db
        .select({ recordId: clubPicks.recordId })
        .from(clubPicks)
        .where(sql`${clubPicks.month} < ${month}`)
        .all()
        .map((r) => r.recordId);
      const candidates = pickCandidates();
      const taken = [...earlier, ...chosen.map((c) => c.recordId)];
      return CLUB_PLANS.map((plan) => {
        const choice = chosen.find((c) => c.plan === plan.id);
        if (choice)
          return { plan, month, chosen: true, record: { id: choice.recordId, title: choice.title, artist: choice.artist } };
        const fallback = defaultPick(candidates, { exclude: taken });
        if (fallback) taken.push(fallback.recordId);
        return {
          plan,
          month,
          chosen: false,
          record: fallback ? { id: fallback.recordId, title: fallback.title, artist: fallback.artist } : null,
        };
      });
    },

    /** The back office chooses a plan's record for a month (replacing any earlier choice); audited. */
    choosePick(actor: Actor, input: ChoosePick) {
      const record = db
        .select({ id: records.id, title: records.title, artist: records.artist })
        .from(records)
        .where(eq(records.id, input.recordId))
        .get();
      if (!record) throw new NotFoundError(`There is no record number ${input.recordId}.`);
      return db.transaction((tx) => {
        const before = tx
          .select({ recordId: clubPicks.recordId })
          .from(clubPicks)
          .where(and(eq(clubPicks.plan, input.plan), eq(clubPicks.month, input.month)))
          .get();
        tx.insert(clubPicks)
          .values({ plan: input.plan as ClubPlanId, month: input.month, recordId: record.id, chosenBy: actor.id })
          .onConflictDoUpdate({
            target: [clubPicks.plan, clubPicks.month],
            set: { recordId: record.id, chosenBy: actor.id, updatedAt: new Date().toISOString() },
          })
          .run();
        deps.audit.record(actor, {
          entityType: "club-pick",
          entityId: `${input.plan}:${input.month}`,
          action: "club.pick",
          before: before ? { recordId: before.recordId } : null,
          after: { recordId: record.id },
        });
        return { plan: input.plan, month: input.month, record };
      });
    },
  };

  /** In-stock, published LPs with their units sold on paid orders: the default pick's candidates. */
  function pickCandidates(): (PickCandidate & { artist: string })[] {
    const sold = db
      .select({ recordId: orderLines.recordId, units: sql<number>`sum(${orderLines.quantity})`.as("units") })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(inArray(orders.status, ["paid", "packed", "shipped", "delivered"]))
      .groupBy(orderLines.recordId)
      .as("sold");
    return db
      .select({
        recordId: records.id,
        title: records.title,
        artist: records.artist,
        genre: records.genre,
        format: records.format,
        stockQuantity: records.stockQuantity,
        unitsSold: sql<number>`coalesce(${sold.units}, 0)`,
      })
      .from(records)
      .leftJoin(sold, eq(sold.recordId, records.id))
      .where(
        and(
          eq(records.published, true),
          eq(records.hiddenByContent, false),
          sql`${records.stockQuantity} > 0`,
          sql`upper(coalesce(${records.format}, '')) like '%LP%'`,
        ),
      )
      .orderBy(desc(sql`coalesce(${sold.units}, 0)`), records.id)
      .limit(200)
      .all();
  }
}

export type ClubService = ReturnType<typeof createClubService>;
