import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";
import { orders } from "./orders";
import { records } from "./records";
import { users } from "./users";

/**
 * A place in a drop's waiting room (app/domain/drops/): one per browser (the hash of its waiting-room cookie) and
 * per address block, for a record marked as a drop. Those who joined in the 30 minutes before the on-sale time
 * are put in a random order by the ballot (`ballot_position`); later arrivals queue after them by `id`.
 * Let in, a shopper holds a copy until `hold_expires_at`; buying it ends the hold (`order_id`).
 */
export const dropEntries = sqliteTable(
  "drop_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    recordId: integer("record_id")
      .notNull()
      .references(() => records.id, { onDelete: "cascade" }),
    /** hex(sha256) of the browser's waiting-room token: the cookie itself is never stored. */
    sessionKey: text("session_key").notNull(),
    /** The network the shopper came from (an IPv4 /24 or IPv6 /48), so one address block holds one place. */
    addressBlock: text("address_block").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Joined before the on-sale time (in the ballot) or after it (a latecomer, in order of arrival). */
    inBallot: integer("in_ballot", { mode: "boolean" }).notNull(),
    /** 1-based place the ballot drew; null for a latecomer or before the draw. */
    ballotPosition: integer("ballot_position"),
    /** "waiting" → "admitted" (holding a copy) → "bought" or "expired" (the hold ran out; the copy went back). */
    status: text("status", { enum: ["waiting", "admitted", "bought", "expired"] })
      .notNull()
      .default("waiting"),
    admittedAt: text("admitted_at"),
    holdExpiresAt: text("hold_expires_at"),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    joinedAt: createdAt(),
  },
  (t) => [
    uniqueIndex("drop_entries_session_idx").on(t.recordId, t.sessionKey),
    index("drop_entries_block_idx").on(t.recordId, t.addressBlock),
    index("drop_entries_status_idx").on(t.recordId, t.status, t.ballotPosition, t.id),
  ],
);

/** A drop's ballot, drawn once at the on-sale time and kept: who drew it, when, how many took part, its seed. */
export const dropBallots = sqliteTable("drop_ballots", {
  recordId: integer("record_id")
    .primaryKey()
    .references(() => records.id, { onDelete: "cascade" }),
  drawnAt: text("drawn_at").notNull(),
  entrants: integer("entrants").notNull(),
  /** The random seed of the shuffle (hex), so the order it gave can be shown to have come from it. */
  seed: text("seed").notNull(),
});

/**
 * An attempt refused by a limited record's per-customer limit: what was asked, which earlier order it matched and
 * by what (account, e-mail, address or card), for the back office.
 */
export const limitRefusals = sqliteTable(
  "limit_refusals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    recordId: integer("record_id")
      .notNull()
      .references(() => records.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    /** "account", "email", "address" or "card". */
    matchedBy: text("matched_by").notNull(),
    /** The earlier order that used the customer's allowance (its number). */
    matchedOrderNumber: text("matched_order_number"),
    requestedQuantity: integer("requested_quantity").notNull(),
    alreadyBought: integer("already_bought").notNull(),
    /** Where it came in: "checkout", "api", "trpc", "cart". */
    channel: text("channel").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("limit_refusals_record_idx").on(t.recordId, t.createdAt), index("limit_refusals_created_idx").on(t.createdAt)],
);

/** One row (id 1): shop-wide sale settings the back office sets. */
export const saleSettings = sqliteTable(
  "sale_settings",
  {
    id: integer("id").primaryKey(),
    /** When pre-orders are charged: "at_order" (the spec's rule, the default) or "at_dispatch". */
    preOrderCharge: text("pre_order_charge", { enum: ["at_order", "at_dispatch"] })
      .notNull()
      .default("at_order"),
    updatedAt: updatedAt(),
  },
  (t) => [check("sale_settings_single_row", sql`${t.id} = 1`)],
);
