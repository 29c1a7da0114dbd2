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
import type { ChoosePick, ClubSignUp } from "../../app/domain/club/club-schemas";
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
import { ConflictError, NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { formatPence } from "../../app/domain/shared/money";
import type { MailLinks } from "../mail/links";
import type { SubscriptionPayments } from "../payments/subscriptions";
import type { AuditService } from "./audit";
import type { MailService } from "./mail";

export const MEMBERS_PAGE_SIZE = 25;
const LIVE = ne(clubMemberships.status, "cancelled");

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
          .set({
            status: "active",
            currentPeriodEnd: nextRenewal(payment.periodStart, m.billingDay),
            nextShipmentOn: dispatchDayOnOrAfter(today),
            failedAttempts: 0,
            firstFailedOn: null,
            nextRetryOn: null,
            updatedAt: new Date().toISOString(),
          })
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
    plans: () => CLUB_PLANS,

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

    /** A member's own change: pause, resume, skip (or un-skip) the next month, cancel at period end, keep. */
    act(userId: number, action: MemberAction, { today }: { today: string }): MembershipView {
      const m = liveFor(userId);
      if (!m) throw new NotFoundError("You are not a member of the record club.");
      const next = applyMemberAction(m, action);
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
      const pageCount = Math.max(1, Math.ceil(total / MEMBERS_PAGE_SIZE));
      const rows = db
        .select({ m: clubMemberships, username: users.username, email: users.email })
        .from(clubMemberships)
        .innerJoin(users, eq(users.id, clubMemberships.userId))
        .where(where)
        .orderBy(desc(clubMemberships.id))
        .limit(MEMBERS_PAGE_SIZE)
        .offset((Math.min(page, pageCount) - 1) * MEMBERS_PAGE_SIZE)
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
        page: Math.min(page, pageCount),
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
