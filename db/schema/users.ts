import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Kept as typed; unique whatever its case (the index below), and matched that way at sign-in. */
    username: text("username").notNull(),
    /** argon2id PHC string; never leaves the server. */
    passwordHash: text("password_hash").notNull(),
    /** Stored trimmed and lower-cased so uniqueness is case-insensitive. */
    email: text("email").notNull().unique(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    zipCode: text("zip_code"),
    country: text("country"),
    phone: text("phone"),
    role: text("role", { enum: ["customer", "admin"] })
      .notNull()
      .default("customer"),
    favoriteGenres: text("favorite_genres", { mode: "json" }).$type<string[]>().notNull().default([]),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    /**
     * For back-office staff (role "admin"): which staff role they hold, a built-in one ("owner", "manager",
     * "packer", "marketer") or the key of a custom role. Null on an admin reads as "owner" (accounts made
     * before staff roles, and `user:create --admin`).
     */
    staffRole: text("staff_role"),
    /** Set when the owner deactivates a staff member: they cannot sign in, and every session of theirs ended. */
    deactivatedAt: text("deactivated_at"),
    lastSignInAt: text("last_sign_in_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_username_lower_unique").on(sql`lower(${t.username})`)],
);

/** Sessions in the style of the Lucia guide: the id is the SHA-256 of the secret token, never the token. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Epoch ms; slides forward with activity (inactivity timeout). */
    expiresAt: integer("expires_at").notNull(),
    /** Epoch ms; never moves (absolute lifetime). */
    absoluteExpiresAt: integer("absolute_expires_at").notNull(),
    /** Epoch ms of the two-factor step in this session; null until then (and for accounts without a second factor). */
    twoFactorVerifiedAt: integer("two_factor_verified_at"),
    /** What the person sees in their list of sessions: the browser's description and the address it came from. */
    userAgent: text("user_agent"),
    ipAddress: text("ip_address"),
    /** Epoch ms of the last request (written at most every few minutes). */
    lastSeenAt: integer("last_seen_at"),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
