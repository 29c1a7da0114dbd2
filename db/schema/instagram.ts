import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { POST_STATUSES } from "../../app/domain/instagram/instagram";
import { createdAt, updatedAt } from "./columns";
import { records } from "./records";

/** Instagram posts planned in the back office (app/domain/instagram/instagram.ts), one record each. */
export const instagramPosts = sqliteTable(
  "instagram_posts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    recordId: integer("record_id")
      .notNull()
      .references(() => records.id, { onDelete: "cascade" }),
    caption: text("caption").notNull(),
    /** ISO instant (UTC) it is planned for; null while a draft has no date. */
    scheduledAt: text("scheduled_at"),
    status: text("status", { enum: POST_STATUSES }).notNull().default("draft"),
    /** The square JPEG under the media folder, e.g. /media/instagram/post-3-ab12cd34ef56.jpg. */
    imagePath: text("image_path").notNull(),
    postedAt: text("posted_at"),
    /** Instagram's media id once published through the Graph API; null when posted by hand. */
    externalId: text("external_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("instagram_posts_status_scheduled_idx").on(t.status, t.scheduledAt),
    index("instagram_posts_record_idx").on(t.recordId),
    check("instagram_posts_status_check", sql`${t.status} in ('draft', 'scheduled', 'posted')`),
  ],
);

export type InstagramPostRow = typeof instagramPosts.$inferSelect;
