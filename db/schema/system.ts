import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./users";

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
    /** Set for mail that must go out once only (a dispatch notice per order, a date change per customer). */
    onceKey: text("once_key").unique(),
    /**
     * The e-mail campaign a message belongs to (no foreign key: added to a table that predates campaigns). Its
     * bodies are empty: the campaign sender composes them from the campaign when the message's turn comes.
     */
    campaignId: integer("campaign_id"),
    /** The order a message is about (its confirmation, dispatch, refund, …), for the order's timeline. No foreign key: an order's mail outlives it. */
    orderId: integer("order_id"),
    /** When the last attempt started: a failed campaign message waits for its back-off from here. */
    attemptedAt: text("attempted_at"),
    /** sending: an attempt is under way (or was, when the process died); cancelled: its link was no longer wanted. */
    status: text("status", { enum: ["queued", "sending", "sent", "failed", "cancelled"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: text("sent_at"),
  },
  (t) => [
    index("email_outbox_status_idx").on(t.status, t.createdAt),
    index("email_outbox_campaign_idx").on(t.campaignId, t.status),
    index("email_outbox_order_idx").on(t.orderId),
  ],
);

/** Small key/value facts about this database, e.g. when and with which seed number it was seeded. */
export const appMeta = sqliteTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/**
 * Every change made in the back office: who, what, when, and the values before and after. Shown on the
 * order or record it touched; rows are never updated or deleted.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** Kept as written, so the log still reads right after the account is renamed or removed. */
    actorName: text("actor_name").notNull(),
    /** What was touched: "order", "record", "post", …, and its id (an order number or a record id). */
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    action: text("action").notNull(),
    before: text("before", { mode: "json" }).$type<Record<string, unknown> | null>(),
    after: text("after", { mode: "json" }).$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
    /** The address the change came from (null for rows written before it was kept, and for commands run on the server). */
    actorIp: text("actor_ip"),
    /** The permission the change was made under ("orders.refund"); null for sign-ins and other events. */
    permission: text("permission"),
    /** The back-office area, for filtering: "orders", "stock", "staff", "sign-in", … */
    area: text("area"),
    /** hex(sha256) of the previous row's hash and this row's content: an edited or removed row breaks the chain. */
    prevHash: text("prev_hash"),
    hash: text("hash"),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entityType, t.entityId, t.id),
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_actor_idx").on(t.actorId, t.id),
    index("audit_log_area_idx").on(t.area, t.id),
  ],
);
