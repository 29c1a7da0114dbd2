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
});

export const discountCodes = sqliteTable(
  "discount_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    code: text("code").notNull().unique(),
    percentOff: integer("percent_off").notNull(),
    subscriberId: integer("subscriber_id").references(() => subscribers.id, { onDelete: "set null" }),
    /** The newsletter code is for a customer's first order only. */
    firstOrderOnly: integer("first_order_only", { mode: "boolean" }).notNull().default(true),
    maxRedemptions: integer("max_redemptions").notNull().default(1),
    redemptions: integer("redemptions").notNull().default(0),
    expiresAt: text("expires_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("discount_codes_subscriber_idx").on(t.subscriberId),
    check("discount_codes_percent_range", sql`${t.percentOff} between 1 and 100`),
    check("discount_codes_redemptions_bound", sql`${t.redemptions} between 0 and ${t.maxRedemptions}`),
  ],
);

export type SubscriberRow = typeof subscribers.$inferSelect;
export type DiscountCodeRow = typeof discountCodes.$inferSelect;
