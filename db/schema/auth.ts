import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./users";

/** Single-use password reset links. Only the SHA-256 of the e-mailed token is kept. */
export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** hex(sha256(token)); never the token. */
    tokenHash: text("token_hash").notNull().unique(),
    /** Epoch ms. */
    expiresAt: integer("expires_at").notNull(),
    /** Epoch ms when the link was used; a used link never works again. */
    usedAt: integer("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

/**
 * Attempt counters for throttling (failed sign-ins per account and per client address, reset e-mails per
 * address), in 5-minute buckets so a sliding hour can be summed. In a table so a restart forgets nothing.
 * Keys are hashes: an attempted username is sometimes a password typed into the wrong box.
 */
export const throttleBuckets = sqliteTable(
  "throttle_buckets",
  {
    key: text("key").notNull(),
    /** Epoch ms at the start of the bucket. */
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("throttle_buckets_window_idx").on(t.windowStart)],
);

export type PasswordResetTokenRow = typeof passwordResetTokens.$inferSelect;
