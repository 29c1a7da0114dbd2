import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { CAMPAIGN_STATUSES, SEGMENTS } from "../../app/domain/campaigns/campaign-rules";
import { createdAt, updatedAt } from "./columns";
import { subscribers } from "./newsletter";

/**
 * E-mail campaigns to the newsletter (docs/decisions/0034-email-campaigns.md). A draft can be changed; once sent
 * its content is frozen, because every message of it is composed from this row when its turn comes.
 */
export const emailCampaigns = sqliteTable(
  "email_campaigns",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    subject: text("subject").notNull(),
    /** Markdown, rendered and sanitised when a message is composed. */
    body: text("body").notNull(),
    /** JSON array of record ids, shown as cards under the text. */
    featuredRecordIds: text("featured_record_ids").notNull().default("[]"),
    segment: text("segment", { enum: SEGMENTS }).notNull().default("all"),
    /** The genre of a genre segment; null for the others. */
    segmentGenre: text("segment_genre"),
    status: text("status", { enum: CAMPAIGN_STATUSES }).notNull().default("draft"),
    /** When it was queued, and when its last message left (or failed for good). */
    sentAt: text("sent_at"),
    finishedAt: text("finished_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("email_campaigns_status_idx").on(t.status),
    check("email_campaigns_status_known", sql`${t.status} in ('draft', 'sending', 'sent')`),
    check("email_campaigns_segment_known", sql`${t.segment} in ('all', 'genre-fans', 'genre-buyers', 'never-ordered')`),
  ],
);

/**
 * One-click unsubscribe tokens of newsletter mail, by hash. Each message gets its own, so an older mail's link
 * keeps working after a newer one is sent; a subscriber keeps the last few (UNSUBSCRIBE_TOKENS_KEPT).
 */
export const unsubscribeTokens = sqliteTable(
  "unsubscribe_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    /** The campaign whose message carried it; null for the welcome mail. */
    campaignId: integer("campaign_id").references(() => emailCampaigns.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("unsubscribe_tokens_subscriber_idx").on(t.subscriberId, t.createdAt)],
);

export type EmailCampaignRow = typeof emailCampaigns.$inferSelect;
