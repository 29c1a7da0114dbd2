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
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
