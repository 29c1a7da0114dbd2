import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

export const subscribers = sqliteTable("subscribers", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Trimmed and lower-cased before insert; the unique index makes concurrent sign-ups collapse to one row. */
  email: text("email").notNull().unique(),
  favoriteGenre: text("favorite_genre"),
  discountCode: text("discount_code").unique(),
  hasUsedDiscount: integer("has_used_discount", { mode: "boolean" }).notNull().default(false),
  subscribedAt: text("subscribed_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  lastEmailedAt: text("last_emailed_at"),
  /** SHA-256 of the one-click unsubscribe token. */
  unsubscribeTokenHash: text("unsubscribe_token_hash"),
  unsubscribedAt: text("unsubscribed_at"),
  /** The campaign whose link they unsubscribed with (no foreign key: added to a table that predates campaigns). */
  unsubscribedCampaignId: integer("unsubscribed_campaign_id"),
});

/** `max_redemptions` of a code with no limit on its uses in all (the column predates rules and is not null). */
export const UNLIMITED_REDEMPTIONS = 2_147_483_647;

/**
 * Discount codes as rules (docs/decisions/0031-discount-rules.md): the newsletter's per-subscriber codes
 * (10% off, first order only, one use) and the codes the back office makes on /marketing-tools.
 */
export const discountCodes = sqliteTable(
  "discount_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    code: text("code").notNull().unique(),
    /** The back office's description ("Spring sale"); empty for a newsletter code. */
    name: text("name").notNull().default(""),
    kind: text("kind", { enum: ["percent", "fixed"] })
      .notNull()
      .default("percent"),
    /** Percent off for a "percent" code; 100 for a "fixed" one, whose discount is capped at the goods anyway. */
    percentOff: integer("percent_off").notNull(),
    /** Pence off for a "fixed" code; null for a "percent" one. */
    amountOffPence: integer("amount_off_pence"),
    /** The goods subtotal (before shipping) must be at least this. */
    minSpendPence: integer("min_spend_pence").notNull().default(0),
    subscriberId: integer("subscriber_id").references(() => subscribers.id, { onDelete: "set null" }),
    /** The newsletter code is for a customer's first order only. */
    firstOrderOnly: integer("first_order_only", { mode: "boolean" }).notNull().default(true),
    /** Uses in all; UNLIMITED_REDEMPTIONS for none. */
    maxRedemptions: integer("max_redemptions").notNull().default(1),
    redemptions: integer("redemptions").notNull().default(0),
    /** Uses by one account or email (counted from its orders), or null for no limit. */
    perCustomerLimit: integer("per_customer_limit"),
    /** UTC instants: usable from `starts_at` until (not at) `expires_at`. */
    startsAt: text("starts_at"),
    expiresAt: text("expires_at"),
    /** A code switched off in the back office reads as unknown to shoppers. */
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index("discount_codes_subscriber_idx").on(t.subscriberId),
    check("discount_codes_percent_range", sql`${t.percentOff} between 1 and 100`),
    check("discount_codes_redemptions_bound", sql`${t.redemptions} between 0 and ${t.maxRedemptions}`),
    check("discount_codes_kind_known", sql`${t.kind} in ('percent', 'fixed')`),
    check(
      "discount_codes_amount_shape",
      sql`(${t.kind} = 'percent' and ${t.amountOffPence} is null) or (${t.kind} = 'fixed' and ${t.amountOffPence} between 1 and 999999 and ${t.percentOff} = 100)`,
    ),
    check("discount_codes_min_spend_range", sql`${t.minSpendPence} between 0 and 999999`),
    check("discount_codes_per_customer_limit", sql`${t.perCustomerLimit} is null or ${t.perCustomerLimit} >= 1`),
  ],
);

export type SubscriberRow = typeof subscribers.$inferSelect;
export type DiscountCodeRow = typeof discountCodes.$inferSelect;
