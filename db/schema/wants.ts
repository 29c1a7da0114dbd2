import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";
import { records } from "./records";
import { users } from "./users";

/**
 * An address that wants records. A guest's address is confirmed once by a mailed link before any alert goes
 * to it; a signed-in customer's own address is confirmed from the start.
 */
export const wantAddresses = sqliteTable("want_addresses", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Trimmed and lower-cased; one row per address however many wants race in. */
  email: text("email").notNull().unique(),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  confirmedAt: text("confirmed_at"),
  createdAt: createdAt(),
});

/**
 * A want posted without its address's owner signed in: kept apart from the address's wants until the link in its
 * confirmation mail is confirmed, which applies it (status "applied") as a signed-in save would. Its stop link ends
 * it ("stopped"), and then it is never applied. One row per post, each with its own mail and links.
 */
export const wantRequests = sqliteTable(
  "want_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    addressId: integer("address_id")
      .notNull()
      .references(() => wantAddresses.id, { onDelete: "cascade" }),
    recordId: integer("record_id")
      .notNull()
      .references(() => records.id, { onDelete: "cascade" }),
    backInStock: integer("back_in_stock", { mode: "boolean" }).notNull().default(false),
    onRelease: integer("on_release", { mode: "boolean" }).notNull().default(false),
    priceBelowPence: integer("price_below_pence"),
    minGrade: text("min_grade"),
    status: text("status", { enum: ["pending", "applied", "stopped"] })
      .notNull()
      .default("pending"),
    /** The confirmation mail (email_outbox), whose minter makes this request's token. */
    mailId: integer("mail_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("want_requests_address_idx").on(t.addressId),
    index("want_requests_mail_idx").on(t.mailId),
    check("want_requests_price_below_positive", sql`${t.priceBelowPence} is null or ${t.priceBelowPence} > 0`),
  ],
);

/**
 * Secrets of mailed links: only the SHA-256 is kept, one row per mail sent, so a newer mail never spoils the links
 * of an older one. `unsubscribe` (an alert's stop links) speaks for the address; `request` (a confirmation mail's
 * confirm and stop links) for its one want request alone. `confirm` (an address's confirmation, mailed before
 * want requests) confirms the address.
 */
export const wantTokens = sqliteTable(
  "want_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    addressId: integer("address_id")
      .notNull()
      .references(() => wantAddresses.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["confirm", "unsubscribe", "request"] }).notNull(),
    /** The want request a `request` token is for. */
    requestId: integer("request_id").references(() => wantRequests.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index("want_tokens_address_idx").on(t.addressId)],
);

/**
 * One want per address and record. Each condition fires once and is then cleared; a want with no condition
 * left is done. Wanting the record again re-arms it (a new generation, so alerts of the old one stay unique).
 */
export const wants = sqliteTable(
  "wants",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    addressId: integer("address_id")
      .notNull()
      .references(() => wantAddresses.id, { onDelete: "cascade" }),
    recordId: integer("record_id")
      .notNull()
      .references(() => records.id, { onDelete: "cascade" }),
    backInStock: integer("back_in_stock", { mode: "boolean" }).notNull().default(false),
    onRelease: integer("on_release", { mode: "boolean" }).notNull().default(false),
    /** Alert when the price drops below this many pence; null for no price condition. */
    priceBelowPence: integer("price_below_pence"),
    /** Reserved for used copies: the lowest grade wanted. No condition yet. */
    minGrade: text("min_grade"),
    /** Bumped each time the want is (re-)armed. */
    generation: integer("generation").notNull().default(1),
    status: text("status", { enum: ["active", "done", "unsubscribed"] })
      .notNull()
      .default("active"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("wants_address_record_idx").on(t.addressId, t.recordId),
    index("wants_record_status_idx").on(t.recordId, t.status),
    check("wants_price_below_positive", sql`${t.priceBelowPence} is null or ${t.priceBelowPence} > 0`),
  ],
);

/** Each alert sent: unique per want and event, so an event can never mail a want twice. */
export const wantAlerts = sqliteTable(
  "want_alerts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    wantId: integer("want_id")
      .notNull()
      .references(() => wants.id, { onDelete: "cascade" }),
    /** e.g. "back-in-stock:1" (condition and generation). */
    eventKey: text("event_key").notNull(),
    mailId: integer("mail_id"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("want_alerts_want_event_idx").on(t.wantId, t.eventKey), index("want_alerts_mail_idx").on(t.mailId)],
);

export type WantRow = typeof wants.$inferSelect;
export type WantAddressRow = typeof wantAddresses.$inferSelect;
export type WantRequestRow = typeof wantRequests.$inferSelect;
