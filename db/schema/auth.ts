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

/** Invitations to join the back office. Only the SHA-256 of the e-mailed token is kept; valid 72 hours, once. */
export const staffInvites = sqliteTable(
  "staff_invites",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Trimmed and lower-cased: the invite is for this address only. */
    email: text("email").notNull(),
    staffRole: text("staff_role").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    /** Epoch ms. */
    expiresAt: integer("expires_at").notNull(),
    /** Epoch ms when accepted or withdrawn; a used invite never works again. */
    usedAt: integer("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("staff_invites_email_idx").on(t.email)],
);

/** Custom staff roles the owner makes from the same permissions as the built-in ones. */
export const staffRoles = sqliteTable("staff_roles", {
  /** A slug ("buyer"); never one of the built-in roles' keys. */
  key: text("key").primaryKey(),
  name: text("name").notNull(),
  permissions: text("permissions", { mode: "json" }).$type<string[]>().notNull(),
  createdAt: createdAt(),
});

/**
 * A person's authenticator app (TOTP, RFC 6238). The secret is stored encrypted with the shop's key (AES-256-GCM),
 * never as it was shown; the last accepted time step stops a code being used twice.
 */
export const totpCredentials = sqliteTable("totp_credentials", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretEncrypted: text("secret_encrypted").notNull(),
  lastUsedStep: integer("last_used_step").notNull().default(0),
  createdAt: createdAt(),
});

/** Ten single-use recovery codes per person with a second factor; only their SHA-256 is kept. */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

export type PasswordResetTokenRow = typeof passwordResetTokens.$inferSelect;

/**
 * A person's passkeys (WebAuthn credentials), a second way past the sign-in step beside the authenticator app. Only
 * the public key is kept: the private key never leaves the person's device, so a stolen row signs nothing.
 */
export const passkeys = sqliteTable(
  "passkeys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential's id as the authenticator gave it, base64url. */
    credentialId: text("credential_id").notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    /** The authenticator's signature counter (0 for those that keep none). */
    counter: integer("counter").notNull().default(0),
    /** How the browser may reach the authenticator ("internal", "usb", "hybrid" …), as it reported them. */
    transports: text("transports", { mode: "json" }).$type<string[]>().notNull().default([]),
    /** A label for the person's list, e.g. "Passkey added 29 Nov 2026". */
    name: text("name").notNull(),
    createdAt: createdAt(),
    /** ISO-8601 UTC; null until first used to sign in. */
    lastUsedAt: text("last_used_at"),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);

/**
 * The challenge of a passkey ceremony under way: one per person and purpose (a new one replaces the old), valid
 * five minutes and used once (verifying deletes it, whatever the outcome).
 */
export const webauthnChallenges = sqliteTable(
  "webauthn_challenges",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** "register" (adding a passkey) or "authenticate" (the sign-in step). */
    purpose: text("purpose", { enum: ["register", "authenticate"] }).notNull(),
    /** base64url, as sent to the browser. */
    challenge: text("challenge").notNull(),
    /** Epoch ms. */
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.purpose] })],
);

export type PasskeyRow = typeof passkeys.$inferSelect;
