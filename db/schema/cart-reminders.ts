import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./users";

/**
 * A cart the shop may remind its owner of: a guest's once checkout was given an e-mail address, a signed-in
 * customer's on any change. One row is one cart, reminded at most once; an emptied or ordered cart is closed
 * and a later one is a new row. The cart itself still lives in the browser: `contents` is a copy for the mail.
 */
export const reminderCarts = sqliteTable(
  "reminder_carts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** SHA-256 of the random key a guest's browser keeps in a cookie; null for a signed-in customer's cart. */
    keyHash: text("key_hash").unique(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Trimmed and lower-cased. */
    email: text("email").notNull(),
    /** Record ids and quantities as the cart cookie writes them ("12x2.45x1"); never prices. */
    contents: text("contents").notNull(),
    /** Each line's price in pence when the cart last changed ({ "12": 2499 }), so the reminder can say a price moved. */
    pricesAtChange: text("prices_at_change", { mode: "json" }).$type<Record<string, number>>().notNull(),
    /** The cart's last change: the reminder is due a set time after it. */
    changedAt: text("changed_at").notNull(),
    /** When a sweep claimed the cart for its reminder (or decided against one): never reminded twice. */
    remindedAt: text("reminded_at"),
    /** The reminder's message in email_outbox; null when the sweep decided not to send. */
    outboxId: integer("outbox_id"),
    /** SHA-256 of the token in the sent reminder's links (restore the cart, stop reminders). */
    linkTokenHash: text("link_token_hash").unique(),
    /** Emptied or ordered: no reminder, and no more changes recorded. */
    closedAt: text("closed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("reminder_carts_due_idx").on(t.remindedAt, t.closedAt, t.changedAt),
    index("reminder_carts_user_idx").on(t.userId),
    index("reminder_carts_email_idx").on(t.email),
  ],
);

/** Addresses that asked for no more cart reminders (a one-click link in every reminder). */
export const cartReminderOptOuts = sqliteTable("cart_reminder_opt_outs", {
  /** Trimmed and lower-cased. */
  email: text("email").primaryKey(),
  optedOutAt: createdAt(),
});

export type ReminderCartRow = typeof reminderCarts.$inferSelect;
