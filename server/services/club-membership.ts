/**
 * The record club as its members see it: the plans, joining (with a saved card, or on Stripe's page), their
 * membership and their own changes to it.
 */
import { and, count, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { clubMemberships, clubPayments, users, type ClubMembershipRow } from "../../db/schema";
import { billingDayOf, firstShipment, nextRenewal } from "../../app/domain/club/billing";
import type { ClubAddress, ClubPlanChoice, ClubSignUp } from "../../app/domain/club/club-schemas";
import { applyMemberAction, type MemberAction, type MembershipView } from "../../app/domain/club/membership";
import { CLUB_PLANS, planById, planPriceChange, readShownPlanPrices } from "../../app/domain/club/plans";
import { ConflictError, NotFoundError, PaymentUnavailableError, ValidationError } from "../../app/domain/shared/errors";
import { clubWelcomeMail } from "../mail/club-templates";
import type { MailLinks } from "../mail/links";
import type { SubscriptionChange, SubscriptionPayments } from "../../app/domain/payments/club-payments";
import { createClubMail } from "./club-mail";
import { addressColumns, isStripeBilled, LIVE, viewOf } from "./club-memberships";
import type { MailService } from "./mail";

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

/** The plan chosen, at the price the page showed for it: a price changed since charges nothing. */
function planToJoin(input: ClubPlanChoice) {
  const plan = planById(input.plan);
  if (!plan) throw new ValidationError("Please choose a plan", { plan: ["Please choose a plan"] });
  const changed = planPriceChange(plan, readShownPlanPrices(input.shownPrices));
  if (changed) throw new ConflictError(changed);
  return plan;
}

export function createClubMembershipService(
  db: Db,
  deps: { payments: SubscriptionPayments; mail: MailService; links: MailLinks },
) {
  const mailMember = createClubMail(db, deps);
  const liveFor = (userId: number) =>
    db
      .select()
      .from(clubMemberships)
      .where(and(eq(clubMemberships.userId, userId), LIVE))
      .get();

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
      const plan = planToJoin(input);
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
            ...addressColumns(input),
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
      const welcome = clubWelcomeMail(row, plan);
      mailMember(row, welcome.onceKey, welcome.subject, welcome.lines);
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
      const plan = planToJoin(input);
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
          address: {
            name: input.name,
            addressLine1: input.addressLine1,
            addressLine2: input.addressLine2,
            city: input.city,
            postalCode: input.postalCode,
            country: input.country,
            phone: input.phone ?? null,
          },
          attempt: before + 1,
          successUrl: `${origin}/subscription-confirmation?pending=1`,
          cancelUrl: `${origin}/subscribe`,
        });
      } catch (error) {
        console.error("[club] starting a Stripe sign-up failed:", error instanceof Error ? error.message : error);
        throw new PaymentUnavailableError();
      }
    },

    /** The member changes where their records go; a parcel held for want of an address is made on the next run. */
    changeAddress(userId: number, address: ClubAddress, { today }: { today: string }): MembershipView {
      const updated = db
        .update(clubMemberships)
        .set({ ...addressColumns(address), updatedAt: new Date().toISOString() })
        .where(and(eq(clubMemberships.userId, userId), LIVE))
        .returning()
        .get();
      if (!updated) throw new NotFoundError("You are not a member of the record club.");
      return viewOf(updated, today);
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
  };
}
