import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { CLUB_PLAN_IDS } from "../../app/domain/club/plans";
import { MEMBERSHIP_STATUSES } from "../../app/domain/club/membership";
import { createdAt, updatedAt } from "./columns";
import { orders } from "./orders";
import { records } from "./records";
import { users } from "./users";

/**
 * Record club memberships. Dates are ISO calendar dates in Europe/London. The card is kept only as the
 * payment provider's token (`pm_…`) and its last four digits, never the number.
 */
export const clubMemberships = sqliteTable(
  "club_memberships",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    plan: text("plan", { enum: CLUB_PLAN_IDS }).notNull(),
    favouriteGenre: text("favourite_genre").notNull(),
    status: text("status", { enum: MEMBERSHIP_STATUSES }).notNull().default("active"),
    startedOn: text("started_on").notNull(),
    /** Day of the month it renews on (clamped to shorter months). */
    billingDay: integer("billing_day").notNull(),
    /** The next renewal: the end of the period paid for (for past_due: the unpaid renewal's date). */
    currentPeriodEnd: text("current_period_end").notNull(),
    /** When the paid-for record ships; null when none is waiting. */
    nextShipmentOn: text("next_shipment_on"),
    skipNext: integer("skip_next", { mode: "boolean" }).notNull().default(false),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    firstFailedOn: text("first_failed_on"),
    nextRetryOn: text("next_retry_on"),
    /** Where the records go (any country, as the checkout); null for a membership begun before the club asked. */
    deliveryName: text("delivery_name"),
    addressLine1: text("address_line1"),
    addressLine2: text("address_line2"),
    city: text("city"),
    postalCode: text("postal_code"),
    /** The address's country, its ISO 3166 code (app/domain/international/countries.ts). */
    countryCode: text("country_code").notNull().default("GB"),
    paymentToken: text("payment_token").notNull(),
    cardLast4: text("card_last4").notNull(),
    endedOn: text("ended_on"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One live membership per member; a cancelled one may be followed by a new one.
    uniqueIndex("club_memberships_user_live")
      .on(t.userId)
      .where(sql`status <> 'cancelled'`),
    index("club_memberships_status_idx").on(t.status, t.id),
    index("club_memberships_due_idx").on(t.currentPeriodEnd),
  ],
);

/**
 * Each attempt to take a month's payment. The row is written (status pending) before the provider is asked,
 * and its unique (membership, period, attempt) stops a second run of the sweep charging the same attempt.
 */
export const clubPayments = sqliteTable(
  "club_payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    membershipId: integer("membership_id")
      .notNull()
      .references(() => clubMemberships.id, { onDelete: "cascade" }),
    /** The first day of the month paid for. */
    periodStart: text("period_start").notNull(),
    attempt: integer("attempt").notNull(),
    amountPence: integer("amount_pence").notNull(),
    status: text("status", { enum: ["pending", "paid", "failed"] }).notNull(),
    reference: text("reference"),
    message: text("message"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("club_payments_attempt_unique").on(t.membershipId, t.periodStart, t.attempt),
    uniqueIndex("club_payments_paid_once")
      .on(t.membershipId, t.periodStart)
      .where(sql`status = 'paid'`),
    check("club_payments_amount_positive", sql`${t.amountPence} > 0`),
  ],
);

/** The back office's choice of record for a plan in a month ("YYYY-MM"); without one a default applies. */
export const clubPicks = sqliteTable(
  "club_picks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    plan: text("plan", { enum: CLUB_PLAN_IDS }).notNull(),
    month: text("month").notNull(),
    recordId: integer("record_id")
      .notNull()
      .references(() => records.id, { onDelete: "cascade" }),
    chosenBy: integer("chosen_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("club_picks_plan_month").on(t.plan, t.month)],
);

/**
 * A member's parcel for a month ("YYYY-MM", the month its record ships in): the order it was packed as. The unique
 * (membership, month) is what makes generating a month's parcels twice make each parcel once.
 */
export const clubParcels = sqliteTable(
  "club_parcels",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    membershipId: integer("membership_id")
      .notNull()
      .references(() => clubMemberships.id, { onDelete: "cascade" }),
    month: text("month").notNull(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("club_parcels_membership_month").on(t.membershipId, t.month),
    index("club_parcels_order_idx").on(t.orderId),
  ],
);

export type ClubMembershipRow = typeof clubMemberships.$inferSelect;
