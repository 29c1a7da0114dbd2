import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

/**
 * Mail waits here until a transport sends it; without one it stays readable in development. Bodies never
 * hold a token: a link's secret is a placeholder, filled in memory when the message is sent.
 */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    kind: text("kind").notNull(),
    /** sending: an attempt is under way (or was, when the process died); cancelled: its link was no longer wanted. */
    status: text("status", { enum: ["queued", "sending", "sent", "failed", "cancelled"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: text("sent_at"),
  },
  (t) => [index("email_outbox_status_idx").on(t.status, t.createdAt)],
);

/** Small key/value facts about this database, e.g. when and with which seed number it was seeded. */
export const appMeta = sqliteTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});
